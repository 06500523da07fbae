/**
 * External data sources, `/api/projects/:project_id/external_data_sources/` and the same under `/api/environments/`
 * (ExternalDataSourceViewSet: posthog/warehouse/api/external_data_source.py in PostHog 2025-08-04,
 * products/data_warehouse/backend/api/external_data_source.py today; model ExternalDataSource).
 *
 * - Scope `external_data_source` today; PostHog 2025-08-04's viewset is `INTERNAL`: every personal API key is refused.
 * - Create is the viewset's own: a second source of a type needs a prefix ("Source type already exists. Prefix is
 *   required"), not one taken ("Prefix already exists"); the payload's strings are trimmed and checked against the
 *   source's config ("Invalid source config: Required field '…' is missing"); the tables (`payload.schemas`) must be
 *   given ("Schemas not given") and be the source's ("Schemas given do not exist in source"), an incremental or append
 *   table that syncs with its incremental field and type. Errors are `{"message": …}` (400); the answer is
 *   `{"id": …}` (201). `job_inputs` keep the config's fields only (`source_config.to_dict()`).
 * - Reads answer `job_inputs` without secrets: 2025-08-04's `whitelisted_keys`, today's non-password fields.
 * - PATCH merges `job_inputs` into the stored ones and checks the result; `source_type` and `prefix` are read-only.
 * - DELETE marks it deleted (204); then it is a 404 and left out of the list. The list is `-created_at`.
 *
 * - A table's sync settings are its own (ExternalDataSchemaViewset, `…/external_data_schemas/<uuid>/`, served under
 *   both prefixes; ExternalDataSchemaSerializer.update): made with `sync_frequency` "6hour" whatever the create's
 *   payload says; a PATCH's `sync_frequency` must be one the version knows (`sync_frequency_to_sync_frequency_interval`
 *   raises ValueError otherwise: a 500), today's "1min" only for a CDC table. PostHog 2025-08-04 sets `sync_type` from
 *   the request whether given or not (absent: null) and, for an incremental or append table, the incremental field
 *   and type too; today's only what the request gives. PostHog 2025-08-04 updates the table's Temporal schedule on a
 *   change of frequency before saving: a table that does not sync has none (its RPCError, a 500), and "never" is its
 *   TypeError (a 500), nothing saved (measured on that backend).
 *
 * Not imitated: every source but Stripe (each needs its service: PostHog connects to list the tables, and today's
 * PostHog checks the credentials on create; here a Stripe key is taken as valid), the sync jobs and their schedules,
 * a table's `should_sync` and `sync_time_of_day` updates, and the list, create and delete of tables.
 */
