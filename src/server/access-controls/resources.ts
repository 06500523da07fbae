/**
 * What PostHog's access controls know of resources, per version: the resources an entry may name (`API_SCOPE_OBJECTS`,
 * posthog/scopes.py; today's leaves out `INTERNAL_API_SCOPE_OBJECTS`) and each resource's levels, lowest first
 * (`ordered_access_levels`, posthog/rbac/user_access_control.py: a project's or an organization's none/member/admin,
 * any other's none/viewer/editor/manager), with today's bounds (`minimum_access_level`: viewer for actions;
 * `highest_access_level`: viewer for the activity log).
 */
import type { PostHogVersion } from "../pipeline/version";

const OLD_RESOURCES = [
  "action",
  "access_control",
  "activity_log",
  "annotation",
  "batch_export",
  "batch_import",
  "cohort",
  "dashboard",
  "dashboard_template",
  "early_access_feature",
  "error_tracking",
  "event_definition",
  "experiment",
  "export",
  "feature_flag",
  "file_system",
  "file_system_shortcut",
  "group",
  "hog_function",
  "insight",
  "link",
  "notebook",
  "organization",
  "organization_member",
  "person",
  "persisted_folder",
  "plugin",
  "project",
  "property_definition",
  "query",
  "session_recording",
  "session_recording_playlist",
  "sharing_configuration",
  "subscription",
  "survey",
  "user",
  "user_interview_DO_NOT_USE",
  "webhook",
  "warehouse_view",
  "warehouse_table",
  "logs",
] as const;

/** Today's `API_SCOPE_OBJECTS` without `INTERNAL_API_SCOPE_OBJECTS` (posthog/scopes.py), in its order. */
const CURRENT_RESOURCES = [
  "action",
  "access_control",
  "account",
  "activity_log",
  "alert",
  "annotation",
  "approvals",
  "batch_export",
  "batch_import",
  "batch_import_support",
  "billing",
  "business_knowledge",
  "canvas",
  "cohort",
  "comment",
  "conversation",
  "customer_analytics",
  "customer_task",
  "customer_journey",
  "customer_profile_config",
  "data_catalog",
  "data_catalog_approval",
  "dashboard",
  "event_filter",
  "dashboard_template",
  "dataset",
  "early_access_feature",
  "endpoint",
  "engineering_analytics",
  "error_tracking",
  "evaluation",
  "element",
  "event_definition",
  "experiment",
  "experiment_holdout",
  "experiment_saved_metric",
  "export",
  "external_data_schema",
  "external_data_source",
  "feature_flag",
  "file_system",
  "file_system_shortcut",
  "group",
  "health_issue",
  "heatmap",
  "hog_flow",
  "hog_function",
  "ingestion_warning",
  "insight",
  "insight_variable",
  "integration",
  "legal_document",
  "link",
  "live_debugger",
  "llm_analytics",
  "ai_observability_clusters",
  "llm_gateway",
  "llm_playground",
  "llm_prompt",
  "llm_provider_key",
  "llm_skill",
  "logs",
  "loop",
  "marketing_analytics",
  "mcp_analytics",
  "metrics",
  "notebook",
  "organization",
  "organization_integration",
  "organization_member",
  "person",
  "plugin",
  "product_enablement",
  "product_tour",
  "project",
  "property_definition",
  "query",
  "query_performance",
  "replay_scanner",
  "review_hog",
  "revenue_analytics",
  "session_recording",
  "session_recording_playlist",
  "sharing_configuration",
  "signal_scout",
  "stamphog",
  "streamlit_app",
  "subscription",
  "survey",
  "tagger",
  "ticket",
  "task",
  "toolbar",
  "tracing",
  "field_note",
  "uploaded_media",
  "usage_metric",
  "user",
  "user_interview",
  "vision_action",
  "vision_alert",
  "visual_review",
  "warehouse_objects",
  "warehouse_table",
  "warehouse_view",
  "web_analytics",
  "webhook",
  "wizard_session",
] as const;

export const resourcesOf = (version: PostHogVersion): readonly string[] => (version === "2025-08-04" ? OLD_RESOURCES : CURRENT_RESOURCES);

/** The resource list as PostHog prints it in its refusal: a Python tuple's repr. */
export const pythonTuple = (items: readonly string[]) => `(${items.map((i) => `'${i}'`).join(", ")})`;

export const MEMBER_LEVELS = ["none", "member", "admin"] as const;
export const RESOURCE_LEVELS = ["none", "viewer", "editor", "manager"] as const;

export function orderedLevels(resource: string): readonly string[] {
  return resource === "project" || resource === "organization" ? MEMBER_LEVELS : RESOURCE_LEVELS;
}

export function defaultLevel(resource: string, version: PostHogVersion): string {
  if (resource === "project") return "admin";
  if (resource === "organization") return "member";
  return version === "current" && resource === "activity_log" ? "viewer" : "editor";
}

export function highestLevel(resource: string, version: PostHogVersion): string {
  if (version === "current" && resource === "activity_log") return "viewer";
  return orderedLevels(resource).at(-1)!;
}

export function minimumLevel(resource: string, version: PostHogVersion): string {
  return version === "current" && resource === "action" ? "viewer" : "none";
}
