/**
 * LogsAlertDestination, declared once for the kit (src/kit): nested in a log alert of a project (the alert's
 * `destinations` actions, LogsAlertViewSet, products/logs/backend/alerts_api.py), identified as
 * `<projectId>/<logsAlertId>/<hog function ids, sorted, joined by commas>`: PostHog gives a destination no id of its
 * own, only the hog functions it makes for it (one per alert event kind), created and deleted together. PostHog
 * updates no destination: any change replaces it (the new one is made before the old one goes, so the alert is never
 * without it). A webhook URL and a PagerDuty key are Pulumi secrets. Today's PostHog only (`logs:write`); PostHog
 * 2025-08-04 has no log alerts. Its model holds what each type needs (`validate_destination_data`,
 * products/logs/backend/alert_destinations.py; LogsAlertCreateDestinationSerializer.validate, alerts_api.py).
 */
import { logsAlertDestinationExample } from "./example";
import { PostHogError, type Transport } from "../../client";
import * as destinations from "./endpoints";
import { defineKind } from "../../kit/define-kind";
import type { InProject } from "../../kit/field-model";
import type { LogsAlertDestination } from "./record";
import { logsAlertDestinationFields, SERIALIZER, UNANSWERED } from "./fields";
import type { Failure, Json } from "../../kit/lifecycle";
import { canonicalJson, isPlainObject } from "../../kit/json";
import { isUnknown } from "../../kit/unknown";
import { inputNameOf } from "../../kit/field-table";
import { logsAlertKind, unservedBefore } from "../logs-alert/kind";

type InLogsAlert = destinations.InLogsAlert;
const FIELD_NAMES = Object.keys(logsAlertDestinationFields);

/** REQUIRED_DESTINATION_FIELDS (alert_destinations.py), by the inputs' names. */
const NEEDS: Readonly<Record<string, readonly string[]>> = {
  slack: ["slackWorkspaceId", "slackChannelId"],
  webhook: ["webhookUrl"],
  teams: ["webhookUrl"],
  pagerduty: ["pagerdutyRoutingKey"],
};

function neededFailures(inputs: Json, failed: (input: string) => boolean): Failure[] {
  const type = inputs["type"];
  if (typeof type !== "string" || failed("type")) return [];
  // `not data.get(field)`: an absent field or a workspace id 0, which Python takes as false (a blank text fails its
  // field first, as PostHog's serializer checks the fields before `validate`).
  const missing = (NEEDS[type] ?? []).filter((input) => {
    const value = inputs[input];
    return !failed(input) && (value === undefined || value === null || value === 0 || value === "");
  });
  return missing
    .filter((input) => !isUnknown(inputs[input]))
    .map((input) => ({
      property: input,
      reason: `${input} is required for ${type} destinations (validate_destination_data, ${SERIALIZER})`,
    }));
}

/**
 * Where secrets sit among the inputs: a webhook URL (its path carries the credential: whoever holds it can post) and
 * a PagerDuty integration key.
 */
