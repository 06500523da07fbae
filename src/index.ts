/** pulumi-posthog: manage PostHog projects with Pulumi and look up PostHog data. */
export { Project, type ProjectArgs, type ProjectState } from "./resources/project";
export type { ProjectInputs, ProjectOutputs } from "./resources/project-types";
export {
  FeatureFlag,
  type FeatureFlagArgs,
  type FeatureFlagState,
  type FlagConditionSet,
  type FlagFilters,
  type FlagPropertyFilter,
} from "./resources/feature-flag";
export { Action, type ActionArgs, type ActionState, type ActionStep } from "./resources/action";
export {
  Cohort,
  type CohortArgs,
  type CohortState,
  type CohortFilters,
  type CohortFilterGroup,
  type CohortPropertyFilter,
} from "./resources/cohort";
export { Annotation, type AnnotationArgs, type AnnotationScope, type AnnotationState } from "./resources/annotation";
export { Dashboard, type DashboardArgs, type DashboardState, type DashboardTextTile } from "./resources/dashboard";
export { Insight, type InsightArgs, type InsightQuery, type InsightState } from "./resources/insight";
export { Alert, type AlertArgs, type AlertState, type AlertThreshold } from "./resources/alert";
export {
  Survey,
  type SurveyArgs,
  type SurveyBranching,
  type SurveyQuestion,
  type SurveyState,
  type SurveyType,
} from "./resources/survey";
export {
  Experiment,
  type ExperimentArgs,
  type ExperimentParameters,
  type ExperimentState,
  type ExperimentVariant,
} from "./resources/experiment";
export {
  HogFunction,
  type HogFunctionArgs,
  type HogFunctionInput,
  type HogFunctionInputSchema,
  type HogFunctionState,
  type HogFunctionType,
} from "./resources/hog-function";
export * from "./functions";
export { PostHogError } from "./client/errors";
