/**
 * A kind only today's PostHog serves: PostHog 2025-08-04 (and older) routes none of its paths, and its router's 404
 * "Endpoint not found." (posthog/api/__init__.py) is said as what it is, with what to do instead.
 */
import { PostHogError } from "../client";

/**
 * The `createRefusal` of a kind PostHog 2025-08-04 and older do not serve: `what` names the objects ("log alerts"),
 * `scopes` the API scopes a personal API key needs for them on today's PostHog. Undefined for any other error.
 */
export function unservedRefusal(what: string, ...scopes: readonly [string, ...string[]]): (error: unknown) => Error | undefined {
  const named = scopes.map((scope) => `\`${scope}\``);
  const needed = named.length === 1 ? `the ${named[0]} scope` : `the ${named.slice(0, -1).join(", ")} and ${named.at(-1)} scopes`;
  return (error) =>
    error instanceof PostHogError && error.endpointMissing
      ? new Error(
          `${error.message} This PostHog has no ${what} (PostHog 2025-08-04 and older serve none): use today's PostHog (PostHog Cloud), where they need ${needed}.`,
        )
      : undefined;
}
