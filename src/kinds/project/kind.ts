/**
 * Project, declared once for the kit (src/kit): its token, identity, scope, endpoints, deletion, schema and lookups.
 * Its field table is src/kinds/project/fields.ts; its own behaviours (adoption, rotation, the environments fallback of an
 * older PostHog, the create recovery by name and time, the organization-visibility check of a 404, partial successes)
 * are ProjectProvider's (./project-provider).
 */
import { ORGANIZATION_ID_RULE, PostHogError, projects } from "../../client";
import { idField, type ResourceDeclaration } from "../../kit/declaration";
import { ANY, type PropertySpec, typeOf } from "../../kit/property";
import { PROJECT_TOKEN, PROJECT_TYPE } from "../../kit/tokens";
import { camelCase } from "../../kit/names";
import { keptInState, projectFields, settingNames, type ProjectField, type ProjectRecord } from "./fields";
import { ProjectProvider } from "./lifecycle";

function projectInputs(): Record<string, PropertySpec> {
  const inputs: Record<string, PropertySpec> = {};
  for (const { api, arg } of settingNames) inputs[arg] = { ...typeOf(projectFields[api].input), description: projectFields[api].doc };
  inputs["organizationId"] = {
    type: "string",
    willReplaceOnChanges: true,
    description: `Organization that owns the project (${ORGANIZATION_ID_RULE}); defaults to posthog:organizationId. Changing it replaces the project.`,
  };
  inputs["apiTokenRotation"] = { type: "string", description: "Any string; changing it rotates the project API key (reset_token)." };
  inputs["adoptProjectId"] = { type: "integer", description: "Take over this existing project on create instead of creating one." };
  inputs["additionalSettings"] = {
    type: "object",
    additionalProperties: ANY,
    description: "Settings this package does not know yet, by PostHog's own field name: sent as they are, compared as JSON.",
  };
  return inputs;
}

/** PostHog's record as outputs: every field but `id`, which is `projectId`. */
export function projectRecordProperties(): Record<string, PropertySpec> {
  const outputs: Record<string, PropertySpec> = {};
  for (const [field, def] of Object.entries(projectFields) as Array<[ProjectField, (typeof projectFields)[ProjectField]]>) {
    if (field === "id") continue;
    // A setting's live value has the type a program declares it with; read-only fields have PostHog's.
    const type = "input" in def ? typeOf(def.input) : typeOf(def.response);
    outputs[camelCase(field)] = { ...type, description: def.doc, ...("secret" in def && def.secret ? { secret: true } : {}) };
  }
  outputs["projectId"] = { type: "integer", description: projectFields.id.doc };
  outputs["organizationId"] = { type: "string", description: "UUID of the organization that owns the project." };
  return outputs;
}

/**
 * The resource's outputs, what its state keeps: every input with its live value (present when declared), the ids and
 * the record fields programs reference (`keptInState`). The rest of the record is getProject's.
 */
function projectOutputs(): Record<string, PropertySpec> {
  const inputs = Object.fromEntries(Object.entries(projectInputs()).map(([name, { willReplaceOnChanges: _, ...spec }]) => [name, spec]));
  const kept = new Set(["projectId", "organizationId", ...keptInState.map((field) => camelCase(field))]);
  const record = Object.entries(projectRecordProperties()).filter(([name]) => kept.has(name));
  return {
    ...inputs,
    ...Object.fromEntries(record),
    additionalSettings: { type: "object", additionalProperties: ANY, description: "The live values of the declared additionalSettings." },
  };
}

/**
 * A project's settings nobody set, as today's PostHog creates a project: the Team model's defaults
 * (posthog/models/team/team.py) and what ProjectSerializer.create sets (posthog/api/project.py). A live value equal
 * to one of these is not declared by the importer.
 */