import { randomUUID } from "node:crypto";
import { methodNotAllowed, notFound, serverError, validationError } from "../drf/errors";
import type { ApiContext } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { newestFirst, pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { nestedViewSetRoutes, uuidLookup } from "../pipeline/nested-viewset";
import { isJsonObject, type Json, type JsonObject } from "../state/json";
import { isoFromMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";

/** ExternalDataSource.Type of PostHog 2025-08-04 (today's has more). */
const SOURCE_TYPES = [
  "Stripe",
  "Hubspot",
  "Postgres",
  "Zendesk",
  "Snowflake",
  "Salesforce",
  "MySQL",
  "MongoDB",
  "MSSQL",
  "Vitally",
  "BigQuery",
  "Chargebee",
  "GoogleAds",
  "TemporalIO",
  "DoIt",
  "GoogleSheets",
  "MetaAds",
  "Klaviyo",
  "Mailchimp",
  "Braze",
  "Mailjet",
  "Redshift",
];

/** Stripe's source (posthog/temporal/data_imports/sources/stripe/): its config's fields and its tables (ENDPOINTS). */
const STRIPE = {
  fields: [
    { name: "stripe_secret_key", required: true, password: true },
    { name: "stripe_account_id", required: false, password: false },
  ],
  tables: [
    "BalanceTransaction",
    "Charge",
    "Customer",
    "Dispute",
    "InvoiceItem",
    "Invoice",
    "Payout",
    "Price",
    "Product",
    "Refund",
    "Subscription",
    "CreditNote",
  ],
};

/** 2025-08-04's `whitelisted_keys` (ExternalDataSourceSerializers.to_representation). */
const WHITELISTED_2025 = [
  "stripe_account_id",
  "database",
  "host",
  "port",
  "user",
  "schema",
  "ssh_tunnel",
  "using_ssl",
  "payload",
  "prefix",
  "regionsubdomain",
  "source_type",
  "site_name",
  "subdomain",
  "email_address",
  "redirect_uri",
  "account_id",
  "warehouse",
  "role",
  "dataset_id",
  "project_id",
  "client_email",
  "token_uri",
  "temporary-dataset",
];

const message = (status: number, text: string) => json(status, { message: text });

const sourcesOf = (ctx: ApiContext, team: StoredProject) =>
  ctx.store.objects("externalDataSources").filter((s) => s.teamId === team.id && !s.deleted);

function serialize(ctx: ApiContext, s: StoredObject): JsonObject {
  const f = s.fields;
  const stored = isJsonObject(f.job_inputs) ? f.job_inputs : {};
  const shown =
    ctx.services.version === "2025-08-04"
      ? (key: string) => WHITELISTED_2025.includes(key)
      : (key: string) => STRIPE.fields.some((field) => field.name === key && !field.password);
  const user = ctx.store.user(s.createdBy);
  return {
    id: f.uuid ?? null,
    created_at: isoFromMicros(s.createdAtMicros),
    created_by: user ? user.email : null,
    status: f.status ?? "Running",
    source_type: f.source_type ?? null,
    latest_error: null,
    prefix: f.prefix ?? null,
    ...(ctx.services.version === "2025-08-04"
      ? { revenue_analytics_enabled: f.revenue_analytics_enabled ?? false }
      : { revenue_analytics_config: { enabled: false, include_invoiceless_charges: true } }),
    last_run_at: null,
    schemas: f.schemas ?? [],
    job_inputs: Object.fromEntries(Object.entries(stored).filter(([key]) => shown(key))),
  };
}

/** The source's config from the job inputs (`validate_config`, `parse_config(...).to_dict()`), or its errors. */
function sourceConfig(inputs: JsonObject): { config: JsonObject } | { errors: string[] } {
  const errors = STRIPE.fields
    .filter((field) => field.required && !(field.name in inputs))
    .map((field) => `Required field '${field.name}' is missing`);
  if (errors.length > 0) return { errors };
  return { config: Object.fromEntries(STRIPE.fields.map((field) => [field.name, (inputs[field.name] ?? null) as Json])) };
}

function create(ctx: ApiContext, team: StoredProject) {
  const body = ctx.req.body();
  const data = isJsonObject(body) ? body : {};
  const prefix = (data.prefix ?? null) as Json;
  const sourceType = data.source_type;
  // `request.data["source_type"]`, `ExternalDataSource.Type(source_type)`: a KeyError or ValueError, PostHog's 500.
  if (typeof sourceType !== "string" || !SOURCE_TYPES.includes(sourceType))
    return json(500, { type: "server_error", code: "error", detail: "A server error occurred.", attr: null });
  const ofType = sourcesOf(ctx, team).filter((s) => s.fields.source_type === sourceType);
  if (ofType.length > 0) {
    if (!prefix) return message(400, "Source type already exists. Prefix is required");
    if (ofType.some((s) => s.fields.prefix === prefix)) return message(400, "Prefix already exists");
  }
  if (sourceType !== "Stripe")
    return message(400, `The local PostHog server does not imitate ${sourceType} sources (PostHog connects to each).`);
  const payload: JsonObject = isJsonObject(data.payload) ? { ...data.payload } : {};
  for (const [key, value] of Object.entries(payload)) if (typeof value === "string") payload[key] = value.trim();
  const parsed = sourceConfig(payload);
  if ("errors" in parsed) return message(400, `Invalid source config: ${parsed.errors.join(", ")}`);
  const tables = payload.schemas;
  if (!Array.isArray(tables) || tables.length === 0) return message(400, "Schemas not given");
  if (tables.some((t) => !isJsonObject(t) || !STRIPE.tables.includes(String(t.name))))
    return message(400, "Schemas given do not exist in source");
  const schemas: JsonObject[] = [];
  for (const t of tables as JsonObject[]) {
    const syncType = t.sync_type ?? null;
    const incremental = syncType === "incremental" || syncType === "append";
    // Today's PostHog asks it of a table it syncs; 2025-08-04 of every table.
    const checked = ctx.services.version === "2025-08-04" || t.should_sync === true;
    if (checked && incremental && (t.incremental_field ?? null) === null)
      return message(400, "Incremental schemas given do not have an incremental field set");
    if (checked && incremental && (t.incremental_field_type ?? null) === null)
      return message(400, "Incremental schemas given do not have an incremental field type set");
    schemas.push({
      id: randomUUID(),
      name: t.name ?? null,
      table: null,
      should_sync: t.should_sync ?? false,
      last_synced_at: null,
      latest_error: null,
      incremental: syncType === "incremental",
      status: null,
      sync_type: syncType,
      incremental_field: incremental ? (t.incremental_field ?? null) : null,
      incremental_field_type: incremental ? (t.incremental_field_type ?? null) : null,
      sync_frequency: "6hour",
      sync_time_of_day: t.sync_time_of_day ?? null,
    });
  }
  schemas.sort((a, b) => String(a.name).localeCompare(String(b.name)));
  const s = ctx.store.addObject("externalDataSources", team.id, ctx.user.id, {
    uuid: randomUUID(),
    source_type: sourceType,
    prefix,
    status: "Running",
    revenue_analytics_enabled: true,
    job_inputs: parsed.config,
    schemas,
  });
  return json(201, { id: s.fields.uuid ?? null });
}

function find(ctx: ApiContext, team: StoredProject, id: number): StoredObject {
  const s = ctx.store.object("externalDataSources", id);
  if (!s || s.teamId !== team.id || s.deleted) throw notFound();
  return s;
}

function update(ctx: ApiContext, team: StoredProject, id: number) {
  const s = find(ctx, team, id);
  const body = ctx.req.body();
  if (!isJsonObject(body)) throw validationError("Invalid data. Expected a dictionary, but got str.", null, "invalid");
  if (body.job_inputs !== undefined && !isJsonObject(body.job_inputs))
    throw validationError("Value must be valid JSON.", "job_inputs", "invalid");
  const existing = isJsonObject(s.fields.job_inputs) ? s.fields.job_inputs : {};
  const parsed = sourceConfig({ ...existing, ...(isJsonObject(body.job_inputs) ? body.job_inputs : {}) });
  if ("errors" in parsed) throw validationError(`Invalid source config: ${parsed.errors.join(", ")}`);
  s.fields.job_inputs = parsed.config;
  if (ctx.services.version === "2025-08-04" && typeof body.revenue_analytics_enabled === "boolean")
    s.fields.revenue_analytics_enabled = body.revenue_analytics_enabled;
  return updatedAnswer(ctx, s, () => serialize(ctx, s));
}

/** sync_frequency_to_sync_frequency_interval's frequencies in each version. */
const SYNC_FREQUENCIES_2025 = ["never", "5min", "30min", "1hour", "6hour", "12hour", "24hour", "7day", "30day"];
const SYNC_FREQUENCIES = [...SYNC_FREQUENCIES_2025, "1min", "15min"];

/** The source holding a table (ExternalDataSchema) of this UUID in the project. */
function tableLookup(ctx: ApiContext, team: StoredProject, key: string): number | null {
  const uuid = key.toLowerCase();
  const holds = (s: StoredObject) => Array.isArray(s.fields.schemas) && s.fields.schemas.some((t) => isJsonObject(t) && t.id === uuid);
  return sourcesOf(ctx, team).find(holds)?.id ?? null;
}

/** ExternalDataSchemaSerializer.update, for the sync type and frequency. */
function updateTable(ctx: ApiContext, team: StoredProject, id: number) {
  const source = find(ctx, team, id);
  const table = (source.fields.schemas as JsonObject[]).find((t) => t.id === (ctx.params.id ?? "").toLowerCase())!;
  const body = ctx.req.body();
  const data = isJsonObject(body) ? body : {};
  const old = ctx.services.version === "2025-08-04";
  const given = "sync_type" in data;
  const syncType = (data.sync_type ?? null) as Json;
  if (syncType !== null && !["full_refresh", "incremental", "append", ...(old ? [] : ["cdc"])].includes(String(syncType)))
    throw validationError("Invalid sync type");
  const resulting = old || given ? syncType : (table.sync_type ?? null);
  const frequency = data.sync_frequency;
  if (frequency) {
    if (typeof frequency !== "string" || !(old ? SYNC_FREQUENCIES_2025 : SYNC_FREQUENCIES).includes(frequency)) throw serverError();
    const changed = (frequency === "never" ? null : frequency) !== (table.sync_frequency ?? null);
    if (old && changed && (table.should_sync !== true || frequency === "never")) throw serverError();
    if (!old && frequency === "1min" && resulting !== "cdc")
      throw validationError(
        "A 1-minute sync frequency is only available for CDC schemas. The fastest frequency for other sync types is 5 minutes.",
      );
    table.sync_frequency = frequency === "never" ? null : frequency;
  }
  table.sync_type = resulting;
  if (resulting === "incremental" || resulting === "append") {
    if (old || "incremental_field" in data) table.incremental_field = (data.incremental_field ?? null) as Json;
    if (old || "incremental_field_type" in data) table.incremental_field_type = (data.incremental_field_type ?? null) as Json;
  }
  table.incremental = resulting === "incremental";
  ctx.store.changed();
  return json(200, table);
}

export function externalDataSchemaRoutes() {
  return nestedViewSetRoutes({
    path: "external_data_schemas",
    scopeObject: "external_data_source",
    environments: true,
    scopesFor: (ctx) => (ctx.services.version === "2025-08-04" ? null : undefined),
    lookup: tableLookup,
    list: () => {
      throw methodNotAllowed("GET");
    },
    create: () => {
      throw methodNotAllowed("POST");
    },
    retrieve: (ctx, team, id) =>
      json(200, (find(ctx, team, id).fields.schemas as JsonObject[]).find((t) => t.id === (ctx.params.id ?? "").toLowerCase())!),
    update: (ctx, team, id) => updateTable(ctx, team, id),
  });
}

export function externalDataSourceRoutes() {
  return nestedViewSetRoutes({
    path: "external_data_sources",
    scopeObject: "external_data_source",
    environments: true,
    // 2025-08-04: scope_object = "INTERNAL", no scope for any action.
    scopesFor: (ctx) => (ctx.services.version === "2025-08-04" ? null : undefined),
    lookup: uuidLookup("externalDataSources", "uuid"),
    list: (ctx, team) => pageAnswer(ctx, sourcesOf(ctx, team).sort(newestFirst), (s) => serialize(ctx, s)),
    create,
    retrieve: (ctx, team, id) => json(200, serialize(ctx, find(ctx, team, id))),
    update: (ctx, team, id) => update(ctx, team, id),
    destroy: (ctx, team, id) => {
      const s = find(ctx, team, id);
      s.deleted = true;
      ctx.store.changed();
      return noContent();
    },
  });
}
