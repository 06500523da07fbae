/**
 * The Survey lifecycle: the kit's field-table lifecycle with its create, never sent twice blindly: after an unclear
 * answer the survey is looked up by its name (unique in the project).
 */
import { PostHogError, surveys, type Transport } from "../client";
import { FieldTableLifecycle } from "../kit/field-lifecycle";
import type { Json } from "../kit/lifecycle";
import type { ProviderConfig } from "./config";
import { surveyDeclaration, surveyRecord } from "./survey-declaration";
import { type SurveyRead, type SurveyRecord, surveyState } from "./survey-state";

export class SurveyProvider extends FieldTableLifecycle<SurveyRead> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(surveyDeclaration, surveyState, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<SurveyRecord> {
    const name = body["name"];
    if (typeof name !== "string") throw new Error("name is required: PostHog names every survey");
    // A new survey has no targeting flag to remove: `null` means none.
    const { targeting_flag_filters: targeting, ...rest } = body;
    const sent = targeting === null || targeting === undefined ? rest : body;
    try {
      return { ...surveyRecord(await surveys.createSurvey(this.http(), projectId, { ...sent, name })), project_id: projectId };
    } catch (error) {
      if (!(error instanceof PostHogError && error.kind === "ambiguous")) throw error;
      // The POST may have reached PostHog: its survey, if any, has this name (unique in the project).
      const found = await surveys.findSurveyByName(this.http(), projectId, name);
      if (found) return { ...surveyRecord(found), project_id: projectId };
      throw new Error(`${error.message} No survey named "${name}" was created; run \`pulumi up\` again.`);
    }
  }
}
