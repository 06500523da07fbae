/**
 * Action, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/actions/`), soft-deleted
 * (`PATCH {"deleted": true}`: ActionViewSet is a ForbidDestroyModel, products/actions/backend/api/action.py),
 * identified as `<projectId>/<id>`. Every PATCH carries the name: PostHog 2025-08-04 answers 500 without it.
 */
import { actionExample } from "./example";
import type { Transport } from "../../client";
import * as actions from "./endpoints";
import type { Kind } from "../../kit/kind";
import { ANY } from "../../kit/property";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { kindNames } from "../../kit/tokens";
import { actionFields, normalStep } from "./fields";
import { type ActionRecord, actionModel } from "./model";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { Action } from "./record";
import type { ProviderConfig } from "../../kit/config";
import { wholeList } from "../../kit/list-reads";

/** The body with the action's name: the lifecycle's updates have it; the delete's `{"deleted": true}` is given the live one. */
async function named(http: Transport, projectId: number, id: number, body: Record<string, unknown>) {
  if (typeof body["name"] === "string") return { ...body, name: body["name"] };
  return { ...body, name: (await actions.getAction(http, projectId, id)).name };
}

export const actionKind: Kind<"project", ActionRecord> = {
  ...kindNames("Action"),
  example: actionExample,
  noun: "action",
  scope: "project",
  identity: { output: "actionId" },
  deletion: "soft-delete",
  importInputs: ["projectId", "name"],
  api: projectScopedApi({
    get: actions.getAction,
    update: async (http, projectId, id, body) => actions.updateAction(http, projectId, id, await named(http, projectId, id, body)),
    remove: async (http, projectId, id) => actions.deleteAction(http, projectId, id, (await actions.getAction(http, projectId, id)).name),
  }),
  // ActionViewSet lists every live action with ActionSerializer, as it retrieves, in one answer without `next`
  // (products/actions/backend/api/action.py; the 2025-08-04 backend's `{"results"}` and GET compared equal).
  listReads: wholeList(actions.listActions),
  schema: () => ({
    description:
      "A PostHog action: named events matched by steps. Declared fields are managed; deleted as PostHog deletes actions (marked deleted); one deleted by hand is created again.",
    inputs: tableInputs(actionFields, "action"),
    outputs: tableOutputs(actionFields, "action", { actionId: { type: "integer", description: "Numeric id of the action in PostHog." } }),
    required: ["actionId", "projectId", "name"],
  }),
  lookups: {
    list: (http, projectId) => actions.listActions(http, projectId),
    uniqueBy: { input: "name", spec: { type: "string", description: "The action's name." }, find: actions.findActionByName },
    // ActionViewSet's list takes no search: the names are matched here.
    filters: {
      search: {
        spec: { type: "string", description: "Part of the name (case-insensitive)." },
        match: (action, v) =>
          String(action["name"] ?? "")
            .toLowerCase()
            .includes(String(v).toLowerCase()),
      },
    },
    outputs: {
      name: { type: "string", nullable: true },
      description: { type: "string" },
      steps: { type: "array", items: { type: "object", additionalProperties: ANY } },
      tags: { type: "array", items: { type: "string" } },
    },
  },
  model: actionModel,
  lifecycle: () => new ActionLifecycle(),
  // ActionViewSet lists with ActionSerializer (products/actions/backend/api/action.py), unpaginated: the lookups'
  // list, no GET each.
  importer: projectScopedImport(actionFields, {
    // The Action model's defaults (posthog/models/action/action.py).
    defaults: { description: "", steps: [], tags: [], post_to_slack: false, slack_message_format: "" },
    // A step as a program writes it: PostHog answers every step field (null when unset) and its own `selector_regex`.
    inputValue: (field, value) => (field === "steps" && Array.isArray(value) ? value.map(normalStep) : value),
    label: (action) => action.name ?? `action ${action.id}`,
  }),
};

/**
 * The Action lifecycle: the kit's field-table lifecycle with its create, never sent twice blindly: after an unclear
 * answer the action is looked up by its name (unique among the project's live actions) and taken only if this create
 * made it; a name PostHog finds taken names the action that holds it.
 */
export class ActionLifecycle extends FieldTableLifecycle<Action> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(actionKind, actionModel, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<ActionRecord> {
    const name = body["name"];
    if (typeof name !== "string") throw new Error("name is required: PostHog names every action");
    // Names are unique among live actions: the action a lost answer may hide, or the one refusing the name, has it.
    const action = await this.createOnce(projectId, body, () => actions.createAction(this.http(), projectId, { ...body, name }), {
      find: async () => {
        const found = await actions.findActionByName(this.http(), projectId, name);
        return found ? [found] : [];
      },
      described: `named ${JSON.stringify(name)}`,
      // ActionSerializer.validate (posthog/api/action.py): "This project already has an action with this name, ID <id>", code unique.
      taken: (error) => error.status === 400 && error.attr === "name" && error.code === "unique",
      otherwise: "choose another name (PostHog keeps names unique among live actions)",
    });
    return { ...action, project_id: projectId };
  }
}