const projectDefaults: Record<string, unknown> = {
  app_urls: [],
  anonymize_ips: false,
  completed_snippet_onboarding: false,
  test_account_filters: [],
  path_cleaning_filters: [],
  is_demo: false,
  timezone: "UTC",
  data_attributes: ["data-attr"],
  correlation_config: {},
  capture_console_log_opt_in: true,
  capture_performance_opt_in: true,
  session_recording_opt_in: false,
  session_recording_url_trigger_config: [],
  session_recording_url_blocklist_config: [],
  session_recording_event_trigger_config: [],
  session_recording_retention_period: "30d",
  extra_settings: { recorder_script: "posthog-recorder" },
  flags_persistence_default: false,
  receive_org_level_activity_logs: false,
  revenue_analytics_config: { base_currency: "USD", events: [], filter_test_accounts: false },
  marketing_analytics_config: {
    sources_map: {},
    conversion_goals: [],
    attribution_window_days: 90,
    attribution_mode: "last_touch",
    filter_test_accounts: false,
    campaign_name_mappings: {},
    custom_source_mappings: {},
    campaign_field_preferences: {},
  },
  customer_analytics_config: {
    activity_event: {},
    signup_pageview_event: {},
    signup_event: {},
    subscription_event: {},
    payment_event: {},
    account_group_type_index: null,
  },
  workflows_config: {
    capture_workflows_engagement_events: false,
    email_tracking_consent_mode: "off",
    workflow_task_rate_limit_per_day: null,
    workflow_task_team_rate_limit_per_day: null,
  },
  base_currency: "USD",
  capture_dead_clicks: false,
  cookieless_server_hash_mode: 0,
  human_friendly_comparison_periods: false,
  feature_flag_confirmation_enabled: false,
  default_evaluation_contexts_enabled: false,
  require_evaluation_contexts: false,
  web_analytics_pre_aggregated_tables_enabled: false,
};

export const projectDeclaration: ResourceDeclaration<"organization", ProjectRecord> = {
  name: "Project",
  token: PROJECT_TOKEN,
  dynamicType: PROJECT_TYPE,
  noun: "project",
  scope: "organization",
  identity: { output: "projectId", forms: ["the numeric id", "<organizationId>/<projectId>"] },
  // posthog/api/project.py ProjectViewSet.perform_destroy: a real DELETE (today's in the background).
  deletion: "delete",
  importInputs: ["name"],
  api: { get: projects.getProject, update: projects.updateProject, remove: projects.deleteProject },
  schema: () => ({
    description: "A PostHog project. Declared settings are managed; settings left out keep whatever PostHog has.",
    inputs: projectInputs(),
    outputs: projectOutputs(),
    required: ["projectId", "organizationId", "uuid", "name", "apiToken"],
  }),
  lifecycle: () => new ProjectProvider(),
  importer: {
    // The list answers ProjectBackwardCompatBasicSerializer (posthog/api/project.py ProjectViewSet.get_serializer_class):
    // ids, name, timezone and a few flags, not the settings. One GET per project reads them, one after the other.
    list: async (http, organizationId) => {
      const records: ProjectRecord[] = [];
      for (const { id } of await projects.listProjects(http, organizationId)) {
        try {
          records.push(await projects.getProject(http, organizationId, id));
        } catch (error) {
          // Deleted since it was listed: nothing to declare.
          if (!(error instanceof PostHogError && error.isNotFound)) throw error;
        }
      }
      return records;
    },
    fields: Object.fromEntries(settingNames.map(({ api, arg }) => [api, arg])),
    defaults: projectDefaults,
    // PostHog answers the sample rate as a decimal string ("0.50"); programs write the number.
    inputValue: (field, value) =>
      field === "session_recording_sample_rate" && typeof value === "string" && value.trim() !== "" ? Number(value) : value,
    references: [idField("primary_dashboard", "Dashboard")],
    label: (project) => project.name,
    skip: (project) => (project.is_pending_deletion === true ? "being deleted (is_pending_deletion)" : undefined),
    adoptInput: "adoptProjectId",
    importId: (organizationId, project) => `${organizationId}/${project.id}`,
  },
};
