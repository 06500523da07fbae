/** pulumi-posthog: manage PostHog projects with Pulumi and look up PostHog data. */
export { Project, type ProjectArgs, type ProjectState } from "./resources/project";
export type { ProjectInputs, ProjectOutputs } from "./provider";
export * from "./functions";
export { PostHogError } from "./client";
