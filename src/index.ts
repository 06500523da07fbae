/** pulumi-posthog: manage PostHog projects with Pulumi and look up PostHog data. */
export { Project, type ProjectArgs, type ProjectState } from "./resources/project";
export type { ProjectInputs, ProjectOutputs } from "./resources/project-types";
export * from "./functions";
export { PostHogError } from "./client/errors";
