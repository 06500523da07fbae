/**
 * The action endpoints (posthog/api/action.py, ActionViewSet), one function each. PostHog 2025-08-04 answers a PATCH
 * without `name` with a 500 (ActionSerializer.validate reads `attrs["name"]`); today's PostHog does not need it. Every
 * PATCH here sends the name, which both accept.
 */
import { type Action, actionListSchema, actionSchema } from "./record";
import * as objects from "../../client/project-objects";
import type { Transport } from "../../client/transport";

export type ActionBody = objects.ObjectBody;

const actions = objects.endpoints<typeof actionSchema, number>({ path: "actions", noun: "action", schema: actionSchema });

/** Every action of the project that is not deleted: PostHog answers them in one unpaginated `{"results": [...]}`. */
export async function listActions(http: Transport, projectId: number): Promise<Action[]> {
  const answer = await http.request({
    method: "GET",
    path: objects.collectionPath(actions.collection, projectId),
    schema: actionListSchema,
    subject: `project ${projectId}`,
  });
  return answer.results;
}

/** The live action with exactly this name (unique among live actions of a project), or null. */
export async function findActionByName(http: Transport, projectId: number, name: string): Promise<Action | null> {
  return (await listActions(http, projectId)).find((a) => a.name === name) ?? null;
}

export const getAction = actions.get;

/** Never resent once it may have reached PostHog: look the name up (findActionByName) before trying again. */
export function createAction(http: Transport, projectId: number, body: ActionBody & { name: string }): Promise<Action> {
  return actions.create(http, projectId, body);
}

export function updateAction(http: Transport, projectId: number, id: number, body: ActionBody & { name: string | null }): Promise<Action> {
  return actions.update(http, projectId, id, body);
}

/** With the action's current name, which PostHog 2025-08-04 needs in every PATCH. */
export function deleteAction(http: Transport, projectId: number, id: number, name: string | null): Promise<Action> {
  return objects.softDelete(http, actions.collection, projectId, id, { name });
}
