/**
 * The application side of the tracking plan: posthog-js's `capture`, typed by the module `pulumi-posthog types`
 * wrote from the project (./events.ts). A misspelt event, a property the event does not have, a value of the wrong
 * type or a property the sign-up's schema requires left out is a compile error, not a hole in a funnel found weeks
 * later.
 */
import { type CapturingClient, typedCapture } from "./events";

export function trackSignUp(posthog: CapturingClient, plan: "free" | "team" | "enterprise", seats: number): void {
  const analytics = typedCapture(posthog);
  analytics.capture("signed_up", { plan, seats });
  // analytics.capture("signed_up", { plan, seats: "3" });   // error: Type 'string' is not assignable to type 'number'
  // analytics.capture("signup", { plan });                   // error: '"signup"' is not assignable to the event names
  // analytics.capture("signed_up", { plan });                // error: Property '"seats"' is missing
}
