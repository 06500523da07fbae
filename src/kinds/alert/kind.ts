/**
 * Alert, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/alerts/`), keyed by UUID,
 * deleted by DELETE (AlertViewSet is a plain ModelViewSet, products/alerts/backend/api/alert.py), identified as
 * `<projectId>/<uuid>`. Personal API keys need `alert:read`/`alert:write` in today's PostHog; PostHog 2025-08-04
 * refuses every key with scopes on alerts, `*` too (`scope_object = "INTERNAL"`, posthog/api/alert.py, and
 * APIScopePermission, posthog/permissions.py: only legacy keys without scopes pass).
 * Its field table is ./fields.ts: the insight, the subscribed users and the threshold are required on create
 * (AlertSerializer). Nothing about an alert is unique: a create whose answer was lost is never resent blindly.
 */
import { alertExample } from "./example";
import * as alerts from "./endpoints";
import { idField } from "../../kit/kind";
import { ANY } from "../../kit/property";
import { defineKind } from "../../kit/define-kind";
import type { Json } from "../../kit/lifecycle";
import { type AlertWithIds, alertFields, alertWithIds } from "./fields";
import { refusedBeforeItsScope } from "../../kit/field-lifecycle";
import { listedPages } from "../../kit/list-reads";

/** The threshold as a program writes it: its configuration, and its name when it has one (PostHog adds id and time). */
function writtenThreshold(threshold: AlertWithIds["threshold"]): Json | null {
  if (!threshold) return null;
  return { ...(threshold.name ? { name: threshold.name } : {}), configuration: threshold.configuration };
}

export const {
  kind: alertKind,
  model: alertModel,
  Lifecycle: AlertLifecycle,
} = defineKind({
  name: "Alert",
  noun: "alert",
  summary: "An alert on an insight of a project.",
  description:
    "A PostHog alert on an insight: its threshold, condition, config (what of the insight is watched), calculation interval, quiet hours and subscribed users. Declared fields are managed; deleted with DELETE; one deleted by hand is created again. PostHog 2025-08-04 refuses personal API keys on alerts; today's PostHog needs the `alert:write` scope.",
  example: alertExample,
  scope: "project",
  identity: { output: "alertId", key: "uuid", doc: "The alert's UUID in PostHog." },
  deletion: "delete",
  importInputs: ["projectId", "insight", "subscribedUsers", "threshold"],
  endpoints: {
    get: async (http, projectId, id: string) => alertWithIds(await alerts.getAlert(http, projectId, id)),
    update: async (http, projectId, id: string, body) => alertWithIds(await alerts.updateAlert(http, projectId, id, body)),
    remove: alerts.deleteAlert,
    create: async (http, projectId, body) => alertWithIds(await alerts.createAlert(http, projectId, body)),
  },
  // AlertViewSet lists with AlertSerializer, as it retrieves (products/alerts/backend/api/alert.py), read as a GET
  // is; PostHog 2025-08-04 refuses personal API keys on both, so its reads fail as their GETs do.
  listReads: listedPages(alerts.alertPages, alertWithIds),
  outputs: { state: { type: "string", description: "PostHog's last evaluation: Not firing, Firing, Errored or Snoozed." } },
  outputTypes: {
    insight: { type: "number", doc: "The insight the alert watches." },
    subscribedUsers: { type: "number[]", doc: "Ids of the users notified." },
    threshold: { type: "AlertThreshold | null", doc: "When the alert fires, as a program writes it." },
    state: { type: "string", doc: 'PostHog\'s last evaluation: "Not firing", "Firing", "Errored" or "Snoozed".' },
  },
  types: {
    AlertThreshold: {
      type: '{\n  name?: string;\n  configuration: { type: "absolute" | "percentage"; bounds: { lower?: number | null; upper?: number | null } };\n}',
      doc: "When an alert fires (InsightThreshold of PostHog's schema): at least one bound.",
    },
    AlertQuietHours: {
      type: "{\n  /** Local times (HH:MM, the project's time zone), start included, end not; overnight when the end is earlier. */\n  blocked_windows: Array<{ start: string; end: string }>;\n}",
      doc: "When PostHog does not check an alert (AlertScheduleRestriction of PostHog's schema): at most 5 windows of at least 30 minutes.",
    },
  },
  fields: alertFields,
  exampleInput: "calculationInterval",
  required: {
    insight: "PostHog's alerts watch an insight (an Insight's insightId)",
    subscribedUsers: "PostHog needs the users to notify (user ids; the list may be empty)",
    threshold: "PostHog needs the alert's threshold (`{configuration: {type, bounds}}`)",
  },
  // The outputs every Alert has besides its kind's (its id, its project): its required inputs (which `pulumi import`
  // declares: the threshold as a program writes it) and its state; a declared setting adds its live value.
  fixedOutputs: (record) => ({
    insight: record.insight,
    subscribedUsers: record.subscribed_users,
    threshold: writtenThreshold(record.threshold),
    state: record.state,
  }),
  lookups: {
    list: async (http, projectId, query) =>
      (await alerts.listAlerts(http, projectId, query?.["insight"] === undefined ? undefined : Number(query["insight"]))).map(alertWithIds),
    filters: {
      insight: { spec: { type: "integer", description: "Only the alerts on this insight." }, query: (v) => ["insight", String(v)] },
    },
    outputs: {
      name: { type: "string" },
      insight: { type: "integer" },
      subscribedUsers: { type: "array", items: { type: "integer" } },
      threshold: { type: "object", additionalProperties: ANY, nullable: true },
      condition: { type: "object", additionalProperties: ANY, nullable: true },
      config: { type: "object", additionalProperties: ANY, nullable: true },
      calculationInterval: { type: "string" },
      enabled: { type: "boolean" },
      scheduleRestriction: { type: "object", additionalProperties: ANY, nullable: true, optional: true },
      state: { type: "string" },
    },
  },
  // AlertViewSet lists with AlertSerializer: the lookups' list has every field, the insight and users read back as ids.
  importer: {
    // AlertConfiguration's defaults (posthog/models/alert.py).
    defaults: { enabled: true, calculation_interval: "daily", skip_weekend: false, schedule_restriction: null },
    references: [idField("insight", "Insight")],
    label: (alert) => alert.name || `alert ${alert.id}`,
  },
  lostCreate: () => "among the insight's alerts",
  createRefusal: (error) =>
    refusedBeforeItsScope(
      error,
      "alerts",
      "alert:write",
      // No such key may read it either (the viewset refuses every action), so `Alert.get` is no way out.
      "create and edit the alert in PostHog's interface and leave it out of the program (such a key may not read it either)",
    ),
});
