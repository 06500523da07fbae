/**
 * Viewsets an older PostHog served to its web app only (`scope_object = "INTERNAL"`: no personal API key of any scope
 * may use them, posthog/permissions.py `APIScopePermission`) and a later one opened to a scope of their own (PostHog
 * 2025-08-04's hog flows and external data sources). Their refusal is said with what to do about it.
 */
import { PostHogError } from "../client";

/** The viewset refused and the scope a later PostHog asks for instead. */
export interface InternalBefore {
  /** What PostHog's web app serves: "workflows". */
  readonly what: string;
  /** PostHog's viewset: "HogFlowViewSet". */
  readonly viewSet: string;
  /** The scope a later PostHog serves it to: "hog_flow". */
  readonly scope: string;
}

/** PostHog's refusal of every personal API key, with what a later PostHog does; any other error as it is. */
export function internalRefusal(error: unknown, facts: InternalBefore): unknown {
  return internalRefusalOf(error, facts) ?? error;
}

/** PostHog's refusal of every personal API key said with what a later PostHog does, or undefined (a kind's `createRefusal`). */
export function internalRefusalOf(error: unknown, facts: InternalBefore): Error | undefined {
  if (!(error instanceof PostHogError && error.refusedToScopedKeys)) return undefined;
  return new Error(
    `${error.message} This PostHog serves ${facts.what} to its web app only (${facts.viewSet}'s scope_object is INTERNAL, as in PostHog 2025-08-04); a later PostHog serves them to personal API keys with the \`${facts.scope}\` scope.`,
  );
}
