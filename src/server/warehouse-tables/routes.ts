/**
 * Self-managed warehouse tables, `/api/projects/:project_id/warehouse_tables/` and the same under `/api/environments/`
 * (TableViewSet and TableSerializer: posthog/warehouse/api/table.py in PostHog 2025-08-04, routed by
 * posthog/api/__init__.py; products/data_warehouse/backend/api/table.py today; models DataWarehouseTable and
 * DataWarehouseCredential, …/models/table.py and credential.py). Scope `warehouse_table` in both versions.
 *
 * Both versions:
 * - `name` (at most 128), `format` (DataWarehouseTable.TableFormat: CSV, CSVWithNames, Parquet, JSONEachRow, Delta,
 *   DeltaS3Wrapper), `url_pattern` (at most 500) and `credential` are required; the credential's `access_key` and
 *   `access_secret` (at most 500 each, not blank) are write-only: the credential is answered as its id and creation.
 * - `validate_name`: no table of the project's HogQL database holds the name (PostHog's own tables, the project's live
 *   views and warehouse tables): "A table with this name already exists.".
 * - An update stores what it is sent, a credential's keys merged into the one held (TableViewSet.perform_update), and
 *   reads no file: the columns stay those the create learned.
 * - DELETE (204) marks the table deleted and marks deleted the joins naming it (DataWarehouseTable.soft_delete); a
 *   deleted table answers 404. The list is LimitOffsetPagination (100), newest first, and takes `search` (name).
 *
 * Today's PostHog only: `validate_name` lets an update send the table's own name (PostHog 2025-08-04 refuses it as
 * taken: its own table is in the database); `validate_url_pattern` (https, a host, not `localhost`, not an internal
 * address); `options`, a dictionary (`csv_allow_double_quotes`); `hogql_name` and `user_access_level` answered.
 * PostHog 2025-08-04 drops an `options` sent.
 *
 * Not imitated (they need the files, chdb or ClickHouse, or DNS): the create's read of the files that learns the
 * table's columns (DataWarehouseTable.get_columns; a failed read refuses the create) — here every read succeeds and
 * a table has no columns; the check of `csv_allow_double_quotes` against the files; the resolution of the URL's host
 * to a public address and the refusal of PostHog's own bucket ("Cant use this bucket").
 */
import { isIP } from "node:net";
import { randomUUID } from "node:crypto";
import { notFound } from "../drf/errors";
import { choiceField, fail, type FieldRule, invalid, parseChar } from "../drf/fields";
import { pyTypeName } from "../drf/py";
import type { ApiContext } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { icontains, newestFirst, pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { nestedViewSetRoutes, type SerializerFields, userBasic, uuidLookup, validateBody } from "../pipeline/nested-viewset";
import type { PostHogVersion } from "../pipeline/version";
import { isJsonObject, type JsonObject } from "../state/json";
import { isoFromMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";
import { projectHasTable } from "../warehouse-saved-queries/routes";

const KIND = "warehouseTables";
const FORMATS = ["CSV", "CSVWithNames", "Parquet", "JSONEachRow", "Delta", "DeltaS3Wrapper"];
const CREDENTIAL_KEYS = ["access_key", "access_secret"] as const;

interface TableContext {
  ctx: ApiContext;
  team: StoredProject;
  version: PostHogVersion;
  instance: StoredObject | null;
  partial: boolean;
}

/** `validate_name`: a name the project's HogQL database holds is refused; today's PostHog lets a table keep its own. */
const nameRule: FieldRule<TableContext> = {
  nullable: false,
  parse: (v, { ctx, team, version, instance }) => {
    const name = parseChar(v, { maxLength: 128, allowBlank: false });
    if (version === "current" && instance?.fields.name === name) return name;
    if (projectHasTable(ctx, team, name)) invalid("A table with this name already exists.");
    return name;
  },
};

/** Python's `ip_address(host)` is private, loopback, link-local, multicast, reserved or unspecified: the main ranges. */
function internalAddress(host: string): boolean {
  const family = isIP(host);
  if (family === 4) {
    const [a = 0, b = 0] = host.split(".").map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      a >= 224 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b < 32) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19))
    );
  }
  if (family !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(host);
  if (mapped) return internalAddress(mapped[1]!);
  return host === "::" || host === "::1" || /^(fe[89ab]|f[cd]|ff)/i.test(host);
}

