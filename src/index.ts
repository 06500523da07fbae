/** pulumi-posthog: manage PostHog projects with Pulumi and look up PostHog data. */
export { Project, type ProjectArgs, type ProjectState } from "./resources/project";
export type { ProjectInputs, ProjectOutputs } from "./resources/project-types";
// Every other kind's class and types (generated from the registry: src/generate/entries.ts).
export * from "./resources";
export * from "./functions";
export { PostHogError } from "./client/errors";
