/**
 * Short links, `/api/projects/:project_id/links/` (LinkViewSet and LinkSerializer, products/links/backend/api.py in
 * both versions, routed by products/links/backend/routes.py today and posthog/api/__init__.py in 2025-08-04; model
 * products/links/backend/models.py today, posthog/models/link.py in 2025-08-04; tests products/links/backend/test/):
 *
 * - `redirect_url` (a URLField, at most 2048), `short_link_domain` (at most 255) and `short_code` are required;
 *   `description` is text, null or blank allowed.
 * - A create on any domain but "phog.gg" is refused (LinkSerializer.create); an update is not held to it.
 * - `(short_link_domain, short_code)` is unique across every project (the model's UniqueConstraint, which DRF's
 *   serializer checks: "The fields short_link_domain, short_code must make a unique set.").
 * - `short_code` has no length of the serializer's own: one longer than its column (255) fails in the database, 500.
 * - Scope `link`. DELETE is ModelViewSet's: gone for good. The list is newest first, LimitOffsetPagination (100).
 */
import { randomUUID } from "node:crypto";
import { serverError, validationError } from "../drf/errors";
import { charField, fail } from "../drf/fields";
import { pyStr } from "../drf/py";
import type { ApiContext } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { findInProject, nestedViewSetRoutes, type SerializerFields, userBasic, uuidLookup, validateBody } from "../pipeline/nested-viewset";
import type { JsonObject } from "../state/json";
import { isoFromMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";

const KIND = "links";

/** Django's URLValidator as far as the local server models it: a scheme it takes, `://`, a host, no whitespace. */
const URL_SHAPE = /^(?:https?|ftps?):\/\/[^\s/?#]+[^\s]*$/i;

/** The `short_code` column's length (`models.CharField(max_length=255)`), which the serializer does not check. */
const SHORT_CODE_COLUMN = 255;

const FIELDS: SerializerFields<unknown> = [
  [
    "redirect_url",
    {
      nullable: false,
      parse: (v) => {
        const url = charField({ maxLength: 2048, nullable: false, allowBlank: false }).parse(v, null);
        return URL_SHAPE.test(pyStr(url)) ? url : fail("invalid", "Enter a valid URL.");
      },
    },
  ],
  ["short_link_domain", charField({ maxLength: 255, nullable: false, allowBlank: false })],
  ["short_code", charField({ nullable: false, allowBlank: false })],
  ["description", charField({ nullable: true, allowBlank: true })],
];
const REQUIRED = ["redirect_url", "short_link_domain", "short_code"];

function serializeLink(ctx: ApiContext, link: StoredObject): JsonObject {
  const f = link.fields;
  return {
    id: f.uuid ?? null,
    redirect_url: f.redirect_url ?? "",
    short_link_domain: f.short_link_domain ?? "",
    short_code: f.short_code ?? "",
    description: f.description ?? null,
    created_at: isoFromMicros(link.createdAtMicros),
    updated_at: isoFromMicros(link.updatedAtMicros),
    created_by: userBasic(ctx.store, link.createdBy),
  };
}

/** The serializer's unique together check, over every project's links. */
function checkUnique(ctx: ApiContext, attrs: JsonObject, instance: StoredObject | undefined): void {
  const domain = attrs.short_link_domain ?? instance?.fields.short_link_domain;
  const code = attrs.short_code ?? instance?.fields.short_code;
  if (ctx.store.objects(KIND).some((l) => l !== instance && l.fields.short_link_domain === domain && l.fields.short_code === code))
    throw validationError("The fields short_link_domain, short_code must make a unique set.", null, "unique");
}

/** The database's refusal of a short code longer than its column, as the save meets it. */
function checkColumn(attrs: JsonObject): void {
  if (typeof attrs.short_code === "string" && [...attrs.short_code].length > SHORT_CODE_COLUMN) throw serverError();
}

function list(ctx: ApiContext, team: StoredProject) {
  const rows = ctx.store
    .objects(KIND)
    .filter((l) => l.teamId === team.id)
    .sort((a, b) => b.createdAtMicros - a.createdAtMicros || b.id - a.id);
  return pageAnswer(ctx, rows, (l) => serializeLink(ctx, l));
}

function create(ctx: ApiContext, team: StoredProject) {
  const attrs = validateBody(ctx.req.body(), FIELDS, null, REQUIRED, false);
  checkUnique(ctx, attrs, undefined);
  if (attrs.short_link_domain !== "phog.gg")
    throw validationError("Only phog.gg is allowed as a short link domain", "short_link_domain", "invalid");
  checkColumn(attrs);
  const link = ctx.store.addObject(KIND, team.id, ctx.user.id, { uuid: randomUUID(), description: null, ...attrs });
  return json(201, serializeLink(ctx, link));
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const link = findInProject(ctx.store, KIND, team, id);
  const attrs = validateBody(ctx.req.body(), FIELDS, null, REQUIRED, partial);
  checkUnique(ctx, attrs, link);
  checkColumn(attrs);
  Object.assign(link.fields, attrs);
  return updatedAnswer(ctx, link, () => serializeLink(ctx, link));
}

export function linkRoutes() {
  return nestedViewSetRoutes({
    path: "links",
    scopeObject: "link",
    lookup: uuidLookup(KIND, "uuid"),
    list,
    create,
    retrieve: (ctx, team, id) => json(200, serializeLink(ctx, findInProject(ctx.store, KIND, team, id))),
    update,
    destroy: (ctx, team, id) => {
      ctx.store.removeObject(KIND, findInProject(ctx.store, KIND, team, id).id);
      return noContent();
    },
  });
}
