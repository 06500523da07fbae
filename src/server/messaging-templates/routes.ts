/**
 * Messaging templates, `/api/environments/:project_id/messaging_templates/` (MessageTemplatesViewSet and
 * MessageTemplateSerializer of today's PostHog, products/messaging/backend/api/message_templates.py, routed by
 * products/messaging/backend/routes.py under `/api/projects/:project_id/` too; model products/messaging/backend/models/
 * message_template.py; tests products/messaging/backend/api/test/test_message_templates.py):
 *
 * - `name` (at most 400) is required; `description` text, blank allowed; `type` at most 24, blank allowed, "email" by
 *   default; `content` `{templating, email}`: `templating` "liquid" only (its default), `email` null or
 *   `{subject, text, html, design}` (subject not blank; text and html blank allowed); `message_category` a category of
 *   the project (none exist here: any id is "does not exist"); `deleted`.
 * - `validate`: a template sent with `type` "email" and email content needs its subject ("Subject is required for
 *   email templates.", under content.email.subject); html sent without a design gets a design wrapping it; a design
 *   sent without html is rendered to html by Unlayer, which this server, like an instance without UNLAYER_API_KEY,
 *   has not: refused ("Design rendering is not configured on this instance …").
 * - Deleted by `PATCH {"deleted": true}` (DELETE 405): a deleted template is answered 404, and left out of the list
 *   (the newest first). Scope `hog_flow`.
 *
 * PostHog 2025-08-04 (products/messaging/backend/api/message_templates.py there) routes it under environments only
 * (`/api/projects/:project_id/messaging_templates/` answers 404), with `scope_object = "INTERNAL"`: every personal API
 * key with scopes is refused (403). Its serializer has no `deleted` (a sent one is dropped: no template can be
 * deleted) and no `validate`; `templating` is "hog" or "liquid", without a default.
 *
 * Not imitated: the `design` action (surgical design edits), `summaries`, message categories, the exact design
 * PostHog wraps html in (`build_html_wrap_design`: here a design of one html block).
 */
