/**
 * DashboardTemplate, declared once for the kit (src/kit): a project's own dashboard template, project-scoped
 * (`/api/projects/<projectId>/dashboard_templates/`), keyed by UUID, soft-deleted (`PATCH {"deleted": true}`:
 * DashboardTemplateViewSet is a ForbidDestroyModel), identified as `<projectId>/<uuid>`. Its field table is ./fields.ts.
 *
 * Who may write (products/dashboards/backend/api/dashboard_templates.py): today PostHog staff, and any other user whose
 * organization has PostHog's `customer-dashboard-template-authoring` feature flag (CustomerDashboardTemplateWritePermission),
 * for the project's own ("team") templates only; PostHog's official ("global") and feature-flag templates are staff's.
 * PostHog 2025-08-04 lets staff alone write any (OnlyStaffCanEditDashboardTemplate): on a self-hosted PostHog, the
 * instance's first user is staff (posthog/api/signup.py). A template's name is unique among the project's templates
 * (`unique_template_name_per_team`): today among those not deleted, in 2025-08-04 among deleted ones too, where the
 * database's refusal is a 500 (measured, as is the 500 of a create without `tiles`).
 */
import { PostHogError } from "../../client";
import { defineKind } from "../../kit/define-kind";
import { isPlainObject } from "../../kit/json";
import type { Json } from "../../kit/lifecycle";
import * as templates from "./endpoints";
import { dashboardTemplateExample } from "./example";
import { dashboardTemplateFields, SERIALIZER, SET_AT_CREATE } from "./fields";

/** PostHog's refusal of a write to a user it does not let author templates, said with who may. */
function refusedAuthor(error: unknown): Error | undefined {
  if (!(error instanceof PostHogError && error.status === 403 && /edit permissions for this dashboard template/.test(error.message)))
    return undefined;
  return new Error(
    `${error.message} PostHog lets PostHog staff write dashboard templates, and today's PostHog also the users of an organization it has given template authoring (its \`customer-dashboard-template-authoring\` feature flag); PostHog 2025-08-04 and older, staff alone (on a self-hosted PostHog, its first user is staff).`,
  );
}

export const {
  kind: dashboardTemplateKind,
  model: dashboardTemplateModel,
  Lifecycle: DashboardTemplateLifecycle,
} = defineKind({
  name: "DashboardTemplate",
  noun: "dashboard template",
  summary: "A project's own dashboard template: tiles, filters and variables a new dashboard of the project starts from.",
  description:
    "A PostHog dashboard template of a project (a \"team\" template): the tiles, filters and variables a new dashboard starts from. Its name, description and tags change in place; its tiles, variables and filters are set when it is made, so changing one replaces it. Deleted as PostHog deletes templates (marked deleted); one deleted by hand is created again. PostHog's official (global) templates are PostHog staff's and not managed here. Writing needs the `dashboard_template:write` scope, and a user PostHog lets author templates: staff, or today a user of an organization given template authoring.",
  example: dashboardTemplateExample,
  scope: "project",
  identity: { output: "dashboardTemplateId", key: "uuid", doc: "The dashboard template's UUID in PostHog." },
  deletion: "soft-delete",
  importInputs: ["projectId", "templateName", "tiles"],
  endpoints: {
    get: templates.getDashboardTemplate,
    update: templates.updateDashboardTemplate,
    remove: (http, projectId, id: string) => templates.deleteDashboardTemplate(http, projectId, id),
    create: templates.createDashboardTemplate,
  },
  fields: dashboardTemplateFields,
  exampleInput: "dashboardDescription",
  createOnly: SET_AT_CREATE,
  // The name stays unique among the live templates: the old one goes before its replacement is made.
  deleteBeforeReplace: true,
  // `create` reads `validated_data["tiles"]` (a template without tiles is refused, one without the key is a 500).
  required: { tiles: `a template needs tiles ("You need to provide tiles for the template.", ${SERIALIZER})` },
  fixedOutputs: (record) => ({
    templateName: record.template_name ?? null,
    tiles: (record.tiles ?? null) as Json,
    scope: record.scope ?? null,
  }),
  outputTypes: {
    templateName: { type: "string | null", doc: "The template's name." },
    tiles: { type: "Record<string, unknown>[]", doc: "The template's tiles, as PostHog stores them." },
    scope: { type: "string | null", doc: 'Where PostHog offers the template: "team", the project\'s own.' },
  },
  importer: {
    list: (http, projectId) => templates.listTeamTemplates(http, projectId),
    // The DashboardTemplate model's (every column nullable, no default).
    defaults: { dashboard_description: null, variables: null, dashboard_filters: null, tags: null },
    label: (template) => template.template_name ?? `dashboard template ${template.id}`,
  },
  /**
   * The name is unique among the project's live templates (`unique_template_name_per_team`,
   * products/dashboards/backend/models/dashboard_templates.py): after an unclear answer the project's templates of the
   * sent name are looked for, and one taken only when shown to be this create's.
   */
  findBy: {
    field: "template_name",
    find: async (http, projectId, name) =>
      (await templates.listTeamTemplates(http, projectId)).filter((template) => (template.template_name ?? null) === (name ?? null)),
    // Today's UserBasicSerializer names the maker; PostHog 2025-08-04's create records none (null, measured).
    maker: async (candidate) => (isPlainObject(candidate.created_by) ? candidate.created_by : null),
    taken: (error) => error.status === 400 && /A dashboard template with this name already exists/.test(error.message),
    otherwise: "choose another templateName",
    none: () =>
      "where PostHog answered 500, know that PostHog 2025-08-04 and older answer so to a template named as one of the project's deleted templates (their `unique_template_name_per_team` counts deleted templates too, posthog/models/dashboard_templates.py): choose a templateName no template of the project ever had; else run `pulumi up` again",
  },
  createRefusal: refusedAuthor,
  hooks: {
    // An update refused to the author is said as the create's is.
    async write(where, id, body, declared) {
      try {
        return await this.kit.write(where, id, body, declared);
      } catch (error) {
        throw refusedAuthor(error) ?? error;
      }
    },
  },
});
