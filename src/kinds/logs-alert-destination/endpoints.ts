/**
 * The log alert destination endpoints, actions of LogsAlertViewSet (products/logs/backend/alerts_api.py):
 * `POST …/logs/alerts/<alert>/destinations/` makes one (answering only the ids of its hog functions),
 * `POST …/destinations/delete/` deletes a group of hog functions whole (204; refused whole when one is not the
 * alert's). A destination is read from its alert's retrieve (`destinations`). No update: PostHog has none.
 */
import { z } from "zod";
import { PostHogError, type Transport } from "../../client";
import { collectionPath, type ObjectBody } from "../../client/project-objects";
import { logsAlertCollection, getLogsAlert } from "../logs-alert/endpoints";
import type { Nested } from "../../kit/kind";
import { destinationIdOf, type LogsAlertDestination, withDestinationId } from "./record";

export type InLogsAlert = Nested<"project">;

const destinationsPath = (where: InLogsAlert) => `${collectionPath(logsAlertCollection, where.scope)}${String(where.parent)}/destinations/`;

/** Every destination of one alert, as its retrieve answers them. */
export async function listLogsAlertDestinations(http: Transport, where: InLogsAlert): Promise<LogsAlertDestination[]> {
  const alert = await getLogsAlert(http, Number(where.scope), String(where.parent));
  return (alert.destinations ?? []).map(withDestinationId);
}

/**
 * One destination, by its hog functions: 404 when none of the alert's destinations holds them (deleted, or its alert
 * deleted); an error when a group holds only some of them, or they are split over several (what PostHog holds is then
 * no longer what was made: nothing is rewritten).
 */
export async function getLogsAlertDestination(http: Transport, where: InLogsAlert, id: string): Promise<LogsAlertDestination> {
  const wanted = id.toLowerCase().split(",");
  const sharing = (await listLogsAlertDestinations(http, where)).filter((d) =>
    d.hog_function_ids.some((hf) => wanted.includes(hf.toLowerCase())),
  );
  if (sharing.length === 1 && sharing[0]!.id === destinationIdOf(wanted)) return sharing[0]!;
  if (sharing.length > 0)
    throw new Error(
      `Log alert destination ${id} of log alert ${String(where.parent)} is no longer one group of hog functions in PostHog (it holds ${sharing.map((d) => d.id).join(" and ")}): nothing was changed. Delete the destination in PostHog and run \`pulumi up --refresh\` to create it again.`,
    );
  throw new PostHogError({
    kind: "http",
    status: 404,
    method: "GET",
    path: destinationsPath(where),
    detail: `Log alert destination ${id} is not among its alert's destinations.`,
  });
}

/**
 * One destination, read back after its create (PostHog answers only its hog functions' ids). Never resent once it may
 * have reached PostHog: a resend makes a second group that notifies twice.
 */
export async function createLogsAlertDestination(http: Transport, where: InLogsAlert, body: ObjectBody): Promise<LogsAlertDestination> {
  const made = await http.request({
    method: "POST",
    path: destinationsPath(where),
    body,
    schema: z.looseObject({ hog_function_ids: z.array(z.string()) }),
    subject: `log alert ${String(where.parent)} in project ${String(where.scope)}`,
  });
  return getLogsAlertDestination(http, where, destinationIdOf(made.hog_function_ids));
}

/** Its hog functions deleted as one group (204). */
export async function deleteLogsAlertDestination(http: Transport, where: InLogsAlert, id: string): Promise<void> {
  await http.request({
    method: "POST",
    path: `${destinationsPath(where)}delete/`,
    body: { hog_function_ids: id.split(",") },
    subject: `log alert destination ${id} of log alert ${String(where.parent)}`,
  });
}
