/**
 * `posthog.Survey`: questions shown to a project's users. The class declares inputs and outputs and hands them to the
 * engine; the lifecycle runs in `pulumi-posthog/provider` (SurveyProvider), loaded by name inside Pulumi's provider
 * host. Like ./project, this module loads nothing else of the package: its types are generated from the field table
 * into ./survey-types (src/kit/types.ts).
 */
import * as pulumi from "@pulumi/pulumi";
import { SURVEY_TYPE } from "../kit/tokens";
import { declaredRegistration, quietPromiseTraces, serializedProvider, warnIfPlainApiKey } from "./declared";
import { type SurveyArgs, type SurveyOutputProperties, type SurveyState, outputNames } from "./survey-types";

export type { SurveyArgs, SurveyState, SurveyOutputProperties, SurveyBranching, SurveyQuestion, SurveyType } from "./survey-types";

export const SURVEY_PROVIDER = serializedProvider("surveyProvider");

export interface Survey extends SurveyOutputProperties {}

/**
 * A PostHog survey.
 *
 * ```ts
 * new posthog.Survey("nps", {
 *   projectId: web.projectId,
 *   name: "NPS",
 *   type: "popover",
 *   questions: [{ type: "rating", question: "How likely are you to recommend us?", display: "number", scale: 10 }],
 *   linkedFlagId: beta.flagId,
 * });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above declares the output properties the engine fills in
export class Survey extends pulumi.CustomResource {
  /** Reads an existing survey into the program without managing it. `id` is `<projectId>/<uuid>`, or its UUID with `state.projectId`. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: SurveyState, opts?: pulumi.CustomResourceOptions): Survey {
    return new Survey(name, { projectId: state?.projectId } as SurveyArgs, { ...opts, id });
  }

  static override isInstance(obj: unknown): obj is Survey {
    return (
      obj instanceof Survey || (pulumi.CustomResource.isInstance(obj) && (obj as { __pulumiType?: string }).__pulumiType === SURVEY_TYPE)
    );
  }

  constructor(name: string, args: SurveyArgs, opts: pulumi.CustomResourceOptions = {}) {
    const facts = {
      className: "Survey",
      type: SURVEY_TYPE,
      provider: SURVEY_PROVIDER,
      outputNames,
      secretOutputNames: [],
    };
    const { props, options } = declaredRegistration(facts, name, { ...args }, opts);
    // `super` here, not in a shared base class: Pulumi records the frame that called this constructor as the
    // resource's source position.
    const restore = quietPromiseTraces();
    try {
      super(SURVEY_TYPE, name, props, options);
    } finally {
      restore();
    }
    warnIfPlainApiKey();
  }
}
