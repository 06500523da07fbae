/**
 * Product tours, `/api/projects/:project_id/product_tours/` and `/api/environments/:project_id/product_tours/` (today's
 * ProductTourViewSet, ProductTourSerializer and ProductTourSerializerCreateUpdateOnly,
 * products/product_tours/backend/api/product_tour.py; model products/product_tours/backend/models.py; the answers'
 * shapes from products/product_tours/frontend/generated/api.schemas.ts). PostHog 2025-08-04 has none (its products/
 * has no product_tours): in that mode these routes do not exist, and PostHog's router answers 404.
 *
 * - Keyed by UUID; listed with archived tours (`all_objects`), limit/offset. `scope_object = "product_tour"`.
 * - `name` (400, required, not blank; unique among the project's tours not archived, in the database only: a second
 *   one is a 500), `description` (blank allowed), `content` (an object, "Content must be an object"; an announcement
 *   has exactly one step; each step normalized, `normalize_step`, as every answer shows it too), `auto_launch`,
 *   `start_date`, `end_date`, `archived`, and write-only `linked_flag_id` (a flag of the project, "Feature Flag with
 *   this ID does not exist") and `targeting_flag_filters`; `creation_context` (app, toolbar) taken and dropped.
 *   `validate`: `conditions.linkedFlagVariant` needs a linked flag having that variant ("any" any flag); launching,
 *   or writing a launched tour, checks each step's element targeting.
 * - A write answers ProductTourSerializerCreateUpdateOnly (no `targeting_flag_filters`, no draft); a GET
 *   ProductTourSerializer. A direct update discards the tour's draft.
 * - The internal targeting flag (./targeting.ts) and the survey steps' surveys (./survey-steps.ts); DELETE (204)
 *   deletes the tour and its flag for good and ends its surveys.
 *
 * - Drafts: `PATCH …/<id>/draft/` merges the draftable fields sent (name, description, content, auto_launch,
 *   targeting_flag_filters, linked_flag_id) into the tour's draft, begun from the live tour, unchecked and without
 *   side effects; `DELETE …/<id>/discard_draft/` drops it. Both answer ProductTourSerializer.
 *
 * Not imitated: the publish_draft, draft_status and generate actions, the list's `search`, the public
 * `/api/product_tours` of the SDK.
 */
