export * from "./actions";
export * from "./cohorts";
export * from "./feature-flags";
export * from "./groups";
export * from "./projects";
export type { LookupOverrides, OrganizationOverride } from "./overrides";
export * from "./surveys";
export * from "./experiments";
export * from "./hog-functions";
