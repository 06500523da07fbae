/**
 * Score definitions (the scorers of human reviews), `/api/projects/:project_id/llm_analytics/score_definitions/` and
 * the same under `/api/environments/` (today's ScoreDefinitionViewSet and its serializers,
 * products/ai_observability/backend/api/score_definitions.py; the config's serializers
 * products/ai_observability/backend/score_definition_configs.py; models ScoreDefinition and ScoreDefinitionVersion,
 * products/ai_observability/backend/models/score_definitions.py). PostHog 2025-08-04 has none: 404.
 *
 * - Keyed by UUID. Methods GET, POST and PATCH only (`http_method_names`): PUT and DELETE answer 405; a definition is
 *   archived, never deleted. The list is by name and leaves archived ones out unless `?archived=` is a boolean; a
 *   retrieve answers any. `scope_object = "llm_analytics"`.
 * - Create (ScoreDefinitionCreateSerializer): `name` (255, stripped, not blank), `description` (null stored blank),
 *   `kind` (categorical, numeric, boolean), `archived` (must be false: "New scorers must be created as active."),
 *   `config` (checked for the kind; it becomes version 1).
 * - PATCH (ScoreDefinitionMetadataSerializer): `name`, `description`, `archived`; any other key is ignored.
 * - `POST …/<id>/new_version/` `{config, base_version?}`: the next immutable version; a `base_version` that is not the
 *   current one is 409 with the current version.
 * - The config (ScoreDefinitionConfigField): only the kind's keys ("Unsupported keys for `kind` …"); categorical
 *   `options` (at least one, keys stripped, lower-cased, of letters, digits, `_` and `-`, unique; labels at most 256),
 *   `selection_mode` single or multiple, `min_selections`/`max_selections` (≥ 1, only for multiple, at most the
 *   options, min not above max); numeric `min`/`max`/`step` (floats or null, min not above max, step above 0); boolean
 *   `true_label`/`false_label` (not blank). Only the keys sent are kept.
 *
 * Not imitated: the `llma-trace-review` feature flag PostHog Cloud's permission asks for (on here).
 */
