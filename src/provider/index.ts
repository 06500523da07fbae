/**
 * The provider implementation, loaded by package name (`pulumi-posthog/provider`) inside Pulumi's dynamic-provider
 * host, so that the serialized provider in the state stays a few lines long and holds no code or credential of ours.
 */
import { ProjectProvider } from "./project-provider";

export { ProjectProvider } from "./project-provider";
export { resolveConfig, connect, requireOrganization, type ProviderConfig, type ConfigLookup } from "./config";
export {
  outputNames,
  recordOutputs,
  secretOutputNames,
  UNKNOWN,
  type ProjectInputs,
  type ProjectOutputs,
  type RecordedInputs,
} from "./project-state";

/** The one instance a provider host process uses; `configure` gives it the stack's configuration. */
export const projectProvider = new ProjectProvider();
