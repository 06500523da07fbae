/**
 * Event and property definitions, `/api/projects/:project_id/event_definitions/` and `…/property_definitions/`
 * (posthog/api/event_definition.py and ee/api/ee_event_definition.py; posthog/taxonomy/property_definition_api.py and
 * ee/api/ee_property_definition.py), keyed by UUID:
 *
 * - Made by ingestion (model.ts; seeded through the control surface). PostHog 2025-08-04 has no create: a POST is not
 *   routed to any action, which refuses personal API keys (403, measured). Today's EventDefinitionViewSet creates
 *   one by `name` ("Event definition with name '…' already exists" when taken); property definitions have no create
 *   in either.
 * - The organization's plan decides the serializer: with `ingestion_taxonomy` the enterprise one (description, owner,
 *   verified, hidden; hidden and verified exclude each other), without it the base one, whose update answers 402
 *   (EnterpriseFeatureException), except a property definition's PATCH changing `property_type` alone. Tags are
 *   dropped without `tagging` (TaggedItemSerializerMixin, posthog/api/tagged_item.py). PostHog 2025-08-04 judges the
 *   plan of the user's current organization (`request.user.organization`), not the project's (measured).
 * - A definition ingestion made has no enterprise row: the enterprise list answers its description, verified and
 *   hidden null (the list's join, measured on 2025-08-04), and a GET or PATCH of it with the enterprise serializer
 *   makes the row (`description` "", neither verified nor hidden: `dangerously_get_object`, `safely_get_object`).
 * - DELETE removes the definition (204). Lists: LimitOffsetPagination (100), `search` (every space-separated term,
 *   case-insensitive); property definitions filter by `type` (event, person, group with `group_type_index`,
 *   session), `properties` (names) and `event_names` with `filter_by_event_names`.
 */
import { methodNotAllowed, paymentRequired, validationError } from "../drf/errors";
import { booleanField, charField, choiceField, type FieldRule, listField, parseChar, primaryKeyField } from "../drf/fields";
import { pyInt, pyStr } from "../drf/py";
import type { ApiContext } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { pageAnswer, updatedAnswer } from "../pipeline/list-update";
import {
  findInProject,
  nestedViewSetRoutes,
  type SerializerFields,
  tagify,
  userBasic,
  uuidLookup,
  validateBody,
} from "../pipeline/nested-viewset";
import type { JsonObject } from "../state/json";
import { isoFromMicros } from "../state/time";
import type { PlanFeature, StoredObject, StoredProject } from "../state/types";
import {
  eventDefinitions,
  GROUP_TYPES_LIMIT,
  PROPERTY_TYPES,
  PROPERTY_VALUE_TYPES,
  type PropertyKind,
  propertyDefinitions,
  seedEvent,
} from "./model";

const older = (ctx: ApiContext) => ctx.services.version === "2025-08-04";

const lacks = (ctx: ApiContext, team: StoredProject, feature: PlanFeature) =>
  ctx.store.lacks(older(ctx) ? (ctx.user.currentOrganizationId ?? team.organizationId) : team.organizationId, feature);

/** The enterprise row a GET or PATCH with the enterprise serializer makes for a definition ingestion made. */
function withEnterpriseRow(ctx: ApiContext, team: StoredProject, o: StoredObject): StoredObject {
  if (!lacks(ctx, team, "ingestion_taxonomy") && typeof o.fields.verified !== "boolean") {
    Object.assign(o.fields, { description: o.fields.description ?? "", verified: false, hidden: o.fields.hidden ?? false });
    ctx.store.changed();
  }
  return o;
}

const tagsRule: FieldRule<unknown> = listField<unknown>({ nullable: false, item: (v, path) => parseChar(v, { allowBlank: false }, path) });

/** EnterpriseEventDefinitionSerializer's writable fields (`owner`: a user's pk). */
export const EVENT_FIELDS: SerializerFields<ApiContext> = [
  ["owner", primaryKeyField<ApiContext>(true, (pk, ctx) => ctx.store.user(pk) !== undefined)],
  ["description", charField({ nullable: true, allowBlank: true })],
  ["tags", tagsRule],
  ["verified", booleanField(false)],
  ["hidden", booleanField(true)],
  ["post_to_slack", booleanField(false)],
  ["default_columns", listField<unknown>({ nullable: false, item: (v, path) => parseChar(v, { allowBlank: false }, path) })],
];

