/**
 * `posthog.Survey`: questions shown to a project's users. The class declares inputs and outputs and hands them to the
 * engine; the lifecycle runs in `pulumi-posthog/provider` (SurveyProvider), loaded by name inside Pulumi's provider
 * host. Like ./project, this module loads nothing else of the package: its types are written out.
 */
import * as pulumi from "@pulumi/pulumi";
import { SURVEY_TYPE } from "../kit/tokens";
import { declaredRegistration, quietPromiseTraces, serializedProvider, warnIfPlainApiKey } from "./declared";

type In<T> = pulumi.Input<T>;

/** What happens after a question (posthog-js `SurveyQuestionBranchingType`). */
export type SurveyBranching =
  | { type: "next_question" | "end" }
  | { type: "specific_question"; index: number }
  | { type: "response_based"; responseValues: Record<string, number | "end"> };

interface QuestionBase {
  question: string;
  description?: string | null;
  descriptionContentType?: "text" | "html" | null;
  buttonText?: string | null;
  optional?: boolean | null;
  branching?: SurveyBranching | null;
  /** PostHog gives each question one when it is not given. */
  id?: string;
}

/** One question, each kind with its own fields. */
export type SurveyQuestion =
  | (QuestionBase & { type: "open" })
  | (QuestionBase & { type: "link"; link?: string | null })
  | (QuestionBase & { type: "rating"; display: "number" | "emoji"; scale: number; lowerBoundLabel?: string; upperBoundLabel?: string })
  | (QuestionBase & { type: "single_choice" | "multiple_choice"; choices: string[]; hasOpenChoice?: boolean; shuffleOptions?: boolean });

export type SurveyType = "popover" | "widget" | "external_survey" | "api";

/** A survey's inputs (products/surveys/backend/api/survey.py), camelCase. */
export interface SurveyArgs {
  /** The project (a number, or a Project's projectId); defaults to `posthog:projectId` or POSTHOG_PROJECT_ID. Changing it replaces the survey. */
  projectId?: In<number>;
  /** Take over this existing survey (its UUID) on create instead of creating one (GET, then a PATCH of what differs). */
  adoptId?: In<string>;
  /** Unique in the project; at most 400 characters. */
  name: In<string>;
  description?: In<string>;
  type: In<SurveyType>;
  questions?: In<In<SurveyQuestion>[]>;
  /** Colours, placement, texts, `surveyPopupDelaySeconds`, … */
  appearance?: In<Record<string, unknown> | null>;
  /** `url`, `urlMatchType`, `selector`, `events`, `actions`, `deviceTypes`, `seenSurveyWaitPeriodInDays`, `linkedFlagVariant`. */
  conditions?: In<Record<string, unknown> | null>;
  /** A feature flag's numeric id (a FeatureFlag's flagId). */
  linkedFlagId?: In<number | null>;
  /** Who sees it, as a feature flag's filters; `null` removes PostHog's targeting flag. */
  targetingFlagFilters?: In<Record<string, unknown> | null>;
  /** ISO 8601; set to launch. */
  startDate?: In<string | null>;
  /** ISO 8601; set to stop. */
  endDate?: In<string | null>;
  responsesLimit?: In<number | null>;
  archived?: In<boolean>;
  enablePartialResponses?: In<boolean>;
}

/** Properties for looking up an existing survey with `Survey.get`. */
export interface SurveyState {
  /** The project, when the id is only the survey's UUID; defaults to `posthog:projectId`. */
  projectId?: In<number>;
}

export const SURVEY_PROVIDER = serializedProvider("surveyProvider");

export interface Survey {
  /** The survey's UUID in PostHog. */
  readonly surveyId: pulumi.Output<string>;
  readonly projectId: pulumi.Output<number>;
  readonly name: pulumi.Output<string>;
  readonly type: pulumi.Output<SurveyType>;
  /** The live values of the declared fields (present when declared). */
  readonly description?: pulumi.Output<string>;
  readonly questions?: pulumi.Output<SurveyQuestion[]>;
  readonly appearance?: pulumi.Output<Record<string, unknown> | null>;
  readonly conditions?: pulumi.Output<Record<string, unknown> | null>;
  readonly linkedFlagId?: pulumi.Output<number | null>;
  readonly targetingFlagFilters?: pulumi.Output<Record<string, unknown> | null>;
  readonly startDate?: pulumi.Output<string | null>;
  readonly endDate?: pulumi.Output<string | null>;
  readonly responsesLimit?: pulumi.Output<number | null>;
  readonly archived?: pulumi.Output<boolean>;
  readonly enablePartialResponses?: pulumi.Output<boolean>;
}

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
      outputNames: ["surveyId", "projectId", "name", "type"],
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
