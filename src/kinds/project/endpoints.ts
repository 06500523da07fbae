/** The organization-scoped project endpoints (posthog/api/project.py, ProjectViewSet), one function each. */
import type { z } from "zod";
import { activityPageSchema, CLOCK_SKEW_MS, demoDataStatusSchema, limitOffsetPageSchema } from "../../client/activity";
import { projectListItemSchema, projectRecordSchema, type ProjectListItem, type ProjectRecord } from "./fields";
import { collect, followPages } from "../../client/pagination";
import { numberSegment, organizationSegment } from "../../client/paths";
import { PostHogError } from "../../client/errors";
import type { Budget, Transport } from "../../client/transport";

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
  page: { limit?: number; offset?: number; search?: string } & Budget = {},
): Promise<ProjectListPage> {
  return http.request({
    method: "GET",
    path: base(organizationId),
    query: { limit: page.limit, offset: page.offset, search: page.search },
    schema: listPageSchema,
    subject: `organization ${organizationId}`,
    budgetFrom: page.budgetFrom,
  });
}

/** Every project of the organization, page by page (limit/offset). */
export function iterateProjects(
  http: Transport,
  organizationId: string,
  options: { pageSize?: number; search?: string } & Budget = {},
): AsyncGenerator<ProjectListItem, void, undefined> {
  const first: Record<string, string> = { limit: String(options.pageSize ?? 100) };
  if (options.search !== undefined) first["search"] = options.search;
  return followPages(
    (q) =>
      listProjectsPage(http, organizationId, {
        limit: q["limit"] === undefined ? undefined : Number(q["limit"]),
        offset: q["offset"] === undefined ? undefined : Number(q["offset"]),
        search: q["search"],
        budgetFrom: options.budgetFrom,
      }),
    first,
  );
}

export function listProjects(http: Transport, organizationId: string, options?: { pageSize?: number; search?: string } & Budget) {
  return collect(iterateProjects(http, organizationId, options));
}

/**
 * Never resent once it may have reached PostHog: a second POST would create a second project. An answer that is not
 * the project asked for (another name or organization, or created before the request was sent: a proxy or cache
 * answering for another request) is as unclear as a lost answer, and reported as such.
 */
export async function createProject(
  http: Transport,
  organizationId: string,
  body: ProjectBody,
  budget: Budget = {},
): Promise<ProjectRecord> {
  const sent = Date.now();
  const path = base(organizationId);
  const record = await http.request({
    method: "POST",
    path,
    body,
    schema: projectRecordSchema,
    subject: `organization ${organizationId}`,
    budgetFrom: budget.budgetFrom,
  });
  const mismatch = notTheCreated(record, organizationId, body, sent);
  if (mismatch === undefined) return record;
  throw new PostHogError({
    kind: "ambiguous",
    method: "POST",
    path,
    cause: new Error(
      `PostHog answered with project ${record.id} ("${record.name}", organization ${record.organization}, created ${record.created_at}), ` +
        `which is not the project this create asked for: ${mismatch}; a proxy or cache answering for another request?`,
    ),
  });
}

/** Why `record` cannot be the project a POST of `body` sent at `sent` made, if it cannot. */
function notTheCreated(record: ProjectRecord, organizationId: string, body: ProjectBody, sent: number): string | undefined {
  // PostHog trims the name (a DRF CharField), so the trimmed names compare.
  if (typeof body["name"] === "string" && record.name.trim() !== body["name"].trim()) return `its name is not "${body["name"].trim()}"`;
  // `@current` and slugs cannot be compared with the record's UUID; the name and the time still are.
  if (/^[0-9a-f-]{36}$/i.test(organizationId) && record.organization.toLowerCase() !== organizationId.toLowerCase())
    return `it is in another organization than ${organizationId}`;
  const created = Date.parse(record.created_at);
  if (!(created >= sent - CLOCK_SKEW_MS)) return `it was created before this request was sent (${new Date(sent).toISOString()})`;
  return undefined;
}

export async function getProject(http: Transport, organizationId: string, id: number, budget: Budget = {}): Promise<ProjectRecord> {
  const path = item(organizationId, id);
  const record = await http.request({
    method: "GET",
    path,
    schema: projectRecordSchema,
    subject: subject(organizationId, id),
    budgetFrom: budget.budgetFrom,
  });
  return sameProject("GET", path, id, record);
}

export async function updateProject(http: Transport, organizationId: string, id: number, body: ProjectBody): Promise<ProjectRecord> {
  const path = item(organizationId, id);
  const record = await http.request({ method: "PATCH", path, body, schema: projectRecordSchema, subject: subject(organizationId, id) });
  return sameProject("PATCH", path, id, record);
}

/**
 * An answer about another project than the one asked for (a broken proxy or cache) must never be taken for this
 * one: whoever records it would later change or delete the other project.
 */
function sameProject(method: string, path: string, id: number, record: ProjectRecord): ProjectRecord {
  if (record.id === id) return record;
  throw new PostHogError({
    kind: "response",
    method,
    path,
    detail: `the record of project ${record.id} ("${record.name}") instead of project ${id}, so it was not used (a proxy or cache in front of PostHog answering for another request?)`,
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
  const path = `${item(organizationId, id)}reset_token/`;
  const record = await http.request({
    method: "PATCH",
    path,
    schema: projectRecordSchema,
    subject: subject(organizationId, id),
    idempotent: false,
  });
  return sameProject("PATCH", path, id, record);
}