import { randomUUID } from "node:crypto";
import { notFound, serverError, validationError } from "../drf/errors";
import { booleanField, charField, choiceField, fail, integerField, nullableDateTimeField, type FieldRule } from "../drf/fields";
import { pyStr, pyTruthy } from "../drf/py";
import { minimalFlag } from "../feature-flags/routes";
import type { ApiContext, ApiRoute } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { pageAnswer, updatedAnswer } from "../pipeline/list-update";
import {
  detailIdBy,
  inProjectRoute,
  nestedViewSetRoutes,
  type SerializerFields,
  userBasic,
  uuidLookup,
  validateBody,
} from "../pipeline/nested-viewset";
import { cloneJson, isJsonObject, jsonEqual, type Json, type JsonObject } from "../state/json";
import { isoFromMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";
import { endSurveySteps, syncSurveySteps } from "./survey-steps";
import { createTargetingFlag, flagOf, refreshTargeting, running, setTargeting, targetingAnswer, waitPeriod } from "./targeting";

const KIND = "productTours";

/** `normalize_step`. */
function normalizeStep(step: JsonObject): JsonObject {
  const out = { ...step };
  if (!("elementTargeting" in out)) {
    if (out.useManualSelector === true) out.elementTargeting = "manual";
    else if (pyTruthy(out.inferenceData ?? null)) out.elementTargeting = "auto";
    else if (out.type === "element") {
      out.elementTargeting = "auto";
      out.type = "modal";
    }
  }
  if (out.elementTargeting === "manual") out.useManualSelector = true;
  else if (out.elementTargeting !== undefined && out.elementTargeting !== null) delete out.useManualSelector;
  return out;
}

const normalized = (content: JsonObject): JsonObject =>
  Array.isArray(content.steps) ? { ...content, steps: content.steps.map((s) => (isJsonObject(s) ? normalizeStep(s) : s)) } : content;

/** `validate_content`. */
const contentRule: FieldRule<unknown> = {
  nullable: false,
  parse: (v) => {
    if (!isJsonObject(v)) return fail("invalid", "Content must be an object");
    if (v.type === "announcement") {
      const steps = Array.isArray(v.steps) ? v.steps : [];
      if (steps.length !== 1) fail("invalid", "Announcements must have exactly 1 step.");
    }
    return normalized(cloneJson(v));
  },
};

/** The writable fields in ProductTourSerializerCreateUpdateOnly.Meta.fields order. */
export const FIELDS: SerializerFields<unknown> = [
  ["name", charField({ maxLength: 400, nullable: false, allowBlank: false })],
  ["description", charField({ nullable: false, allowBlank: true })],
  ["linked_flag_id", integerField({ nullable: true })],
  ["targeting_flag_filters", { nullable: true, parse: (v) => v }],
  ["content", contentRule],
  ["auto_launch", booleanField(false)],
  ["start_date", nullableDateTimeField],
  ["end_date", nullableDateTimeField],
  ["archived", booleanField(false)],
  ["creation_context", choiceField(false, (s) => (s === "app" || s === "toolbar" ? s : undefined))],
];

const toursOf = (ctx: ApiContext, team: StoredProject) => ctx.store.objects(KIND).filter((t) => t.teamId === team.id);

function tourOf(ctx: ApiContext, id: number): StoredObject {
  const t = ctx.store.object(KIND, id);
  if (!t) throw notFound();
  return t;
}

const date = (v: Json | undefined) => (typeof v === "number" ? isoFromMicros(v) : null);

function linkedFlag(ctx: ApiContext, team: StoredProject, id: Json | undefined): StoredObject | undefined {
  if (typeof id !== "number" || id === 0) return undefined;
  const flag = ctx.store.object("featureFlags", id);
  return flag && flag.teamId === team.id ? flag : undefined;
}

/** ProductTourSerializer (`read`) or ProductTourSerializerCreateUpdateOnly's answer. */
function serialize(ctx: ApiContext, t: StoredObject, read: boolean): JsonObject {
  const f = t.fields;
  const internal = flagOf(ctx, t);
  const linked = typeof f.linked_flag_id === "number" ? ctx.store.object("featureFlags", f.linked_flag_id) : undefined;
  const out: JsonObject = {
    id: pyStr(f.id),
    name: f.name ?? "",
    description: f.description ?? "",
    internal_targeting_flag: internal ? minimalFlag(ctx, internal) : null,
    linked_flag: linked ? minimalFlag(ctx, linked) : null,
  };
  if (read) out.targeting_flag_filters = targetingAnswer(ctx, t);
  out.content = normalized(isJsonObject(f.content) ? cloneJson(f.content) : {});
  if (read)
    Object.assign(out, {
      draft_content: cloneJson(f.draft_content ?? null),
      has_draft: f.draft_content !== null && f.draft_content !== undefined,
    });
  Object.assign(out, {
    auto_launch: f.auto_launch === true,
    start_date: date(f.start_date),
    end_date: date(f.end_date),
    created_at: isoFromMicros(t.createdAtMicros),
    created_by: userBasic(ctx.store, t.createdBy),
    updated_at: isoFromMicros(t.updatedAtMicros),
    archived: f.archived === true,
  });
  return out;
}

/** ProductTourSerializerCreateUpdateOnly.validate, over what is sent and the stored tour. */
function validateTour(ctx: ApiContext, team: StoredProject, attrs: JsonObject, stored: StoredObject | null): void {
  const linkedId = "linked_flag_id" in attrs || !stored ? attrs.linked_flag_id : stored.fields.linked_flag_id;
  let flag: StoredObject | undefined;
  if (pyTruthy(linkedId ?? null)) {
    flag = linkedFlag(ctx, team, linkedId);
    if (!flag) throw validationError("Feature Flag with this ID does not exist");
  }
  const content = isJsonObject(attrs.content) ? attrs.content : {};
  const conditions = isJsonObject(content.conditions) ? content.conditions : {};
  const variant = conditions.linkedFlagVariant;
  if (pyTruthy(variant ?? null) && flag && variant !== "any") {
    const filters = isJsonObject(flag.fields.filters) ? flag.fields.filters : {};
    const multivariate = isJsonObject(filters.multivariate) ? filters.multivariate : {};
    const keys = (Array.isArray(multivariate.variants) ? multivariate.variants : []).map((v) =>
      isJsonObject(v) ? pyStr(v.key ?? "") : "",
    );
    if (!keys.includes(pyStr(variant)))
      throw validationError(
        keys.length > 0
          ? `Feature flag variant '${pyStr(variant)}' does not exist. Available variants: ${keys.join(", ")}`
          : `Feature flag variant '${pyStr(variant)}' specified but the linked feature flag has no variants`,
      );
  } else if (pyTruthy(variant ?? null) && !pyTruthy(linkedId ?? null))
    throw validationError("linkedFlagVariant can only be used when a linked_flag_id is specified");
  const launching = attrs.start_date !== undefined && attrs.start_date !== null;
  const launched = stored !== null && typeof stored.fields.start_date === "number";
  if (!launching && !launched) return;
  const was = stored?.fields.content;
  const launch = pyTruthy(attrs.content ?? null) ? content : isJsonObject(was) ? was : {};
  (Array.isArray(launch.steps) ? launch.steps : []).forEach((step, i) => {
    if (!isJsonObject(step)) return;
    if (step.elementTargeting === "manual" && !pyTruthy(step.selector ?? null))
      throw validationError(`Step ${i + 1} is missing an element selector`);
    if (step.elementTargeting === "auto" && !pyTruthy(step.inferenceData ?? null))
      throw validationError(`Step ${i + 1} requires an element to be selected`);
  });
}

/** `unique_product_tour_name_per_team`, checked by the database alone: IntegrityError, a 500. */
function refuseTakenName(ctx: ApiContext, team: StoredProject, t: JsonObject, self: number | null): void {
  if (t.archived === true) return;
  if (toursOf(ctx, team).some((o) => o.id !== self && o.fields.archived !== true && o.fields.name === t.name)) throw serverError();
}

const writable = (attrs: JsonObject): JsonObject => {
  const { targeting_flag_filters: _, creation_context: __, ...rest } = attrs;
  return rest;
};

function create(ctx: ApiContext, team: StoredProject) {
  const attrs = validateBody(ctx.req.body(), FIELDS, undefined, ["name"], false);
  validateTour(ctx, team, attrs, null);
  const fields: JsonObject = {
    description: "",
    content: {},
    auto_launch: false,
    start_date: null,
    end_date: null,
    archived: false,
    linked_flag_id: null,
    ...writable(attrs),
    id: randomUUID(),
    internal_targeting_flag_id: null,
    draft_content: null,
  };
  refuseTakenName(ctx, team, fields, null);
  const tour = ctx.store.addObject(KIND, team.id, ctx.user.id, fields);
  if (tour.fields.auto_launch === true) {
    createTargetingFlag(ctx, team, tour);
    if (pyTruthy(attrs.targeting_flag_filters ?? null)) setTargeting(ctx, tour, attrs.targeting_flag_filters ?? null);
  }
  syncSurveySteps(ctx, tour, undefined);
  return json(201, serialize(ctx, tour, false));
}

/** ProductTourSerializerCreateUpdateOnly.update: the flag's state and filters follow what changed. */
function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const tour = tourOf(ctx, id);
  const f = tour.fields;
  const attrs = validateBody(ctx.req.body(), FIELDS, undefined, ["name"], partial);
  validateTour(ctx, team, attrs, tour);
  const changed = (field: string) => field in attrs && !jsonEqual(attrs[field], f[field] ?? null);
  const [dates, autoLaunch] = [changed("start_date") || changed("end_date") || changed("archived"), changed("auto_launch")];
  const before = { frequency: isJsonObject(f.content) ? f.content.displayFrequency : undefined, wait: waitPeriod(f.content) };
  const previous = cloneJson(f.content ?? null);
  refuseTakenName(ctx, team, { ...f, ...writable(attrs) }, tour.id);
  Object.assign(f, writable(attrs));
  const flag = flagOf(ctx, tour);
  if (autoLaunch) {
    if (f.auto_launch === true && !flag) createTargetingFlag(ctx, team, tour);
    else if (flag) flag.fields.active = f.auto_launch === true && running(tour);
  } else if (dates && f.auto_launch === true && flag) flag.fields.active = running(tour);
  const after = { frequency: isJsonObject(f.content) ? f.content.displayFrequency : undefined, wait: waitPeriod(f.content) };
  if ("targeting_flag_filters" in attrs) setTargeting(ctx, tour, attrs.targeting_flag_filters ?? null);
  else if (before.frequency !== after.frequency || JSON.stringify(before.wait) !== JSON.stringify(after.wait)) refreshTargeting(ctx, tour);
  syncSurveySteps(ctx, tour, previous);
  f.draft_content = null;
  return updatedAnswer(ctx, tour, () => serialize(ctx, tour, false));
}