/** EnterprisePropertyDefinitionSerializer's writable fields. */
export const PROPERTY_FIELDS: SerializerFields<ApiContext> = [
  ["description", charField({ nullable: true, allowBlank: true })],
  ["tags", tagsRule],
  ["property_type", choiceField(true, (s) => ((PROPERTY_VALUE_TYPES as readonly string[]).includes(s) ? s : undefined), true)],
  ["verified", booleanField(false)],
  ["hidden", booleanField(true)],
];

/** Today's EventDefinitionSerializer's create: `name` (CharField, max 400), unique in the project. */
export const NAME_FIELD: SerializerFields<ApiContext> = [["name", charField({ maxLength: 400, nullable: false, allowBlank: false })]];

const tagsOf = (o: StoredObject) => [...(Array.isArray(o.fields.tags) ? o.fields.tags : [])];
const micros = (v: unknown) => (typeof v === "number" ? isoFromMicros(v) : null);

/** What both enterprise serializers answer of verification and its author. */
function verification(ctx: ApiContext, o: StoredObject): JsonObject {
  const by = typeof o.fields.verified_by === "number" ? userBasic(ctx.store, o.fields.verified_by) : null;
  return {
    verified: typeof o.fields.verified === "boolean" ? o.fields.verified : null,
    verified_at: micros(o.fields.verified_at),
    verified_by: by,
  };
}

function updatedBy(ctx: ApiContext, o: StoredObject) {
  return typeof o.fields.updated_by === "number" ? userBasic(ctx.store, o.fields.updated_by) : null;
}

export function serializeEventDefinition(ctx: ApiContext, team: StoredProject, o: StoredObject): JsonObject {
  const base = { id: o.fields.uuid ?? null, name: o.fields.name ?? null, created_at: isoFromMicros(o.createdAtMicros) };
  if (lacks(ctx, team, "ingestion_taxonomy"))
    return { ...base, last_seen_at: micros(o.fields.last_seen_at), is_action: false, post_to_slack: false, tags: tagsOf(o) };
  const owner = typeof o.fields.owner === "number" ? userBasic(ctx.store, o.fields.owner) : null;
  return {
    id: base.id,
    name: base.name,
    owner,
    description: o.fields.description ?? null,
    created_at: base.created_at,
    updated_at: isoFromMicros(o.updatedAtMicros),
    updated_by: updatedBy(ctx, o),
    last_seen_at: micros(o.fields.last_seen_at),
    ...verification(ctx, o),
    hidden: o.fields.hidden ?? null,
    is_action: false,
    post_to_slack: o.fields.post_to_slack === true,
    default_columns: [...(Array.isArray(o.fields.default_columns) ? o.fields.default_columns : [])],
    tags: tagsOf(o),
  };
}

export function serializePropertyDefinition(ctx: ApiContext, team: StoredProject, o: StoredObject): JsonObject {
  const propertyType = o.fields.property_type ?? null;
  if (lacks(ctx, team, "ingestion_taxonomy"))
    return {
      id: o.fields.uuid ?? null,
      name: o.fields.name ?? null,
      is_numerical: o.fields.is_numerical === true,
      property_type: propertyType,
      is_seen_on_filtered_events: null,
      tags: tagsOf(o),
    };
  return {
    id: o.fields.uuid ?? null,
    name: o.fields.name ?? null,
    description: o.fields.description ?? null,
    tags: tagsOf(o),
    is_numerical: o.fields.is_numerical === true,
    updated_at: isoFromMicros(o.updatedAtMicros),
    updated_by: updatedBy(ctx, o),
    is_seen_on_filtered_events: null,
    property_type: propertyType,
    ...verification(ctx, o),
    hidden: o.fields.hidden ?? null,
  };
}

/** `term_search_filter_sql` (posthog/filters.py): every space-separated term is in the name, case-insensitively. */
function searched(rows: StoredObject[], search: string | undefined): StoredObject[] {
  const terms = (search ?? "").replace(/\0/g, "").split(" ").filter(Boolean);
  return rows.filter((o) =>
    terms.every((t) =>
      pyStr(o.fields.name ?? "")
        .toLowerCase()
        .includes(t.toLowerCase()),
    ),
  );
}

