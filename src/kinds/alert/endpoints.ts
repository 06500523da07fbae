/**
 * The alert endpoints (posthog/api/alert.py, AlertViewSet), one function each. Alerts are keyed by UUID and deleted
 * by DELETE. Today's PostHog needs `alert:read`/`alert:write`; PostHog 2025-08-04 refuses personal API keys here.
 */
import { type Alert, alertSchema } from "./record";
import * as objects from "../../client/project-objects";
import type { Transport } from "../../client/transport";

export type AlertBody = objects.ObjectBody;

const alerts = objects.endpoints<typeof alertSchema, string, { insight?: string }>({ path: "alerts", noun: "alert", schema: alertSchema });

/** Every alert of the project, or of one insight. */
export function listAlerts(http: Transport, projectId: number, insightId?: number, pageSize?: number): Promise<Alert[]> {
  return alerts.listAll(http, projectId, insightId === undefined ? {} : { insight: String(insightId) }, pageSize);
}

export const getAlert = alerts.get;

/**
 * `insight` (id), `subscribed_users` (user ids) and `threshold` are required. Never resent once it may have reached
 * PostHog: a resend would make a second alert.
 */
export const createAlert = alerts.create;

export const updateAlert = alerts.update;

/** DELETE (204): the alert is gone. */
export const deleteAlert = alerts.destroy;

/** Every page of the unfiltered list. */
export const alertPages = alerts.pages;