import { randomUUID } from "node:crypto";
import { validationError } from "../drf/errors";
import { booleanField, charField, choiceField, fail, FieldFailure, type FieldRule, integerField, runRule } from "../drf/fields";
import { pyRepr } from "../drf/py";
import type { ApiContext, ApiRoute } from "../pipeline/api";
import { json } from "../pipeline/http";
import { pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { findInProject, nestedViewSetRoutes, type SerializerFields, userBasic, uuidLookup, validateBody } from "../pipeline/nested-viewset";
import { cloneJson, isJsonObject, type Json, type JsonObject } from "../state/json";
import { isoFromMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";

const KIND = "llmScoreDefinitions";
const KINDS = ["categorical", "numeric", "boolean"];
const KEY_PATTERN = /^[a-z0-9]+(?:[_-][a-z0-9]+)*$/;

/** A field's failure inside the config, named as drf-exceptions-hog names it (`config__<field>`). */
const configFailure = (detail: string, path: Array<string | number> = []) => fail("invalid", detail, path);

/** FloatField(required=False, allow_null=True). */
const floatField: FieldRule<unknown> = {
  nullable: true,
  parse: (v) => {
    const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
    return typeof n === "number" && Number.isFinite(n) ? n : fail("invalid", "A valid number is required.");
  },
};

/** Runs one field of a config serializer, its failure named under the config. */
function field(rule: FieldRule<unknown>, value: Json, path: Array<string | number>): Json {
  try {
    return runRule(rule, value, null);
  } catch (error) {
    if (error instanceof FieldFailure) throw new FieldFailure(error.code, error.detail, [...path, ...error.path]);
    throw error;
  }
}

function categorical(config: JsonObject): JsonObject {
  const out: JsonObject = {};
  const options = config.options;
  if (options === undefined) configFailure("This field is required.", ["options"]);
  if (!Array.isArray(options)) return configFailure(`Expected a list of items but got type "${typeof options}".`, ["options"]);
  out.options = options.map((option, i) => {
    if (!isJsonObject(option)) return configFailure("Invalid data. Expected a dictionary.", ["options", i]);
    for (const name of ["key", "label"]) if (!(name in option)) configFailure("This field is required.", ["options", i, name]);
    const key = String(
      field(charField({ maxLength: 128, nullable: false, allowBlank: false }), option.key!, ["options", i, "key"]),
    ).toLowerCase();
    if (!KEY_PATTERN.test(key)) configFailure("`key` must use lowercase letters, numbers, underscores, or hyphens.", ["options", i, "key"]);
    return { key, label: field(charField({ maxLength: 256, nullable: false, allowBlank: false }), option.label!, ["options", i, "label"]) };
  });
  const list = out.options as JsonObject[];
  if (list.length === 0) configFailure("Provide at least one categorical option.", ["options"]);
  if (new Set(list.map((o) => o.key)).size !== list.length) configFailure("Categorical option keys must be unique.", ["options"]);
  if ("selection_mode" in config)
    out.selection_mode = field(
      choiceField(false, (s) => (s === "single" || s === "multiple" ? s : undefined)),
      config.selection_mode!,
      ["selection_mode"],
    );
  for (const name of ["min_selections", "max_selections"])
    if (name in config) out[name] = field(integerField({ nullable: true, min: 1 }), config[name]!, [name]);
  const single = (out.selection_mode ?? "single") === "single";
  const min = out.min_selections ?? null;
  const max = out.max_selections ?? null;
  if (single && min !== null) configFailure("`min_selections` is only supported when `selection_mode` is `multiple`.", ["min_selections"]);
  if (single && max !== null) configFailure("`max_selections` is only supported when `selection_mode` is `multiple`.", ["max_selections"]);
  if (typeof min === "number" && min > list.length)
    configFailure("Ensure `min_selections` is less than or equal to the number of options.", ["min_selections"]);
  if (typeof max === "number" && max > list.length)
    configFailure("Ensure `max_selections` is less than or equal to the number of options.", ["max_selections"]);
  if (typeof min === "number" && typeof max === "number" && min > max)
    configFailure("Ensure `max_selections` is greater than or equal to `min_selections`.", ["max_selections"]);
  return out;
}

function numeric(config: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const name of ["min", "max", "step"]) if (name in config) out[name] = field(floatField, config[name]!, [name]);
  const { min, max, step } = out;
  if (typeof min === "number" && typeof max === "number" && min > max)
    configFailure("Ensure `max` is greater than or equal to `min`.", ["max"]);
  if (typeof step === "number" && step <= 0) configFailure("Ensure `step` is greater than 0.", ["step"]);
  return out;
}

function boolean(config: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const name of ["true_label", "false_label"])
    if (name in config) out[name] = field(charField({ nullable: false, allowBlank: false }), config[name]!, [name]);
  return out;
}

const KEYS: Readonly<Record<string, readonly string[]>> = {
  categorical: ["options", "selection_mode", "min_selections", "max_selections"],
  numeric: ["min", "max", "step"],
  boolean: ["true_label", "false_label"],
};

/** ScoreDefinitionConfigField for a kind: its keys only, then its serializer. */
function configRule(kind: Json | undefined): FieldRule<unknown> {
  return {
    nullable: false,
    parse: (v) => {
      if (typeof kind !== "string" || kind === "") return configFailure("Set `kind` before validating `config`.", ["kind"]);
      const allowed = KEYS[kind];
      if (!allowed) return configFailure("Unsupported score definition kind.", ["kind"]);
      if (!isJsonObject(v)) return configFailure("Invalid data. Expected a dictionary, but got list.", ["non_field_errors"]);
      const unknown = Object.keys(v)
        .filter((key) => !allowed.includes(key))
        .sort();
      if (unknown.length > 0)
        configFailure(`Unsupported keys for \`kind\` \`${kind}\`: ${pyRepr(unknown)}. Allowed keys: ${pyRepr([...allowed].sort())}.`);
      return kind === "categorical" ? categorical(v) : kind === "numeric" ? numeric(v) : boolean(v);
    },
  };
}

/** CharField, then `validate_name`: stripped and not blank. */
const nameField = charField({ maxLength: 255, nullable: false, allowBlank: false });
const descriptionField = charField({ nullable: true, allowBlank: true });

interface Version {
  id: string;
  version: number;
  config: JsonObject;
}

const versionsOf = (d: StoredObject): Version[] => (Array.isArray(d.fields.versions) ? (d.fields.versions as unknown as Version[]) : []);

function addVersion(d: StoredObject, config: JsonObject): void {
  const versions = versionsOf(d);
  d.fields.versions = [...versions, { id: randomUUID(), version: versions.length + 1, config }] as unknown as Json;
}

