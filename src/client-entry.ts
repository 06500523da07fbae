/**
 * `pulumi-posthog/client`: the PostHog HTTP client (./client) with every kind's endpoints and the records they answer.
 * No Pulumi here, usable from any Node program.
 */
export * from "./client";
// Every kind's endpoints and record type, generated from the registry (src/generate/entries.ts).
export * from "./client-kinds";
export type { ProjectRecord, ProjectListItem } from "./kinds/project/fields";
export type { DashboardTile } from "./kinds/dashboard/record";
