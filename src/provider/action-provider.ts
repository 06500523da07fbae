/**
 * The Action lifecycle: the kit's field-table lifecycle with its create, never sent twice blindly: after an unclear
 * answer the action is looked up by its name (unique among the project's live actions).
 */
import { actions, PostHogError, type Transport } from "../client";
import { FieldTableLifecycle } from "../kit/field-lifecycle";
import type { Json } from "../kit/lifecycle";
import type { Action } from "../schema/action";
import { actionDeclaration } from "./action-declaration";
import { type ActionRecord, actionState } from "./action-state";
import type { ProviderConfig } from "./config";

export class ActionProvider extends FieldTableLifecycle<Action> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(actionDeclaration, actionState, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<ActionRecord> {
    const name = body["name"];
    if (typeof name !== "string") throw new Error("name is required: PostHog names every action");
    try {
      return { ...(await actions.createAction(this.http(), projectId, { ...body, name })), project_id: projectId };
    } catch (error) {
      if (!(error instanceof PostHogError && error.kind === "ambiguous")) throw error;
      // The POST may have reached PostHog: its action, if any, has this name (unique among live actions).
      const found = await actions.findActionByName(this.http(), projectId, name);
      if (found) return { ...found, project_id: projectId };
      throw new Error(`${error.message} No action named "${name}" was created; run \`pulumi up\` again.`);
    }
  }
}
