/**
 * A kind that an older PostHog does not serve at all: its router answers the kind's route with 404 "Endpoint not
 * found." (PostHog 2025-08-04 routes none of today's logs products' objects). A create refused so is said as what it
 * means, for the kind's `createRefusal`.
 */
import { PostHogError } from "../client";

/**
 * The `createRefusal` of a kind PostHog 2025-08-04 and older do not serve: `what` names the objects ("log alerts"),
 * `scope` the API scope a personal API key needs for them on today's PostHog. Undefined for any other error.
 */
export function unservedRefusal(what: string, scope: string): (error: unknown) => Error | undefined {
  return (error) => {
    if (!(error instanceof PostHogError && error.endpointMissing)) return undefined;
    return new Error(
      `${error.message} This PostHog has no ${what} (PostHog 2025-08-04 and older serve none): use today's PostHog (PostHog Cloud), where they need the \`${scope}\` scope.`,
    );
  };
}