import { randomUUID } from "node:crypto";
import { notFound, validationError } from "../drf/errors";
import { booleanField, charField, choiceField, fail, type FieldRule, jsonField, nestedSerializerField } from "../drf/fields";
import type { ApiContext } from "../pipeline/api";
import type { PostHogVersion } from "../pipeline/version";
import { json } from "../pipeline/http";
import { newestFirst, pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { findInProject, nestedViewSetRoutes, type SerializerFields, userBasic, uuidLookup, validateBody } from "../pipeline/nested-viewset";
import { isJsonObject, type Json, type JsonObject } from "../state/json";
import { isoFromMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";

const KIND = "messagingTemplates";

/** EmailTemplateSerializer. */
const emailRule: FieldRule<unknown> = nestedSerializerField(true, {
  subject: charField({ nullable: false, allowBlank: false }),
  text: charField({ nullable: false, allowBlank: true }),
  html: charField({ nullable: false, allowBlank: true }),
  design: jsonField(false),
});

/** MessageTemplateContentSerializer: today `templating` is "liquid", its default; 2025-08-04 takes "hog" too, no default. */
const contentRule = (version: PostHogVersion): FieldRule<unknown> =>
  version === "2025-08-04"
    ? nestedSerializerField(false, {
        templating: choiceField(false, (s) => (s === "hog" || s === "liquid" ? s : undefined)),
        email: emailRule,
      })
    : nestedSerializerField(
        false,
        { templating: choiceField(false, (s) => (s === "liquid" ? s : undefined)), email: emailRule },
        (content) => ({ templating: "liquid", ...content }),
      );

/** A category of the project: none exist on this server. */
const categoryRule: FieldRule<unknown> = {
  nullable: true,
  parse: (v) => (v === "" ? null : fail("does_not_exist", `Invalid pk "${String(v)}" - object does not exist.`)),
};

/** The serializer's writable fields, in `Meta.fields` order (2025-08-04's without `deleted`). */
function fields(version: PostHogVersion): SerializerFields<unknown> {
  return [
    ["name", charField({ maxLength: 400, nullable: false, allowBlank: false })],
    ["description", charField({ nullable: false, allowBlank: true })],
    ["content", contentRule(version)],
    ["type", charField({ maxLength: 24, nullable: false, allowBlank: true })],
    ["message_category", categoryRule],
    ...(version === "2025-08-04" ? [] : [["deleted", booleanField(false)] as const]),
  ];
}

/** The body as the version's serializer takes it, and today's `validate`. */
function attrsOf(ctx: ApiContext, partial: boolean): JsonObject {
  const attrs = validateBody(ctx.req.body(), fields(ctx.services.version), null, ["name"], partial);
  return ctx.services.version === "2025-08-04" ? attrs : validated(attrs);
}

function serialize(ctx: ApiContext, t: StoredObject): JsonObject {
  const f = t.fields;
  const record: JsonObject = {
    id: f.uuid ?? null,
    name: f.name ?? "",
    description: f.description ?? "",
    created_at: isoFromMicros(t.createdAtMicros),
    updated_at: isoFromMicros(t.updatedAtMicros),
    content: f.content ?? {},
    created_by: userBasic(ctx.store, t.createdBy),
    type: f.type ?? "email",
    message_category: f.message_category ?? null,
  };
  if (ctx.services.version !== "2025-08-04") record.deleted = f.deleted ?? false;
  return record;
}

/** `validate`: the subject of an email template; a design for html sent alone; html for a design sent alone. */
function validated(attrs: JsonObject): JsonObject {
  const content = attrs.content;
  const email: Json | undefined = isJsonObject(content) ? content.email : undefined;
  if (!isJsonObject(email)) return attrs;
  if (attrs.type === "email" && !email.subject)
    throw validationError("Subject is required for email templates.", "content__email__subject", "invalid");
  if (email.html && !email.design)
    email.design = {
      body: { rows: [{ cells: [1], columns: [{ contents: [{ type: "html", values: { html: email.html } }] }] }] },
      schemaVersion: 16,
    };
  if (email.design && !email.html)
    throw validationError(
      "Design rendering is not configured on this instance — an administrator must set UNLAYER_API_KEY to enable saving design-authored templates.",
      "content__email__design",
      "invalid",
    );
  return attrs;
}

/** `safely_get_queryset`: the project's templates that are not deleted. */
function find(ctx: ApiContext, team: StoredProject, id: number): StoredObject {
  const template = findInProject(ctx.store, KIND, team, id);
  if (template.fields.deleted === true) throw notFound();
  return template;
}

function list(ctx: ApiContext, team: StoredProject) {
  const rows = ctx.store
    .objects(KIND)
    .filter((t) => t.teamId === team.id && t.fields.deleted !== true)
    .sort(newestFirst);
  return pageAnswer(ctx, rows, (t) => serialize(ctx, t));
}

function create(ctx: ApiContext, team: StoredProject) {
  const attrs = attrsOf(ctx, false);
  const template = ctx.store.addObject(KIND, team.id, ctx.user.id, {
    uuid: randomUUID(),
    description: "",
    type: "email",
    content: {},
    ...attrs,
  });
  return json(201, serialize(ctx, template));
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const template = find(ctx, team, id);
  const attrs = attrsOf(ctx, partial);
  Object.assign(template.fields, attrs);
  return updatedAnswer(ctx, template, () => serialize(ctx, template));
}

export function messagingTemplateRoutes(version: PostHogVersion) {
  const routes = nestedViewSetRoutes({
    path: "messaging_templates",
    scopeObject: "hog_flow",
    environments: true,
    // 2025-08-04: scope_object = "INTERNAL", no scope for any action.
    scopesFor: (ctx) => (ctx.services.version === "2025-08-04" ? null : undefined),
    lookup: uuidLookup(KIND, "uuid"),
    list,
    create,
    retrieve: (ctx, team, id) => json(200, serialize(ctx, find(ctx, team, id))),
    update,
  });
  // PostHog 2025-08-04 registers it on `environments_router` only (posthog/api/__init__.py).
  return version === "2025-08-04" ? routes.filter((route) => route.pattern.startsWith("/api/environments/")) : routes;
}