/** The update both enterprise serializers share: hidden and verified exclude each other; a verification's author. */
function applyUpdate(ctx: ApiContext, team: StoredProject, o: StoredObject, attrs: JsonObject, noun: "event" | "property"): void {
  if (attrs.hidden === true && attrs.verified === true)
    throw validationError(`${noun === "event" ? "An event" : "A property"} cannot be both hidden and verified`);
  if (attrs.hidden === true) attrs.verified = false;
  else if (attrs.verified === true) attrs.hidden = false;
  if ("verified" in attrs) {
    if (attrs.verified === true && o.fields.verified !== true) {
      o.fields.verified_by = ctx.user.id;
      o.fields.verified_at = Date.now() * 1000;
    } else if (attrs.verified === false) {
      o.fields.verified_by = null;
      o.fields.verified_at = null;
    }
  }
  if (Array.isArray(attrs.tags)) {
    if (lacks(ctx, team, "tagging")) delete attrs.tags;
    else attrs.tags = tagify(attrs.tags.map(pyStr));
  }
  if (typeof attrs.property_type === "string" || attrs.property_type === null) attrs.is_numerical = attrs.property_type === "Numeric";
  Object.assign(o.fields, attrs, { updated_by: ctx.user.id });
}

function eventUpdate(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const o = withEnterpriseRow(ctx, team, findInProject(ctx.store, "eventDefinitions", team, id));
  // EventDefinitionSerializer.update (the base serializer, without the plan feature) raises before saving anything.
  if (lacks(ctx, team, "ingestion_taxonomy")) throw paymentRequired();
  applyUpdate(ctx, team, o, validateBody(ctx.req.body(), EVENT_FIELDS, ctx, [], partial), "event");
  return updatedAnswer(ctx, o, () => serializeEventDefinition(ctx, team, o));
}

function propertyUpdate(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const o = withEnterpriseRow(ctx, team, findInProject(ctx.store, "propertyDefinitions", team, id));
  if (lacks(ctx, team, "ingestion_taxonomy")) {
    // PropertyDefinitionSerializer.update: a change of `property_type` alone is free; anything else, a PATCH that
    // changes nothing included, raises (the base serializer reads only `property_type` and `tags`).
    const attrs = validateBody(
      ctx.req.body(),
      PROPERTY_FIELDS.filter(([name]) => name === "property_type" || name === "tags"),
      ctx,
      [],
      partial,
    );
    const live = (f: string) => (f === "tags" ? tagsOf(o) : (o.fields[f] ?? null));
    const changed = Object.keys(attrs).filter((f) => JSON.stringify(attrs[f]) !== JSON.stringify(live(f)));
    if (!(changed.length === 1 && changed[0] === "property_type")) throw paymentRequired();
    applyUpdate(ctx, team, o, { property_type: attrs.property_type ?? null }, "property");
    return updatedAnswer(ctx, o, () => serializePropertyDefinition(ctx, team, o));
  }
  applyUpdate(ctx, team, o, validateBody(ctx.req.body(), PROPERTY_FIELDS, ctx, [], partial), "property");
  return updatedAnswer(ctx, o, () => serializePropertyDefinition(ctx, team, o));
}

function eventList(ctx: ApiContext, team: StoredProject) {
  const rows = searched(eventDefinitions(ctx.store, team.id), ctx.req.param("search"));
  // The default ordering: `last_seen_at::date DESC NULLS LAST, name ASC`.
  const seen = (o: StoredObject) => (typeof o.fields.last_seen_at === "number" ? o.fields.last_seen_at : Number.NEGATIVE_INFINITY);
  rows.sort((a, b) => seen(b) - seen(a) || pyStr(a.fields.name).localeCompare(pyStr(b.fields.name)));
  return pageAnswer(ctx, rows, (o) => serializeEventDefinition(ctx, team, o));
}

