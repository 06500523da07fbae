/**
 * An organization's managed reverse proxies, `/api/organizations/:organization_id/proxy_records/` (ProxyRecordViewset,
 * posthog/api/proxy_record.py; model posthog/models/proxy_record.py). Its create reads `domain` straight from the body
 * (no serializer validation): a domain that is not a string fails in `generate_target_cname` and one that PostgreSQL
 * refuses (longer than 64 characters, or taken: `unique=True` across every organization) fails on insert, each a 500.
 * The create answers 200 with the record in status `waiting`: a Temporal workflow (not run here, nor on a PostHog
 * without its worker) issues the certificate. The viewset declares no `queryset`, so a GET or PATCH of one record
 * fails (500: only its own `list`, `create` and `destroy` work); its destroy `get`s the record unguarded, so an
 * unknown id is a 500 too. A `waiting`, `erroring` or `timed_out` record is deleted at once; any other is marked
 * `deleting` for the workflow. PostHog 2025-08-04 lists a bare array; today's PostHog lists
 * `{"results": [...], "max_proxy_records": 2}` and refuses a create beyond that quota (400, `DEFAULT_MAX_PROXY_RECORDS`
 * without the `managed_reverse_proxy` plan feature).
 */
import { createHash } from "node:crypto";
import { permissionDenied, serverError } from "../drf/errors";
import type { ApiContext, ApiRoute } from "../pipeline/api";
import { json } from "../pipeline/http";
import { isJsonObject, type JsonObject } from "../state/json";
import { isoFromMicros, nowMicros } from "../state/time";
import { uuidt } from "../state/tokens";
import type { StoredProxyRecord } from "../state/types";
import { organizationOf, organizationRoutes, UUID_KEY } from "../organization-members/scope";

/** `settings.PROXY_BASE_CNAME`, empty unless configured (posthog/settings/web.py). */
const PROXY_BASE_CNAME = "";
const DEFAULT_MAX_PROXY_RECORDS = 2;

function recordsOf(ctx: ApiContext): StoredProxyRecord[] {
  ctx.store.state.proxyRecords ??= [];
  return ctx.store.state.proxyRecords;
}

/** `generate_target_cname`: the first 20 hex digits of sha256(organization id + domain), under the base CNAME. */
function targetCname(organizationId: string, domain: string): string {
  return `${createHash("sha256").update(organizationId).update(domain).digest("hex").slice(0, 20)}.${PROXY_BASE_CNAME}`;
}

function serialize(record: StoredProxyRecord): JsonObject {
  return {
    id: record.id,
    domain: record.domain,
    target_cname: record.targetCname,
    status: record.status,
    message: record.message,
    created_at: isoFromMicros(record.createdAtMicros),
    updated_at: isoFromMicros(record.updatedAtMicros),
    created_by: record.createdBy,
  };
}

/** OrganizationAdminWritePermissions: writes need an admin or owner. */
function requireAdmin(ctx: ApiContext, organizationId: string): void {
  if ((ctx.store.membershipLevel(organizationId, ctx.user.id) ?? 0) < 8)
    throw permissionDenied("Your organization access level is insufficient.");
}

function list(ctx: ApiContext) {
  const org = organizationOf(ctx);
  const records = recordsOf(ctx)
    .filter((r) => r.organizationId === org.id)
    .sort((a, b) => b.createdAtMicros - a.createdAtMicros)
    .map(serialize);
  return json(200, ctx.services.version === "2025-08-04" ? records : { results: records, max_proxy_records: DEFAULT_MAX_PROXY_RECORDS });
}

function create(ctx: ApiContext) {
  const org = organizationOf(ctx);
  requireAdmin(ctx, org.id);
  const records = recordsOf(ctx);
  const own = records.filter((r) => r.organizationId === org.id);
  if (ctx.services.version !== "2025-08-04" && own.length >= DEFAULT_MAX_PROXY_RECORDS)
    return json(400, { detail: `Maximum of ${DEFAULT_MAX_PROXY_RECORDS} proxy records per organization.` });
  const body = ctx.req.body();
  const domain = isJsonObject(body) ? body.domain : undefined;
  if (typeof domain !== "string" || [...domain].length > 64 || records.some((r) => r.domain === domain)) throw serverError();
  const now = nowMicros();
  const record: StoredProxyRecord = {
    id: uuidt(),
    organizationId: org.id,
    domain,
    targetCname: targetCname(org.id, domain),
    status: "waiting",
    message: null,
    createdBy: ctx.user.id,
    createdAtMicros: now,
    updatedAtMicros: now,
  };
  records.push(record);
  ctx.store.changed();
  return json(200, serialize(record));
}

function destroy(ctx: ApiContext) {
  const org = organizationOf(ctx);
  requireAdmin(ctx, org.id);
  const key = ctx.params.id ?? "";
  const id = key.replace(/[{}-]/g, "").toLowerCase();
  const record = UUID_KEY.test(key) ? recordsOf(ctx).find((r) => r.organizationId === org.id && r.id.replace(/-/g, "") === id) : undefined;
  if (!record) throw serverError();
  if (record.status === "waiting" || record.status === "erroring" || record.status === "timed_out") {
    ctx.store.state.proxyRecords = recordsOf(ctx).filter((r) => r !== record);
  } else {
    record.status = "deleting";
    record.updatedAtMicros = nowMicros();
  }
  ctx.store.changed();
  return json(200, { success: true });
}

const failing = (name: string) => ({
  name,
  handler: (): never => {
    throw serverError();
  },
});

export function proxyRecordRoutes(): ApiRoute[] {
  return organizationRoutes({
    path: "proxy_records",
    scopeObject: "organization",
    list: { GET: { name: "list", handler: list }, POST: { name: "create", handler: create } },
    detail: {
      GET: failing("retrieve"),
      PUT: failing("update"),
      PATCH: failing("partial_update"),
      DELETE: { name: "destroy", handler: destroy },
    },
  });
}
