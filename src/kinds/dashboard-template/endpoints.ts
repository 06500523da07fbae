/**
 * The dashboard template endpoints (DashboardTemplateViewSet, `/api/projects/<id>/dashboard_templates/`:
 * products/dashboards/backend/api/dashboard_templates.py today, posthog/api/dashboards/dashboard_templates.py in
 * 2025-08-04, routed on `projects_router` by posthog/api/__init__.py), one function each. Deleted by
 * `PATCH {"deleted": true}` (a ForbidDestroyModel: DELETE answers 405). Personal API keys need
 * `dashboard_template:read`/`dashboard_template:write` (`scope_object = "dashboard_template"`, posthog/scopes.py).
 */
import { dashboardTemplateSchema } from "./record";
import * as objects from "../../client/project-objects";

const templates = objects.endpoints<typeof dashboardTemplateSchema, string, { scope?: string }>({
  path: "dashboard_templates",
  noun: "dashboard template",
  schema: dashboardTemplateSchema,
});

/**
 * The project's own templates: `?scope=team` lists today's team-scoped rows of the project; PostHog 2025-08-04 has no
 * such filter and lists PostHog's global templates along (`dangerously_get_queryset`), so those are left out here.
 */
export async function listTeamTemplates(http: Parameters<typeof templates.listAll>[0], projectId: number) {
  return (await templates.listAll(http, projectId, { scope: "team" })).filter(
    (template) => template.scope === "team" && template.team_id === projectId,
  );
}

/** Today's PostHog answers a deleted template (`deleted: true`); PostHog 2025-08-04 answers 404. */
export const getDashboardTemplate = templates.get;

/** Never resent blindly: a create whose answer was lost is found again by its name (unique among the project's). */
export const createDashboardTemplate = templates.create;

export const updateDashboardTemplate = templates.update;

export const deleteDashboardTemplate = templates.softDelete;
