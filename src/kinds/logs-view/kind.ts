/**
 * LogsView (a saved view of the logs page), declared once for the kit (src/kit): project-scoped
 * (`/api/projects/<projectId>/logs/views/`, LogsViewViewSet, products/logs/backend/presentation/views/views_api.py;
 * routed by products/logs/backend/routes.py), keyed by its short id (the viewset's `lookup_field`), deleted by DELETE
 * (a plain ModelViewSet), identified as `<projectId>/<shortId>`. Personal API keys need `logs:read`/`logs:write`
 * (`scope_object = "logs"`, posthog/scopes.py); PostHog Cloud may serve it only to users with its `logs-saved-views`
 * feature flag (PostHogFeatureFlagPermission, as some of its versions declare). PostHog 2025-08-04 has no saved logs
 * views (its products/logs/backend/ serves the log query only, migration 0002_logsview came after): it answers 404.
 * Its field table is ./fields.ts. Nothing about a view is unique (PostHog makes its short id), so a create whose
 * answer was lost is never resent blindly.
 */
import { defineKind } from "../../kit/define-kind";
import { listedPages } from "../../kit/list-reads";
import { byName } from "../../kit/named";
import { ANY } from "../../kit/property";
import { unservedRefusal } from "../../kit/unserved";
import * as views from "./endpoints";
import { logsViewExample } from "./example";
import { COLUMN_TYPES, logsViewFields, SERIALIZER } from "./fields";

export const {
  kind: logsViewKind,
  model: logsViewModel,
  Lifecycle: LogsViewLifecycle,
} = defineKind({
  name: "LogsView",
  noun: "saved logs view",
  summary: "A saved view of a project's logs page: its filters, its columns, pinned or not.",
  description:
    "A PostHog saved logs view: the logs page's filters and table columns under a name, pinned or not. Declared fields are managed; deleted with DELETE; one deleted by hand is created again. Today's PostHog only (the `logs:write` scope); PostHog 2025-08-04 has no saved logs views.",
  example: logsViewExample,
  scope: "project",
  identity: { output: "shortId", key: "short_id", doc: "The view's short id, PostHog's key for it (`/logs?viewId=<shortId>`)." },
  deletion: "delete",
  importInputs: ["projectId", "name"],
  endpoints: { get: views.getLogsView, update: views.updateLogsView, remove: views.deleteLogsView, create: views.createLogsView },
  // LogsViewViewSet lists with LogsViewSerializer, as it retrieves.
  listReads: listedPages(views.logsViewPages),
  fields: logsViewFields,
  exampleInput: "pinned",
  // LogsView.name has no default (`name = models.CharField(max_length=400)`): the serializer requires it.
  required: { name: `the view's name (${SERIALIZER})` },
  fixedOutputs: (record) => ({ name: record.name, filters: record.filters, columns: record.columns ?? null, pinned: record.pinned }),
  outputTypes: {
    name: { type: "string", doc: "The view's name." },
    filters: { type: "Record<string, unknown>", doc: "The logs page's filters the view keeps." },
    columns: { type: "LogsViewColumn[] | null", doc: "The table's columns, or null for the default ones." },
    pinned: { type: "boolean", doc: "Whether the view is pinned." },
  },
  types: {
    LogsViewColumn: {
      type: `{\n  /** The column's own identity, kept as given. */\n  id: string;\n  type: ${COLUMN_TYPES.map((t) => JSON.stringify(t)).join(" | ")};\n  /** The header's label. */\n  name?: string;\n  /** A custom column's expression: \`attributes.<key>\`, \`resource_attributes.<key>\`, \`body.<json.path>\` or a scalar HogQL expression. */\n  expression?: string;\n  /** Its width in pixels, 1 to 2000. */\n  width?: number;\n}`,
      doc: "A column of a saved logs view's table (LogsViewColumnSerializer of PostHog).",
    },
  },
  lookups: {
    list: (http, projectId) => views.listLogsViews(http, projectId),
    uniqueBy: byName({
      list: views.listLogsViews,
      plural: "saved logs views",
      idInput: "shortId",
      description: "The view's exact name; or give shortId.",
    }),
    outputs: {
      name: { type: "string" },
      filters: { type: "object", additionalProperties: ANY },
      pinned: { type: "boolean" },
    },
  },
  importer: {
    // LogsViewSerializer's defaults (`filters` a DictField defaulting to {}, `columns` null, `pinned` false).
    defaults: { filters: {}, columns: null, pinned: false },
    label: (view) => view.name,
  },
  lostCreate: (sent) => `among the project's saved logs views (named ${JSON.stringify(sent["name"] ?? null)})`,
  createRefusal: unservedRefusal("saved logs views", "logs:write"),
});
