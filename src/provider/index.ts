/**
 * The provider implementation, loaded by package name (`pulumi-posthog/provider`) inside Pulumi's dynamic-provider
 * host, so that the serialized provider in the state stays a few lines long and holds no code or credential of ours.
 * Every kind's lifecycle and hosted provider come from the registry (./kinds, generated), each kind loaded on first
 * use: a host loads only what the stack's resources need.
 */
import type * as projectModel from "../kinds/project/model";

export * from "./kinds";
export { withoutStackTraces } from "./host";
export { resolveConfig, connect, requireOrganization, requireProject, type ProviderConfig, type ConfigLookup } from "../kit/config";
export type { FieldRecorded as RecordedInputs } from "../kit/field-model";
export { outputNames, secretOutputNames, type ProjectInputs, type ProjectOutputs } from "../resources/project-types";
export { UNKNOWN } from "../kit/unknown";

/** A project record's fields camelCased, as `getProject` answers them; Project's folder is loaded on the first call. */
export const recordOutputs: typeof projectModel.recordOutputs = (record) =>
  (require("../kinds/project/model") as typeof projectModel).recordOutputs(record);
