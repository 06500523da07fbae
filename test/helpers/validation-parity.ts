/**
 * Validation parity: one table of setting values, each judged three ways — by the provider's `check`
 * (validateInputs), by today's PostHog rules as the local server plays them, and by a real PostHog of 2025-08-04 —
 * and the reason wherever the provider and a PostHog disagree. The fast tier checks the first two columns
 * (test/docs/validation-parity.test.ts), the acceptance tier the third (test/acceptance/validation-parity.test.ts),
 * and docs/validation-parity.md is generated from the same rows, so the suite and the documentation cannot drift.
 */
import { projectModel } from "../../src/kinds/project/model";
import { projectKind } from "../../src/kinds/project/kind";

const { declaredSettings, validate: validateInputs } = projectModel.forKind(projectKind);
import { actionModel } from "../../src/kinds/action/kind";
import { annotationModel } from "../../src/kinds/annotation/kind";
import { cohortModel } from "../../src/kinds/cohort/kind";
import { dashboardModel } from "../../src/kinds/dashboard/kind";
import { withTextTiles } from "../../src/kinds/dashboard/fields";
import { hogFunctionModel } from "../../src/kinds/hog-function/kind";
import { insightModel } from "../../src/kinds/insight/kind";
import { experimentModel } from "../../src/kinds/experiment/model";
import { featureFlagModel } from "../../src/kinds/feature-flag/model";
import { surveyRecord } from "../../src/kinds/survey/kind";
import { surveyModel } from "../../src/kinds/survey/kind";
import type { Dashboard } from "../../src/kinds/dashboard/record";
import { type TextTile, textTileWrites } from "../../src/kinds/dashboard/fields";
import { isPlainObject, jsonValueProblems, MAX_JSON_DEPTH } from "../../src/kit/json";
import { settingNames, valuesEqual } from "../../src/kinds/project/fields";

/**
 * What a PostHog made of a PATCH of one setting: `refused` (400); `accepted` (200, and the value reads back equal
 * as the provider compares it); `converted` (200, stored as PostHog's type: `"true"` became `true`); `not kept`
 * (200, but the value read back is another); `server error` (500: PostHog fails on the value).
 */
export type Verdict = "refused" | "accepted" | "converted" | "not kept" | "server error";

export interface ParityCase {
  /** The input as a Pulumi program names it. */
  input: string;
  value: unknown;
  /** What the row exercises, for the docs. */
  what: string;
  provider: "accepts" | "refuses";
  /** Today's PostHog, as the local server plays it (its rules transcribed from PostHog's current source). */
  today: Verdict;
  /** The real PostHog backend of 2025-08-04. */
  v20250804: Verdict;
  /** Why the provider and a PostHog disagree; required exactly when they do. */
  why?: string;
  /** Sent after all the others: a PostHog may be unable to read the project back after it. */
  last?: true;
}

/** Where today's rules live, for the reasons below (PostHog/posthog at the commit the local server transcribes). */
const SETTINGS_VALIDATION = "posthog/api/team/settings_validation.py";
const TEAM_SERIALIZER = "posthog/api/team/team_serializer.py";

const TYPES_STRICT =
  "the provider keeps typed inputs typed (the Pulumi schema and the diff compare a boolean with a boolean); DRF converts the value";
const SHAPE_STRICT = (shape: string) =>
  `PostHog stores any JSON in this field; the provider asks for the shape PostHog's own code and posthog-js read (${shape}), so that a typo fails at preview rather than silently in the app`;
const NEWER_RULE = (where: string) => `2025-08-04 stores it unchecked; today's PostHog refuses it (${where}), as the provider does`;

const long = (n: number) => `https://${"a".repeat(n - "https://.example.com".length)}.example.com`;

