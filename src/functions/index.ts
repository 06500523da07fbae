export * from "./actions";
export * from "./cohorts";
export * from "./dashboards";
export * from "./users";
export * from "./feature-flags";
export * from "./groups";
export * from "./projects";
export type { LookupOverrides, OrganizationOverride } from "./overrides";
