/**
 * Alert, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/alerts/`), keyed by UUID,
 * deleted by DELETE (AlertViewSet is a plain ModelViewSet, products/alerts/backend/api/alert.py), identified as
 * `<projectId>/<uuid>`. Personal API keys need `alert:read`/`alert:write` in today's PostHog; PostHog 2025-08-04
 * refuses every key with scopes on alerts, `*` too (`scope_object = "INTERNAL"`, posthog/api/alert.py, and
 * APIScopePermission, posthog/permissions.py: only legacy keys without scopes pass).
 */
import { alertExample } from "./example";
import { PostHogError, type Transport } from "../../client";
import * as alerts from "./endpoints";
import { idField, type Kind } from "../../kit/kind";
import { ANY } from "../../kit/property";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { kindNames } from "../../kit/tokens";
import { type AlertWithIds, alertFields, alertWithIds } from "./fields";
import { type AlertRecord, alertModel } from "./model";
import { FieldTableLifecycle, refusedBeforeItsScope } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { ProviderConfig } from "../../kit/config";
import { listedPages } from "../../kit/list-reads";

export const alertKind: Kind<"project", AlertRecord> = {
  ...kindNames("Alert"),
  example: alertExample,
  noun: "alert",
  scope: "project",
  identity: { output: "alertId", key: "uuid" },
  deletion: "delete",
  importInputs: ["projectId", "insight", "subscribedUsers", "threshold"],
  api: projectScopedApi<AlertWithIds, string>({
    get: async (http, projectId, id) => alertWithIds(await alerts.getAlert(http, projectId, id)),
    update: async (http, projectId, id, body) => alertWithIds(await alerts.updateAlert(http, projectId, id, body)),
    remove: alerts.deleteAlert,
  }),
  // AlertViewSet lists with AlertSerializer, as it retrieves (products/alerts/backend/api/alert.py), read as a GET
  // is; PostHog 2025-08-04 refuses personal API keys on both, so its reads fail as their GETs do.
  listReads: listedPages(alerts.alertPages, alertWithIds),
  schema: () => ({
    description:
      "A PostHog alert on an insight: its threshold, condition, config (what of the insight is watched), calculation interval, quiet hours and subscribed users. Declared fields are managed; deleted with DELETE; one deleted by hand is created again. PostHog 2025-08-04 refuses personal API keys on alerts; today's PostHog needs the `alert:write` scope.",
    inputs: tableInputs(alertFields, "alert", { key: "uuid" }),
    outputs: tableOutputs(
      alertFields,
      "alert",
      {
        alertId: { type: "string", description: "The alert's UUID in PostHog." },
        state: { type: "string", description: "PostHog's last evaluation: Not firing, Firing, Errored or Snoozed." },
      },
      { key: "uuid" },
    ),
    required: ["alertId", "projectId", "insight", "subscribedUsers", "state"],
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
  model: alertModel,
  lifecycle: () => new AlertLifecycle(),
  // AlertViewSet lists with AlertSerializer: the lookups' list has every field, the insight and users read back as ids.
  importer: projectScopedImport(alertFields, {
    // AlertConfiguration's defaults (posthog/models/alert.py).
    defaults: { enabled: true, calculation_interval: "daily", skip_weekend: false, schedule_restriction: null },
    references: [idField("insight", "Insight")],
    label: (alert) => alert.name || `alert ${alert.id}`,
  }),
};

/**
 * The Alert lifecycle: the kit's field-table lifecycle with its create, never resent blindly (nothing about an alert
 * is unique), and PostHog 2025-08-04's refusal of personal API keys said as what to do.
 */
export class AlertLifecycle extends FieldTableLifecycle<AlertWithIds> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(alertKind, alertModel, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<AlertRecord> {
    try {
      return { ...alertWithIds(await alerts.createAlert(this.http(), projectId, body)), project_id: projectId };
    } catch (error) {
      const refused = refusedBeforeItsScope(
        error,
        "alerts",
        "alert:write",
        // No such key may read it either (the viewset refuses every action), so `Alert.get` is no way out.
        "create and edit the alert in PostHog's interface and leave it out of the program (such a key may not read it either)",
      );
      if (refused) throw refused;
      if (!(error instanceof PostHogError) || error.kind !== "ambiguous") throw error;
      throw new Error(
        `${error.message} The alert may have been created: look for it among the insight's alerts and adopt it with \`pulumi import posthog:index:Alert <name> ${projectId}/<uuid>\`, or delete it, before running \`pulumi up\` again.`,
      );
    }
  }
}