function secretInputPaths(inputs: Json): string[][] {
  return ["webhookUrl", "pagerdutyRoutingKey"]
    .filter((input) => inputs[input] !== undefined && inputs[input] !== null)
    .map((input) => [input]);
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

/**
 * What PostHog never answers (a Slack channel's name) as what was sent: not a setting still to send after the create
 * or an adoption (PostHog updates no destination), and never drift.
 */
function withUnanswered<T extends object>(record: T, sent: Json): T {
  return { ...record, ...Object.fromEntries(UNANSWERED.filter((field) => sent[field] !== undefined).map((field) => [field, sent[field]])) };
}

export const {
  kind: logsAlertDestinationKind,
  model: logsAlertDestinationModel,
  Lifecycle: LogsAlertDestinationLifecycle,
} = defineKind({
  name: "LogsAlertDestination",
  noun: "log alert destination",
  description:
    "Where a PostHog log alert's notifications go: a Slack channel, a webhook, Microsoft Teams or PagerDuty. PostHog makes one hog function per alert event kind for it and updates none: any change replaces it. A webhook URL and a PagerDuty key are secrets, which PostHog answers only in part. Today's PostHog only (`logs:write`).",
  example: logsAlertDestinationExample,
  scope: "project",
  parent: { input: "logsAlertId", noun: "log alert", key: "uuid" },
  identity: {
    output: "logsAlertDestinationId",
    key: "text",
    doc: "The destination's hog functions' ids, sorted and joined by commas (PostHog gives it no id of its own).",
  },
  deletion: "delete",
  importInputs: ["projectId", "logsAlertId", "type"],
  endpoints: {
    get: destinations.getLogsAlertDestination,
    // LogsAlertViewSet has no update of a destination: the lifecycle replaces one whose fields change.
    update: () => Promise.reject(new Error("PostHog updates no log alert destination: a change replaces it.")),
    remove,
    create: destinations.createLogsAlertDestination,
  },
  // Every field's change replaces the destination (PostHog updates none).
  inputs: (table) => Object.fromEntries(Object.entries(table).map(([name, spec]) => [name, { ...spec, willReplaceOnChanges: true }])),
  outputs: {
    type: { type: "string", description: "Where notifications go." },
    hogFunctionIds: { type: "array", items: { type: "string" }, description: "The hog functions PostHog made for it." },
  },
  secretInputPaths,
  // A webhook's URL carries its credential (whoever holds it can post: a Teams incoming webhook's too) and a PagerDuty
  // integration key opens incidents; PostHog keeps both in its hog functions' encrypted inputs
  // (products/logs/backend/alert_destinations.py). A Slack channel stays plain.
  secretInProgram: {
    inputs: [{ input: "webhookUrl" }, { input: "pagerdutyRoutingKey" }],
    doc: "A webhook URL and a PagerDuty integration key become Pulumi secrets",
  },
  summary: "Where a log alert's notifications go: a Slack channel, a webhook, Microsoft Teams or PagerDuty.",
  fields: logsAlertDestinationFields,
  exampleInput: "type",
  required: { type: 'PostHog needs the destination\'s type ("slack", "webhook", "teams" or "pagerduty")' },
  moreFailures: (inputs, _known, failed) => neededFailures(inputs, failed),
  fixedOutputs: (record) => ({ type: record.type, hogFunctionIds: record.hog_function_ids }),
  outputTypes: {
    type: { type: "string", doc: "Where notifications go." },
    hogFunctionIds: { type: "string[]", doc: "The hog functions PostHog made for the destination, one per alert event kind." },
  },
  // No lookups: a destination is named by nothing but its alert, which a program has.
  // Alert by alert: PostHog answers destinations in their alert's retrieve only.
  importer: {
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
  },
  lostCreate: (sent) =>
    `among the log alert's destinations in PostHog for a ${String(sent["type"])} one (its key: its hog functions' ids, sorted, joined by commas)`,
  createRefusal: unservedBefore,
  // The hooks that name this kind's model say their return types: inferring them would go through the model being defined.
  hooks: {
    /** What PostHog never answers (a Slack channel's name) is what was sent. */
    async obtain(where, body, inputs) {
      return withUnanswered(await this.kit.obtain(where, body, inputs), body);
    },
    /** One adopted holds the declared fields PostHog never answers, as one made does. */
    async adopted(where, inputs): Promise<InProject<LogsAlertDestination> | undefined> {
      const record = await this.kit.adopted(where, inputs);
      return record && withUnanswered(record, logsAlertDestinationModel.declaredSettings(inputs));
    },
    /** Any change of a declared field, or a live value that differs from it, replaces it: PostHog updates none. */
    replaces(olds, news): string[] {
      const declared = isPlainObject(olds["declaredInputs"]) ? olds["declaredInputs"] : {};
      const changed = FIELD_NAMES.filter((field) => {
        const input = inputNameOf(logsAlertDestinationFields, field);
        const value = news[input];
        if (isUnknown(value)) return true;
        if (canonicalJson(value ?? null) !== canonicalJson(declared[input] ?? null)) return true;
        return value !== undefined && !logsAlertDestinationModel.valuesEqual(field, value, olds[input]);
      }).map((field) => inputNameOf(logsAlertDestinationFields, field));
      return [...this.kit.replaces(olds, news), ...changed];
    },
    /** A field PostHog never answers is not one missing from PostHog. */
    async complete(record, declared) {
      const placed = await this.kit.complete(record, declared);
      return { ...placed, nowhere: placed.nowhere.filter((field) => !(UNANSWERED as readonly string[]).includes(field)) };
    },
  },
});
