/**
 * Subscription, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/subscriptions/`),
 * keyed by its number, soft-deleted as PostHog deletes subscriptions (`PATCH {"deleted": true}`: SubscriptionViewSet is
 * a ForbidDestroyModel, ee/api/subscription.py), identified as `<projectId>/<id>`. A paid feature: every request of
 * an organization whose plan lacks `subscriptions` answers 402 (the viewset's PremiumFeaturePermission,
 * posthog/permissions.py; PostHog 2025-08-04 self-hosted without a licence has no such plan).
 */
import { subscriptionExample } from "./example";
import { PostHogError, type Transport } from "../../client";
import * as subscriptions from "./endpoints";
import { idField, type Kind, type ObjectId } from "../../kit/kind";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { kindNames } from "../../kit/tokens";
import { subscriptionFields } from "./fields";
import { type SubscriptionRecord, subscriptionModel } from "./model";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json, Placed } from "../../kit/lifecycle";
import type { Subscription } from "./record";
import type { ProviderConfig } from "../../kit/config";
import { listedPages } from "../../kit/list-reads";

/**
 * Where a webhook's URL is among the inputs: a secret here, though PostHog keeps it as plain text and answers it to
 * whoever reads the subscription (`target_value`, a TextField in SubscriptionSerializer's `Meta.fields`, not
 * write-only: ee/api/subscription.py, posthog/models/subscription.py): such URLs carry their own credential (a Slack
 * or Zapier hook's path), so whoever has one can post to it. Email addresses and Slack channels are not secrets.
 */
export function secretInputPaths(inputs: Json): string[][] {
  return inputs["targetType"] === "webhook" && inputs["targetValue"] !== undefined ? [["targetValue"]] : [];
}

export const subscriptionKind: Kind<"project", SubscriptionRecord> = {
  ...kindNames("Subscription"),
  example: subscriptionExample,
  noun: "subscription",
  scope: "project",
  identity: { output: "subscriptionId" },
  deletion: "soft-delete",
  importInputs: ["projectId", "title"],
  api: projectScopedApi<Subscription>({
    get: subscriptions.getSubscription,
    update: subscriptions.updateSubscription,
    remove: subscriptions.deleteSubscription,
  }),
  // SubscriptionViewSet lists with SubscriptionSerializer, as it retrieves (ee/api/subscription.py, both versions).
  listReads: listedPages(subscriptions.subscriptionPages),
  secretInputPaths,
  schema: () => ({
    description:
      "A PostHog subscription: an insight or a dashboard sent on a schedule by email, to Slack or to a webhook (a paid feature: PostHog refuses it with 402 where the plan lacks `subscriptions`). Declared fields are managed; a webhook URL is a secret; deleted as PostHog deletes subscriptions (marked deleted); one deleted by hand is created again.",
    inputs: tableInputs(subscriptionFields, "subscription"),
    outputs: tableOutputs(subscriptionFields, "subscription", {
      subscriptionId: { type: "integer", description: "Numeric id of the subscription in PostHog." },
    }),
    required: ["subscriptionId", "projectId"],
  }),
  lookups: {
    list: (http, projectId, query) => subscriptions.listSubscriptions(http, projectId, query),
    // `safely_get_queryset` (ee/api/subscription.py).
    filters: {
      insightId: {
        spec: { type: "integer", description: "Only the subscriptions of this insight (its numeric id)." },
        query: (v) => ["insight", String(v)],
      },
      dashboardId: {
        spec: { type: "integer", description: "Only the subscriptions of this dashboard (its numeric id)." },
        query: (v) => ["dashboard", String(v)],
      },
    },
    outputs: {
      title: { type: "string", nullable: true },
      insight: { type: "integer", nullable: true },
      dashboard: { type: "integer", nullable: true },
      targetType: { type: "string" },
      frequency: { type: "string" },
      interval: { type: "integer" },
      startDate: { type: "string" },
      nextDeliveryDate: { type: "string", nullable: true },
    },
  },
  model: subscriptionModel,
  lifecycle: () => new SubscriptionLifecycle(),
  importer: projectScopedImport(subscriptionFields, {
    list: (http, projectId) => subscriptions.listSubscriptions(http, projectId),
    // The Subscription model's defaults (posthog/models/subscription.py).
    defaults: { interval: 1, count: null, byweekday: null, bysetpos: null, until_date: null, title: null, enabled: true },
    references: [idField("insight", "Insight"), idField("dashboard", "Dashboard")],
    // A webhook's URL is the stack's secret, never written into the program.
    secrets: (subscription) =>
      subscription.target_type === "webhook" ? [{ field: "target_value", path: [], what: "the webhook URL" }] : [],
    label: (subscription) => subscription.title || `subscription ${subscription.id}`,
  }),
};

/**
 * PostHog's refusal of a plan without subscriptions, said with what to do; other errors as they are. Every endpoint
 * answers it, so nothing is created or recorded.
 */
function planRefusal(error: unknown): unknown {
  if (!(error instanceof PostHogError && error.status === 402)) return error;
  return new Error(
    `${error.message} PostHog sends subscriptions only for organizations whose plan has the \`subscriptions\` feature (AvailableFeature.SUBSCRIPTIONS: SubscriptionViewSet's PremiumFeaturePermission, ee/api/subscription.py); a self-hosted PostHog without a licence has none. Subscribe to a plan with subscriptions (PostHog Cloud's paid plans), or remove the subscription from the program.`,
  );
}

/**
 * The Subscription lifecycle: the kit's field-table lifecycle with its create, never sent twice blindly (nothing about
 * a subscription is unique: after an unclear answer, its insight's or dashboard's subscriptions are looked through and
 * one taken only when this create can be shown to have made it), and PostHog's refusal of a plan without the feature
 * said as what to do.
 */
export class SubscriptionLifecycle extends FieldTableLifecycle<Subscription> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(subscriptionKind, subscriptionModel, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<SubscriptionRecord> {
    const http = this.http();
    const of: subscriptions.SubscriptionFilters =
      typeof body["insight"] === "number" ? { insight: String(body["insight"]) } : { dashboard: String(body["dashboard"]) };
    try {
      const subscription = await this.createOnce(projectId, body, () => subscriptions.createSubscription(http, projectId, body), {
        find: () => subscriptions.listSubscriptions(http, projectId, of),
        described: `of ${of.insight !== undefined ? `insight ${of.insight}` : `dashboard ${of.dashboard}`} titled ${JSON.stringify(body["title"] ?? null)}`,
      });
      return { ...subscription, project_id: projectId };
    } catch (error) {
      throw planRefusal(error);
    }
  }

  protected override async write(
    scope: number,
    id: ObjectId,
    body: Json,
    declared: readonly string[],
  ): Promise<Placed<SubscriptionRecord>> {
    try {
      return await super.write(scope, id, body, declared);
    } catch (error) {
      throw planRefusal(error);
    }
  }

  protected override readFailure(error: PostHogError): Error | undefined {
    const refused = planRefusal(error);
    return refused === error ? undefined : (refused as Error);
  }

  override async delete(id: string, props: Json): Promise<void> {
    try {
      await super.delete(id, props);
    } catch (error) {
      throw planRefusal(error);
    }
  }
}
