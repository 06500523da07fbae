/**
 * LogsAlert, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/logs/alerts/`,
 * LogsAlertViewSet, products/logs/backend/alerts_api.py), keyed by UUID, deleted by DELETE (a plain ModelViewSet),
 * identified as `<projectId>/<uuid>`. Personal API keys need `logs:read`/`logs:write`; PostHog Cloud also serves it
 * only to users with the `logs-alerting` feature flag (PostHogFeatureFlagPermission), and at most 20 a project.
 * PostHog 2025-08-04 has no log alerts: it answers 404. Its field table is ./fields.ts; its notification destinations
 * are LogsAlertDestination's (src/kinds/logs-alert-destination/).
 */
import { logsAlertExample } from "./example";
import { PostHogError, type Transport } from "../../client";
import * as alerts from "./endpoints";
import type { Kind } from "../../kit/kind";
import { ANY } from "../../kit/property";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { kindNames } from "../../kit/tokens";
import { logsAlertFields } from "./fields";
import { type LogsAlertRecord, logsAlertModel } from "./model";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { LogsAlert } from "./record";
import type { ProviderConfig } from "../../kit/config";

/** The live log alert of this name: names are not unique, so two of them are an error naming their ids. */
async function findOneNamed(http: Transport, projectId: number, name: string): Promise<LogsAlert | null> {
  const found = (await alerts.listLogsAlerts(http, projectId)).filter((alert) => alert.name === name);
  if (found.length > 1)
    throw new Error(
      `Project ${projectId} has ${found.length} log alerts named "${name}" (ids ${found.map((a) => a.id).join(", ")}): give logsAlertId instead.`,
    );
  return found[0] ?? null;
}

/** PostHog 2025-08-04's 404 "Endpoint not found." for the whole route, said as what it is. */
export function unservedBefore(error: unknown): never {
  if (error instanceof PostHogError && error.endpointMissing)
    throw new Error(
      `${error.message} This PostHog has no log alerts (PostHog 2025-08-04 and older serve none): use today's PostHog (PostHog Cloud), where they need the \`logs:write\` scope.`,
    );
  throw error;
}

export const logsAlertKind: Kind<"project", LogsAlertRecord> = {
  ...kindNames("LogsAlert"),
  example: logsAlertExample,
  noun: "log alert",
  scope: "project",
  identity: { output: "logsAlertId", key: "uuid" },
  deletion: "delete",
  importInputs: ["projectId", "name", "filters"],
  api: projectScopedApi<LogsAlert, string>({
    get: alerts.getLogsAlert,
    update: alerts.updateLogsAlert,
    remove: alerts.deleteLogsAlert,
  }),
  // No list reads: the retrieve answers the destinations too (LogsAlertConfigurationDetailSerializer), the list not.
  schema: () => ({
    description:
      "A PostHog log alert: it counts the project's logs matching its filters over a window and fires past a threshold. Declared fields are managed; deleted with DELETE; one deleted by hand is created again. Its notifications go to LogsAlertDestinations. Today's PostHog only (the `logs:write` scope); PostHog 2025-08-04 has no log alerts.",
    inputs: tableInputs(logsAlertFields, "log alert", { key: "uuid" }),
    outputs: tableOutputs(
      logsAlertFields,
      "log alert",
      {
        logsAlertId: { type: "string", description: "The log alert's UUID in PostHog." },
        state: {
          type: "string",
          description: "PostHog's last evaluation: not_firing, firing, pending_resolve, errored, snoozed or broken.",
        },
        destinationTypes: { type: "array", items: { type: "string" }, description: "The types of the destinations it notifies." },
      },
      { key: "uuid" },
    ),
    required: ["logsAlertId", "projectId", "name", "filters", "state", "destinationTypes"],
  }),
  lookups: {
    list: (http, projectId) => alerts.listLogsAlerts(http, projectId),
    uniqueBy: {
      input: "name",
      spec: { type: "string", description: "The log alert's exact name; or give logsAlertId." },
      find: findOneNamed,
    },
    outputs: {
      name: { type: "string" },
      enabled: { type: "boolean" },
      filters: { type: "object", additionalProperties: ANY, nullable: true },
      thresholdCount: { type: "integer" },
      thresholdOperator: { type: "string" },
      windowMinutes: { type: "integer" },
      state: { type: "string" },
    },
  },
  model: logsAlertModel,
  lifecycle: () => new LogsAlertLifecycle(),
  // LogsAlertViewSet lists with the serializer its retrieve extends: the lookups' list has every field of the table.
  importer: projectScopedImport(logsAlertFields, {
    // LogsAlertConfigurationSerializer's defaults.
    defaults: {
      enabled: true,
      threshold_count: 100,
      threshold_operator: "above",
      window_minutes: 5,
      evaluation_periods: 1,
      datapoints_to_alarm: 1,
      cooldown_minutes: 0,
      schedule_restriction: null,
    },
    label: (alert) => alert.name,
  }),
};

/**
 * The LogsAlert lifecycle: the kit's field-table lifecycle with its create, never resent blindly (nothing about a log
 * alert is unique), and PostHog 2025-08-04's 404 said as a PostHog without log alerts.
 */
export class LogsAlertLifecycle extends FieldTableLifecycle<LogsAlert> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(logsAlertKind, logsAlertModel, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<LogsAlertRecord> {
    try {
      return { ...(await alerts.createLogsAlert(this.http(), projectId, body).catch(unservedBefore)), project_id: projectId };
    } catch (error) {
      if (!(error instanceof PostHogError && error.kind === "ambiguous")) throw error;
      throw new Error(
        `${error.message} The log alert may have been created: look for it among the project's log alerts (named ${JSON.stringify(body["name"] ?? "Untitled alert")}) and adopt it with \`pulumi import posthog:index:LogsAlert <name> ${projectId}/<uuid>\`, or delete it, before running \`pulumi up\` again.`,
      );
    }
  }
}