/** `perform_destroy`: the internal targeting flag deleted, the survey steps' surveys ended, the tour deleted. */
function destroy(ctx: ApiContext, id: number) {
  const tour = tourOf(ctx, id);
  const flag = flagOf(ctx, tour);
  if (flag) ctx.store.removeObject("featureFlags", flag.id);
  endSurveySteps(ctx, tour);
  ctx.store.removeObject(KIND, tour.id);
  return noContent();
}

const DRAFTABLE = ["name", "description", "content", "auto_launch", "targeting_flag_filters", "linked_flag_id"];

/** `_merge_into_draft`: the draftable fields sent, over the draft or, without one, the live tour's. */
function saveDraft(ctx: ApiContext, id: number) {
  const tour = tourOf(ctx, id);
  const f = tour.fields;
  const body = ctx.req.body();
  const sent = isJsonObject(body) ? Object.entries(body).filter(([k]) => DRAFTABLE.includes(k)) : [];
  if (sent.length > 0) {
    const draft: JsonObject = isJsonObject(f.draft_content)
      ? { ...f.draft_content }
      : {
          name: f.name ?? "",
          description: f.description ?? "",
          content: cloneJson(f.content ?? {}),
          auto_launch: f.auto_launch === true,
          targeting_flag_filters: targetingAnswer(ctx, tour),
          linked_flag_id: f.linked_flag_id ?? null,
        };
    f.draft_content = { ...draft, ...Object.fromEntries(sent) };
    return updatedAnswer(ctx, tour, () => serialize(ctx, tour, true));
  }
  return json(200, serialize(ctx, tour, true));
}

