// Written by `pulumi-posthog types` from PostHog project 1 at https://us.posthog.com. Do not edit: run it again.

/** Every event of the project, with its schema's properties (the required ones required) and those PostHog has seen on it. */
export interface PostHogEvents {
  /**
   * A new user finished onboarding: the funnel's last step.
   */
  onboarding_completed: {
    /**
     * The plan chosen: free, team or enterprise.
     */
    plan?: string;
  };
  /**
   * A visitor opened the pricing page: the funnel's first step.
   */
  pricing_viewed: {
    /**
     * The partner code the visitor came with, if any.
     */
    referrer_code?: string;
  };
  /**
   * A visitor created an account.
   */
  signed_up: {
    /**
     * The plan chosen: free, team or enterprise.
     */
    plan: string;
    /**
     * The partner code the visitor came with, if any.
     */
    referrer_code?: string;
    /**
     * How many seats the account started with.
     */
    seats: number;
  };
}

export type PostHogEventName = keyof PostHogEvents;

/** A PostHog client's capture, as posthog-js has it: `capture(event, properties)`. */
export interface CapturingClient {
  capture(event: string, properties?: Record<string, unknown> | null): unknown;
}

/** Whether an event's schema requires any property: then `capture` requires its properties. */
type HasRequired<E extends PostHogEventName> = Record<never, never> extends PostHogEvents[E] ? false : true;

/** `capture` that takes only the project's events, each with its own properties of their types. */
export interface TypedCapture {
  capture<E extends PostHogEventName>(
    event: E,
    ...properties: HasRequired<E> extends true ? [properties: PostHogEvents[E]] : [properties?: PostHogEvents[E]]
  ): void;
}

/** The client's `capture`, typed: `typedCapture(posthog).capture("signed_up", { plan: "team" })`. */
export function typedCapture(client: CapturingClient): TypedCapture {
  return {
    capture: (event: string, properties?: Record<string, unknown>) => {
      client.capture(event, properties);
    },
  };
}
