/**
 * Batch exports, `/api/projects/:project_id/batch_exports/` and `/api/environments/:project_id/batch_exports/`
 * (posthog/api/__init__.py registers BatchExportViewSet on both; BatchExportViewSet and BatchExportSerializer,
 * posthog/batch_exports/http.py; models posthog/batch_exports/models.py; tests posthog/api/test/batch_exports/):
 *
 * - Keyed by UUID. `name`, `destination` (`{type, config}`) and `interval` are required; `model` is events (default),
 *   persons or sessions; `paused`, `start_at`, `end_at`, `filters`. BatchExportSerializer.validate refuses every write
 *   of an organization whose plan lacks `data_pipelines` ("The Data Pipelines addon is required for batch exports.",
 *   after the fields' own errors); `validate_destination` checks an S3 destination's file format and compression and a
 *   Snowflake one's credentials. On create, an interval other than hour, day or week and the sessions model are behind
 *   PostHog feature flags, off here as on a self-hosted PostHog: 403.
 * - The destination's config is an EncryptedJSONField (posthog/helpers/encrypted_fields.py): every scalar is stored as
 *   Python's `str()` of it, so reads answer `5432` as `"5432"`; the answer to a write holds the values in memory (a
 *   create's as sent; an update's the stored text merged with what was sent). The secret fields of the destination's
 *   type are never answered (BatchExportDestinationSerializer.to_representation); 2025-08-04 writes HTTP's as
 *   `set("token")`, the set of its letters, and so answers the token. An update merges the config sent into the stored
 *   one and may change the type.
 * - `pause` and `unpause` (POST, `batch_export:write`) set `paused` (pausing records `last_paused_at`) and answer
 *   `{"paused": …}`; the Temporal schedule they drive is not modelled, nor are runs (`latest_runs` is empty).
 * - DELETE marks it deleted (`disable_and_delete_export`) and answers 204; a deleted export is a 404 to everything.
 *   The list (LimitOffsetPagination, 100) answers BatchExportSerializer's records, newest first.
 * - Today's PostHog adds destinations (Databricks, AzureBlob, Workflows, FileDownload), the "every 15 minutes"
 *   interval, Redshift's AWS keys among the secrets, and `timezone` ("UTC") and `interval_offset` (null).
 */
import { randomUUID } from "node:crypto";
import { notAuthenticated, notFound, permissionDenied, validationError } from "../drf/errors";
import {
  booleanField,
  charField,
  choiceField,
  type FieldRule,
  fail,
  jsonField,
  nestedSerializerField,
  nullableDateTimeField,
} from "../drf/fields";
import { pyStr } from "../drf/py";
import type { ApiContext } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { newestFirst, pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { nestedViewSetRoutes, type SerializerFields, uuidLookup, validateBody } from "../pipeline/nested-viewset";
import { cloneJson, isJsonObject, type Json, type JsonObject } from "../state/json";
import { isoFromMicros, nowMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";

const DESTINATIONS_2025 = ["S3", "Snowflake", "Postgres", "Redshift", "BigQuery", "HTTP", "NoOp"];
const DESTINATIONS_TODAY = [...DESTINATIONS_2025, "Databricks", "AzureBlob", "Workflows", "FileDownload"];
const INTERVALS_2025 = ["hour", "day", "week", "every 5 minutes"];
const INTERVALS_TODAY = [...INTERVALS_2025, "every 15 minutes"];
const MODELS = ["events", "persons", "sessions"];

/** BatchExportDestination.secret_fields; 2025-08-04's HTTP entry is `set("token")`: its letters, not the key. */
function secretFields(current: boolean, type: string): readonly string[] {
  switch (type) {
    case "S3":
      return ["aws_access_key_id", "aws_secret_access_key"];
    case "Snowflake":
      return ["user", "password", "private_key", "private_key_passphrase"];
    case "Postgres":
      return ["user", "password"];
    case "Redshift":
      return current ? ["user", "password", "aws_access_key_id", "aws_secret_access_key"] : ["user", "password"];
    case "BigQuery":
      return ["private_key", "private_key_id", "client_email", "token_uri"];
    case "HTTP":
      return current ? ["token"] : ["t", "o", "k", "e", "n"];
    default:
      return [];
  }
}

/** SUPPORTED_COMPRESSIONS (products/batch_exports/backend/temporal/destinations/s3_batch_export.py). */
const S3_COMPRESSIONS: Record<string, string[]> = {
  Parquet: ["zstd", "lz4", "snappy", "gzip", "brotli"],
  JSONLines: ["gzip", "brotli"],
};

/** EncryptedJSONField's round trip: every scalar as Python's `str()` of it, null kept. */
function storedText(value: Json): Json {
  if (Array.isArray(value)) return value.map(storedText);
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, storedText(v)]));
  return value === null ? null : pyStr(value);
}

