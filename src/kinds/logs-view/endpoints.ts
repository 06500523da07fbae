/**
 * The saved logs view endpoints (LogsViewViewSet, products/logs/backend/presentation/views/views_api.py:
 * `/api/projects/<id>/logs/views/`, scope `logs`), keyed by short id, one function each. A plain ModelViewSet:
 * deleted by DELETE, listed newest first with the serializer its retrieve uses. PostHog 2025-08-04 has none (404).
 */
import { logsViewSchema } from "./record";
import * as objects from "../../client/project-objects";

const views = objects.endpoints<typeof logsViewSchema, string>({
  path: "logs/views",
  noun: "saved logs view",
  schema: logsViewSchema,
  byShortId: true,
});

export const listLogsViews = views.listAll;

export const getLogsView = views.get;

/** Never resent once it may have reached PostHog: nothing about a view is unique (PostHog makes its short id). */
export const createLogsView = views.create;

export const updateLogsView = views.update;

/** DELETE (204): gone for good. */
export const deleteLogsView = views.destroy;

/** Every page of the list, for reads that arrive together. */
export const logsViewPages = views.pages;
