/**
 * The log alert endpoints (LogsAlertViewSet, products/logs/backend/alerts_api.py: `/api/projects/<id>/logs/alerts/`,
 * scope `logs`), one function each. Keyed by UUID, deleted by DELETE. PostHog 2025-08-04 has none (404).
 */
import { logsAlertSchema } from "./record";
import * as objects from "../../client/project-objects";

const alerts = objects.endpoints<typeof logsAlertSchema, string>({ path: "logs/alerts", noun: "log alert", schema: logsAlertSchema });

export const logsAlertCollection = alerts.collection;

export const listLogsAlerts = alerts.listAll;

/** The retrieve: with the alert's destinations (the list leaves them out). */
export const getLogsAlert = alerts.get;

/** Never resent once it may have reached PostHog: nothing about a log alert is unique, a resend makes a twin. */
export const createLogsAlert = alerts.create;

export const updateLogsAlert = alerts.update;

/** DELETE (204). */
export const deleteLogsAlert = alerts.destroy;
