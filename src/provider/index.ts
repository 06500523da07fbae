/**
 * The provider implementation, loaded by package name (`pulumi-posthog/provider`) inside Pulumi's dynamic-provider
 * host, so that the serialized provider in the state stays a few lines long and holds no code or credential of ours.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ResourceDeclaration } from "../kit/declaration";
import { withCompactRecord } from "../kit/recorded";
import { withRedactedFailures } from "../kit/redaction";
import { actionDeclaration } from "../kinds/action/kind";
import { annotationDeclaration } from "../kinds/annotation/kind";
import { featureFlagDeclaration } from "../kinds/feature-flag/kind";
import { projectDeclaration } from "../kinds/project/kind";
import { cohortDeclaration } from "../kinds/cohort/kind";
import { dashboardDeclaration } from "../kinds/dashboard/kind";
import { insightDeclaration } from "../kinds/insight/kind";
import { alertDeclaration } from "../kinds/alert/kind";
import { surveyDeclaration } from "../kinds/survey/kind";
import { experimentDeclaration } from "../kinds/experiment/kind";
import { hogFunctionDeclaration } from "../kinds/hog-function/kind";

export { ProjectProvider } from "../kinds/project/kind";
export { FeatureFlagProvider } from "../kinds/feature-flag/kind";
export { AnnotationProvider } from "../kinds/annotation/kind";
export { ActionProvider } from "../kinds/action/kind";
export { CohortProvider } from "../kinds/cohort/kind";
export { DashboardProvider } from "../kinds/dashboard/kind";
export { InsightProvider } from "../kinds/insight/kind";
export { AlertProvider } from "../kinds/alert/kind";
export { SurveyProvider } from "../kinds/survey/kind";
export { ExperimentProvider } from "../kinds/experiment/kind";
export { HogFunctionProvider } from "../kinds/hog-function/kind";
export { resolveConfig, connect, requireOrganization, requireProject, type ProviderConfig, type ConfigLookup } from "../kit/config";
export {
  outputNames,
  recordOutputs,
  secretOutputNames,
  type ProjectInputs,
  type ProjectOutputs,
  type RecordedInputs,
} from "../kinds/project/state";
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
function hosted(declaration: ResourceDeclaration): pulumi.dynamic.ResourceProvider {
  const lifecycle = withRedactedFailures(declaration.lifecycle(), declaration.secretInputPaths);
  return withoutStackTraces(withCompactRecord(lifecycle, () => Object.keys(declaration.schema().inputs)));
}

export const projectProvider = hosted(projectDeclaration as ResourceDeclaration);
export const featureFlagProvider = hosted(featureFlagDeclaration as ResourceDeclaration);
export const annotationProvider = hosted(annotationDeclaration as ResourceDeclaration);
export const actionProvider = hosted(actionDeclaration as ResourceDeclaration);
export const cohortProvider = hosted(cohortDeclaration as ResourceDeclaration);
export const dashboardProvider = hosted(dashboardDeclaration as ResourceDeclaration);
export const insightProvider = hosted(insightDeclaration as ResourceDeclaration);
export const alertProvider = hosted(alertDeclaration as ResourceDeclaration);
export const surveyProvider = hosted(surveyDeclaration as ResourceDeclaration);
export const experimentProvider = hosted(experimentDeclaration as ResourceDeclaration);
export const hogFunctionProvider = hosted(hogFunctionDeclaration as ResourceDeclaration);