/** PropertyDefinitionQuerySerializer.validate and the list's filters. */
function propertyList(ctx: ApiContext, team: StoredProject) {
  const typeText = ctx.req.param("type") ?? "event";
  if (!Object.hasOwn(PROPERTY_TYPES, typeText)) throw validationError(`"${typeText}" is not a valid choice.`, "type", "invalid_choice");
  const type = typeText as PropertyKind;
  const indexText = ctx.req.param("group_type_index");
  const index = indexText === undefined ? null : pyInt(indexText);
  if (indexText !== undefined && index === null) throw validationError("A valid integer is required.", "group_type_index", "invalid");
  if (type === "group" && index === null) throw validationError("`group_type_index` must be set for `group` type");
  if (type !== "group" && index !== null) throw validationError("`group_type_index` can only set for `group` type");
  if (index && !(index >= 0 && index < GROUP_TYPES_LIMIT)) throw validationError("Invalid value for `group_type_index`");
  let rows = propertyDefinitions(ctx.store, team.id).filter(
    (o) => o.fields.type === PROPERTY_TYPES[type] && (o.fields.group_type_index ?? null) === index,
  );
  const names = ctx.req.param("properties");
  if (names) rows = rows.filter((o) => names.split(",").includes(pyStr(o.fields.name)));
  const eventNames = ctx.req.param("event_names");
  if (eventNames && ctx.req.param("filter_by_event_names")?.toLowerCase() === "true") {
    let wanted: unknown;
    try {
      wanted = JSON.parse(eventNames);
    } catch {
      throw validationError("Invalid JSON in event_names");
    }
    const events = Array.isArray(wanted) ? wanted.map(pyStr) : [];
    rows = rows.filter((o) => Array.isArray(o.fields.events) && o.fields.events.some((e) => events.includes(pyStr(e))));
  }
  rows = searched(rows, ctx.req.param("search"));
  rows.sort((a, b) => pyStr(a.fields.name).localeCompare(pyStr(b.fields.name)));
  return pageAnswer(ctx, rows, (o) => serializePropertyDefinition(ctx, team, o));
}

/** Today's create (posthog/api/event_definition.py `EventDefinitionSerializer.create`); none in PostHog 2025-08-04. */
function eventCreate(ctx: ApiContext, team: StoredProject) {
  if (older(ctx)) throw methodNotAllowed("POST");
  const { name } = validateBody(ctx.req.body(), NAME_FIELD, ctx, ["name"], false);
  if (eventDefinitions(ctx.store, team.id).some((o) => o.fields.name === name))
    throw validationError(`Event definition with name '${pyStr(name)}' already exists`, "name");
  const o = seedEvent(ctx.store, team.id, ctx.user.id, pyStr(name));
  return json(201, serializeEventDefinition(ctx, team, o));
}

function destroy(kind: "eventDefinitions" | "propertyDefinitions") {
  return (ctx: ApiContext, team: StoredProject, id: number) => {
    ctx.store.removeObject(kind, findInProject(ctx.store, kind, team, id).id);
    return noContent();
  };
}

export function taxonomyRoutes() {
  return [
    ...nestedViewSetRoutes({
      path: "event_definitions",
      scopeObject: "event_definition",
      list: eventList,
      create: eventCreate,
      retrieve: (ctx, team, id) =>
        json(
          200,
          serializeEventDefinition(ctx, team, withEnterpriseRow(ctx, team, findInProject(ctx.store, "eventDefinitions", team, id))),
        ),
      update: eventUpdate,
      lookup: uuidLookup("eventDefinitions", "uuid"),
      destroy: destroy("eventDefinitions"),
      // PostHog 2025-08-04 routes no POST to an action: no scope maps it, so personal API keys are refused.
      scopesFor: (ctx) => (older(ctx) && ctx.req.method === "POST" ? null : undefined),
    }),
    ...nestedViewSetRoutes({
      path: "property_definitions",
      scopeObject: "property_definition",
      list: propertyList,
      // No create action: DRF's 405 for a key without scopes (one with scopes is refused first, below).
      create: () => {
        throw methodNotAllowed("POST");
      },
      retrieve: (ctx, team, id) =>
        json(
          200,
          serializePropertyDefinition(ctx, team, withEnterpriseRow(ctx, team, findInProject(ctx.store, "propertyDefinitions", team, id))),
        ),
      update: propertyUpdate,
      lookup: uuidLookup("propertyDefinitions", "uuid"),
      destroy: destroy("propertyDefinitions"),
      // No create in either version: no scope maps a POST.
      scopesFor: (ctx) => (ctx.req.method === "POST" ? null : undefined),
    }),
  ];
}
