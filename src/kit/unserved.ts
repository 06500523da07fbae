/**
 * A kind that only today's PostHog serves: PostHog 2025-08-04 (and older) routes none of its paths, and its router's
 * 404 "Endpoint not found." (posthog/api/__init__.py) is said as what it is, with what to do instead.
 */
import { PostHogError } from "../client";

/**
 * The refusal of a PostHog without the kind's endpoints, saying that it has none (`what`: "log alerts") and what to
 * use (`instead`); undefined for any other error.
 */
export function unservedRefusal(what: string, instead: string): (error: unknown) => Error | undefined {
  return (error) =>
    error instanceof PostHogError && error.endpointMissing
      ? new Error(`${error.message} This PostHog has no ${what} (PostHog 2025-08-04 and older serve none): ${instead}`)
      : undefined;
}
