/**
 * The provider implementation, loaded by package name (`pulumi-posthog/provider`) inside Pulumi's dynamic-provider
 * host, so that the serialized provider in the state stays a few lines long and holds no code or credential of ours.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Kind } from "../kit/kind";
import { withCompactRecord } from "../kit/recorded";
import { withRedactedFailures } from "../kit/redaction";
import { actionKind } from "../kinds/action/kind";
import { annotationKind } from "../kinds/annotation/kind";
import { featureFlagKind } from "../kinds/feature-flag/kind";
import { projectKind } from "../kinds/project/kind";
import { cohortKind } from "../kinds/cohort/kind";
import { dashboardKind } from "../kinds/dashboard/kind";
import { insightKind } from "../kinds/insight/kind";
import { alertKind } from "../kinds/alert/kind";
import { surveyKind } from "../kinds/survey/kind";
import { experimentKind } from "../kinds/experiment/kind";
import { hogFunctionKind } from "../kinds/hog-function/kind";

/** `XProvider` is the earlier name of each `XLifecycle` (kept: programs construct them). */
export { ProjectLifecycle, ProjectLifecycle as ProjectProvider } from "../kinds/project/kind";
export { FeatureFlagLifecycle, FeatureFlagLifecycle as FeatureFlagProvider } from "../kinds/feature-flag/kind";
export { AnnotationLifecycle, AnnotationLifecycle as AnnotationProvider } from "../kinds/annotation/kind";
export { ActionLifecycle, ActionLifecycle as ActionProvider } from "../kinds/action/kind";
export { CohortLifecycle, CohortLifecycle as CohortProvider } from "../kinds/cohort/kind";
export { DashboardLifecycle, DashboardLifecycle as DashboardProvider } from "../kinds/dashboard/kind";
export { InsightLifecycle, InsightLifecycle as InsightProvider } from "../kinds/insight/kind";
export { AlertLifecycle, AlertLifecycle as AlertProvider } from "../kinds/alert/kind";
export { SurveyLifecycle, SurveyLifecycle as SurveyProvider } from "../kinds/survey/kind";
export { ExperimentLifecycle, ExperimentLifecycle as ExperimentProvider } from "../kinds/experiment/kind";
export { HogFunctionLifecycle, HogFunctionLifecycle as HogFunctionProvider } from "../kinds/hog-function/kind";
export { resolveConfig, connect, requireOrganization, requireProject, type ProviderConfig, type ConfigLookup } from "../kit/config";
export { recordOutputs, type RecordedInputs } from "../kinds/project/model";
export { outputNames, secretOutputNames, type ProjectInputs, type ProjectOutputs } from "../resources/project-types";
export { UNKNOWN } from "../kit/unknown";

/**
 * `target` with every method's errors carrying their message as their stack. Pulumi's provider hosts print a failed
 * check, diff, read or delete to the CLI as `${error}: ${error.stack}` (@pulumi/pulumi cmd/dynamic-provider and
 * provider/server): with a real stack, every failing refresh showed the provider's source lines under the stack.
 */
export function withoutStackTraces<T extends object>(target: T): T {
  const traceless = (error: unknown): unknown => {
    if (error instanceof Error) error.stack = error.message;
    return error;
  };
  return new Proxy(target, {
    get(object, key) {
      const value: unknown = Reflect.get(object, key, object);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        try {
          const result: unknown = value.apply(object, args);
          return result instanceof Promise
            ? result.catch((error: unknown) => {
                throw traceless(error);
              })
            : result;
        } catch (error) {
          throw traceless(error);
        }
      };
    },
  });
}

/**
 * The lifecycle a dynamic-provider host process uses for a declared resource, with the slim record of its inputs
 * (../kit/recorded) and failures that name none of its secrets (../kit/redaction); `configure` gives it the stack's
 * configuration.
 */
function hosted(declaration: Kind): pulumi.dynamic.ResourceProvider {
  const lifecycle = withRedactedFailures(declaration.lifecycle(), declaration.secretInputPaths);
  return withoutStackTraces(withCompactRecord(lifecycle, () => Object.keys(declaration.schema().inputs)));
}

export const projectProvider = hosted(projectKind as Kind);
export const featureFlagProvider = hosted(featureFlagKind as Kind);
export const annotationProvider = hosted(annotationKind as Kind);
export const actionProvider = hosted(actionKind as Kind);
export const cohortProvider = hosted(cohortKind as Kind);
export const dashboardProvider = hosted(dashboardKind as Kind);
export const insightProvider = hosted(insightKind as Kind);
export const alertProvider = hosted(alertKind as Kind);
export const surveyProvider = hosted(surveyKind as Kind);
export const experimentProvider = hosted(experimentKind as Kind);
export const hogFunctionProvider = hosted(hogFunctionKind as Kind);
