/**
 * Warehouse view links (joins), `/api/projects/:project_id/warehouse_view_links/` and the same under
 * `/api/environments/` (ViewLinkViewSet and ViewLinkSerializer of today's PostHog, products/data_warehouse/backend/api/
 * view_link.py; posthog/warehouse/api/view_link.py in 2025-08-04; model DataWarehouseJoin, …/models/join.py).
 *
 * - Scope `warehouse_view` today; PostHog 2025-08-04's viewset is `INTERNAL`: every personal API key is refused.
 * - The five names are CharFields of at most 400 characters (trimmed, required); `configuration` a JSONField.
 * - On create only (`ViewLinkSerializer.create`): each table must exist ("Invalid table: …"; here PostHog's own tables
 *   and the project's live views and warehouse tables), each key must be a field of its table or a call on one ("Join key … must be a table
 *   field"; here a dotted name or a call whose first argument is one), and the field name must have no "." and not be a
 *   field of the source table (here: an earlier live join's).
 * - DELETE is ModelViewSet's: gone for good. A join its view's deletion marked deleted is still answered by GET,
 *   `deleted: true`, and left out of the list.
 * - The list is limit/offset (100), `-created_at`.
 *
 * Not imitated: the source table's own columns (PostHog refuses a field name a table has, `events.event` say), and
 * joins on the tables external data sources sync.
 */
import { randomUUID } from "node:crypto";
import { notFound, validationError } from "../drf/errors";
import { charField, jsonField } from "../drf/fields";
import type { ApiContext } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { newestFirst, pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { nestedViewSetRoutes, type SerializerFields, userBasic, uuidLookup, validateBody } from "../pipeline/nested-viewset";
import type { JsonObject } from "../state/json";
import { isoFromMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";
import { projectHasTable } from "../warehouse-saved-queries/routes";

const name = charField({ maxLength: 400, nullable: false, allowBlank: false });

/** The writable fields in Meta.fields order. */
const FIELDS: SerializerFields<unknown> = [
  ["deleted", { nullable: true, parse: (v) => (typeof v === "boolean" ? v : validationFailure()) }],
  ["source_table_name", name],
  ["source_table_key", name],
  ["joining_table_name", name],
  ["joining_table_key", name],
  ["field_name", name],
  ["configuration", jsonField(true)],
];
const REQUIRED = ["source_table_name", "source_table_key", "joining_table_name", "joining_table_key", "field_name"];

function validationFailure(): never {
  throw validationError("Must be a valid boolean.", "deleted", "invalid");
}

/** `get_join_field_chain`: a field (`a.b`) or a call whose first argument is one (`lower(a.b)`). */
const JOIN_KEY = /^\s*(?:[A-Za-z_$][\w$]*\s*\(\s*)?[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\s*(?:[,)][\s\S]*)?$/;

export function serializeViewLink(ctx: ApiContext, l: StoredObject): JsonObject {
  const f = l.fields;
  return {
    id: f.uuid ?? null,
    deleted: l.deleted,
    created_by: userBasic(ctx.store, l.createdBy),
    created_at: isoFromMicros(l.createdAtMicros),
    source_table_name: f.source_table_name ?? null,
    source_table_key: f.source_table_key ?? null,
    joining_table_name: f.joining_table_name ?? null,
    joining_table_key: f.joining_table_key ?? null,
    field_name: f.field_name ?? null,
    configuration: f.configuration === undefined ? {} : f.configuration,
  };
}

const linksOf = (ctx: ApiContext, team: StoredProject) => ctx.store.objects("warehouseViewLinks").filter((l) => l.teamId === team.id);

function list(ctx: ApiContext, team: StoredProject) {
  const rows = linksOf(ctx, team).filter((l) => !l.deleted);
  rows.sort(newestFirst);
  return pageAnswer(ctx, rows, (l) => serializeViewLink(ctx, l));
}

/** `_validate_join_key` for one side. */
function checkSide(ctx: ApiContext, team: StoredProject, key: string, table: string): void {
  if (!projectHasTable(ctx, team, table)) throw validationError(`Invalid table: ${table}`);
  if (!JOIN_KEY.test(key)) throw validationError(`Join key ${key} must be a table field`);
}

function create(ctx: ApiContext, team: StoredProject) {
  const attrs = validateBody(ctx.req.body(), FIELDS, null, REQUIRED, false);
  const { deleted, ...fields } = attrs;
  const source = String(fields.source_table_name);
  checkSide(ctx, team, String(fields.source_table_key), source);
  checkSide(ctx, team, String(fields.joining_table_key), String(fields.joining_table_name));
  const field = String(fields.field_name);
  if (field.includes(".")) throw validationError("Field name must not contain a period: '.'");
  if (linksOf(ctx, team).some((l) => !l.deleted && l.fields.source_table_name === source && l.fields.field_name === field))
    throw validationError(`Field name "${field}" already exists on table "${source}"`);
  const l = ctx.store.addObject("warehouseViewLinks", team.id, ctx.user.id, { uuid: randomUUID(), ...fields });
  l.deleted = deleted === true;
  return json(201, serializeViewLink(ctx, l));
}

/** `safely_get_queryset` keeps deleted joins: only the list leaves them out. */
function find(ctx: ApiContext, team: StoredProject, id: number): StoredObject {
  const l = ctx.store.object("warehouseViewLinks", id);
  if (!l || l.teamId !== team.id) throw notFound();
  return l;
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const l = find(ctx, team, id);
  const { deleted, ...fields } = validateBody(ctx.req.body(), FIELDS, null, REQUIRED, partial);
  Object.assign(l.fields, fields);
  if (typeof deleted === "boolean") l.deleted = deleted;
  return updatedAnswer(ctx, l, () => serializeViewLink(ctx, l));
}

export function warehouseViewLinkRoutes() {
  return nestedViewSetRoutes({
    path: "warehouse_view_links",
    scopeObject: "warehouse_view",
    environments: true,
    // 2025-08-04: scope_object = "INTERNAL", no scope for any action.
    scopesFor: (ctx) => (ctx.services.version === "2025-08-04" ? null : undefined),
    lookup: uuidLookup("warehouseViewLinks", "uuid"),
    list,
    create,
    retrieve: (ctx, team, id) => json(200, serializeViewLink(ctx, find(ctx, team, id))),
    update,
    destroy: (ctx, team, id) => {
      ctx.store.removeObject("warehouseViewLinks", find(ctx, team, id).id);
      return noContent();
    },
  });
}
