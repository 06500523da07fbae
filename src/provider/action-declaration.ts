/**
 * Action, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/actions/`), soft-deleted
 * (`PATCH {"deleted": true}`: ActionViewSet is a ForbidDestroyModel, products/actions/backend/api/action.py),
 * identified as `<projectId>/<id>`. Every PATCH carries the name: PostHog 2025-08-04 answers 500 without it.
 */
import { actions, type Transport } from "../client";
import type { ResourceDeclaration } from "../kit/declaration";
import { inProject, tableInputs, tableOutputs } from "../kit/field-state";
import { ACTION_TOKEN, ACTION_TYPE } from "../kit/tokens";
import { actionFields } from "../schema/action-fields";
import { ActionProvider } from "./action-provider";
import type { ActionRecord } from "./action-state";

/** The body with the action's name: the lifecycle's updates have it; the delete's `{"deleted": true}` is given the live one. */
async function named(http: Transport, projectId: number, id: number, body: Record<string, unknown>) {
  if (typeof body["name"] === "string") return { ...body, name: body["name"] };
  return { ...body, name: (await actions.getAction(http, projectId, id)).name };
}

export const actionDeclaration: ResourceDeclaration<"project", ActionRecord> = {
  name: "Action",
  token: ACTION_TOKEN,
  dynamicType: ACTION_TYPE,
  noun: "action",
  scope: "project",
  identity: { output: "actionId", forms: ["<projectId>/<id>", "the numeric id (in the configured project)"] },
  deletion: "soft-delete",
  importInputs: ["projectId", "name"],
  api: {
    get: (http: Transport, projectId: number, id: number) => inProject(projectId, actions.getAction(http, projectId, id)),
    update: async (http: Transport, projectId: number, id: number, body: Record<string, unknown>) =>
      inProject(projectId, actions.updateAction(http, projectId, id, await named(http, projectId, id, body))),
    remove: async (http: Transport, projectId: number, id: number) =>
      actions.deleteAction(http, projectId, id, (await actions.getAction(http, projectId, id)).name),
  },
  schema: () => ({
    description:
      "A PostHog action: named events matched by steps. Declared fields are managed; deleted as PostHog deletes actions (marked deleted); one deleted by hand is created again.",
    inputs: tableInputs(actionFields, "action"),
    outputs: tableOutputs(actionFields, "action", { actionId: { type: "integer", description: "Numeric id of the action in PostHog." } }),
    required: ["actionId", "projectId", "name"],
  }),
  lookups: ["getAction", "listActions"],
  lifecycle: () => new ActionProvider(),
};
