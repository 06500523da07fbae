/**
 * The subscription endpoints (SubscriptionViewSet, ee/api/subscription.py), one function each, under
 * `/api/projects/<projectId>/subscriptions/`. Every one of them, reads too, answers 402 `payment_required` to an
 * organization whose plan lacks `subscriptions` (the viewset's PremiumFeaturePermission, posthog/permissions.py).
 */
import type { Transport } from "../../client";
import * as objects from "../../client/project-objects";
import { subscriptionSchema } from "./record";

export interface SubscriptionFilters {
  /** The subscriptions of one insight (its numeric id). */
  insight?: string;
  /** The subscriptions of one dashboard. */
  dashboard?: string;
}

const subscriptions = objects.endpoints<typeof subscriptionSchema, number, SubscriptionFilters>({
  path: "subscriptions",
  noun: "subscription",
  schema: subscriptionSchema,
});

/** Every live subscription of the project (the list leaves deleted ones out unless asked for them). */
export const listSubscriptions = subscriptions.listAll;

export const getSubscription = subscriptions.get;

/** Never resent once it may have reached PostHog: nothing about a subscription is unique, a resend makes a twin. */
export const createSubscription = subscriptions.create;

/** A new `target_value` sends the new recipients PostHog's invitation (handle_subscription_value_change). */
export const updateSubscription = subscriptions.update;

/** `PATCH {"deleted": true}` (ForbidDestroyModel answers DELETE with 405). */
export const deleteSubscription = (http: Transport, projectId: number, id: number) => subscriptions.softDelete(http, projectId, id);

/** Every page of the unfiltered list. */
export const subscriptionPages = subscriptions.pages;
