/**
 * The Action lifecycle: the kit's field-table lifecycle with its create, never sent twice blindly: after an unclear
 * answer the action is looked up by its name (unique among the project's live actions) and taken only if this create
 * made it; a name PostHog finds taken names the action that holds it.
 */
import { actions, type Transport } from "../../client";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { Action } from "./record";
import { actionDeclaration } from "./kind";
import { type ActionRecord, actionState } from "./state";
import type { ProviderConfig } from "../../kit/config";

export class ActionProvider extends FieldTableLifecycle<Action> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(actionDeclaration, actionState, connection);
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
