/**
 * The provider implementation, loaded by package name (`pulumi-posthog/provider`) inside Pulumi's dynamic-provider
 * host, so that the serialized provider in the state stays a few lines long and holds no code or credential of ours.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ResourceDeclaration } from "../kit/declaration";
import { withCompactRecord } from "../kit/recorded";
import { actionDeclaration } from "./action-declaration";
import { annotationDeclaration } from "./annotation-declaration";
import { featureFlagDeclaration } from "./feature-flag-declaration";
import { projectDeclaration } from "./project-declaration";
import { CohortProvider } from "./cohort-provider";
import { SurveyProvider } from "./survey-provider";
import { ExperimentProvider } from "./experiment-provider";
import { HogFunctionProvider } from "./hog-function-provider";
import { DashboardProvider } from "./dashboard-provider";
import { InsightProvider } from "./insight-provider";
import { AlertProvider } from "./alert-provider";

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
 * (../kit/recorded); `configure` gives it the stack's configuration.
 */
function hosted(declaration: ResourceDeclaration): pulumi.dynamic.ResourceProvider {
  return withoutStackTraces(withCompactRecord(declaration.lifecycle(), () => Object.keys(declaration.schema().inputs)));
}

export const projectProvider = hosted(projectDeclaration as ResourceDeclaration);
export const featureFlagProvider = hosted(featureFlagDeclaration as ResourceDeclaration);
export const annotationProvider = hosted(annotationDeclaration as ResourceDeclaration);
export const actionProvider = hosted(actionDeclaration as ResourceDeclaration);

/** The one Cohort lifecycle a provider host process uses. */
export const cohortProvider = withoutStackTraces(new CohortProvider());
/** The one Dashboard lifecycle a provider host process uses. */
export const dashboardProvider = withoutStackTraces(new DashboardProvider());

/** The one Insight lifecycle a provider host process uses. */
export const insightProvider = withoutStackTraces(new InsightProvider());

/** The one Alert lifecycle a provider host process uses. */
export const alertProvider = withoutStackTraces(new AlertProvider());
/** The one Survey lifecycle a provider host process uses. */
export const surveyProvider = withoutStackTraces(new SurveyProvider());

/** The one Experiment lifecycle a provider host process uses. */
export const experimentProvider = withoutStackTraces(new ExperimentProvider());

/** The one HogFunction lifecycle a provider host process uses. */
export const hogFunctionProvider = withoutStackTraces(new HogFunctionProvider());
