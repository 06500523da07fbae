/** Read-only project lookups, for projects the program does not manage (or reads before managing). */
import type * as pulumi from "@pulumi/pulumi";
import type { ActivityEntry, Transport } from "../client";
import type { ProjectListItem } from "../kinds/project/fields";
import type { ProjectRecordOutputs } from "../resources/project-types";
import { httpClient, lookupOrganization, lookupTransport, outputForm } from "./lazy";
import type { OrganizationOverride } from "./overrides";

/** A project as PostHog returns it, camelCased (`Project`'s outputs): fields PostHog did not send are absent. */
export type ProjectResult = ProjectRecordOutputs;

/** A row of the project list (PostHog's reduced serializer). */
export interface ProjectSummary {
  projectId: number;
  uuid: string;
  organizationId: string;
  name: string;
  apiToken: string;
  timezone: string | null;
  isDemo: boolean | null;
  ingestedEvent: boolean | null;
  completedSnippetOnboarding: boolean | null;
  hasCompletedOnboardingFor: unknown;
  accessControl: boolean | null;
}

export interface ActivityResult {
  activity: string;
  scope: string;
  itemId: string | null;
  user: { firstName: string | null; email: string | null } | null;
  detail: unknown;
  createdAt: string;
}

export type ListProjectsArgs = OrganizationOverride;
export type GetProjectArgs = OrganizationOverride & { projectId: number };
export type GetProjectActivityArgs = GetProjectArgs & { limit?: number };

/** Every project of the organization (all pages). */
export async function listProjects(args: ListProjectsArgs = {}, _opts?: pulumi.InvokeOptions): Promise<ProjectSummary[]> {
  const projects = await import("../kinds/project/endpoints");
  const found = await projects.listProjects(...(await inOrganization(args)));
  return found.map(projectSummary);
}

export async function getProject(args: GetProjectArgs, _opts?: pulumi.InvokeOptions): Promise<ProjectResult> {
  const [projects, { recordOutputs }] = await Promise.all([import("../kinds/project/endpoints"), import("../kinds/project/model")]);
  // The record's fields camelCased (recordOutputs), as the generated ProjectRecordOutputs type describes them.
  return recordOutputs(await projects.getProject(...(await inOrganization(args)), args.projectId)) as unknown as ProjectResult;
}

/** The project's change log, newest first: all of it, or the latest `limit` entries. */
export async function getProjectActivity(args: GetProjectActivityArgs, _opts?: pulumi.InvokeOptions): Promise<ActivityResult[]> {
  const pageSize = args.limit === undefined ? 100 : Math.min(Math.max(args.limit, 1), 100);
  const [{ collect }, projects] = await Promise.all([httpClient(), import("../kinds/project/endpoints")]);
  const entries = await collect(projects.iterateProjectActivity(...(await inOrganization(args)), args.projectId, pageSize), args.limit);
  return entries.map(activityResult);
}

export async function isGeneratingDemoData(args: GetProjectArgs, _opts?: pulumi.InvokeOptions): Promise<boolean> {
  const projects = await import("../kinds/project/endpoints");
  return projects.isGeneratingDemoData(...(await inOrganization(args)), args.projectId);
}

/** The connection and the organization a project lookup reads in. */
async function inOrganization(args: OrganizationOverride): Promise<[Transport, string]> {
  return [await lookupTransport(args), await lookupOrganization(args)];
}

// Project records carry the project API key: their Output forms are secret.
export const listProjectsOutput = outputForm(listProjects, { secret: true });
export const getProjectOutput = outputForm(getProject, { secret: true });
export const getProjectActivityOutput = outputForm(getProjectActivity);
export const isGeneratingDemoDataOutput = outputForm(isGeneratingDemoData);

function projectSummary(item: ProjectListItem): ProjectSummary {
  return {
    projectId: item.id,
    uuid: item.uuid,
    organizationId: item.organization,
    name: item.name,
    apiToken: item.api_token,
    timezone: item.timezone ?? null,
    isDemo: item.is_demo ?? null,
    ingestedEvent: item.ingested_event ?? null,
    completedSnippetOnboarding: item.completed_snippet_onboarding ?? null,
    hasCompletedOnboardingFor: item.has_completed_onboarding_for ?? null,
    accessControl: item.access_control ?? null,
  };
}

function activityResult(entry: ActivityEntry): ActivityResult {
  return {
    activity: entry.activity,
    scope: entry.scope,
    itemId: entry.item_id,
    user: entry.user ? { firstName: entry.user.first_name ?? null, email: entry.user.email ?? null } : null,
    detail: entry.detail,
    createdAt: entry.created_at,
  };
}
