/**
 * A log alert destination as the kit reads it: one entry of the alert's `destinations` (LogsAlertDestinationConfigApi,
 * answered by the alert's retrieve, products/logs/backend/alerts_api.py) with the id the kit gives it. PostHog gives
 * a destination no id of its own: it is the group of hog functions it made for it, one per alert event kind, so its
 * id here is their ids, sorted and joined by commas (as PostHog's Terraform provider does). A webhook URL comes back
 * reduced to its scheme and host, a PagerDuty key to its last four characters; a Slack channel's name never.
 */
import type { LogsAlertDestinationAnswer } from "../logs-alert/record";

/** `logs_alert_id`: where it was read (the kit adds its parent's id, as it adds its project's). */
export type LogsAlertDestination = LogsAlertDestinationAnswer & { id: string; logs_alert_id?: string };

/** The id of a group of hog functions: their ids, sorted, joined by commas. */
export const destinationIdOf = (hogFunctionIds: readonly string[]) =>
  [...hogFunctionIds]
    .map((id) => id.toLowerCase())
    .sort()
    .join(",");

export function withDestinationId(answer: LogsAlertDestinationAnswer): LogsAlertDestination {
  return { ...answer, id: destinationIdOf(answer.hog_function_ids) };
}
