/**
 * The provider implementation, loaded by package name (`pulumi-posthog/provider`) inside Pulumi's dynamic-provider
 * host, so that the serialized provider in the state stays a few lines long and holds no code or credential of ours.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ResourceDeclaration } from "../kit/declaration";
import { withCompactRecord } from "../kit/recorded";
import { withRedactedFailures } from "../kit/redaction";
import { actionDeclaration } from "./action-declaration";
import { annotationDeclaration } from "./annotation-declaration";
import { featureFlagDeclaration } from "./feature-flag-declaration";
import { projectDeclaration } from "./project-declaration";
import { cohortDeclaration } from "./cohort-declaration";
import { dashboardDeclaration } from "./dashboard-declaration";
import { insightDeclaration } from "./insight-declaration";
import { alertDeclaration } from "./alert-declaration";
import { surveyDeclaration } from "./survey-declaration";
import { experimentDeclaration } from "./experiment-declaration";
import { hogFunctionDeclaration } from "./hog-function-declaration";

export { ProjectProvider } from "./project-provider";
export { FeatureFlagProvider } from "./feature-flag-provider";
export { AnnotationProvider } from "./annotation-provider";
export { ActionProvider } from "./action-provider";
export { CohortProvider } from "./cohort-provider";
export { DashboardProvider } from "./dashboard-provider";
export { InsightProvider } from "./insight-provider";
export { AlertProvider } from "./alert-provider";
export { SurveyProvider } from "./survey-provider";
export { ExperimentProvider } from "./experiment-provider";
export { HogFunctionProvider } from "./hog-function-provider";
export { resolveConfig, connect, requireOrganization, requireProject, type ProviderConfig, type ConfigLookup } from "./config";
export {
  outputNames,
  recordOutputs,
  secretOutputNames,
  UNKNOWN,
  type ProjectInputs,
  type ProjectOutputs,
  type RecordedInputs,
} from "./project-state";

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
