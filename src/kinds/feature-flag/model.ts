/**
 * Between Pulumi's view of a feature flag (camelCase inputs, slim outputs) and PostHog's (snake_case fields): the
 * kit's field-table model (src/kit/field-model.ts) over the flag's table (src/kinds/feature-flag/fields.ts), with
 * what is the flag's own: `key` required, the release conditions' rules and the rules between fields.
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { Failure } from "../../kit/lifecycle";
import type { FeatureFlag } from "./record";
import { crossFieldProblems, filtersProblems, flagFields } from "./fields";
import { isPlainObject } from "../../kit/json";
import { camelCase } from "../../kit/names";
import { isUnknown } from "../../kit/unknown";

/**
 * The flag's create asks PostHog for its usage dashboard only when the program says so (today's
 * `_should_create_usage_dashboard`, write-only, default true: FeatureFlagSerializer,
 * products/feature_flags/backend/api/feature_flag.py; PostHog's Terraform provider defaults it to false too).
 */
export const CREATE_USAGE_DASHBOARD = "createUsageDashboard";

/** A flag record with the project it was read from (PostHog's answer does not name it). */
export type FlagRecord = InProject<FeatureFlag>;

const base = fieldModel<FeatureFlag>({
  className: "FeatureFlag",
  noun: "feature flag",
  // Encrypted payloads are PostHog's place for a secret (posthog/helpers/encrypted_flag_payloads.py). Pulumi's SDK
  // makes an object holding a secret secret as a whole, so the release conditions are secret with the payloads.
  secretInProgram: {
    inputs: [{ input: "filters", when: { input: "hasEncryptedPayloads", is: true } }],
    doc: "The filters of a flag with encrypted payloads become a Pulumi secret",
  },
  summary: "A feature flag of a project: who sees which variant, and what it carries.",
  providerInputs: {
    [CREATE_USAGE_DASHBOARD]: {
      doc: "Whether PostHog makes the flag's usage dashboard (\"Generated Dashboard: <key> Usage\", with its insights) when it creates the flag; default false, so that a flag leaves no dashboard behind. Applies at create only. PostHog 2025-08-04 always makes one: without this input the provider deletes it (marks it deleted) right after the create. With it, the dashboard is PostHog's and stays when the flag is destroyed, as PostHog keeps it when a flag is deleted.",
    },
  },
  fields: flagFields,
  exampleInput: "ensureExperienceContinuity",
  required: { key: "the key SDKs evaluate the flag by" },
  // The outputs every FeatureFlag has besides its kind's (its id, its project): key and name (a declared setting adds
  // its live value).
  fixedOutputs: (record) => ({ key: record.key, name: record.name }),
  outputTypes: {
    key: { type: "string", doc: "The key SDKs evaluate the flag by." },
    name: { type: "string", doc: "Description of the flag (PostHog's `name`)." },
  },
  types: {
    JsonValue: {
      type: "null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }",
      doc: "JSON, as PostHog stores `filters` and `rollback_conditions`.",
    },
    FlagPropertyFilter: {
      type: '{\n  key: string;\n  /** The compared value; for a cohort condition (`{key: "id", type: "cohort"}`) a Cohort\'s `cohortId` output. */\n  value?: pulumi.Input<JsonValue>;\n  operator?: string;\n  /** "person", "cohort", "flag" or, in a condition set on groups, "group". */\n  type?: string;\n  group_type_index?: number | null;\n  [key: string]: pulumi.Input<JsonValue> | undefined;\n}',
      doc: "A property filter of a release condition, as PostHog's `filters.groups[].properties[]`.",
    },
    FlagConditionSet: {
      type: "{\n  properties?: FlagPropertyFilter[];\n  /** 0-100, or null for everyone who matches. */\n  rollout_percentage?: number | null;\n  /** A variant every match gets (a key of `multivariate.variants`). */\n  variant?: string | null;\n  /** The group type this condition set is on (companies, …); null for persons. */\n  aggregation_group_type_index?: number | null;\n  [key: string]: unknown;\n}",
      doc: "One condition set: who matches, and how many of them get the flag.",
    },
    FlagFilters: {
      type: '{\n  groups: FlagConditionSet[];\n  /** Variants whose rollout percentages sum to 100. */\n  multivariate?: { variants: Array<{ key: string; name?: string | null; rollout_percentage: number }> } | null;\n  /** By `"true"` (boolean flags) or variant key: any JSON value (PostHog stores it as JSON text). */\n  payloads?: Record<string, JsonValue>;\n  /** For flags on groups (companies, …): the group type\'s index. */\n  aggregation_group_type_index?: number | null;\n  [key: string]: unknown;\n}',
      doc: "PostHog's release conditions (`filters`).",
    },
  },
  moreFailures(inputs, known, failed) {
    const failures: Failure[] = [];
    const filters = inputs["filters"];
    if (isPlainObject(filters) && !isUnknown(filters) && !failed("filters"))
      for (const reason of filtersProblems(filters, true)) failures.push({ property: "filters", reason });
    // A rule between fields one of which is not known yet waits for the values (`active` defaults to true).
    for (const { field, reason } of crossFieldProblems(known)) {
      const property = camelCase(field);
      if (failed(property) || (field === "archived" && isUnknown(inputs["active"]))) continue;
      failures.push({ property, reason });
    }
    return failures;
  },
  // TaggedItemSerializerMixin (posthog/api/tagged_item.py) saves tags only for organizations with the `tagging`
  // plan feature, and answers 200 with no tags otherwise (measured on the 2025-08-04 backend).
});

export const featureFlagModel: typeof base = {
  ...base,
  /**
   * A PATCH of an encrypted flag's filters says so: PostHog 2025-08-04 encrypts a PATCH's payloads only when it sends
   * `has_encrypted_payloads: true`, and stores them in plain text otherwise, after which every answer for the flag
   * fails to decrypt them (FeatureFlagSerializer.update, posthog/api/feature_flag.py).
   */
  withLiveKeys(body, live) {
    const sent = base.withLiveKeys(body, live);
    if (sent["filters"] !== undefined && sent["has_encrypted_payloads"] === undefined && live("has_encrypted_payloads") === true)
      sent["has_encrypted_payloads"] = true;
    return sent;
  },
};

/**
 * Where the secret values sit among a flag's inputs: its payloads, when it encrypts them (`hasEncryptedPayloads`), as
 * PostHog keeps them encrypted and answers them only to personal API keys (posthog/helpers/encrypted_flag_payloads.py).
 */
export function secretInputPaths(inputs: Record<string, unknown>): string[][] {
  const filters = inputs["filters"];
  return inputs["hasEncryptedPayloads"] === true && isPlainObject(filters) && filters["payloads"] !== undefined
    ? [["filters", "payloads"]]
    : [];
}
