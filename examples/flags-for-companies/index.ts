/**
 * A feature flag on companies instead of persons, rolled out to the companies a lookup finds: every group of type
 * `company` whose `industry` property is the configured one. The flag is aggregated by that group type
 * (`aggregation_group_type_index`) and its condition matches the groups' keys: PostHog evaluates a group's key as the
 * group property `$group_key` (posthog/models/feature_flag/flag_matching.py, add_local_person_and_group_properties).
 *
 * The project is the provider's: `pulumi config set posthog:projectId <id>`. The flag takes it as its default, and
 * changing it moves the flag: created in the new project, deleted from the old one.
 */
import * as pulumi from "@pulumi/pulumi";
import * as posthog from "pulumi-posthog";

const projectId = new pulumi.Config("posthog").requireNumber("projectId");
const config = new pulumi.Config();
const groupType = config.get("groupType") ?? "company";
const industry = config.require("industry");

/** The group type's index, which the flag's conditions name. */
const groupTypeIndex = posthog.listGroupTypesOutput({ projectId }).apply((types) => {
  const found = types.find((t) => t.groupType === groupType);
  if (!found) throw new Error(`Project ${projectId} has no group type "${groupType}" yet: PostHog creates it with the first event of one.`);
  return found.groupTypeIndex;
});

/** The keys of the companies in that industry, sorted so that a new page order changes nothing. */
const companyKeys = posthog.listGroupsOutput({ projectId, groupType }).apply((groups) => {
  const keys = groups
    .filter((g) => g.groupProperties["industry"] === industry)
    .map((g) => g.groupKey)
    .sort();
  if (keys.length === 0) throw new Error(`No ${groupType} of project ${projectId} has industry "${industry}".`);
  return keys;
});

const flag = new posthog.FeatureFlag("industry-beta", {
  key: config.get("flagKey") ?? "industry-beta",
  name: `Beta for ${industry} companies`,
  filters: pulumi.all([groupTypeIndex, companyKeys]).apply(([index, keys]) => ({
    aggregation_group_type_index: index,
    groups: [
      {
        properties: [{ key: "$group_key", type: "group", group_type_index: index, operator: "exact", value: keys }],
        rollout_percentage: 100,
      },
    ],
  })),
});

export const flagId = flag.flagId;
export const flagProjectId = flag.projectId;
export const companies = companyKeys;
