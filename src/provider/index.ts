/**
 * The provider implementation, loaded by package name (`pulumi-posthog/provider`) inside Pulumi's dynamic-provider
 * host, so that the serialized provider in the state stays a few lines long and holds no code or credential of ours.
 * Every kind's lifecycle and hosted provider come from the registry (./kinds, generated).
 */
export * from "./kinds";
export { withoutStackTraces } from "./host";
export { resolveConfig, connect, requireOrganization, requireProject, type ProviderConfig, type ConfigLookup } from "../kit/config";
export { recordOutputs } from "../kinds/project/model";
export type { FieldRecorded as RecordedInputs } from "../kit/field-model";
export { outputNames, secretOutputNames, type ProjectInputs, type ProjectOutputs } from "../resources/project-types";
export { UNKNOWN } from "../kit/unknown";