// biome-ignore format: a table, one row per line
export const parityCases: readonly ParityCase[] = [
  // timezone: model choices (pytz names, case-sensitive)
  { input: "timezone", value: "Europe/Amsterdam", what: "an IANA name", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "timezone", value: "UTC", what: "UTC", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "timezone", value: "US/Pacific", what: "a legacy alias pytz keeps", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "timezone", value: "Mars/Olympus_Mons", what: "an unknown zone", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "timezone", value: "europe/amsterdam", what: "wrong case", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "timezone", value: "", what: "empty", provider: "refuses", today: "refused", v20250804: "refused" },
  // week start: IntegerChoices 0 and 1
  { input: "weekStartDay", value: 1, what: "Monday", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "weekStartDay", value: null, what: "null (unset)", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "weekStartDay", value: 6, what: "Saturday, not a choice", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "weekStartDay", value: "1", what: "a number as a string", provider: "refuses", today: "converted", v20250804: "converted", why: TYPES_STRICT },
  // session recording sample rate: DecimalField(max_digits=3, decimal_places=2), 0..1
  { input: "sessionRecordingSampleRate", value: 0.5, what: "a half", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "sessionRecordingSampleRate", value: "0.25", what: "a decimal string (sent as 0.25)", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "sessionRecordingSampleRate", value: 1, what: "the upper bound", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "sessionRecordingSampleRate", value: 0.555, what: "three decimals", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "sessionRecordingSampleRate", value: 0.1 + 0.2, what: "0.1 + 0.2 in floating point", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "sessionRecordingSampleRate", value: 1.5, what: "above 1", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "sessionRecordingSampleRate", value: -0.1, what: "negative", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "sessionRecordingSampleRate", value: "half", what: "not a number", provider: "refuses", today: "refused", v20250804: "refused" },
  // minimum duration: IntegerField 0..30000
  { input: "sessionRecordingMinimumDurationMilliseconds", value: 30000, what: "the upper bound", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "sessionRecordingMinimumDurationMilliseconds", value: 30001, what: "above 30 s", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "sessionRecordingMinimumDurationMilliseconds", value: -1, what: "negative", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "sessionRecordingMinimumDurationMilliseconds", value: 1500.5, what: "a fraction", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "sessionRecordingMinimumDurationMilliseconds", value: "2000", what: "a number as a string", provider: "refuses", today: "converted", v20250804: "converted", why: TYPES_STRICT },
  // name: CharField(max_length=200), not blank, trimmed
  { input: "name", value: "", what: "empty", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "name", value: "   ", what: "blank", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "name", value: "n".repeat(200), what: "200 characters", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "name", value: "n".repeat(201), what: "201 characters", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "name", value: "  padded name  ", what: "surrounding spaces (trimmed)", provider: "accepts", today: "accepted", v20250804: "accepted" },
  // URL lists: ArrayField(CharField(max_length=200, null=True))
  { input: "appUrls", value: ["https://app.example.com"], what: "one URL", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "appUrls", value: [], what: "empty list", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "appUrls", value: [long(200)], what: "a 200-character URL", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "appUrls", value: [long(201)], what: "a 201-character URL", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "appUrls", value: "https://app.example.com", what: "a string, not a list", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "appUrls", value: ["https://app.example.com", null], what: "a null entry (the provider drops it before sending)", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "appUrls", value: ["https://app.example.com", ""], what: "an empty entry", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "recordingDomains", value: ["https://app.example.com", null], what: "a null entry (the provider drops it before sending)", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "recordingDomains", value: [long(201)], what: "a 201-character domain", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "recordingDomains", value: ["https://app.example.com", ""], what: "an empty entry", provider: "refuses", today: "refused", v20250804: "refused" },
  // modifiers: today HogQLQueryModifiers (extra="forbid") with its enums
  { input: "modifiers", value: { personsOnEventsMode: "person_id_override_properties_on_events" }, what: "a known enum value", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "modifiers", value: { bounceRateDurationSeconds: 30 }, what: "a number in range", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "modifiers", value: { notAModifier: true }, what: "an unknown key", provider: "refuses", today: "refused", v20250804: "accepted", why: NEWER_RULE(`${TEAM_SERIALIZER} validate_modifiers`) },
  { input: "modifiers", value: { bounceRateDurationSeconds: 500 }, what: "out of range", provider: "refuses", today: "refused", v20250804: "accepted", why: NEWER_RULE(`${TEAM_SERIALIZER} validate_modifiers`) },
  { input: "modifiers", value: { inCohortVia: "sometimes" }, what: "an unknown enum value", provider: "refuses", today: "refused", v20250804: "accepted", why: NEWER_RULE(`${TEAM_SERIALIZER} validate_modifiers`) },
  // test account filters: today TypeAdapter(list[AnyPropertyFilter])
  { input: "testAccountFilters", value: [{ key: "$host", operator: "not_regex", value: "^localhost" }], what: "an event filter, type defaulted", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "testAccountFilters", value: [{ key: "email", type: "person", operator: "not_icontains", value: "@example.com" }], what: "a person filter", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "testAccountFilters", value: [{ key: "$host", type: "event", operator: "is_set" }], what: "is_set without a value", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "testAccountFilters", value: [{ key: "id", type: "cohort", value: 5 }], what: "a cohort filter (operator defaulted)", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "testAccountFilters", value: [{ key: "name", type: "group", operator: "exact", value: "acme", group_type_index: 0 }], what: "a group filter", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "testAccountFilters", value: [{ key: "$browser", operator: "between", value: [1, 2] }], what: "a range operator", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "testAccountFilters", value: [{ key: "$screen_width", operator: "gt", value: 1000 }], what: "a numeric comparison", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "testAccountFilters", value: [{ key: "$time", operator: "is_date_before", value: "2024-01-01" }], what: "a date operator", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "testAccountFilters", value: [{ key: "$browser", type: "person", operator: "in", value: ["Chrome", "Safari"] }], what: "a list operator", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "testAccountFilters", value: [{ key: "$host", operator: "icontains", value: "staging" }], what: "a substring operator", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "testAccountFilters", value: [{ key: "beta", type: "flag", operator: "flag_evaluates_to", value: true }], what: "a flag filter", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "testAccountFilters", value: [{ key: "email", type: "person" }], what: "a person filter without operator", provider: "refuses", today: "refused", v20250804: "accepted", why: NEWER_RULE(`${SETTINGS_VALIDATION}:76 validate_test_account_filters`) },
  { input: "testAccountFilters", value: [{ key: "$host", operator: "resembles", value: "x" }], what: "an unknown operator", provider: "refuses", today: "refused", v20250804: "accepted", why: NEWER_RULE(`${SETTINGS_VALIDATION}:76 validate_test_account_filters`) },
  { input: "testAccountFilters", value: [{ key: "$host", type: "planet", operator: "exact", value: "x" }], what: "an unknown filter type", provider: "refuses", today: "refused", v20250804: "accepted", why: NEWER_RULE(`${SETTINGS_VALIDATION}:76 validate_test_account_filters`) },
  { input: "testAccountFilters", value: [{ key: "$host", operator: "exact", value: "x", colour: "red" }], what: "an unknown key", provider: "refuses", today: "refused", v20250804: "accepted", why: NEWER_RULE(`${SETTINGS_VALIDATION}:76 validate_test_account_filters`) },
  { input: "testAccountFilters", value: [{ key: "name", type: "group", operator: "exact", value: "acme", group_type_index: 7 }], what: "group_type_index 7", provider: "refuses", today: "accepted", v20250804: "accepted", why: "PostHog's filter model takes any integer here, but a project has at most 5 group types (indices 0 to 4, posthog/models/group_type_mapping.py GROUP_TYPES_LIMIT): the provider refuses a filter that can never match" },
  { input: "testAccountFilters", value: { key: "$host" }, what: "an object, not a list", provider: "refuses", today: "refused", v20250804: "accepted", why: NEWER_RULE(`${SETTINGS_VALIDATION}:76 validate_test_account_filters`) },
  // path cleaning: today compiled with re2, alias back-references checked
  { input: "pathCleaningFilters", value: [{ regex: "/users/\\d+", alias: "/users/:id" }], what: "an RE2 regex", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "pathCleaningFilters", value: [{ regex: "/u/(\\d+)/(\\w+)", alias: "/u/\\2" }], what: "an alias using group 2 of 2", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "pathCleaningFilters", value: null, what: "null", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "pathCleaningFilters", value: [{ regex: "(?<=/u/)\\d+", alias: ":id" }], what: "a look-behind (not RE2)", provider: "refuses", today: "refused", v20250804: "accepted", why: NEWER_RULE(`${SETTINGS_VALIDATION}:127 validate_path_cleaning_filters`) },
  { input: "pathCleaningFilters", value: [{ regex: "/u/(\\d+)", alias: "/u/\\2" }], what: "an alias using a missing group", provider: "refuses", today: "refused", v20250804: "accepted", why: NEWER_RULE(`${SETTINGS_VALIDATION}:135 validate_path_cleaning_filters`) },
  { input: "pathCleaningFilters", value: [{ alias: "/users/:id" }], what: "a rule without regex", provider: "refuses", today: "refused", v20250804: "accepted", why: NEWER_RULE(`${SETTINGS_VALIDATION}:124 validate_path_cleaning_filters`) },
  // session replay and recording configs: validate_* methods of both versions
  { input: "sessionReplayConfig", value: { record_canvas: true }, what: "a known key", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "sessionReplayConfig", value: { ai_config: { opt_in: true, preferred_events: ["$pageview"] } }, what: "nested ai_config", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "sessionReplayConfig", value: { record_audio: true }, what: "an unknown key", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "sessionReplayConfig", value: { ai_config: { model: "x" } }, what: "an unknown ai_config key", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "sessionRecordingMaskingConfig", value: { maskAllInputs: true, blockSelector: ".private" }, what: "known keys", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "sessionRecordingMaskingConfig", value: { maskAllInputs: "yes" }, what: "a string for a boolean", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "sessionRecordingLinkedFlag", value: { id: 7, key: "record-me" }, what: "id and key", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "sessionRecordingLinkedFlag", value: { id: 7 }, what: "no key", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "sessionRecordingNetworkPayloadCaptureConfig", value: { recordHeaders: true, recordCookies: true }, what: "an unknown key", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "sessionRecordingTriggerMatchTypeConfig", value: "some", what: "neither all nor any", provider: "refuses", today: "accepted", v20250804: "refused", why: `today's /api/projects/ serializer stores any 24 characters here: only /api/environments/ checks the value (${TEAM_SERIALIZER} validate_session_recording_trigger_match_type_config), as 2025-08-04 does, which has the setting only there; the recorder reads only \`all\` or \`any\`` },
  // survey config: a dictionary, merged
  { input: "surveyConfig", value: { appearance: { backgroundColor: "#ffffff" } }, what: "an appearance", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "surveyConfig", value: "dark", what: "a string, after a dictionary (PostHog merges them as Python's {**stored, **sent})", provider: "refuses", today: "server error", v20250804: "server error" },
  // marketing and revenue analytics: nested serializers
  { input: "marketingAnalyticsConfig", value: { conversion_goals: [] }, what: "a known key", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "marketingAnalyticsConfig", value: { budget: 5 }, what: "an unknown key", provider: "refuses", today: "not kept", v20250804: "not kept" },
  { input: "revenueAnalyticsConfig", value: { filter_test_accounts: true }, what: "a boolean", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "revenueAnalyticsConfig", value: { filter_test_accounts: "yes" }, what: "a string for a boolean", provider: "refuses", today: "converted", v20250804: "converted", why: TYPES_STRICT },
  { input: "revenueAnalyticsConfig", value: { base_currency: "XYZ" }, what: "an unknown currency", provider: "refuses", today: "refused", v20250804: "refused" },
  // booleans and numbers given as strings
  { input: "anonymizeIps", value: true, what: "a boolean", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "anonymizeIps", value: "true", what: "a boolean as a string", provider: "refuses", today: "converted", v20250804: "converted", why: TYPES_STRICT },
  { input: "anonymizeIps", value: null, what: "null (the field is not nullable)", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "sessionRecordingOptIn", value: 1, what: "1 for true", provider: "refuses", today: "converted", v20250804: "converted", why: TYPES_STRICT },
  { input: "sessionRecordingOptIn", value: "maybe", what: "not a boolean", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "cookielessServerHashMode", value: 3, what: "not a choice", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "cookielessServerHashMode", value: "1", what: "a choice as a string", provider: "refuses", today: "converted", v20250804: "converted", why: TYPES_STRICT },
  { input: "baseCurrency", value: "EUR", what: "a currency", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "baseCurrency", value: "eur", what: "lower case", provider: "refuses", today: "refused", v20250804: "refused" },
  // lists of strings
  { input: "dataAttributes", value: ["data-attr", "data-test"], what: "strings", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "dataAttributes", value: ["data-attr", 5], what: "a number among strings", provider: "refuses", today: "accepted", v20250804: "accepted", why: SHAPE_STRICT("a list of strings") },
  { input: "personDisplayNameProperties", value: ["p".repeat(400)], what: "a 400-character property", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "personDisplayNameProperties", value: ["p".repeat(401)], what: "a 401-character property", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "autocaptureExceptionsErrorsToIgnore", value: ["e".repeat(290)], what: "under 300 characters as JSON", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { input: "autocaptureExceptionsErrorsToIgnore", value: ["e".repeat(300)], what: "over 300 characters as JSON", provider: "refuses", today: "refused", v20250804: "refused" },
  { input: "autocaptureWebVitalsAllowedMetrics", value: ["FID"], what: "a retired web vital", provider: "refuses", today: "accepted", v20250804: "accepted", why: SHAPE_STRICT("FCP, LCP, INP or CLS") },
  { input: "correlationConfig", value: { excluded_person_property_names: "$browser" }, what: "a string for a list", provider: "refuses", today: "accepted", v20250804: "accepted", why: SHAPE_STRICT("lists of names") },
  { input: "hasCompletedOnboardingFor", value: { product_analytics: "yes" }, what: "a string for a boolean", provider: "refuses", today: "accepted", v20250804: "accepted", why: SHAPE_STRICT("product names to booleans") },
  // last: a bad enum value that 2025-08-04 stores and then cannot serialize, which breaks every later read of the project
  { input: "modifiers", value: { personsOnEventsMode: "sometimes" }, what: "an unknown personsOnEventsMode (2025-08-04 stores it, then every read of the project fails)", provider: "refuses", today: "refused", v20250804: "server error", last: true },
];

export function apiName(input: string): string {
  const setting = settingNames.find((s) => s.arg === input);
  if (!setting) throw new Error(`${input} is not a setting`);
  return setting.api;
}

export function providerVerdict(c: ParityCase): ParityCase["provider"] {
  return validateInputs({ [c.input]: c.value }).length > 0 ? "refuses" : "accepts";
}

/** The provider refuses exactly what a PostHog refuses or does not keep. */
export function agrees(provider: ParityCase["provider"], verdict: Verdict): boolean {
  const posthogRefuses = verdict === "refused" || verdict === "not kept" || verdict === "server error";
  return (provider === "refuses") === posthogRefuses;
}

export interface PostHogEndpoint {
  url: string;
  apiKey: string;
}

/** What the request body carries: what the provider sends when it accepts the value, the raw value otherwise. */
function sentValue(c: ParityCase): unknown {
  return c.provider === "refuses" ? c.value : declaredSettings({ [c.input]: c.value })[apiName(c.input)];
}

/**
 * PATCH one setting of one project and judge what PostHog made of it. A setting the project record of this PostHog
 * does not have is PATCHed on the project's environment, where 2025-08-04 keeps 14 of today's project settings, as
 * the provider writes it there.
 */
export async function verdictOf(posthog: PostHogEndpoint, projectId: number, c: ParityCase): Promise<Verdict> {
  const field = apiName(c.input);
  const sent = sentValue(c);
  const project = await patchVerdict(posthog, `/api/projects/${projectId}/`, field, { [field]: sent });
  if (typeof project === "string") return project;
  // With the project's unchanged name, as the provider writes it: the 2025-08-04 TeamViewSet asks a PATCH of config
  // fields only for `team:read`, which no key but an all-access one can have (posthog/api/team.py
  // `dangerously_get_required_scopes`).
  const environment = await patchVerdict(posthog, `/api/environments/${projectId}/`, field, { [field]: sent, name: project["name"] });
  if (typeof environment === "string") return environment;
  throw new Error(`${field} is neither a project nor an environment setting of ${posthog.url}`);
}

/** The verdict on the value of `field` in `body`; the record when PostHog's answer has no such field. */
async function patchVerdict(
  posthog: PostHogEndpoint,
  path: string,
  field: string,
  body: Record<string, unknown>,
): Promise<Verdict | Record<string, unknown>> {
  const { status, text } = await patch(`${posthog.url}${path}`, posthog.apiKey, body);
  if (status === 400) return "refused";
  if (status === 500) return "server error";
  if (status !== 200) throw new Error(`PATCH ${path} ${field}: ${status} ${text.slice(0, 300)}`);
  const record = JSON.parse(text) as Record<string, unknown>;
  if (!(field in record)) return record;
  const sent = body[field];
  const live = record[field];
  if (valuesEqual(field, sent, live)) return "accepted";
  return sameScalarMeaning(sent, live) ? "converted" : "not kept";
}

/**
 * One PATCH, sent again when the connection is dropped before an answer (the backend's gunicorn closes idle
 * keep-alive connections, which fetch may have picked for the next request): the same value twice is the same PATCH.
 */
async function patch(url: string, apiKey: string, body: Record<string, unknown>): Promise<{ status: number; text: string }> {
  return send("PATCH", url, apiKey, body);
}

async function send(method: string, url: string, apiKey: string, body: Record<string, unknown>): Promise<{ status: number; text: string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url, {
        method,
        headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/**
 * Every value's verdict. The rows of one setting are sent in their order (a merged dictionary depends on the one
 * before), on one project; the settings go one worker per project given, so that no PATCH overwrites another's
 * project (Django saves every column of the record). A value after which the project cannot be read back
 * (2025-08-04's bad personsOnEventsMode) goes last.
 */
export async function judgeAll(posthog: PostHogEndpoint, projectIds: readonly number[]): Promise<Map<ParityCase, Verdict>> {
  const verdicts = new Map<ParityCase, Verdict>();
  const last = parityCases.filter((c) => c.last);
  const bySetting = new Map<string, ParityCase[]>();
  for (const c of parityCases) if (!last.includes(c)) bySetting.set(c.input, [...(bySetting.get(c.input) ?? []), c]);
  const queue = [...bySetting.values()];
  const worker = async (projectId: number) => {
    for (let rows = queue.shift(); rows; rows = queue.shift())
      for (const c of rows) verdicts.set(c, await verdictOf(posthog, projectId, c));
  };
  await Promise.all(projectIds.map(worker));
  for (const c of last) verdicts.set(c, await verdictOf(posthog, projectIds[0]!, c));
  return verdicts;
}

/** DRF's conversions of scalars: "true" → true, "1" → 1, 1 → true, and so on inside dictionaries. */
function sameScalarMeaning(sent: unknown, live: unknown): boolean {
  if (isPlainObject(sent) && isPlainObject(live)) return Object.entries(sent).every(([k, v]) => sameScalarMeaning(v, live[k]));
  if (typeof live === "boolean") return ["true", "1", "yes", "on", 1].includes(sent as string) === live;
  return typeof sent !== "object" && String(sent) === String(live);
}

/** docs/validation-parity.md, generated from the table. */
export function parityDoc(): string {
  const cell = (s: string) => s.replace(/\|/g, "\\|");
  const shown = (v: unknown) => {
    // NaN and ±Infinity as written, not as the null JSON makes of them.
    const text = JSON.stringify(v, (_, x: unknown) => (typeof x === "number" && !Number.isFinite(x) ? `«${x}»` : x)).replace(
      /"«(.+?)»"/g,
      "$1",
    );
    return text.length > 70 ? `${text.slice(0, 40)}… (${text.length} characters)` : text;
  };
  const rows = parityCases.map(
    (c, i) =>
      `| ${i + 1} | \`${c.input}\` | \`${cell(shown(c.value))}\` | ${c.what} | ${c.provider} | ${c.today} | ${c.v20250804} | ${c.why ? cell(c.why) : ""} |`,
  );
  const disagreements = parityCases.filter((c) => c.why).length;
  const objectRows = objectParityCases.map(
    (c, i) =>
      `| ${i + 1} | ${c.kind} | \`${c.input}\` | \`${cell(shown(c.value))}\` | ${c.what} | ${c.provider} | ${c.today} | ${c.v20250804} | ${c.why ? cell(c.why) : ""} |`,
  );
  return [
    "# Validation parity: the provider's `check` against PostHog",
    "",
    "<!-- Generated from test/helpers/validation-parity.ts: PARITY_DOCS=write npx jest test/kinds/validation-parity.test.ts -->",
    "",
    "Each value is checked by the provider's `check` (before anything is sent) and sent, as a PATCH of that one",
    "setting, to today's PostHog rules (the local server, which transcribes PostHog's current source) and to a real",
    "PostHog of 2025-08-04 (`npm run test:acceptance`). The provider refuses a value exactly when PostHog refuses it",
    "or does not keep it, except in the rows with a reason. PostHog's verdicts: `refused` (400), `accepted` (stored",
    'as sent, compared as the provider compares), `converted` (stored as PostHog\'s type: `"true"` became `true`),',
    "`not kept` (200 but another value stored), `server error` (500).",
    "Sources cited are PostHog/posthog's current master.",
    "",
    `Values: ${parityCases.length}. Disagreements, each with its reason: ${disagreements}.`,
    "",
    "| # | input | value | what | provider | today's PostHog | PostHog 2025-08-04 | why they differ |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
    "## Every kind's JSON values and rules",
    "",
    "Each value is checked by the kind's `check` and sent in the create of one object (the other inputs a create",
    "needs beside it), which is deleted again. Every kind's JSON-valued inputs are checked alike (src/kit/json.ts):",
    "NaN and ±Infinity are refused (JSON has neither: sent as null, PostHog stores null, so PostHog does not keep",
    `them), and so is nesting deeper than ${MAX_JSON_DEPTH} lists and objects in one input. That bound is not a row: on`,
    "the 2025-08-04 backend a flag whose filters nest 200 deep is stored and read back, 250 killed the worker (signal",
    '6, "realloc(): invalid next size"), 300 and 500 answered 500, at 500 after writing the flag, whose every read then',
    "failed (Python's json module runs out of the recursion limit of 1000 less the frames of the request). A value past",
    "the bound is therefore never sent to a real PostHog here; the local server answers it 500.",
    "Survey questions are checked as `validate_questions` checks them, no more. Date-times (an annotation's",
    "`dateMarker`, a survey's `startDate` and `endDate`) are read as DRF reads them (Django's parse_datetime, which is",
    "Python's `datetime.fromisoformat`): extended or basic date, optional time, fraction and offset. Two rarer forms",
    "fromisoformat also reads are refused by the provider, as it cannot compare them with PostHog's answer: week dates",
    "(`2025-W01-1`) and a separator other than `T` or a space between date and time (`2025-01-02x03:04`).",
    'Alert has no rows: PostHog 2025-08-04 refuses alerts to every personal API key (`scope_object = "INTERNAL"`,',
    "posthog/api/alert.py), so the backend here cannot judge a value; its rules were read against PostHog's source (not judged by a create), and",
    "a threshold without bounds, which 2025-08-04 stores, is refused as today's `validate_alert_config` refuses it.",
    "",
    `Values: ${objectParityCases.length}. Disagreements, each with its reason: ${objectParityCases.filter((c) => c.why).length}.`,
    "",
    "| # | kind | input | value | what | provider | today's PostHog | PostHog 2025-08-04 | why they differ |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...objectRows,
    "",
  ].join("\n");
}

/** A value `depth` lists and objects deep (`[{"a": [… 1 …]}]`), for PostHog's parser's limit. */
export function nestedValue(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

/** Flag filters `depth` deep in all: a payload nested inside `payloads` (filters is 1 deep, payloads 2). */
const deepFilters = (depth: number) => ({
  groups: [{ properties: [], rollout_percentage: 100 }],
  payloads: { true: nestedValue(depth - 2) },
});
/** A resource's JSON-valued and ruled fields judged the same three ways, by a create of one object with the value. */
export interface ObjectParityCase extends Omit<ParityCase, "last"> {
  /** The resource, by its class name: its state's check judges, its endpoint answers. */
  kind: ParityKind;
}

/** The kinds with rows, their state (its check and its comparison), their endpoint and the inputs a create needs. */
export const parityKinds = {
  FeatureFlag: {
    state: featureFlagModel,
    path: "feature_flags",
    base: (n: number) => ({ key: `parity-${n}`, filters: { groups: [{ properties: [], rollout_percentage: 100 }] } }),
  },
  Survey: {
    state: surveyModel,
    path: "surveys",
    base: (n: number) => ({ name: `Parity ${n}`, type: "api", questions: [{ type: "open", question: "Why?" }] }),
  },
  Cohort: {
    state: cohortModel,
    path: "cohorts",
    base: (n: number) => ({
      name: `Parity ${n}`,
      filters: {
        properties: {
          type: "OR",
          values: [{ type: "AND", values: [{ type: "person", key: "email", operator: "is_set", value: "is_set" }] }],
        },
      },
    }),
  },
  Action: {
    state: actionModel,
    path: "actions",
    base: (n: number) => ({ name: `Parity ${n}`, steps: [{ event: "$pageview" }] }),
  },
  Annotation: {
    state: annotationModel,
    path: "annotations",
    base: (n: number) => ({ content: `Parity ${n}`, dateMarker: "2025-01-02T03:04:05Z", scope: "project" }),
  },
  Dashboard: {
    state: dashboardModel,
    path: "dashboards",
    base: (n: number) => ({ name: `Parity ${n}` }),
  },
  Insight: {
    state: insightModel,
    path: "insights",
    base: (n: number) => ({
      name: `Parity ${n}`,
      query: { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "$pageview" }] } },
    }),
  },
  // A transformation: 2025-08-04 needs the Data Pipelines addon for any other function without a template.
  HogFunction: {
    state: hogFunctionModel,
    path: "hog_functions",
    base: (n: number) => ({
      name: `Parity ${n}`,
      type: "transformation",
      hog: "return event",
      inputsSchema: [
        { key: "n", type: "number" },
        { key: "s", type: "string" },
      ],
    }),
  },
  Experiment: {
    state: experimentModel,
    path: "experiments",
    base: (n: number) => ({ name: `Parity ${n}`, featureFlagKey: `parity-experiment-${n}` }),
  },
} as const;
export type ParityKind = keyof typeof parityKinds;

const QUESTIONS = "SurveySerializerCreateUpdateOnly.validate_questions";
const ACTION = "products/actions/backend/api/action.py";
const FLAG = "products/feature_flags/backend/api/feature_flag.py";

// biome-ignore format: a table, one row per line
export const objectParityCases: readonly ObjectParityCase[] = [
  // Values JSON cannot carry, and nesting past PostHog's JSON parser (src/kit/json.ts MAX_JSON_DEPTH), for every kind's JSON fields
  { kind: "FeatureFlag", input: "filters", value: { groups: [{ properties: [], rollout_percentage: Number.NaN }] }, what: "NaN as a rollout", provider: "refuses", today: "not kept", v20250804: "not kept" },
  { kind: "FeatureFlag", input: "rollbackConditions", value: [{ threshold: Number.POSITIVE_INFINITY }], what: "Infinity in rollback conditions", provider: "refuses", today: "not kept", v20250804: "not kept" },
  { kind: "FeatureFlag", input: "filters", value: deepFilters(MAX_JSON_DEPTH), what: `a payload nesting filters ${MAX_JSON_DEPTH} deep`, provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "Cohort", input: "filters", value: { properties: { type: "OR", values: [{ type: "AND", values: [{ type: "person", key: "age", operator: "exact", value: [1, Number.NEGATIVE_INFINITY] }] }] } }, what: "-Infinity among values", provider: "refuses", today: "not kept", v20250804: "not kept" },
  { kind: "Survey", input: "appearance", value: { surveyPopupDelaySeconds: Number.NaN }, what: "NaN as a delay", provider: "refuses", today: "not kept", v20250804: "not kept" },
  // Survey questions: validate_questions' rules, no more
  { kind: "Survey", input: "questions", value: [{ type: "rating", question: "How likely are you to recommend us?" }], what: "a rating without display or scale", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "Survey", input: "questions", value: [{ type: "rating", question: "Score?", display: "stars", scale: 1 }], what: "a rating displayed as stars on a scale of 1", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "Survey", input: "questions", value: [{ question: "No type" }], what: "a question without a type", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "Survey", input: "questions", value: [{ type: "single_choice", question: "Plan?" }], what: "a choice question without choices", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "Survey", input: "questions", value: [{ type: "open", question: "Why?", branching: { type: "jump" } }], what: "branching of no known type", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "Survey", input: "questions", value: [{ type: "open", question: "" }], what: "no question text", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Survey", input: "questions", value: [{ type: "multiple_choice", question: "Uses?", choices: ["A", " "] }], what: "a blank choice", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Survey", input: "questions", value: [{ type: "link", question: "Read", link: "http://example.com" }], what: "an http link", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Survey", input: "questions", value: [{ type: "open", question: "Why?", buttonText: 5 }], what: "a number as button text", provider: "refuses", today: "refused", v20250804: "accepted", why: NEWER_RULE(`products/surveys/backend/api/survey.py ${QUESTIONS}`) },
  { kind: "Survey", input: "appearance", value: { whiteLabel: "yes" }, what: "a string for whiteLabel", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Survey", input: "appearance", value: { surveyPopupDelaySeconds: 2.5 }, what: "a delay of 2.5 seconds", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "Survey", input: "appearance", value: { surveyPopupDelaySeconds: -1 }, what: "a negative delay", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Survey", input: "appearance", value: { surveyPopupDelaySeconds: "" }, what: "an empty string as a delay (falsy, unchecked)", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "Survey", input: "appearance", value: { surveyPopupDelaySeconds: true }, what: "true as a delay (True < 0 is False)", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "Survey", input: "appearance", value: { surveyPopupDelaySeconds: "5" }, what: "a number as a string (\"5\" < 0 is a TypeError)", provider: "refuses", today: "server error", v20250804: "server error" },
  // FeatureFlag: FeatureFlagSerializer (posthog/api/feature_flag.py in 2025-08-04, products/feature_flags/backend/api/feature_flag.py today)
  { kind: "FeatureFlag", input: "key", value: "has space", what: "a key with a space", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "FeatureFlag", input: "key", value: "Beta_Checkout-2", what: "letters, digits, _ and -", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "FeatureFlag", input: "filters", value: { groups: [] }, what: "a new flag without a condition set", provider: "refuses", today: "refused", v20250804: "accepted", why: NEWER_RULE(`${FLAG} validate_filters`) },
  { kind: "FeatureFlag", input: "filters", value: { groups: [{ properties: [], rollout_percentage: 150 }] }, what: "a rollout of 150", provider: "refuses", today: "refused", v20250804: "accepted", why: NEWER_RULE(`${FLAG} validate_filters`) },
  { kind: "FeatureFlag", input: "filters", value: { groups: [{ properties: [], rollout_percentage: 33.3 }] }, what: "a fractional rollout", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "FeatureFlag", input: "filters", value: { groups: [{ properties: [], rollout_percentage: 100, aggregation_group_type_index: 1.5 }] }, what: "a fractional group type index", provider: "refuses", today: "refused", v20250804: "accepted", why: NEWER_RULE(`${FLAG} validate_filters`) },
  { kind: "FeatureFlag", input: "filters", value: { groups: [{ properties: [], rollout_percentage: 100 }], multivariate: { variants: [{ key: "a", rollout_percentage: 150 }, { key: "b", rollout_percentage: -50 }] } }, what: "variants of 150 and -50 (summing to 100)", provider: "refuses", today: "refused", v20250804: "accepted", why: NEWER_RULE(`${FLAG} validate_filters`) },
  { kind: "FeatureFlag", input: "filters", value: { groups: [{ properties: [], rollout_percentage: 100 }], multivariate: { variants: [{ key: "a", rollout_percentage: 50 }, { key: "b", rollout_percentage: 40 }] } }, what: "variants summing to 90", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "FeatureFlag", input: "filters", value: { groups: [{ properties: [], rollout_percentage: 100 }], multivariate: { variants: [{ key: "", rollout_percentage: 100 }] } }, what: "a variant keyed \"\"", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "FeatureFlag", input: "filters", value: { groups: [{ properties: [], rollout_percentage: 100, variant: "" }] }, what: "an empty variant override", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "FeatureFlag", input: "filters", value: { groups: [{ properties: [], rollout_percentage: 100, variant: "blue" }] }, what: "an override of no variant", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "FeatureFlag", input: "filters", value: { groups: [{ properties: [], rollout_percentage: 100 }], payloads: { true: "{not json" } }, what: "a payload string that is not JSON", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "FeatureFlag", input: "filters", value: { groups: [{ properties: [], rollout_percentage: 100 }], payloads: { false: 1 } }, what: "a boolean flag's payload keyed false", provider: "refuses", today: "refused", v20250804: "refused" },
  // Insight: InsightSerializer's query, parsed by QuerySchemaParser against posthog/schema.py (both versions)
  { kind: "Insight", input: "query", value: { kind: "DataTableNode", source: { kind: "HogQLQuery", query: "select 1" } }, what: "a HogQL table", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "Insight", input: "query", value: { kind: "DataTableNode", source: { kind: "HogQLQuery", query: "  " } }, what: "a blank HogQL statement (a str)", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "Insight", input: "query", value: { kind: "Nope" }, what: "an unknown kind", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Insight", input: "query", value: { kind: "InsightVizNode", source: { kind: "HogQLQuery", query: "select 1" } }, what: "HogQL as an insight source", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Insight", input: "query", value: { kind: "InsightVizNode", source: { kind: "TrendsQuery" } }, what: "trends without series", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Insight", input: "query", value: { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "PersonsNode" }] } }, what: "a series of persons", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Insight", input: "name", value: "n".repeat(401), what: "401 characters", provider: "refuses", today: "refused", v20250804: "refused" },
  // HogFunction: posthog/cdp/validation.py's InputsSchemaItemSerializer and InputsItemSerializer (both versions)
  { kind: "HogFunction", input: "inputsSchema", value: [{ key: "a", type: "string" }, { key: "a", type: "string" }], what: "a key given twice", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "HogFunction", input: "inputsSchema", value: [{ key: " ", type: "string" }], what: "a blank key", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "HogFunction", input: "inputsSchema", value: [{ key: "a", type: "text" }], what: "an unknown input type", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "HogFunction", input: "inputs", value: { n: { value: true } }, what: "true for a number input (a Python bool is an int)", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "HogFunction", input: "inputs", value: { s: { value: [] } }, what: "an empty list for a string input (falsy, unchecked)", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "HogFunction", input: "inputs", value: { s: { value: 5 } }, what: "a number for a string input", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "HogFunction", input: "inputs", value: { n: { value: "5" } }, what: "a string for a number input", provider: "refuses", today: "refused", v20250804: "refused" },
  // Experiment: ExperimentSerializer (ee/clickhouse/views/experiments.py in 2025-08-04, products/experiments/backend/ today); its variants become the flag's
  { kind: "Experiment", input: "parameters", value: { feature_flag_variants: [{ key: "control", rollout_percentage: 50 }, { key: "has space", rollout_percentage: 50 }] }, what: "a variant key with a space", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "Experiment", input: "parameters", value: { feature_flag_variants: [{ key: "a", rollout_percentage: 50 }, { key: "b", rollout_percentage: 50 }] }, what: "no control variant", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Experiment", input: "parameters", value: { feature_flag_variants: [{ key: "control", rollout_percentage: 50 }, { key: "test", rollout_percentage: 40 }] }, what: "shares summing to 90", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Experiment", input: "parameters", value: { feature_flag_variants: [{ key: "control", rollout_percentage: 150 }, { key: "test", rollout_percentage: -50 }] }, what: "shares of 150 and -50", provider: "refuses", today: "refused", v20250804: "accepted", why: NEWER_RULE(`${FLAG} validate_filters`) },
  { kind: "Experiment", input: "name", value: "", what: "an empty name", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Experiment", input: "featureFlagKey", value: "has space", what: "a flag key with a space", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Experiment", input: "description", value: "d".repeat(401), what: "401 characters", provider: "accepts", today: "accepted", v20250804: "refused", why: "today's PostHog holds the description to 3000 characters (ExperimentSerializer), 2025-08-04 to 400 (posthog/models/experiment.py), and says so; the provider follows today's" },
  // Cohort: CohortSerializer (posthog/api/cohort.py), its filters parsed by CohortFilters (extra="forbid") in both versions
  { kind: "Cohort", input: "filters", value: { properties: { type: "OR", values: [{ type: "AND", values: [{ type: "person", key: "email", operator: "is_set", value: "is_set" }] }] }, colour: 1 }, what: "an unknown key beside properties", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Cohort", input: "filters", value: { properties: { type: "XOR", values: [{ type: "AND", values: [{ type: "person", key: "email", operator: "is_set", value: "is_set" }] }] } }, what: "a group of type XOR", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Cohort", input: "filters", value: { properties: { type: "OR", values: [{ type: "AND", values: [{ type: "person", key: "email", value: "x" }] }] } }, what: "a person filter without operator", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Cohort", input: "filters", value: { properties: { type: "OR", values: [{ type: "AND", values: [{ type: "person", key: "email", operator: "exact", value: "x", colour: 1 }] }] } }, what: "an unknown key in a filter", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Cohort", input: "name", value: "", what: "an empty name", provider: "refuses", today: "accepted", v20250804: "accepted", why: "PostHog stores a cohort without a name, and names need not be unique; the provider finds a cohort whose create answer was lost by its name and creation time, which an empty name cannot tell apart" },
  // Action: ActionSerializer and ActionStepJSONSerializer (posthog/api/action.py in 2025-08-04, products/actions/backend/api/action.py today)
  { kind: "Action", input: "name", value: "", what: "an empty name", provider: "refuses", today: "refused", v20250804: "accepted", why: NEWER_RULE(`${ACTION} ActionSerializer.validate`) },
  { kind: "Action", input: "name", value: "n".repeat(400), what: "400 characters", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "Action", input: "name", value: "n".repeat(401), what: "401 characters", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Action", input: "steps", value: [{ event: " " }], what: "an event of one space (CharField(trim_whitespace=False))", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "Action", input: "steps", value: [{ event: "" }], what: "an empty event", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Action", input: "steps", value: [{ event: "$autocapture", text: " Buy " }], what: "text with spaces around it, kept", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "Action", input: "steps", value: [{ event: "$pageview", url: " " }], what: "a url of one space (trimmed, so blank)", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Action", input: "steps", value: [{ event: "$pageview", url: "/pricing", url_matching: "prefix" }], what: "an unknown url_matching", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Action", input: "steps", value: [{ event: "$pageview", colour: "red" }], what: "an unknown step field (dropped)", provider: "refuses", today: "not kept", v20250804: "not kept" },
  { kind: "Action", input: "steps", value: [{ event: "$pageview", properties: [{ key: "$browser", value: "Chrome", operator: "exact", type: "event" }] }], what: "a property filter", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "Action", input: "steps", value: [{ event: "$pageview", properties: ["$browser"] }], what: "a string as a property filter", provider: "refuses", today: "refused", v20250804: "refused" },
  // Annotation: AnnotationSerializer (posthog/api/annotation.py in 2025-08-04, products/annotations/backend/api/annotation.py today); date_marker is DRF's DateTimeField, read by Django's parse_datetime (Python's datetime.fromisoformat)
  { kind: "Annotation", input: "dateMarker", value: "2025-01-02", what: "a date alone (midnight UTC)", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "Annotation", input: "dateMarker", value: "20250102T030405Z", what: "the basic form", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "Annotation", input: "dateMarker", value: "2025-01-02T03", what: "an hour alone", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "Annotation", input: "dateMarker", value: "2025-01-02T03:04:05,5+01", what: "a comma fraction and an offset of hours", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "Annotation", input: "dateMarker", value: "2025-01-02T03:04:05.1234567Z", what: "seven fraction digits (cut to six)", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "Annotation", input: "dateMarker", value: "2025-02-30T00:00:00Z", what: "a day February lacks", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Annotation", input: "dateMarker", value: "2025-01-02Z", what: "a date with an offset but no time", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Annotation", input: "dateMarker", value: "next tuesday", what: "not a date", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Annotation", input: "scope", value: "recording", what: "the deprecated recording scope", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Annotation", input: "creationType", value: "BOT", what: "an unknown creation type", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Annotation", input: "content", value: "c".repeat(401), what: "401 characters", provider: "accepts", today: "accepted", v20250804: "refused", why: "today's PostHog holds content to 8192 characters (products/annotations/backend/models/annotation.py), 2025-08-04 to 400 (posthog/models/annotation.py), and says so; the provider follows today's" },
  { kind: "Annotation", input: "content", value: "c".repeat(8193), what: "8193 characters", provider: "refuses", today: "refused", v20250804: "refused" },
  // Dashboard: DashboardSerializer (posthog/api/dashboards/dashboard.py in 2025-08-04, products/dashboards/backend/api/dashboard.py today); text tiles by the PATCH after the create
  { kind: "Dashboard", input: "name", value: "n".repeat(401), what: "401 characters", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Dashboard", input: "restrictionLevel", value: 30, what: "not a restriction level", provider: "refuses", today: "refused", v20250804: "refused" },
  { kind: "Dashboard", input: "textTiles", value: [{ body: "" }], what: "an empty text tile (Text.body blank=True)", provider: "accepts", today: "accepted", v20250804: "accepted" },
  { kind: "Dashboard", input: "textTiles", value: [{ body: "## Notes", layouts: { sm: { x: 0, y: 0, w: 6, h: 2 } }, color: "blue" }], what: "a tile with layouts and color", provider: "accepts", today: "accepted", v20250804: "accepted" },
];

/** The inputs a create of the row's object declares. */
function objectInputs(c: ObjectParityCase, n: number): Record<string, unknown> {
  return { ...parityKinds[c.kind].base(n), [c.input]: c.value };
}

export function objectProviderVerdict(c: ObjectParityCase): ParityCase["provider"] {
  return parityKinds[c.kind].state.validate(objectInputs(c, 0)).length > 0 ? "refuses" : "accepts";
}

let created = 0;

/**
 * POST one object with the row's value, as the provider's create sends it, and judge what PostHog made of it; the
 * object is deleted again. A value holding NaN or ±Infinity goes as null (JSON has neither), so PostHog keeps
 * another value than the one declared. A dashboard's text tiles follow in a PATCH after the create, as the provider
 * writes them (PostHog's create ignores `tiles`).
 */
export async function objectVerdictOf(posthog: PostHogEndpoint, projectId: number, c: ObjectParityCase): Promise<Verdict> {
  const { state, path } = parityKinds[c.kind];
  const n = Date.now() * 100 + (created++ % 100);
  const body = state.declaredSettings(objectInputs(c, n)) as Record<string, unknown>;
  const field = Object.keys(body).find((f) => state.inputName(f) === c.input)!;
  const after = c.kind === "Dashboard" && field === "text_tiles";
  const url = `${posthog.url}/api/projects/${projectId}/${path}/`;
  const { [field]: _, ...createBody } = body;
  let { status, text } = await send("POST", url, posthog.apiKey, after ? createBody : body);
  let record = status === 201 ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  const remove = () =>
    c.kind === "Survey"
      ? send("DELETE", `${url}${String(record!["id"])}/`, posthog.apiKey, {})
      : // 2025-08-04's ActionSerializer.validate reads attrs["name"] on every write (a KeyError without it).
        send("PATCH", `${url}${String(record!["id"])}/`, posthog.apiKey, {
          deleted: true,
          ...(c.kind === "Action" ? { name: record!["name"] } : {}),
        });
  if (after && record) {
    const written = await send("PATCH", `${url}${String(record["id"])}/`, posthog.apiKey, {
      tiles: textTileWrites(c.value as TextTile[], []),
    });
    ({ status, text } = written.status === 200 ? { status: 201, text: written.text } : written);
    if (written.status !== 200) await remove();
    else record = JSON.parse(written.text) as Record<string, unknown>;
  }
  if (status === 400) return "refused";
  if (status === 500) return "server error";
  if (status !== 201 || !record) throw new Error(`POST ${path} ${c.input}: ${status} ${text.slice(0, 300)}`);
  const live =
    c.kind === "Survey"
      ? surveyRecord(record as never)[field as keyof ReturnType<typeof surveyRecord>]
      : after
        ? withTextTiles(record as unknown as Dashboard).text_tiles
        : record[field];
  await remove();
  const lost = jsonValueProblems(c.value, c.input).some((p) => p.kind === "non-finite");
  return !lost && state.valuesEqual(field, c.value, live) ? "accepted" : "not kept";
}

/** Every row's verdict, one after another on one project. */
export async function judgeObjects(posthog: PostHogEndpoint, projectId: number): Promise<Map<ObjectParityCase, Verdict>> {
  const verdicts = new Map<ObjectParityCase, Verdict>();
  for (const c of objectParityCases) verdicts.set(c, await objectVerdictOf(posthog, projectId, c));
  return verdicts;
}
