/** pulumi-posthog: every kind of the registry (src/kinds/index.ts) as a Pulumi resource, and the lookups of PostHog data. */
// Every kind's class and types (generated from the registry: src/generate/entries.ts); Project's `ProjectInputs` and
// `ProjectOutputs` are among them.
export * from "./resources";
export * from "./functions";
export { PostHogError } from "./client/errors";
