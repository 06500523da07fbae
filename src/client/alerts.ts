/**
 * The alert endpoints (posthog/api/alert.py, AlertViewSet), one function each. Alerts are keyed by UUID and deleted
 * by DELETE. Today's PostHog needs `alert:read`/`alert:write`; PostHog 2025-08-04 refuses personal API keys here.
 */
import { type Alert, alertSchema } from "../schema/alert";
import * as objects from "./project-objects";
import type { Transport } from "./transport";

export type AlertBody = objects.ObjectBody;

const kind: objects.ObjectKind<typeof alertSchema> = { path: "alerts", noun: "alert", schema: alertSchema };

/** Every alert of the project, or of one insight. */
export function listAlerts(http: Transport, projectId: number, insightId?: number, pageSize?: number): Promise<Alert[]> {
  return objects.listAll(http, kind, projectId, insightId === undefined ? {} : { insight: String(insightId) }, pageSize);
}

export function getAlert(http: Transport, projectId: number, id: string): Promise<Alert> {
  return objects.get(http, kind, projectId, id);
}

/**
 * `insight` (id), `subscribed_users` (user ids) and `threshold` are required. Never resent once it may have reached
 * PostHog: a resend would make a second alert.
 */
export function createAlert(http: Transport, projectId: number, body: AlertBody): Promise<Alert> {
  return objects.create(http, kind, projectId, body);
}

export function updateAlert(http: Transport, projectId: number, id: string, body: AlertBody): Promise<Alert> {
  return objects.update(http, kind, projectId, id, body);
}

/** DELETE (204): the alert is gone. */
export function deleteAlert(http: Transport, projectId: number, id: string): Promise<void> {
  return objects.destroy(http, kind, projectId, id);
}
