/**
 * The contract every registered kind keeps (test/helpers/contract.ts) against a real PostHog: its example created,
 * previewed without change, drifted by hand and put back, adopted, imported and deleted, through its hosted provider
 * as Pulumi's dynamic-provider host calls it. The project-scoped kinds live in a project made for the run (deleted
 * afterwards with what is left in it); Project's example is named with the run's prefix, as everything a run makes.
 * A kind this PostHog does not serve to personal API keys is a case asserting that refusal, with why.
 */
import { users } from "../../src/client-entry";
import * as members from "../../src/kinds/organization-member/endpoints";
import * as projects from "../../src/kinds/project/endpoints";
import { contractCases, ContractRun, type Refusal, refusedBy2025_08_04 } from "../helpers/contract";
import { acceptanceTarget, named, transport } from "./real-posthog";

const target = acceptanceTarget();
/** The all-access key where the backend has one: each kind needs scopes of its own. */
const apiKey = target.keys.all ?? target.apiKey;
const http = transport(target, apiKey);

/**
 * PostHog's refusals of the examples: a warehouse table's in every PostHog, and PostHog 2025-08-04's: those of the
 * local server's 2025-08-04, and the alerts. The local backend's user is staff (shared/posthog/bootstrap.py, as a
 * self-hosted PostHog's first user is: posthog/api/signup.py), whom that version lets write dashboard templates;
 * another target's key is taken to be no staff's.
 */
