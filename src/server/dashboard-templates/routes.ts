/**
 * Dashboard templates, `/api/projects/:project_id/dashboard_templates/` (DashboardTemplateViewSet and
 * DashboardTemplateSerializer: products/dashboards/backend/api/dashboard_templates.py today, posthog/api/dashboards/
 * dashboard_templates.py in PostHog 2025-08-04, both on `projects_router` only; model
 * products/dashboards/backend/models/dashboard_templates.py, posthog/models/dashboard_templates.py there; tests
 * products/dashboards/backend/api/test/test_dashboard_templates.py). The local server's user is not PostHog staff.
 *
 * Today's PostHog (CustomerDashboardTemplateWritePermission; its `customer-dashboard-template-authoring` feature flag
 * is on here, as PostHog gives it to the organizations that author templates):
 * - A create may not name `availability_contexts`, `image_url` or `github_url` ("You cannot set this field when
 *   creating a project template."), a scope but "team" ("Project templates must use team scope."), nor a truthy
 *   `is_featured` ("Only staff can mark templates as featured."); it is made "team", for the URL's project. Without
 *   tiles it is refused ("You need to provide tiles for the template."); without the key at all, `validated_data
 *   ["tiles"]` is a KeyError: 500.
 * - An update may name `template_name`, `dashboard_description`, `tags` and `deleted` only ("Only name, description,
 *   tags, and delete can be changed for project templates.", on each other key, the first in order answered); a
 *   global or feature-flag template is refused (403).
 * - A name is unique among the project's templates not deleted ("A dashboard template with this name already exists
 *   for this project."); an organization holds at most 100 templates not deleted, also on a restore.
 * - Deleted by `PATCH {"deleted": true}` (DELETE 405). A GET answers a deleted one (`objects_including_soft_deleted`);
 *   the list leaves them out. The list shows the project's templates and the global ones, `?scope=team` the project's
 *   team templates only; featured first, then by name, case-insensitively. Scope `dashboard_template`.
 *
 * PostHog 2025-08-04: only staff write (OnlyStaffCanEditDashboardTemplate): every POST, PATCH and DELETE answers 403
 * "You don't have edit permissions for this dashboard template." here. Its GET answers 404 for a deleted template (its
 * queryset is the default manager's), its list has no `?scope=team` filter, no `is_featured`; `created_by` is null.
 * (Measured on its backend with a staff user: a create of a deleted template's name, and one without `tiles`, 500.)
 *
 * Not imitated: PostHog's global templates (none exist here), the `json_schema` and `copy_between_projects` actions,
 * `search`, and the names of deleted templates that 2025-08-04 keeps unique (its writes are refused here).
 */
