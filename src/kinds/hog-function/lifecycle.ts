/**
 * The HogFunction lifecycle: the kit's field-table lifecycle with its create and what PostHog fixes at create (`type`,
 * `templateId`: a change replaces the function). Names are not unique, so a create whose answer was lost cannot be
 * found again with certainty: it is never resent blindly, and the error says how to check for a twin.
 */
import { hogFunctions, PostHogError, type Transport } from "../../client";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { HogFunction } from "./record";
import type { ProviderConfig } from "../../kit/config";
import { hogFunctionDeclaration, hogFunctionRecord } from "./kind";
import { type HogFunctionRecord, hogFunctionState } from "./state";

export class HogFunctionProvider extends FieldTableLifecycle<HogFunction> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(hogFunctionDeclaration, hogFunctionState, connection);
  }

  protected override replaces(olds: Json, news: Json): string[] {
    const fixed = ["type", "templateId"].filter((input) => {
      const before = (olds["declaredInputs"] as Json | undefined)?.[input] ?? olds[input];
      return news[input] !== undefined && before !== undefined && news[input] !== before;
    });
    return [...super.replaces(olds, news), ...fixed];
  }

  protected override async obtain(projectId: number, body: Json): Promise<HogFunctionRecord> {
    try {
      return { ...hogFunctionRecord(await hogFunctions.createHogFunction(this.http(), projectId, body)), project_id: projectId };
    } catch (error) {
      if (!(error instanceof PostHogError && error.kind === "ambiguous")) throw error;
      throw new Error(
        `${error.message} The hog function may have been created: look for it in the project's data pipelines (name ${JSON.stringify(body["name"] ?? null)}) and adopt it with \`pulumi import posthog:index:HogFunction <name> ${projectId}/<uuid>\`, or delete it, before running \`pulumi up\` again.`,
      );
    }
  }
}