const { DashboardTemplate: staffOnly, ...refusedToOthersToo } = refusedBy2025_08_04;
const refused: Readonly<Record<string, Refusal>> = {
  // PostHog reads a table's files before it stores the table (TableSerializer.create, DataWarehouseTable.get_columns),
  // and the example's bucket is nowhere; on the local backend (no ClickHouse) that read answers only after minutes
  // (measured twice: 400 "Could not get columns" after 7 min 47 s and 7 min 52 s, a server thread held), past the
  // client's budget. So the case's table is one PostHog refuses before any read: named as one of its own tables
  // (`adapt` below). test/acceptance/warehouse-tables runs the lifecycle on a table made with PostHog's models.
  WarehouseTable: {
    why: "PostHog reads a table's files before it stores the table, which the tier cannot give it: the case's table is named as one of PostHog's own, refused before that read (TableSerializer.validate_name)",
    refusal: /A warehouse table named "events" exists already, but it could not be found: choose another name/,
  },
  ...(target.version === "2025-08-04"
    ? {
        ...refusedToOthersToo,
        ...(target.account ? {} : { DashboardTemplate: staffOnly! }),
        Alert: {
          why: "PostHog 2025-08-04's AlertViewSet has scope_object INTERNAL (posthog/api/alert.py), which no personal API key with scopes may use",
          refusal: /lets no personal API key with scopes manage alerts/,
        },
        // Nothing ingests events there (no plugin server): no definition exists for a create to take over
        // (test/acceptance/taxonomy runs the lifecycles on definitions made through Django as ingestion makes them).
        EventDefinition: {
          why: "PostHog 2025-08-04 makes event definitions only by ingestion, which this backend does not run, and has no create for them (a POST refuses personal API keys, measured)",
          refusal: /this PostHog cannot create one: PostHog makes definitions when events arrive/,
        },
        PropertyDefinition: {
          why: "no PostHog creates property definitions over its API (PropertyDefinitionViewSet, posthog/taxonomy/property_definition_api.py), and this backend ingests nothing",
          refusal: /this PostHog cannot create one: PostHog makes definitions when events arrive/,
        },
        // The tier's organization has no Data Pipelines addon, as a self-hosted one has none (test/acceptance/pipelines
        // runs the lifecycle in an organization granted it).
        BatchExport: {
          why: "the tier's organization lacks the data_pipelines plan feature, which BatchExportSerializer requires (posthog/batch_exports/http.py)",
          refusal: /The Data Pipelines addon is required for batch exports\..*add it to the organization's billing plan/,
        },
        WarehouseSavedQuery: {
          why: "PostHog runs a view's query on ClickHouse to learn its columns (DataWarehouseSavedQuerySerializer.create), and this backend has no ClickHouse",
          refusal: /Failed to retrieve types for view .*this PostHog has no ClickHouse to run it on/,
        },
        // A self-hosted PostHog without a licence has no plan with subscriptions (test/acceptance/product-c).
        Subscription: {
          why: "the tier's organization lacks the subscriptions plan feature, which SubscriptionViewSet requires of every request (PremiumFeaturePermission, ee/api/subscription.py)",
          refusal: /402.*`subscriptions` feature \(AvailableFeature\.SUBSCRIPTIONS/s,
        },
        InsightVariable: {
          why: "PostHog 2025-08-04's InsightVariableViewSet has scope_object INTERNAL (posthog/api/insight_variable.py), which no personal API key with scopes may use",
          refusal: /lets no personal API key with scopes manage insight variables/,
        },
        HogFlow: {
          why: "PostHog 2025-08-04's HogFlowViewSet has scope_object INTERNAL (posthog/api/hog_flow.py), which no personal API key may use",
          refusal: /refuses POST \/api\/projects\/\d+\/hog_flows\/ to personal API keys of every scope.*the `hog_flow` scope/s,
        },
        ExternalDataSource: {
          why: "PostHog 2025-08-04's ExternalDataSourceViewSet has scope_object INTERNAL (posthog/warehouse/api/external_data_source.py), which no personal API key may use",
          refusal:
            /refuses GET \/api\/projects\/\d+\/external_data_sources\/ to personal API keys of every scope.*the `external_data_source` scope/s,
        },
        FeatureFlagSchedule: {
          why: "PostHog 2025-08-04's ScheduledChangeViewSet has scope_object INTERNAL (posthog/api/scheduled_change.py), which no personal API key with scopes may use",
          refusal: /does not support Personal API Key access.*scheduled changes to its web app only.*the `feature_flag` scope/s,
        },
        WarehouseViewLink: {
          why: "PostHog 2025-08-04's ViewLinkViewSet has scope_object INTERNAL, which no personal API key may use",
          refusal: /refuses GET \/api\/projects\/\d+\/warehouse_view_links\/ to personal API keys of every scope/,
        },
      }
    : {}),
};

let run: ContractRun;
let projectId: number | undefined;

beforeAll(async () => {
  projectId = (await projects.createProject(http, target.organizationId, { name: named(target, "contract") })).id;
  run = new ContractRun({
    url: target.url,
    apiKey,
    organizationId: target.organizationId,
    projectId,
    http,
    // The run's sweep deletes the projects named with its prefix, should a case fail before destroy.
    // Names unique in the organization (a project's, by this suite's choice; a role's, by PostHog's rule) and a proxy
    // domain (unique across every organization) are the run's own.
    adapt: (kind, inputs) =>
      kind.name === "WarehouseTable"
        ? { ...inputs, name: "events" }
        : kind.name === "ProxyRecord"
          ? { ...inputs, domain: `${named(target, "proxy")}.example.com` }
          : kind.scope === "organization" && typeof inputs["name"] === "string"
            ? { ...inputs, name: named(target, inputs["name"]) }
            : inputs,
    // The example's member is this organization's plain member other than the key's user (the local backend's
    // member@real-posthog.local, which add-member.py keeps at level 1).
    lookupAs: async () => {
      const me = (await users.getCurrentUser(http)).uuid;
      const other = (await members.listMembers(http, target.organizationId)).find((m) => m.id !== me && m.level === "member");
      if (!other) throw new Error("The contract's OrganizationMember needs a plain member besides the key's user in the organization.");
      return other.email;
    },
  });
});
afterAll(async () => {
  if (projectId !== undefined) await projects.deleteProject(http, target.organizationId, projectId).catch(() => undefined);
});

contractCases({ postHog: `PostHog ${target.version}`, run: () => run, refused });