function draftRoutes(parent: "projects" | "environments"): ApiRoute[] {
  const id = detailIdBy(uuidLookup(KIND, "id"));
  const common = { ...inProjectRoute("product_tour"), detail: true, requiredScopes: ["product_tour:write"] };
  const base = `/api/${parent}/:project_id/product_tours/:id`;
  return [
    { ...common, pattern: `${base}/draft`, methods: { PATCH: { name: "draft", handler: (ctx) => saveDraft(ctx, id(ctx)) } } },
    {
      ...common,
      pattern: `${base}/discard_draft`,
      methods: {
        DELETE: {
          name: "discard_draft",
          handler: (ctx) => {
            const tour = tourOf(ctx, id(ctx));
            tour.fields.draft_content = null;
            return updatedAnswer(ctx, tour, () => serialize(ctx, tour, true));
          },
        },
      },
    },
  ];
}

/** Today's PostHog only: PostHog 2025-08-04 routes no product tours (404). */
export function productTourRoutes(version: "current" | "2025-08-04"): ApiRoute[] {
  if (version === "2025-08-04") return [];
  const tours = nestedViewSetRoutes({
    path: "product_tours",
    scopeObject: "product_tour",
    environments: true,
    lookup: uuidLookup(KIND, "id"),
    list: (ctx, team) => pageAnswer(ctx, toursOf(ctx, team), (t) => serialize(ctx, t, true)),
    create,
    retrieve: (ctx, _team, id) => json(200, serialize(ctx, tourOf(ctx, id), true)),
    update,
    destroy: (ctx, _team, id) => destroy(ctx, id),
  });
  return [...tours, ...draftRoutes("projects"), ...draftRoutes("environments")];
}
