/**
 * Between Pulumi's view of an alert and PostHog's: the kit's field-table state over the alert's table
 * (src/schema/alert-fields.ts), with what is the alert's own: the insight, the subscribed users and the threshold
 * are required on create (AlertSerializer).
 */
import { fieldState, type InProject } from "../kit/field-state";
import type { AlertWithIds } from "../schema/alert-fields";
import { alertFields } from "../schema/alert-fields";

export type AlertRecord = InProject<AlertWithIds>;

export const alertState = fieldState<AlertWithIds>({
  className: "Alert",
  fields: alertFields,
  exampleInput: "calculationInterval",
  required: {
    insight: "PostHog's alerts watch an insight (an Insight's insightId)",
    subscribedUsers: "PostHog needs the users to notify (user ids; the list may be empty)",
    threshold: "PostHog needs the alert's threshold (`{configuration: {type, bounds}}`)",
  },
  // The outputs every Alert has: its ids, insight and state (a declared setting adds its live value).
  fixedOutputs: (record) => ({
    alertId: record.id,
    projectId: record.project_id,
    insight: record.insight,
    state: record.state,
  }),
});
