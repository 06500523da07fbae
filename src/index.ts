/** pulumi-posthog: manage PostHog projects with Pulumi and look up PostHog data. */
// Every kind's class and types (generated from the registry: src/generate/entries.ts); Project's `ProjectInputs` and
// `ProjectOutputs` are among them.
export * from "./resources";
export * from "./functions";
export { PostHogError } from "./client/errors";
