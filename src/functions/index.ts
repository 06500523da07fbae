// Every kind's lookups, generated from the registry (src/generate/entries.ts); Project's, groups' and the user's are written out.
export * from "./kinds";
export * from "./users";
export * from "./groups";
export * from "./projects";
export type { LookupOverrides, OrganizationOverride } from "./overrides";