interface ExportContext {
  ctx: ApiContext;
  instance: StoredObject | null;
}

/** validate_destination (posthog/batch_exports/http.py). */
function validateDestination(destination: JsonObject, ec: ExportContext): Json {
  if (destination.type === undefined) {
    if (!ec.instance) fail("required", "This field is required.", ["type"]);
    // PostHog reads `destination_attrs["type"]`: a PATCH without it is a KeyError, its 500.
    throw new Error("destination without type");
  }
  const config = isJsonObject(destination.config) ? destination.config : {};
  if (destination.type === "Snowflake") {
    const stored = ec.instance && isJsonObject(ec.instance.fields.destination) ? ec.instance.fields.destination.config : {};
    const merged = { ...(isJsonObject(stored) ? stored : {}), ...config };
    if (config.authentication_type === "password" && (merged.password ?? null) === null)
      fail("invalid", "Password is required if authentication type is password");
    if (config.authentication_type === "keypair" && (merged.private_key ?? null) === null)
      fail("invalid", "Private key is required if authentication type is key pair");
  }
  if (destination.type === "S3") {
    const format = "file_format" in config ? config.file_format : "JSONLines";
    const compressions = typeof format === "string" ? S3_COMPRESSIONS[format] : undefined;
    if (!compressions)
      fail("invalid", `File format ${pyStr(format ?? null)} is not supported. Supported file formats are ['Parquet', 'JSONLines']`);
    const compression = config.compression;
    if (compression && !compressions?.includes(pyStr(compression)))
      fail(
        "invalid",
        `Compression ${pyStr(compression)} is not supported for file format ${pyStr(format ?? null)}. Supported compressions are [${(compressions ?? []).map((c) => `'${c}'`).join(", ")}]`,
      );
  }
  return destination;
}

function fields(current: boolean): SerializerFields<ExportContext> {
  const choice = (values: readonly string[], nullable: boolean, allowBlank = false) =>
    choiceField(nullable, (s) => (values.includes(s) ? s : undefined), allowBlank) as FieldRule<ExportContext>;
  return [
    ["name", charField({ nullable: false, allowBlank: false })],
    ["model", choice(MODELS, true, true)],
    [
      "destination",
      nestedSerializerField<ExportContext>(
        false,
        {
          type: choice(current ? DESTINATIONS_TODAY : DESTINATIONS_2025, false),
          config: jsonField<ExportContext>(false, (v) => (isJsonObject(v) ? v : fail("invalid", "Value must be valid JSON."))),
        },
        validateDestination,
      ),
    ],
    ["interval", choice(current ? INTERVALS_TODAY : INTERVALS_2025, false)],
    ["paused", booleanField(false) as FieldRule<ExportContext>],
    ["start_at", nullableDateTimeField as FieldRule<ExportContext>],
    ["end_at", nullableDateTimeField as FieldRule<ExportContext>],
    ["filters", jsonField<ExportContext>(true)],
  ];
}

/** BatchExportSerializer, the config as `config` (the stored text on reads, the values in memory after a write). */
function serialize(ctx: ApiContext, o: StoredObject, config?: JsonObject): JsonObject {
  const f = o.fields;
  const current = ctx.services.version === "current";
  const destination = isJsonObject(f.destination) ? f.destination : {};
  const type = pyStr(destination.type ?? null);
  const secret = secretFields(current, type);
  const shown = config ?? (isJsonObject(destination.config) ? destination.config : {});
  const micros = (v: Json | undefined) => (typeof v === "number" ? isoFromMicros(v) : null);
  return {
    id: f.uuid ?? null,
    team_id: o.teamId,
    name: f.name ?? "",
    model: f.model ?? null,
    destination: { type, config: Object.fromEntries(Object.entries(cloneJson(shown) as JsonObject).filter(([k]) => !secret.includes(k))) },
    interval: f.interval ?? "hour",
    paused: f.paused === true,
    created_at: isoFromMicros(o.createdAtMicros),
    last_updated_at: isoFromMicros(o.updatedAtMicros),
    last_paused_at: micros(f.last_paused_at),
    start_at: micros(f.start_at),
    end_at: micros(f.end_at),
    latest_runs: [],
    schema: null,
    filters: cloneJson(f.filters ?? null),
    ...(current && { timezone: "UTC", interval_offset: null }),
  };
}