/** Today's `validate_url_pattern` (validate_warehouse_table_url_pattern), as far as it goes without DNS. */
function urlPatternRule(version: PostHogVersion): FieldRule<TableContext> {
  return {
    nullable: false,
    parse: (v) => {
      const url = parseChar(v, { maxLength: 500, allowBlank: false });
      if (version !== "current") return url;
      const parts = /^([A-Za-z][A-Za-z0-9+.-]*):(?:\/\/([^/?#]*))?/.exec(url);
      if (parts?.[1]?.toLowerCase() !== "https") invalid("URL pattern must use https.");
      // urlparse's hostname: after any user info, an IPv6 address without its brackets, else the name before a port.
      const netloc = (parts?.[2] ?? "").replace(/^.*@/, "");
      const bracketed = /^\[([^\]]*)\]/.exec(netloc);
      const host = (bracketed ? bracketed[1]! : netloc.replace(/:\d*$/, "")).toLowerCase();
      if (host === "") invalid("URL pattern must include a valid hostname.");
      if (host.replace(/\.$/, "") === "localhost") invalid("URL pattern hostname is not allowed.");
      if (internalAddress(host)) invalid("URL pattern hostname must not resolve to internal IP ranges.");
      return url;
    },
  };
}

/**
 * CredentialSerializer as a nested field: a dictionary whose key and secret are CharFields (at most 500, not blank),
 * both required unless the update is partial; errors named `credential__<key>`.
 */
const credentialRule: FieldRule<TableContext> = {
  nullable: false,
  parse: (v, { partial }) => {
    if (!isJsonObject(v)) return fail("invalid", `Invalid data. Expected a dictionary, but got ${pyTypeName(v)}.`, ["non_field_errors"]);
    const out: JsonObject = {};
    for (const key of CREDENTIAL_KEYS) {
      if (!Object.hasOwn(v, key)) {
        if (!partial) fail("required", "This field is required.", [key]);
        continue;
      }
      out[key] = parseChar(v[key] ?? null, { maxLength: 500, allowBlank: false }, [key]);
    }
    return out;
  },
};

/** DictField: a dictionary, else DRF's `not_a_dict`. */
const optionsRule: FieldRule<TableContext> = {
  nullable: false,
  parse: (v) => (isJsonObject(v) ? v : fail("not_a_dict", `Expected a dictionary of items but got type "${pyTypeName(v)}".`)),
};

/** The writable fields in Meta.fields order, as the version has them. */
function fieldsOf(version: PostHogVersion): SerializerFields<TableContext> {
  return [
    ["deleted", { nullable: true, parse: (v) => (typeof v === "boolean" ? v : fail("invalid", "Must be a valid boolean.")) }],
    ["name", nameRule],
    ["format", choiceField(false, (s) => (FORMATS.includes(s) ? s : undefined))],
    ["url_pattern", urlPatternRule(version)],
    ["credential", credentialRule],
    ...(version === "current" ? ([["options", optionsRule]] as SerializerFields<TableContext>) : []),
  ];
}
const REQUIRED = ["name", "format", "url_pattern", "credential"];

function tablesOf(ctx: ApiContext, team: StoredProject): StoredObject[] {
  return ctx.store.objects(KIND).filter((t) => t.teamId === team.id && !t.deleted);
}

function find(ctx: ApiContext, team: StoredProject, id: number): StoredObject {
  const t = ctx.store.object(KIND, id);
  if (!t || t.teamId !== team.id || t.deleted) throw notFound();
  return t;
}

function serializeTable(ctx: ApiContext, t: StoredObject, version: PostHogVersion): JsonObject {
  const f = t.fields;
  const credential = isJsonObject(f.credential) ? f.credential : null;
  const answer: JsonObject = {
    id: f.uuid ?? null,
    deleted: t.deleted,
    name: f.name ?? null,
    ...(version === "current" ? { hogql_name: f.name ?? null } : {}),
    format: f.format ?? null,
    created_by: userBasic(ctx.store, t.createdBy),
    created_at: isoFromMicros(t.createdAtMicros),
    url_pattern: f.url_pattern ?? null,
    // CredentialSerializer without its write-only key and secret.
    credential: credential && {
      id: credential.id ?? null,
      created_by: userBasic(ctx.store, t.createdBy),
      created_at: isoFromMicros(t.createdAtMicros),
    },
    columns: [],
    external_data_source: null,
    external_schema: null,
  };
  if (version === "current") Object.assign(answer, { options: f.options ?? {}, user_access_level: "manager" });
  return answer;
}

/** The body through the version's fields: the first failure answered as PostHog does (`credential__<key>` for a key's). */
function validated(body: unknown, c: TableContext): JsonObject {
  return validateBody(body, fieldsOf(c.version), c, c.partial ? [] : REQUIRED, c.partial);
}

function create(ctx: ApiContext, team: StoredProject, version: PostHogVersion) {
  const attrs = validated(ctx.req.body(), { ctx, team, version, instance: null, partial: false });
  const { deleted, credential, ...fields } = attrs;
  const t = ctx.store.addObject(KIND, team.id, ctx.user.id, {
    uuid: randomUUID(),
    ...(version === "current" ? { options: {} } : {}),
    ...fields,
    credential: { id: randomUUID(), ...(credential as JsonObject) },
  });
  t.deleted = deleted === true;
  ctx.store.changed();
  return json(201, serializeTable(ctx, t, version));
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean, version: PostHogVersion) {
  const t = find(ctx, team, id);
  const attrs = validated(ctx.req.body(), { ctx, team, version, instance: t, partial });
  const { deleted, credential, ...fields } = attrs;
  if (isJsonObject(credential) && Object.keys(credential).length > 0) {
    const held = isJsonObject(t.fields.credential) ? t.fields.credential : { id: randomUUID() };
    t.fields.credential = { ...held, ...credential };
  }
  Object.assign(t.fields, fields);
  if (typeof deleted === "boolean") t.deleted = deleted;
  return updatedAnswer(ctx, t, () => serializeTable(ctx, t, version));
}

function destroy(ctx: ApiContext, team: StoredProject, id: number) {
  const t = find(ctx, team, id);
  for (const join of ctx.store.objects("warehouseViewLinks"))
    if (
      join.teamId === team.id &&
      !join.deleted &&
      (join.fields.source_table_name === t.fields.name || join.fields.joining_table_name === t.fields.name)
    )
      join.deleted = true;
  t.deleted = true;
  ctx.store.changed();
  return noContent();
}

function list(ctx: ApiContext, team: StoredProject, version: PostHogVersion) {
  let rows = tablesOf(ctx, team);
  const search = ctx.req.param("search");
  if (search) rows = rows.filter((t) => search.split(/\s+/).every((word) => icontains(t.fields.name, word)));
  rows.sort(newestFirst);
  return pageAnswer(ctx, rows, (t) => serializeTable(ctx, t, version));
}

export function warehouseTableRoutes(version: PostHogVersion) {
  return nestedViewSetRoutes({
    path: "warehouse_tables",
    scopeObject: "warehouse_table",
    environments: true,
    lookup: uuidLookup(KIND, "uuid"),
    list: (ctx, team) => list(ctx, team, version),
    create: (ctx, team) => create(ctx, team, version),
    retrieve: (ctx, team, id) => json(200, serializeTable(ctx, find(ctx, team, id), version)),
    update: (ctx, team, id, partial) => update(ctx, team, id, partial, version),
    destroy,
  });
}
