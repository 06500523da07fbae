/** The organization-scoped project endpoints (posthog/api/project.py, ProjectViewSet), one function each. */
import type { z } from "zod";
import { activityPageSchema, demoDataStatusSchema, limitOffsetPageSchema } from "../schema/activity";
import { projectListItemSchema, projectRecordSchema, type ProjectListItem, type ProjectRecord } from "../schema/project";
import { collect, followPages } from "./pagination";
import { numberSegment, organizationSegment } from "./paths";
import type { Transport } from "./transport";

const listPageSchema = limitOffsetPageSchema(projectListItemSchema);
export type ProjectListPage = z.output<typeof listPageSchema>;
export type ActivityPage = z.output<typeof activityPageSchema>;

/** The writable fields to send, snake_case, as PostHog names them. */
export type ProjectBody = Record<string, unknown>;

const base = (organizationId: string) => `/api/organizations/${organizationSegment(organizationId)}/projects/`;
const item = (organizationId: string, id: number) => `${base(organizationId)}${numberSegment("project id", id)}/`;
const subject = (organizationId: string, id: number) => `project ${id} in organization ${organizationId}`;

export async function listProjectsPage(
  http: Transport,
  organizationId: string,
  page: { limit?: number; offset?: number; search?: string } = {},
): Promise<ProjectListPage> {
  return http.request({
    method: "GET",
    path: base(organizationId),
    query: { limit: page.limit, offset: page.offset, search: page.search },
    schema: listPageSchema,
    subject: `organization ${organizationId}`,
  });
}

/** Every project of the organization, page by page (limit/offset). */
export function iterateProjects(
  http: Transport,
  organizationId: string,
  options: { pageSize?: number; search?: string } = {},
): AsyncGenerator<ProjectListItem, void, undefined> {
  const first: Record<string, string> = { limit: String(options.pageSize ?? 100) };
  if (options.search !== undefined) first["search"] = options.search;
  return followPages(
    (q) =>
      listProjectsPage(http, organizationId, {
        limit: q["limit"] === undefined ? undefined : Number(q["limit"]),
        offset: q["offset"] === undefined ? undefined : Number(q["offset"]),
        search: q["search"],
      }),
    first,
  );
}

export function listProjects(http: Transport, organizationId: string, options?: { pageSize?: number; search?: string }) {
  return collect(iterateProjects(http, organizationId, options));
}

/** Never resent once it may have reached PostHog: a second POST would create a second project. */
export async function createProject(http: Transport, organizationId: string, body: ProjectBody): Promise<ProjectRecord> {
  return http.request({
    method: "POST",
    path: base(organizationId),
    body,
    schema: projectRecordSchema,
    subject: `organization ${organizationId}`,
  });
}

export async function getProject(http: Transport, organizationId: string, id: number): Promise<ProjectRecord> {
  return http.request({ method: "GET", path: item(organizationId, id), schema: projectRecordSchema, subject: subject(organizationId, id) });
}

export async function updateProject(http: Transport, organizationId: string, id: number, body: ProjectBody): Promise<ProjectRecord> {
  return http.request({
    method: "PATCH",
    path: item(organizationId, id),
    body,
    schema: projectRecordSchema,
    subject: subject(organizationId, id),
  });
}

export async function deleteProject(http: Transport, organizationId: string, id: number): Promise<void> {
  return http.request({ method: "DELETE", path: item(organizationId, id), subject: subject(organizationId, id) });
}

export async function getProjectActivityPage(
  http: Transport,
  organizationId: string,
  id: number,
  page: { page?: number; limit?: number } = {},
): Promise<ActivityPage> {
  return http.request({
    method: "GET",
    path: `${item(organizationId, id)}activity/`,
    query: { page: page.page, limit: page.limit },
    schema: activityPageSchema,
    subject: subject(organizationId, id),
  });
}

/** The project's activity log, newest first, following `page` links. */
export function iterateProjectActivity(http: Transport, organizationId: string, id: number, pageSize = 10) {
  return followPages(
    (q) => getProjectActivityPage(http, organizationId, id, { page: Number(q["page"] ?? 1), limit: Number(q["limit"] ?? pageSize) }),
    { page: "1", limit: String(pageSize) },
  );
}

export async function isGeneratingDemoData(http: Transport, organizationId: string, id: number): Promise<boolean> {
  const status = await http.request({
    method: "GET",
    path: `${item(organizationId, id)}is_generating_demo_data/`,
    schema: demoDataStatusSchema,
    subject: subject(organizationId, id),
  });
  return status.is_generating_demo_data;
}

/**
 * The project's environment (`/api/environments/<id>/`, posthog/api/team.py `TeamViewSet`: the same id). PostHog
 * versions before the project record had every setting keep some only there (the 2025-08-04 one: 14), as PostHog's
 * own Terraform provider writes its settings.
 */
const environment = (id: number) => `/api/environments/${numberSegment("environment id", id)}/`;

export async function getEnvironment(http: Transport, id: number): Promise<ProjectRecord> {
  return http.request({ method: "GET", path: environment(id), schema: projectRecordSchema, subject: `environment ${id}` });
}

export async function updateEnvironment(http: Transport, id: number, body: ProjectBody): Promise<ProjectRecord> {
  return http.request({ method: "PATCH", path: environment(id), body, schema: projectRecordSchema, subject: `environment ${id}` });
}

/** Rotates the project API key. Not idempotent: a resend would rotate it again. */
export async function resetProjectToken(http: Transport, organizationId: string, id: number): Promise<ProjectRecord> {
  return http.request({
    method: "PATCH",
    path: `${item(organizationId, id)}reset_token/`,
    schema: projectRecordSchema,
    subject: subject(organizationId, id),
    idempotent: false,
  });
}