/** The fields, then BatchExportSerializer.validate: the Data Pipelines addon. */
function validated(ctx: ApiContext, team: StoredProject, instance: StoredObject | null, partial: boolean): JsonObject {
  const attrs = validateBody(
    ctx.req.body(),
    fields(ctx.services.version === "current"),
    { ctx, instance },
    ["name", "destination", "interval"],
    partial,
  );
  if (ctx.store.lacks(team.organizationId, "data_pipelines"))
    throw validationError("The Data Pipelines addon is required for batch exports.");
  return attrs;
}

function create(ctx: ApiContext, team: StoredProject) {
  const attrs = validated(ctx, team, null, false);
  // BatchExportSerializer.create: PostHog's feature flags, evaluated against PostHog's own (absent: off).
  if (!["hour", "day", "week"].includes(pyStr(attrs.interval ?? null)))
    throw permissionDenied("Higher frequency batch exports are not enabled for this team.");
  if ((attrs.model ?? "events") === "sessions") throw permissionDenied("Sessions batch exports are not enabled for this team.");
  const destination = attrs.destination as JsonObject;
  const config = isJsonObject(destination.config) ? destination.config : {};
  const stored: JsonObject = {
    uuid: randomUUID(),
    model: "events",
    paused: false,
    ...attrs,
    destination: { type: destination.type ?? null, config: storedText(config) },
  };
  const o = ctx.store.addObject("batchExports", team.id, ctx.user.id, stored);
  return json(201, serialize(ctx, o, config));
}

/** Deleted exports are excluded from the viewset's queryset: a 404 to everything. */
function find(ctx: ApiContext, team: StoredProject, id: number): StoredObject {
  const o = ctx.store.object("batchExports", id);
  if (!o || o.teamId !== team.id || o.deleted) throw notFound();
  return o;
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const o = find(ctx, team, id);
  const attrs = validated(ctx, team, o, partial);
  let answered: JsonObject | undefined;
  if (isJsonObject(attrs.destination)) {
    const stored = isJsonObject(o.fields.destination) ? o.fields.destination : {};
    const given = isJsonObject(attrs.destination.config) ? attrs.destination.config : {};
    // BatchExportSerializer.update: `{**stored, **sent}`, the stored values as read (text), the sent as sent.
    answered = { ...(isJsonObject(stored.config) ? stored.config : {}), ...given };
    attrs.destination = { type: attrs.destination.type ?? stored.type ?? null, config: storedText(answered) };
  }
  Object.assign(o.fields, attrs);
  return updatedAnswer(ctx, o, () => serialize(ctx, o, answered));
}

function setPaused(ctx: ApiContext, team: StoredProject, id: number, paused: boolean) {
  const o = find(ctx, team, id);
  // pause_batch_export/unpause_batch_export: nothing changes when it already is so.
  if (o.fields.paused !== paused) {
    o.fields.paused = paused;
    if (paused) o.fields.last_paused_at = nowMicros();
    o.updatedAtMicros = nowMicros();
    ctx.store.changed();
  }
  return json(200, { paused });
}

export function batchExportRoutes() {
  return nestedViewSetRoutes({
    path: "batch_exports",
    scopeObject: "batch_export",
    environments: true,
    lookup: uuidLookup("batchExports", "uuid"),
    list: (ctx, team) =>
      pageAnswer(
        ctx,
        ctx.store
          .objects("batchExports")
          .filter((o) => o.teamId === team.id && !o.deleted)
          .sort(newestFirst),
        (o) => serialize(ctx, o),
      ),
    create,
    retrieve: (ctx, team, id) => json(200, serialize(ctx, find(ctx, team, id))),
    update,
    destroy: (ctx, team, id) => {
      find(ctx, team, id).deleted = true;
      ctx.store.changed();
      return noContent();
    },
    detailActions: {
      pause: (ctx, team, id) => setPaused(ctx, team, id, true),
      // BatchExportViewSet.unpause refuses a user without a current project (`current_team is None`) before anything
      // else, as not authenticated; pause does not ask (posthog/batch_exports/http.py, 2025-08-04 and today).
      unpause: (ctx, team, id) => {
        if (ctx.user.currentTeamId === null) throw notAuthenticated();
        return setPaused(ctx, team, id, false);
      },
    },
  });
}
