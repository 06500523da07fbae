/**
 * Actions, `/api/projects/:project_id/actions/` (ActionViewSet and ActionSerializer of today's PostHog,
 * products/actions/backend/api/action.py, formerly posthog/api/action.py; tests in
 * products/actions/backend/api/test/test_action.py):
 *
 * - `name` may not be blank and is unique among the project's actions that are not deleted ("This project already
 *   has an action with this name, ID <id>", code `unique`), checked only when the body has a name. PostHog 2025-08-04
 *   reads `attrs["name"]` unconditionally: a POST or PATCH without `name` is a 500 there (KeyError), and takes "".
 * - `steps`: ActionStepJSONSerializer items (event, properties, selector, tag_name, text/href/url and their
 *   `*_matching` among contains, regex, exact).
 * - Soft delete by `PATCH {"deleted": true}`; DELETE is 405; deleted actions are left out of the list and still
 *   answered by GET.
 * - The list has no `next` links: `{"count", "results"}` of every action, ordered by last_calculated_at DESC then
 *   name, unless `limit`/`offset` (opt-in), `search` (name), `created_by`, `tags` or `ordering` narrow it. PostHog
 *   2025-08-04 answers `{"results"}` only and takes none of these.
 */
import { serverError, validationError } from "../drf/errors";
import {
  booleanField,
  DATETIME_FORMAT,
  charField,
  choiceField,
  FieldFailure,
  type FieldRule,
  fail,
  listField,
  parseChar,
} from "../drf/fields";
import { pyInt, pyRepr, pyStr, pyTypeName } from "../drf/py";
import type { ApiContext } from "../pipeline/api";
import { json } from "../pipeline/http";
import { icontains, updatedAnswer } from "../pipeline/list-update";
import { findInProject, nestedViewSetRoutes, type SerializerFields, tagify, userBasic, validateBody } from "../pipeline/nested-viewset";
import { cloneJson, isJsonObject, type Json, type JsonObject } from "../state/json";
import { isoFromMicros, nowMicros, parseTimestampMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";

/** posthog/models/action/action.py ACTION_STEP_MATCHING_OPTIONS. */
export const STEP_MATCHING = ["contains", "regex", "exact"];

const STEP_FIELDS = [
  "event",
  "properties",
  "selector",
  "tag_name",
  "text",
  "text_matching",
  "href",
  "href_matching",
  "url",
  "url_matching",
];

const nullableChar = (trim: boolean): FieldRule<unknown> => ({
  nullable: true,
  parse: (v) => (trim ? parseChar(v, { allowBlank: false }) : parseUntrimmed(v)),
});

/** CharField(trim_whitespace=False): only "" is blank (DRF's CharField.run_validation); whitespace is kept as sent. */
function parseUntrimmed(v: Json): string {
  if (typeof v !== "string" && typeof v !== "number") return fail("invalid", "Not a valid string.");
  const s = pyStr(v);
  if (s === "") fail("blank", "This field may not be blank.");
  return s;
}

const matching = choiceField(true, (s) => (STEP_MATCHING.includes(s) ? s : undefined));

const STEP_RULES: Record<string, FieldRule<unknown>> = {
  event: nullableChar(false),
  selector: nullableChar(true),
  tag_name: nullableChar(false),
  text: nullableChar(false),
  text_matching: matching,
  href: nullableChar(false),
  href_matching: matching,
  url: nullableChar(true),
  url_matching: matching,
};

/** One field's errors as DRF holds them: the repr of their codes, and of the ErrorDetails. */
interface HeldErrors {
  codes: string;
  details: string;
}

const held = (code: string, detail: string): HeldErrors => ({
  codes: `[${pyRepr(code)}]`,
  details: `[ErrorDetail(string=${pyRepr(detail)}, code=${pyRepr(code)})]`,
});

/** `properties = ListField(child=DictField())`: a child's errors are keyed by index. */
function stepPropertiesErrors(value: Json): HeldErrors | null {
  if (!Array.isArray(value)) return held("not_a_list", `Expected a list of items but got type "${pyTypeName(value)}".`);
  const bad = value.flatMap((item, i) =>
    isJsonObject(item) ? [] : [[i, held("not_a_dict", `Expected a dictionary of items but got type "${pyTypeName(item)}".`)] as const],
  );
  if (bad.length === 0) return null;
  return {
    codes: `{${bad.map(([i, h]) => `${i}: ${h.codes}`).join(", ")}}`,
    details: `{${bad.map(([i, h]) => `${i}: ${h.details}`).join(", ")}}`,
  };
}

/** A step's field errors in ActionStepJSONSerializer's field order, and its validated value. */
function validateStep(step: Json): { errors: Array<[string, HeldErrors]>; value: JsonObject } {
  if (!isJsonObject(step))
    return {
      errors: [["non_field_errors", held("invalid", `Invalid data. Expected a dictionary, but got ${pyTypeName(step)}.`)]],
      value: {},
    };
  const errors: Array<[string, HeldErrors]> = [];
  const value: JsonObject = {};
  for (const name of STEP_FIELDS) {
    const v = step[name];
    if (v === undefined) continue;
    if (v === null) {
      value[name] = null;
      continue;
    }
    if (name === "properties") {
      const e = stepPropertiesErrors(v);
      if (e) errors.push([name, e]);
      else value[name] = v;
      continue;
    }
    try {
      value[name] = STEP_RULES[name].parse(v, null);
    } catch (e) {
      if (!(e instanceof FieldFailure)) throw e;
      errors.push([name, held(e.code, e.detail)]);
    }
  }
  return { errors, value };
}

/**
 * `steps = ActionStepJSONSerializer(many=True)`: not a list is the ListSerializer's own `non_field_errors`. Item errors
 * are a list of dicts, one per step, which drf-exceptions-hog cannot flatten: it answers the repr of the first
 * step's dict (`{}` when that step was valid) as code and detail, with `attr: "steps"` (checked against PostHog
 * 2025-08-04).
 */
const stepsRule: FieldRule<unknown> = {
  nullable: false,
  parse: (v) => {
    if (!Array.isArray(v)) return fail("not_a_list", `Expected a list of items but got type "${pyTypeName(v)}".`, ["non_field_errors"]);
    const steps = v.map(validateStep);
    if (steps.some((st) => st.errors.length > 0)) {
      const first = steps[0].errors;
      throw new FieldFailure(
        `{${first.map(([k, h]) => `${pyRepr(k)}: ${h.codes}`).join(", ")}}`,
        `{${first.map(([k, h]) => `${pyRepr(k)}: ${h.details}`).join(", ")}}`,
      );
    }
    // Stored as `asdict(ActionStepJSON(**step))` (posthog/models/action/action.py, both versions): a step that
    // leaves `url_matching` out gets the dataclass's default, "contains" (measured on the 2025-08-04 backend).
    return steps.map((st) => ("url_matching" in st.value ? st.value : { ...st.value, url_matching: "contains" }));
  },
};

const pinnedAtRule: FieldRule<unknown> = {
  nullable: true,
  parse: (v) => {
    if (v === "") return "";
    const micros = typeof v === "string" ? parseTimestampMicros(v) : null;
    if (micros === null) return fail("invalid", DATETIME_FORMAT);
    return isoFromMicros(micros);
  },
};

/** The writable fields in ActionSerializer.Meta.fields order. */
export const FIELDS: SerializerFields<unknown> = [
  ["name", charField({ maxLength: 400, nullable: true, allowBlank: true })],
  ["description", charField({ nullable: false, allowBlank: true })],
  ["tags", listField<unknown>({ nullable: false, item: (v, path) => parseChar(v, { allowBlank: true }, path) })],
  ["post_to_slack", booleanField(false)],
  ["slack_message_format", charField({ maxLength: 1200, nullable: false, allowBlank: true })],
  ["steps", stepsRule],
  ["deleted", booleanField(false)],
  ["last_calculated_at", pinnedAtRule],
  ["pinned_at", pinnedAtRule],
  ["_create_in_folder", charField({ nullable: false, allowBlank: true })],
];

function serializeStep(step: Json): JsonObject {
  const s = isJsonObject(step) ? step : {};
  const out: JsonObject = {};
  for (const name of STEP_FIELDS) {
    out[name] = cloneJson(s[name] ?? null);
    // today's ActionStepJSONSerializer answers the selector's regex too; the local server does not build it.
    if (name === "selector") out.selector_regex = null;
  }
  return out;
}

/**
 * ActionSerializer's record. `is_action` is a read-only field with a default and no model attribute: DRF leaves it out
 * of a partial update's answer (Field.get_default raises SkipField when the root is partial; measured on 2025-08-04).
 * `user_access_level` (UserAccessControlSerializerMixin) is today's; PostHog 2025-08-04's serializer had none.
 */
export function serializeAction(ctx: ApiContext, a: StoredObject, partial = false): JsonObject {
  const record = fullAction(ctx, a);
  if (partial) delete record.is_action;
  if (ctx.services.version === "2025-08-04") delete record.user_access_level;
  return record;
}

function fullAction(ctx: ApiContext, a: StoredObject): JsonObject {
  const f = a.fields;
  return {
    id: a.id,
    name: f.name ?? null,
    description: f.description ?? "",
    tags: cloneJson(f.tags ?? []),
    post_to_slack: f.post_to_slack ?? false,
    slack_message_format: f.slack_message_format ?? "",
    steps: Array.isArray(f.steps) ? f.steps.map(serializeStep) : [],
    created_at: isoFromMicros(a.createdAtMicros),
    created_by: userBasic(ctx.store, a.createdBy),
    deleted: a.deleted,
    is_calculating: false,
    last_calculated_at: f.last_calculated_at ?? isoFromMicros(a.createdAtMicros),
    team_id: a.teamId,
    is_action: true,
    bytecode_error: null,
    pinned_at: f.pinned_at ?? null,
    creation_context: null,
    user_access_level: "manager",
  };
}

function actionsOf(ctx: ApiContext, team: StoredProject): StoredObject[] {
  return ctx.store.objects("actions").filter((a) => a.teamId === team.id);
}

/** ActionSerializer.validate: the name is unique among live actions of the project. */
function checkName(ctx: ApiContext, team: StoredProject, attrs: JsonObject, self: StoredObject | null): void {
  // PostHog 2025-08-04's validate reads attrs["name"] unconditionally (a KeyError without it) and has no blank check.
  if (ctx.services.version === "2025-08-04" && !("name" in attrs)) throw serverError();
  if (!("name" in attrs)) return;
  // "must come before uniqueness check": the CharField allows blank, the serializer does not.
  if (ctx.services.version !== "2025-08-04" && typeof attrs.name === "string" && attrs.name.trim() === "")
    throw validationError("This field may not be blank.", "name", "blank");
  const clash = actionsOf(ctx, team).find((a) => !a.deleted && a.id !== self?.id && (a.fields.name ?? null) === attrs.name);
  if (clash) throw validationError(`This project already has an action with this name, ID ${clash.id}`, "name", "unique");
}

function storable(attrs: JsonObject): JsonObject {
  const { deleted: _d, _create_in_folder: _f, ...rest } = attrs;
  if (rest.pinned_at === "") rest.pinned_at = null;
  if (Array.isArray(rest.tags)) rest.tags = tagify(rest.tags.map(pyStr));
  return rest;
}

/** `_parse_non_negative_int`: Python's int(), negative or invalid is none. */
function nonNegative(raw: string | undefined): number | null {
  const n = raw === undefined ? null : pyInt(raw);
  return n !== null && n >= 0 ? n : null;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `_ordering_from_request`: name, created_at, pinned_at or created_by, `-` for descending; then name. */
function ordering(ctx: ApiContext, raw: string | undefined): ((a: StoredObject, b: StoredObject) => number) | null {
  if (!raw) return null;
  const field = raw.replace(/^-+/, "");
  if (!["name", "created_at", "pinned_at", "created_by"].includes(field)) return null;
  const sign = raw.startsWith("-") ? -1 : 1;
  const key = (a: StoredObject): string => {
    if (field === "created_at") return String(a.createdAtMicros).padStart(20, "0");
    if (field === "created_by") {
      const u = ctx.store.user(a.createdBy);
      return u ? `${u.firstName}\u0000${u.lastName}` : "";
    }
    return pyStr(a.fields[field] ?? "");
  };
  return (a, b) =>
    sign * compareText(key(a), key(b)) || (field === "name" ? 0 : compareText(pyStr(a.fields.name ?? ""), pyStr(b.fields.name ?? "")));
}

function list(ctx: ApiContext, team: StoredProject) {
  const q = ctx.req;
  const lastCalculated = (a: StoredObject) => pyStr(a.fields.last_calculated_at ?? isoFromMicros(a.createdAtMicros));
  let actions = actionsOf(ctx, team)
    .filter((a) => !a.deleted)
    .sort(
      (a, b) => compareText(lastCalculated(b), lastCalculated(a)) || compareText(pyStr(a.fields.name ?? ""), pyStr(b.fields.name ?? "")),
    );
  // PostHog 2025-08-04's ActionViewSet.list: every live action in that order, `{"results"}` only, no parameter read.
  if (ctx.services.version === "2025-08-04") return json(200, { results: actions.map((a) => serializeAction(ctx, a)) });
  const search = q.param("search");
  if (search) actions = actions.filter((a) => icontains(a.fields.name, search));
  const createdBy = (q.param("created_by") ?? "")
    .split(",")
    .filter((v) => /^\d+$/.test(v.trim()))
    .map(Number);
  if (createdBy.length > 0) actions = actions.filter((a) => createdBy.includes(a.createdBy));
  const tags = q.param("tags");
  if (tags) {
    let wanted: unknown = null;
    try {
      wanted = JSON.parse(tags);
    } catch {
      wanted = null;
    }
    if (Array.isArray(wanted) && wanted.length > 0)
      actions = actions.filter((a) => Array.isArray(a.fields.tags) && a.fields.tags.some((t) => wanted.includes(t)));
  }
  const order = ordering(ctx, q.param("ordering"));
  if (order) actions.sort(order);
  const offset = nonNegative(q.param("offset")) ?? 0;
  const limit = nonNegative(q.param("limit"));
  const count = limit !== null ? actions.length : null;
  const page = limit !== null ? actions.slice(offset, offset + limit) : actions.slice(offset);
  const results = page.map((a) => serializeAction(ctx, a));
  return json(200, { count: count ?? offset + results.length, results });
}

function create(ctx: ApiContext, team: StoredProject) {
  const attrs = validateBody(ctx.req.body(), FIELDS, null, [], false);
  checkName(ctx, team, attrs, null);
  const action = ctx.store.addObject("actions", team.id, ctx.user.id, storable(attrs));
  action.deleted = attrs.deleted === true;
  return json(201, serializeAction(ctx, action));
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const action = findInProject(ctx.store, "actions", team, id);
  const attrs = validateBody(ctx.req.body(), FIELDS, null, [], partial);
  checkName(ctx, team, attrs, action);
  const fields = storable(attrs);
  // ActionSerializer.update: a pin keeps its first time; a new pin gets the server's time, not the one sent.
  if (fields.pinned_at) fields.pinned_at = action.fields.pinned_at ? action.fields.pinned_at : isoFromMicros(nowMicros());
  Object.assign(action.fields, fields);
  if (typeof attrs.deleted === "boolean") action.deleted = attrs.deleted;
  return updatedAnswer(ctx, action, () => serializeAction(ctx, action, partial));
}

export function actionRoutes() {
  return nestedViewSetRoutes({
    path: "actions",
    scopeObject: "action",
    list,
    create,
    retrieve: (ctx, team, id) => json(200, serializeAction(ctx, findInProject(ctx.store, "actions", team, id))),
    update,
  });
}
