/**
 * The dashboard template's field table: the fields of DashboardTemplateSerializer that every user PostHog lets author
 * templates may write (products/dashboards/backend/api/dashboard_templates.py in PostHog/posthog; model
 * products/dashboards/backend/models/dashboard_templates.py), each with PostHog's rule. Today a user who is not
 * PostHog staff writes team-scoped templates only: a create may not set `availability_contexts`, `image_url` or
 * `github_url`, nor a scope but "team", nor `is_featured` (`DashboardTemplateSerializer.validate`), and an update may
 * change `template_name`, `dashboard_description`, `tags` and `deleted` only ("Only name, description, tags, and delete
 * can be changed for project templates."): so `tiles`, `variables` and `dashboard_filters` are set at create, and a
 * change of one replaces the template. PostHog 2025-08-04 (posthog/api/dashboards/dashboard_templates.py there) has the
 * same serializer fields without these checks, and lets staff alone write (OnlyStaffCanEditDashboardTemplate).
 */
import { z } from "zod";
import { type ApiTypes, type FieldDef, type LeftOut, sameJson, sameTrimmed } from "../../kit/field-table";

export const SERIALIZER = "DashboardTemplateSerializer, products/dashboards/backend/api/dashboard_templates.py";

/** The fields a template's update refuses from anyone but PostHog staff (`_NON_STAFF_ALLOWED_PATCH_KEYS`): set at create. */
export const SET_AT_CREATE = ["tiles", "variables", "dashboard_filters"] as const;

const text = (column: string) =>
  z
    .string({ error: "must be a string or null" })
    .max(400, { error: `must be at most 400 characters (DashboardTemplate.${column}, ${SERIALIZER})` })
    .nullable();

/** Any JSON value: a JSONField PostHog stores as sent. */
const json = z.unknown();

export const dashboardTemplateFields = {
  template_name: {
    input: text("template_name"),
    equal: sameTrimmed,
    doc: "The template's name, as PostHog's template picker shows it (at most 400 characters): unique among the project's templates that are not deleted.",
  },
  dashboard_description: {
    input: text("dashboard_description"),
    equal: sameTrimmed,
    doc: "What a dashboard made from the template is for (at most 400 characters).",
  },
  tiles: {
    // `create` refuses a template without tiles: `if not validated_data["tiles"]` ("You need to provide tiles for the
    // template."); a JSONField otherwise, stored as sent.
    input: json.refine(
      (value) =>
        !(
          value === null ||
          value === undefined ||
          value === false ||
          value === 0 ||
          value === "" ||
          (Array.isArray(value) && value.length === 0) ||
          (typeof value === "object" && value !== null && Object.keys(value).length === 0)
        ),
      {
        error: `must not be empty: a template needs tiles ("You need to provide tiles for the template.", ${SERIALIZER})`,
      },
    ),
    type: "Record<string, unknown>[]",
    equal: sameJson,
    doc: 'The dashboard\'s tiles, as PostHog\'s template schema describes them (its `json_schema` action): `{type: "INSIGHT", name, description, query: {kind: "InsightVizNode", source: {…}}, layouts: {sm: {x, y, w, h}}, color}` or `{type: "TEXT", body, layouts}`. Set at create: a change replaces the template.',
  },
  variables: {
    input: json,
    type: "Record<string, unknown>[] | null",
    equal: sameJson,
    doc: 'What the template asks for when a dashboard is made from it: `[{id, name, type: "event", default: {…}, description, required}]`. Set at create: a change replaces the template.',
  },
  dashboard_filters: {
    input: json,
    type: "Record<string, unknown> | null",
    equal: sameJson,
    doc: 'The filters of a dashboard made from the template (`{date_from: "-7d", properties: […]}`). Set at create: a change replaces the template.',
  },
  tags: {
    input: z
      .array(
        z
          .string({ error: "must be a list of strings" })
          .max(255, { error: `each tag must be at most 255 characters (DashboardTemplate.tags, ${SERIALIZER})` }),
        { error: "must be a list of strings or null" },
      )
      .nullable(),
    equal: sameJson,
    doc: "Tags of the template, stored as written (a list of PostHog's own, not the tagging feature's).",
  },
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const dashboardTemplateLeftOut: LeftOut = {
  scope:
    'a template is the project\'s own ("team", what PostHog sets when none is sent); "global" and "feature_flag" templates are PostHog\'s official ones, which only PostHog staff may write (DashboardTemplateSerializer.validate: "Project templates must use team scope.")',
  image_url: "PostHog staff's only: a create of anyone else's naming it is refused (`_NON_STAFF_FORBIDDEN_CREATE_FIELDS`)",
  availability_contexts: "PostHog staff's only: a create of anyone else's naming it is refused (`_NON_STAFF_FORBIDDEN_CREATE_FIELDS`)",
  is_featured: 'PostHog staff\'s only ("Only staff can mark templates as featured.")',
  deleted: "the deletion: a destroy sends `deleted: true`",
};

/**
 * Where PostHog's generated API types state this kind: the copy of products/dashboards/frontend/generated/
 * api.schemas.ts the fixture was read at has no DashboardTemplateApi (later copies have it).
 */
export const dashboardTemplateApiTypes: ApiTypes = {
  missing:
    "the copy of products/dashboards/frontend/generated/api.schemas.ts the fixture reads (005c489f) states no DashboardTemplateApi; later copies of PostHog do, and a refresh of the facts from one would hold this table to them",
};
