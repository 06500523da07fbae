/**
 * The Alert lifecycle: the kit's field-table lifecycle with its create, never resent blindly (nothing about an alert
 * is unique), and PostHog 2025-08-04's refusal of personal API keys said as what to do.
 */
import { alerts, PostHogError, type Transport } from "../../client";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import { type AlertWithIds, alertWithIds } from "./fields";
import { alertDeclaration } from "./kind";
import type { AlertRecord } from "./state";
import { alertState } from "./state";
import type { ProviderConfig } from "../../kit/config";

export class AlertProvider extends FieldTableLifecycle<AlertWithIds> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(alertDeclaration, alertState, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<AlertRecord> {
    try {
      return { ...alertWithIds(await alerts.createAlert(this.http(), projectId, body)), project_id: projectId };
    } catch (error) {
      if (!(error instanceof PostHogError)) throw error;
      if (error.status === 403 && /Personal API Key/i.test(error.detail ?? error.message)) {
        throw new Error(
          `${error.message} PostHog before alerts had their own API scope (2025-08-04 and older) lets no personal API key with scopes manage alerts: create the alert in PostHog's interface and read it with \`Alert.get\`, or use today's PostHog with a key that has the \`alert:write\` scope.`,
        );
      }
      if (error.kind !== "ambiguous") throw error;
      throw new Error(
        `${error.message} The alert may have been created: look for it among the insight's alerts and adopt it with \`pulumi import posthog:index:Alert <name> ${projectId}/<uuid>\`, or delete it, before running \`pulumi up\` again.`,
      );
    }
  }
}