import { randomUUID } from "node:crypto";
import { notFound, permissionDenied, serverError, validationError } from "../drf/errors";
import { booleanField, charField, choiceField, type FieldRule, jsonField, listField, parseChar } from "../drf/fields";
import { pyTruthy } from "../drf/py";
import type { ApiContext } from "../pipeline/api";
import { json } from "../pipeline/http";
import { pageAnswer, updatedAnswer } from "../pipeline/list-update";
import { findInProject, nestedViewSetRoutes, type SerializerFields, userBasic, uuidLookup, validateBody } from "../pipeline/nested-viewset";
import { isJsonObject, type JsonObject } from "../state/json";
import { isoFromMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";

const KIND = "dashboardTemplates";
const SCOPES = ["team", "global", "feature_flag"];
const MAX_PER_ORGANIZATION = 100;
const NO_EDIT = "You don't have edit permissions for this dashboard template.";
const CREATE_FORBIDDEN = ["availability_contexts", "github_url", "image_url"];
const PATCH_ALLOWED = ["template_name", "dashboard_description", "tags", "deleted"];

const stringList: FieldRule<unknown> = listField<unknown>({
  nullable: true,
  item: (value, path) => parseChar(value, { maxLength: 255, allowBlank: false }, path),
});

/** The serializer's writable fields, in `Meta.fields` order. */
const FIELDS: SerializerFields<unknown> = [
  ["template_name", charField({ maxLength: 400, nullable: true, allowBlank: true })],
  ["dashboard_description", charField({ maxLength: 400, nullable: true, allowBlank: true })],
  ["dashboard_filters", jsonField(true)],
  ["tags", stringList],
  ["tiles", jsonField(true)],
  ["variables", jsonField(true)],
  ["deleted", booleanField(true)],
  ["image_url", charField({ maxLength: 8201, nullable: true, allowBlank: true })],
  ["scope", choiceField(true, (s) => (SCOPES.includes(s) ? s : undefined), true)],
  ["availability_contexts", stringList],
  ["is_featured", booleanField(false)],
];

function serialize(ctx: ApiContext, t: StoredObject): JsonObject {
  const f = t.fields;
  const record: JsonObject = {
    id: f.uuid ?? null,
    template_name: f.template_name ?? null,
    dashboard_description: f.dashboard_description ?? null,
    dashboard_filters: f.dashboard_filters ?? null,
    tags: f.tags ?? null,
    tiles: f.tiles ?? null,
    variables: f.variables ?? null,
    deleted: f.deleted ?? null,
    created_at: isoFromMicros(t.createdAtMicros),
    // The UserBasicSerializer today; in 2025-08-04 a ModelSerializer field its create never sets (null, measured).
    created_by: ctx.services.version === "2025-08-04" ? null : userBasic(ctx.store, t.createdBy),
    image_url: f.image_url ?? null,
    team_id: t.teamId,
    scope: f.scope ?? null,
    availability_contexts: f.availability_contexts ?? null,
  };
  if (ctx.services.version !== "2025-08-04") record.is_featured = f.is_featured ?? false;
  return record;
}

/** OnlyStaffCanEditDashboardTemplate (2025-08-04): no write of a user who is not staff, as this server's are not. */
function staffOnlyBefore(ctx: ApiContext): void {
  if (ctx.services.version === "2025-08-04") throw permissionDenied(NO_EDIT);
}

const live = (t: StoredObject) => t.fields.deleted !== true;

/** `unique_template_name_per_team`, over the project's templates not deleted (a null name is never a duplicate). */
function checkUniqueName(ctx: ApiContext, team: StoredProject, name: unknown, instance: StoredObject | undefined): void {
  if (name === null || name === undefined) return;
  const taken = ctx.store.objects(KIND).some((t) => t !== instance && t.teamId === team.id && live(t) && t.fields.template_name === name);
  if (taken)
    throw validationError("A dashboard template with this name already exists for this project.", null, "unique_template_name_per_team");
}

/** `enforce_organization_dashboard_template_limit`: the organization's templates not deleted. */
function checkLimit(ctx: ApiContext, team: StoredProject): void {
  const held = ctx.store.objects(KIND).filter((t) => live(t) && ctx.store.project(t.teamId)?.organizationId === team.organizationId);
  if (held.length >= MAX_PER_ORGANIZATION)
    throw validationError(
      `Your organization has reached the limit of ${MAX_PER_ORGANIZATION} dashboard templates. Delete a template before creating or restoring another.`,
    );
}

function list(ctx: ApiContext, team: StoredProject) {
  const rows = ctx.store
    .objects(KIND)
    .filter((t) => t.teamId === team.id && live(t))
    .filter((t) => ctx.services.version === "2025-08-04" || ctx.req.param("scope") !== "team" || t.fields.scope === "team")
    .sort((a, b) =>
      String(a.fields.template_name ?? "")
        .toLowerCase()
        .localeCompare(String(b.fields.template_name ?? "").toLowerCase()),
    );
  return pageAnswer(ctx, rows, (t) => serialize(ctx, t));
}

function create(ctx: ApiContext, team: StoredProject) {
  staffOnlyBefore(ctx);
  const body = ctx.req.body();
  const attrs = validateBody(body, FIELDS, null, [], false);
  const sent = isJsonObject(body) ? Object.keys(body) : [];
  const forbidden = CREATE_FORBIDDEN.filter((k) => sent.includes(k));
  if (forbidden.length > 0) throw validationError("You cannot set this field when creating a project template.", forbidden[0]!, "invalid");
  if (![null, undefined, "", "team"].includes(attrs.scope as string | null | undefined))
    throw validationError("Project templates must use team scope.", "scope", "invalid");
  if (pyTruthy(attrs.is_featured)) throw validationError("Only staff can mark templates as featured.", "is_featured", "invalid");
  if (!("tiles" in attrs)) throw serverError();
  if (!pyTruthy(attrs.tiles)) throw validationError("You need to provide tiles for the template.");
  checkLimit(ctx, team);
  checkUniqueName(ctx, team, attrs.template_name, undefined);
  const template = ctx.store.addObject(KIND, team.id, ctx.user.id, { uuid: randomUUID(), ...attrs, scope: "team", is_featured: false });
  return json(201, serialize(ctx, template));
}

function find(ctx: ApiContext, team: StoredProject, id: number): StoredObject {
  const template = findInProject(ctx.store, KIND, team, id);
  // 2025-08-04's default manager leaves deleted templates out of every view.
  if (ctx.services.version === "2025-08-04" && !live(template)) throw notFound();
  return template;
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  staffOnlyBefore(ctx);
  const template = find(ctx, team, id);
  if (template.fields.scope === "global" || template.fields.scope === "feature_flag") throw permissionDenied(NO_EDIT);
  const body = ctx.req.body();
  const attrs = validateBody(body, FIELDS, null, [], partial);
  const refused = (isJsonObject(body) ? Object.keys(body) : []).filter((k) => !PATCH_ALLOWED.includes(k)).sort();
  if (refused.length > 0)
    throw validationError("Only name, description, tags, and delete can be changed for project templates.", refused[0]!, "invalid");
  if (attrs.deleted === false && !live(template)) checkLimit(ctx, team);
  // The constraint holds the rows that stay (or become) live: the save's IntegrityError, said as a 400.
  const staysLive = "deleted" in attrs ? attrs.deleted !== true : live(template);
  if (staysLive) checkUniqueName(ctx, team, "template_name" in attrs ? attrs.template_name : template.fields.template_name, template);
  Object.assign(template.fields, attrs);
  return updatedAnswer(ctx, template, () => serialize(ctx, template));
}

export function dashboardTemplateRoutes() {
  return nestedViewSetRoutes({
    path: "dashboard_templates",
    scopeObject: "dashboard_template",
    lookup: uuidLookup(KIND, "uuid"),
    list,
    create,
    retrieve: (ctx, team, id) => json(200, serialize(ctx, find(ctx, team, id))),
    update,
    // ForbidDestroyModel's 405, after the permission that 2025-08-04 refuses every write with.
    destroy: (ctx) => {
      staffOnlyBefore(ctx);
      return { status: 405 };
    },
  });
}
