/**
 * Between Pulumi's view of a log alert destination and PostHog's: the kit's field-table model over its table
 * (./fields.ts), nested in a log alert of a project, with what each type needs (`validate_destination_data`,
 * products/logs/backend/alert_destinations.py; LogsAlertCreateDestinationSerializer.validate,
 * products/logs/backend/alerts_api.py).
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { Failure, Json } from "../../kit/lifecycle";
import { isUnknown } from "../../kit/unknown";
import { logsAlertDestinationFields, SERIALIZER } from "./fields";
import type { LogsAlertDestination } from "./record";

export type LogsAlertDestinationRecord = InProject<LogsAlertDestination>;

export const LOGS_ALERT_PARENT = { input: "logsAlertId", noun: "log alert", key: "uuid" } as const;

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

export const logsAlertDestinationModel = fieldModel<LogsAlertDestination>({
  className: "LogsAlertDestination",
  noun: "log alert destination",
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
});

/**
 * Where secrets sit among the inputs: a webhook URL (its path carries the credential: whoever holds it can post) and
 * a PagerDuty integration key.
 */
export function secretInputPaths(inputs: Json): string[][] {
  return ["webhookUrl", "pagerdutyRoutingKey"]
    .filter((input) => inputs[input] !== undefined && inputs[input] !== null)
    .map((input) => [input]);
}
