/**
 * LogsAlertDestination, declared once for the kit (src/kit): nested in a log alert of a project (the alert's
 * `destinations` actions, LogsAlertViewSet, products/logs/backend/alerts_api.py), identified as
 * `<projectId>/<logsAlertId>/<hog function ids, sorted, joined by commas>`: PostHog gives a destination no id of its
 * own, only the hog functions it makes for it (one per alert event kind), created and deleted together. PostHog
 * updates no destination: any change replaces it (the new one is made before the old one goes, so the alert is never
 * without it). A webhook URL and a PagerDuty key are Pulumi secrets. Today's PostHog only (`logs:write`); PostHog
 * 2025-08-04 has no log alerts.
 */
import { logsAlertDestinationExample } from "./example";
import { PostHogError, type Transport } from "../../client";
import * as destinations from "./endpoints";
import type { Kind } from "../../kit/kind";
import { scopedApi, scopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { kindNames } from "../../kit/tokens";
import { logsAlertDestinationFields, UNANSWERED } from "./fields";
import { LOGS_ALERT_PARENT, type LogsAlertDestinationRecord, logsAlertDestinationModel, secretInputPaths } from "./model";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json, Placed } from "../../kit/lifecycle";
import { canonicalJson, isPlainObject } from "../../kit/json";
import { isUnknown } from "../../kit/unknown";
import { inputNameOf } from "../../kit/field-table";
import type { LogsAlertDestination } from "./record";
import type { ProviderConfig } from "../../kit/config";
import { logsAlertKind, unservedBefore } from "../logs-alert/kind";

type InLogsAlert = destinations.InLogsAlert;
const PLACEMENT = { scope: "project", parent: LOGS_ALERT_PARENT, key: "text" } as const;
const FIELD_NAMES = Object.keys(logsAlertDestinationFields);

/** The schema's inputs: every field's change replaces the destination (PostHog updates none). */
function inputs() {
  const specs = tableInputs(logsAlertDestinationFields, "log alert destination", PLACEMENT);
  return Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, { ...spec, willReplaceOnChanges: true }]));
}

/**
 * The group deleted; asked again for a group PostHog no longer holds (a delete whose answer was lost), PostHog refuses
 * it as not the alert's: then the destination is read, and its 404 says it is gone.
 */
async function remove(http: Transport, where: InLogsAlert, id: string): Promise<void> {
  try {
    await destinations.deleteLogsAlertDestination(http, where, id);
  } catch (error) {
    if (!(error instanceof PostHogError && error.status === 400)) throw error;
    await destinations.getLogsAlertDestination(http, where, id);
    throw error;
  }
}

export const logsAlertDestinationKind: Kind<"project", LogsAlertDestinationRecord, InLogsAlert> = {
  ...kindNames("LogsAlertDestination"),
  example: logsAlertDestinationExample,
  noun: "log alert destination",
  scope: "project",
  parent: LOGS_ALERT_PARENT,
  identity: { output: "logsAlertDestinationId", key: "text" },
  deletion: "delete",
  importInputs: ["projectId", "logsAlertId", "type"],
  api: scopedApi<"project", LogsAlertDestination, string, InLogsAlert>(PLACEMENT, {
    get: destinations.getLogsAlertDestination,
    // LogsAlertViewSet has no update of a destination: the lifecycle replaces one whose fields change.
    update: () => Promise.reject(new Error("PostHog updates no log alert destination: a change replaces it.")),
    remove,
  }),
  secretInputPaths,
  schema: () => ({
    description:
      "Where a PostHog log alert's notifications go: a Slack channel, a webhook, Microsoft Teams or PagerDuty. PostHog makes one hog function per alert event kind for it and updates none: any change replaces it. A webhook URL and a PagerDuty key are secrets, which PostHog answers only in part. Today's PostHog only (`logs:write`).",
    inputs: inputs(),
    outputs: tableOutputs(
      logsAlertDestinationFields,
      "log alert destination",
      {
        logsAlertDestinationId: {
          type: "string",
          description: "The destination's hog functions' ids, sorted and joined by commas (PostHog gives it no id of its own).",
        },
        type: { type: "string", description: "Where notifications go." },
        hogFunctionIds: { type: "array", items: { type: "string" }, description: "The hog functions PostHog made for it." },
      },
      PLACEMENT,
    ),
    required: ["logsAlertDestinationId", "projectId", "logsAlertId", "type", "hogFunctionIds"],
  }),
  // No lookups: a destination is named by nothing but its alert, which a program has.
  model: logsAlertDestinationModel,
  lifecycle: () => new LogsAlertDestinationLifecycle(),
  // Alert by alert: PostHog answers destinations in their alert's retrieve only.
  importer: scopedImport(PLACEMENT, logsAlertDestinationFields, {
    list: async (http, projectId, read) => {
      // The alerts' own list (the key of the import's reads), read once for both kinds.
      const alerts = await read(logsAlertKind.lookups!.list);
      const each = alerts.map(async (alert) => {
        const parent = String(alert.id);
        return (await destinations.listLogsAlertDestinations(http, { scope: projectId, parent })).map((d) => ({
          ...d,
          logs_alert_id: parent,
        }));
      });
      return (await Promise.all(each)).flat();
    },
    defaults: {},
    // PostHog answers the webhook URL and the PagerDuty key only in part: the stack's secret holds the whole.
    secrets: (destination) => [
      ...(destination.webhook_url
        ? [
            {
              field: "webhook_url",
              path: [],
              what: "the whole webhook URL (PostHog answers only its scheme and host)",
              answeredPartStands: true as const,
            },
          ]
        : []),
      ...(destination.pagerduty_routing_key
        ? [
            {
              field: "pagerduty_routing_key",
              path: [],
              what: "the whole PagerDuty integration key (PostHog answers only its last four characters)",
              answeredPartStands: true as const,
            },
          ]
        : []),
    ],
    label: (destination) => `${destination.type} destination of log alert ${String(destination.logs_alert_id)}`,
  }),
};

