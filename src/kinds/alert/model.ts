/**
 * Between Pulumi's view of an alert and PostHog's: the kit's field-table model over the alert's table
 * (src/kinds/alert/fields.ts), with what is the alert's own: the insight, the subscribed users and the threshold
 * are required on create (AlertSerializer).
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { Json } from "../../kit/lifecycle";
import type { AlertWithIds } from "./fields";
import { alertFields } from "./fields";

export type AlertRecord = InProject<AlertWithIds>;

export const alertModel = fieldModel<AlertWithIds>({
  className: "Alert",
  noun: "alert",
  summary: "An alert on an insight of a project.",
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
});

/** The threshold as a program writes it: its configuration, and its name when it has one (PostHog adds id and time). */
function writtenThreshold(threshold: AlertWithIds["threshold"]): Json | null {
  if (!threshold) return null;
  return { ...(threshold.name ? { name: threshold.name } : {}), configuration: threshold.configuration };
}
