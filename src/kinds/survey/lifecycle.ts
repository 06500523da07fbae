/**
 * The Survey lifecycle: the kit's field-table lifecycle with its create, never sent twice blindly: after an unclear
 * answer the survey is looked up by its name (unique in the project) and taken only if this create made it; a name
 * PostHog finds taken names the survey that holds it.
 */
import { surveys, type Transport } from "../../client";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { ProviderConfig } from "../../kit/config";
import { surveyDeclaration, surveyRecord } from "./kind";
import { type SurveyRead, type SurveyRecord, surveyState } from "./state";

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
    // Names are unique in a project: the survey a lost answer may hide, or the one refusing the name, has it.
    const survey = await this.createOnce(
      projectId,
      sent,
      async () => surveyRecord(await surveys.createSurvey(this.http(), projectId, { ...sent, name })),
      {
        find: async () => {
          const found = await surveys.findSurveyByName(this.http(), projectId, name);
          return found ? [surveyRecord(found)] : [];
        },
        described: `named ${JSON.stringify(name)}`,
        // SurveySerializer.validate (products/surveys/backend/api/survey.py): "There is already a survey with this name.", code unique.
        taken: (error) => error.status === 400 && error.code === "unique" && /already a survey with this name/i.test(error.detail ?? ""),
        otherwise: "choose another name (PostHog keeps survey names unique in a project)",
      },
    );
    return { ...survey, project_id: projectId };
  }
}