/**
 * What PostHog never answers (a Slack channel's name) as what was sent: not a setting still to send after the create
 * or an adoption (PostHog updates no destination), and never drift.
 */
function withUnanswered<T extends object>(record: T, sent: Json): T {
  return { ...record, ...Object.fromEntries(UNANSWERED.filter((field) => sent[field] !== undefined).map((field) => [field, sent[field]])) };
}

/**
 * The LogsAlertDestination lifecycle: the kit's field-table lifecycle with its create, never resent blindly, every
 * change a replacement, and the fields PostHog never answers whole (a Slack channel's name) not taken for a PostHog
 * without them.
 */
export class LogsAlertDestinationLifecycle extends FieldTableLifecycle<LogsAlertDestination, "project", InLogsAlert> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(logsAlertDestinationKind, logsAlertDestinationModel, connection);
  }

  protected override async obtain(where: InLogsAlert, body: Json): Promise<LogsAlertDestinationRecord> {
    let made: LogsAlertDestination;
    try {
      made = await destinations.createLogsAlertDestination(this.http(), where, body).catch((error: unknown) => {
        throw unservedBefore(error) ?? error;
      });
    } catch (error) {
      if (!(error instanceof PostHogError && error.kind === "ambiguous")) throw error;
      throw new Error(
        `${error.message} The destination may have been made: look among log alert ${String(where.parent)}'s destinations in PostHog for a ${String(body["type"])} one, and adopt it with \`adoptId\` (its hog functions' ids, joined by commas) or delete it, before running \`pulumi up\` again.`,
      );
    }
    return { ...withUnanswered(made, body), project_id: Number(where.scope), logs_alert_id: String(where.parent) };
  }

  /** One adopted holds the declared fields PostHog never answers, as one made does. */
  protected override async adopted(where: InLogsAlert, inputs: Json): Promise<LogsAlertDestinationRecord | undefined> {
    const record = await super.adopted(where, inputs);
    return record && withUnanswered(record, logsAlertDestinationModel.declaredSettings(inputs));
  }

  /** Any change of a declared field, or a live value that differs from it, replaces it: PostHog updates none. */
  protected override replaces(olds: Json, news: Json): string[] {
    const declared = isPlainObject(olds["declaredInputs"]) ? olds["declaredInputs"] : {};
    const changed = FIELD_NAMES.filter((field) => {
      const input = inputNameOf(logsAlertDestinationFields, field);
      const value = news[input];
      if (isUnknown(value)) return true;
      if (canonicalJson(value ?? null) !== canonicalJson(declared[input] ?? null)) return true;
      return value !== undefined && !logsAlertDestinationModel.valuesEqual(field, value, olds[input]);
    }).map((field) => inputNameOf(logsAlertDestinationFields, field));
    return [...super.replaces(olds, news), ...changed];
  }

  protected override async complete(
    record: LogsAlertDestinationRecord,
    declared: readonly string[],
  ): Promise<Placed<LogsAlertDestinationRecord>> {
    const placed = await super.complete(record, declared);
    return { ...placed, nowhere: placed.nowhere.filter((field) => !(UNANSWERED as readonly string[]).includes(field)) };
  }
}