function serializeDefinition(ctx: ApiContext, d: StoredObject): JsonObject {
  const f = d.fields;
  const current = versionsOf(d).at(-1);
  return {
    id: String(f.id),
    name: f.name ?? "",
    description: f.description ?? "",
    kind: f.kind ?? null,
    archived: f.archived === true,
    current_version: current?.version ?? null,
    current_version_id: current?.id ?? null,
    config: cloneJson(current?.config ?? null),
    created_by: userBasic(ctx.store, d.createdBy),
    created_at: isoFromMicros(d.createdAtMicros),
    updated_at: isoFromMicros(d.updatedAtMicros),
    team: d.teamId,
  };
}

function list(ctx: ApiContext, team: StoredProject) {
  const param = (ctx.req.param("archived") ?? "").trim().toLowerCase();
  const archived = param === "true" || param === "1" ? true : param === "false" || param === "0" ? false : undefined;
  const rows = ctx.store
    .objects(KIND)
    .filter(
      (d) => d.teamId === team.id && (archived === undefined ? d.fields.archived !== true : (d.fields.archived === true) === archived),
    )
    .sort((a, b) => String(a.fields.name).localeCompare(String(b.fields.name)) || String(a.fields.id).localeCompare(String(b.fields.id)));
  return pageAnswer(ctx, rows, (d) => serializeDefinition(ctx, d));
}

function create(ctx: ApiContext, team: StoredProject) {
  const body = ctx.req.body();
  const fields: SerializerFields<unknown> = [
    ["name", nameField],
    ["description", descriptionField],
    ["kind", choiceField(false, (s) => (KINDS.includes(s) ? s : undefined))],
    ["archived", booleanField(false)],
    ["config", configRule(isJsonObject(body) ? body.kind : undefined)],
  ];
  const attrs = validateBody(body, fields, null, ["name", "kind", "config"], false);
  if (attrs.archived === true) throw validationError("New scorers must be created as active.", "archived");
  const d = ctx.store.addObject(KIND, team.id, ctx.user.id, {
    id: randomUUID(),
    name: attrs.name!,
    description: attrs.description ?? "",
    kind: attrs.kind!,
    archived: false,
    versions: [],
  });
  addVersion(d, attrs.config as JsonObject);
  return json(201, serializeDefinition(ctx, d));
}

function update(ctx: ApiContext, team: StoredProject, id: number) {
  const d = findInProject(ctx.store, KIND, team, id);
  const attrs = validateBody(
    ctx.req.body(),
    [
      ["name", nameField],
      ["description", descriptionField],
      ["archived", booleanField(false)],
    ],
    null,
    [],
    true,
  );
  if ("description" in attrs) attrs.description = attrs.description ?? "";
  Object.assign(d.fields, attrs);
  return updatedAnswer(ctx, d, () => serializeDefinition(ctx, d));
}

/** ScoreDefinitionViewSet.new_version: the config checked for the definition's kind, then the next version. */
function newVersion(ctx: ApiContext, team: StoredProject, id: number) {
  const d = findInProject(ctx.store, KIND, team, id);
  const attrs = validateBody(
    ctx.req.body(),
    [
      ["config", configRule(d.fields.kind)],
      ["base_version", integerField({ nullable: false, min: 1 })],
    ],
    null,
    ["config"],
    false,
  );
  const current = versionsOf(d).at(-1)?.version ?? 0;
  if (attrs.base_version !== undefined && attrs.base_version !== current)
    return json(409, {
      detail: "The scorer changed since you opened it. Reload the latest version and try again.",
      current_version: current,
    });
  addVersion(d, attrs.config as JsonObject);
  return updatedAnswer(ctx, d, () => serializeDefinition(ctx, d));
}

/** Today's PostHog only: PostHog 2025-08-04 routes no score definitions (404). */
export function scoreDefinitionRoutes(version: "current" | "2025-08-04"): ApiRoute[] {
  if (version === "2025-08-04") return [];
  const routes = nestedViewSetRoutes({
    path: "llm_analytics/score_definitions",
    scopeObject: "llm_analytics",
    environments: true,
    lookup: uuidLookup(KIND, "id"),
    list,
    create,
    retrieve: (ctx, team, id) => json(200, serializeDefinition(ctx, findInProject(ctx.store, KIND, team, id))),
    update: (ctx, team, id) => update(ctx, team, id),
    detailActions: { new_version: newVersion },
  });
  // `http_method_names = ["get", "post", "patch", …]`: PUT and DELETE are not allowed (405).
  return routes.map((route) => {
    const { PUT: _put, DELETE: _delete, ...methods } = route.methods;
    return { ...route, methods };
  });
}
