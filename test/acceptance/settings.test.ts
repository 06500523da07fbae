/**
 * Every writable input of the field table (src/kinds/project/fields.ts), declared at once through the real Pulumi CLI
 * against a real PostHog: each either round-trips (applied, read back equal, no diff on the next preview) or fails
 * clearly once (an error naming it, and no endless diff afterwards). `values` has a row per writable field (the
 * type makes a new field of the table a compile error here until it has a value PostHog accepts).
 */
import type { Stack } from "@pulumi/pulumi/automation";
import { z } from "zod";
import type { Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import { projectFields, settingNames, valuesEqual, type WritableField } from "../../src/kinds/project/fields";
import { pulumiSession, repoRoot, type PulumiSession } from "../helpers/pulumi-cli";
import { acceptanceTarget, named, transport, type AcceptanceTarget } from "./real-posthog";

/** A value for each writable field that PostHog accepts, other than its default where one can tell. */
const values = (target: AcceptanceTarget): Record<WritableField, unknown> => ({
  name: named(target, "Every setting"),
  product_description: "A project declaring every setting",
  app_urls: ["https://app.example.com", "https://www.example.com"],
  anonymize_ips: true,
  completed_snippet_onboarding: true,
  test_account_filters: [{ key: "$host", type: "event", operator: "not_regex", value: "localhost" }],
  test_account_filters_default_checked: true,
  path_cleaning_filters: [{ regex: "/users/\\d+", alias: "/users/<id>" }],
  // true makes PostHog generate demo data (ClickHouse): a project of its own, not a setting to flip here.
  is_demo: false,
  timezone: "Europe/Amsterdam",
  data_attributes: ["data-attr", "data-testid"],
  person_display_name_properties: ["email", "name"],
  correlation_config: { excluded_person_property_names: ["$browser"] },
  autocapture_opt_out: true,
  autocapture_exceptions_opt_in: true,
  autocapture_web_vitals_opt_in: true,
  autocapture_web_vitals_allowed_metrics: ["LCP", "CLS"],
  autocapture_exceptions_errors_to_ignore: ["ResizeObserver loop limit exceeded"],
  capture_console_log_opt_in: true,
  capture_performance_opt_in: false,
  session_recording_opt_in: true,
  session_recording_sample_rate: 0.25,
  session_recording_minimum_duration_milliseconds: 2000,
  session_recording_linked_flag: null,
  session_recording_network_payload_capture_config: { recordHeaders: true, recordBody: false },
  session_recording_masking_config: { maskAllInputs: true, maskTextSelector: ".secret" },
  session_recording_url_trigger_config: [{ url: "/checkout.*", matching: "regex" }],
  session_recording_url_blocklist_config: [{ url: "/admin.*", matching: "regex" }],
  session_recording_event_trigger_config: ["purchase"],
  session_recording_trigger_match_type_config: "any",
  session_recording_trigger_groups: { version: 2, groups: [{ id: "checkout", sampleRate: 0.5, conditions: { matchType: "any" } }] },
  session_recording_retention_period: "30d",
  session_replay_config: { record_canvas: true },
  survey_config: { appearance: { backgroundColor: "#ffffff" } },
  week_start_day: 1,
  // A dashboard of the project itself, so not known before it exists: the one PostHog made on create (below). `null`
  // answers 500 in PostHog 2025-08-04 (validate_team_attrs reads `.team_id` of it; today's checks for None first).
  primary_dashboard: undefined,
  live_events_columns: ["event", "person"],
  recording_domains: ["https://app.example.com"],
  inject_web_apps: true,
  extra_settings: { poe_v2_enabled: true },
  modifiers: { bounceRatePageViewMode: "uniq_urls" },
  has_completed_onboarding_for: { product_analytics: true },
  surveys_opt_in: true,
  heatmaps_opt_in: true,
  flags_persistence_default: true,
  receive_org_level_activity_logs: true,
  business_model: "b2b",
  conversations_enabled: false,
  conversations_settings: { widget_domains: ["https://app.example.com"] },
  logs_settings: { retention_days: 30 },
  proactive_tasks_enabled: false,
  revenue_analytics_config: { base_currency: "EUR", filter_test_accounts: true },
  // Keys PostHog 2025-08-04 has (TeamMarketingAnalyticsConfigSerializer: sources_map, conversion_goals); it ignores newer ones.
  marketing_analytics_config: { sources_map: { acceptance: { campaign_name: "utm_campaign" } } },
  customer_analytics_config: { account_group_type_index: 0 },
  workflows_config: { email_tracking_consent_mode: "opt_in" },
  base_currency: "EUR",
  capture_dead_clicks: true,
  cookieless_server_hash_mode: 1,
  human_friendly_comparison_periods: true,
  feature_flag_confirmation_enabled: true,
  feature_flag_confirmation_message: "Check with the team first",
  default_evaluation_contexts_enabled: true,
  require_evaluation_contexts: false,
  // A data color theme: PostHog's own, which one is known once the project exists (below).
  default_data_theme: undefined,
  onboarding_tasks: { ingest_first_event: "completed" },
  web_analytics_pre_aggregated_tables_enabled: true,
});

/**
 * The writable fields of today's PostHog that the 2025-08-04 one has on neither its project nor its environment
 * serializer (posthog/api/project.py, posthog/api/team.py of upstream 29dbf9d): the only ones allowed to fail there.
 */
const ABSENT_IN_2025_08_04: readonly WritableField[] = [
  "session_recording_trigger_groups",
  "session_recording_retention_period",
  "receive_org_level_activity_logs",
  "business_model",
  "conversations_enabled",
  "conversations_settings",
  "logs_settings",
  "proactive_tasks_enabled",
  "customer_analytics_config",
  "workflows_config",
  "default_evaluation_contexts_enabled",
  "require_evaluation_contexts",
  "web_analytics_pre_aggregated_tables_enabled",
];

let target: AcceptanceTarget;
let session: PulumiSession;
let stack: Stack;
let http: Transport;

beforeAll(async () => {
  target = acceptanceTarget();
  http = transport(target);
  session = await pulumiSession(target);
  stack = await session.stack(repoRoot, `acceptance-settings-${process.pid}`);
});
afterAll(async () => {
  await session?.cleanup();
});

const declare = (settings: Partial<Record<WritableField, unknown>>) =>
  stack.setConfig("projects", {
    value: JSON.stringify([
      {
        resourceName: "every",
        ...Object.fromEntries(settingNames.filter(({ api }) => api in settings).map(({ api, arg }) => [arg, settings[api]])),
      },
    ]),
  });

/** The project as PostHog holds it: its environment's record (where older versions keep some settings) and its own. */
async function live(id: number): Promise<Record<string, unknown>> {
  const environment = await http.request({
    method: "GET",
    path: `/api/environments/${id}/`,
    schema: z.record(z.string(), z.unknown()),
  });
  return { ...environment, ...(await projects.getProject(http, target.organizationId, id)) };
}

test("every writable input round-trips, or fails clearly once and not as an endless diff", async () => {
  const all = values(target);
  await declare(all);
  const message = await stack.up().then(
    () => "",
    (error: Error) => error.message,
  );
  // The inputs the error names (`name` is also a plain word, and must never fail).
  const failed = settingNames
    .filter(({ api, arg }) => api !== "name" && new RegExp(`\\b${arg}\\b`).test(message))
    .map(({ api }) => api)
    .sort();
  // Declared again as they are: the same clear error, or nothing to do; never an update that would fail again.
  const again =
    message === ""
      ? undefined
      : await stack.preview({ diff: true }).then(
          (preview) => ({ changes: preview.changeSummary, unnamed: [] as string[] }),
          (error: Error) => ({
            changes: undefined,
            unnamed: settingNames.filter(({ api, arg }) => failed.includes(api) && !error.message.includes(arg)).map(({ arg }) => arg),
          }),
        );

  // The failed up recorded the project (it exists) but not the stack's outputs: its id is in the state.
  const state = (await stack.exportStack()).deployment as { resources: Array<{ urn: string; outputs?: { projectId?: number } }> };
  const id = state.resources.find((r) => r.urn.endsWith("::every"))!.outputs!.projectId!;
  // The dashboard and data color theme PostHog gave the project, declared as they are.
  const made = await live(id);
  expect(made["primary_dashboard"]).toEqual(expect.any(Number));
  const kept = Object.fromEntries(
    Object.entries({ ...all, primary_dashboard: made["primary_dashboard"], default_data_theme: made["default_data_theme"] }).filter(
      ([api]) => !failed.includes(api as WritableField),
    ),
  );
  await declare(kept);
  await stack.up();
  await stack.preview({ expectNoChanges: true });

  const record = await live(id);
  const differing = Object.entries(kept)
    .filter(([api, value]) => !valuesEqual(api, projectFields[api as WritableField].input.parse(value), record[api]))
    .map(([api, value]) => `${api}: declared ${JSON.stringify(value)}, PostHog has ${JSON.stringify(record[api])}`);
  expect(differing).toEqual([]);
  // Checked last, so that a failure here still shows whether the rest round-trips.
  if (again) expect(again.changes === undefined ? again.unnamed : again.changes).toEqual(again.changes === undefined ? [] : { same: 2 });
  if (target.version === "2025-08-04") expect(failed).toEqual([...ABSENT_IN_2025_08_04].sort());
});
