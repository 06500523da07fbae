/**
 * One error class for everything PostHog (or the way to it) can answer. Messages say what went wrong and what to do
 * next. Whatever a server or proxy puts in its body, no personal API key or project token reaches a message: every
 * text taken from an answer is redacted first (`redact`).
 */

/** PostHog's error body (drf-exceptions-hog): `{type, code, detail, attr}`. */
export interface PostHogErrorBody {
  readonly type?: string;
  readonly code?: string;
  readonly detail?: string;
  readonly attr?: string | null;
}

export type PostHogErrorKind =
  | "http" /** PostHog answered with an error status. */
  | "network" /** No answer: connection refused, reset, dropped or timed out. */
  | "ambiguous" /** A non-idempotent request failed after it may have reached PostHog; it was not resent. */
  | "response"; /** PostHog answered 2xx with a body that does not have the documented shape. */

export interface PostHogErrorInit {
  readonly kind: PostHogErrorKind;
  readonly method: string;
  readonly path: string;
  /** What the request was about, e.g. "project 42 in organization 0190…", for 404 messages. */
  readonly subject?: string;
  readonly status?: number;
  readonly body?: PostHogErrorBody;
  readonly cause?: unknown;
  readonly attempts?: number;
  readonly retryAfterSeconds?: number;
  readonly detail?: string;
  /** Where a redirect points (its `Location` header). */
  readonly location?: string;
  /** Secrets of this client that must never be shown, such as its personal API key. */
  readonly secrets?: readonly string[];
}

/** PostHog's detail for a route it does not serve (`api_not_found`, posthog/api/__init__.py). */
const ENDPOINT_NOT_FOUND = "Endpoint not found.";

export class PostHogError extends Error {
  override readonly name = "PostHogError";
  readonly kind: PostHogErrorKind;
  readonly status: number | undefined;
  readonly type: string | undefined;
  readonly code: string | undefined;
  readonly detail: string | undefined;
  readonly attr: string | null | undefined;
  readonly method: string;
  readonly path: string;
  readonly attempts: number;

  readonly location: string | undefined;

  constructor(raw: PostHogErrorInit) {
    const init = redactInit(raw);
    super(describe(init), init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.type = init.body?.type;
    this.code = init.body?.code;
    this.detail = init.body?.detail ?? init.detail;
    this.location = init.location;
    this.attr = init.body?.attr;
    this.method = init.method;
    this.path = init.path;
    this.attempts = init.attempts ?? 1;
  }

  /**
   * PostHog has no such object: a 404 other than its answer for a route it does not serve (`endpointMissing`), which
   * says nothing of the object (it may be there, under a route another version or build of PostHog serves).
   */
  get isNotFound(): boolean {
    return this.kind === "http" && this.status === 404 && !this.endpointMissing;
  }

  /**
   * PostHog serves no such route (`api_not_found`, posthog/api/__init__.py: 404 "Endpoint not found."): an endpoint
   * this version or build lacks (one without its enterprise code serves no roles or access controls).
   */
  get endpointMissing(): boolean {
    return this.kind === "http" && this.status === 404 && this.detail === ENDPOINT_NOT_FOUND;
  }

  /** The scope named by PostHog's "API key missing required scope 'x:y'" message, if that is the problem. */
  get missingScope(): string | undefined {
    return missingScope(this.detail);
  }

  /**
   * PostHog refuses this action to personal API keys of every scope, all access (`*`) included ("does not support
   * personal API key access"): the action has no API scope (posthog/permissions.py `APIScopePermission`).
   */
  get refusedToScopedKeys(): boolean {
    return this.status === 403 && refusesScopedKeys(this.detail);
  }
}

function describe(init: PostHogErrorInit): string {
  const request = `${init.method} ${init.path}`;
  const tries = (init.attempts ?? 1) > 1 ? ` after ${init.attempts} attempts` : "";
  switch (init.kind) {
    case "network":
      return `Could not get an answer from PostHog for ${request}${tries}: ${causeText(init.cause)}. Check the host setting and that PostHog is reachable.`;
    case "ambiguous":
      return (
        `${request} failed after it may have reached PostHog (${ambiguity(init)}). ` +
        `It was not resent, so that nothing is created twice. Check in PostHog whether it took effect before trying again.`
      );
    case "response":
      return `PostHog answered ${request} with an unexpected body: ${init.detail}. Is the host a PostHog server of a supported version?`;
    case "http":
      return httpMessage(init, request, tries);
  }
}

function ambiguity(init: PostHogErrorInit): string {
  if (init.status === undefined) return causeText(init.cause);
  // A 2xx answer whose body did not parse: the detail says what came instead of the record.
  if (init.status < 300 && init.detail) return init.detail;
  const detail = init.body?.detail ?? init.detail;
  return detail ? `status ${init.status}: ${detail}` : `status ${init.status}`;
}

function httpMessage(init: PostHogErrorInit, request: string, tries: string): string {
  const body = init.body ?? {};
  const detail = body.detail ?? init.detail ?? "(no detail)";
  const tag = `${init.status}${body.code ? ` ${body.code}` : ""}`;
  const scope = missingScope(detail);
  switch (init.status) {
    case 401:
      return body.code === "not_authenticated"
        ? `PostHog received no personal API key for ${request} (401). Set a personal API key (phx_…).`
        : `PostHog rejected the personal API key for ${request} (401 ${body.code ?? ""}: ${detail}). Use a valid personal API key (phx_…), not a project token (phc_…).`;
    case 403:
      if (scope) {
        return `The personal API key lacks the scope '${scope}' that ${request} needs (403). Add '${scope}' to the key in PostHog under Settings → Personal API keys, or use a key that has it.`;
      }
      if (refusesScopedKeys(detail)) {
        return (
          `PostHog refuses ${request} to personal API keys of every scope, all access (*) included (403: ${detail}): ` +
          "the action has no API scope, so no key can be given it. Do it in PostHog's web app instead."
        );
      }
      return `PostHog refused ${request} (403 ${body.code ?? ""}): ${detail}`;
    case 404:
      return detail === ENDPOINT_NOT_FOUND
        ? `PostHog serves no endpoint for ${request} (404: ${detail}): this PostHog's version or build does not have it. Check the host setting and PostHog's version.`
        : `PostHog has no ${init.subject ?? "such object"} (404 for ${request}: ${detail}). Check the id and the organization.`;
    case 400:
      return body.attr
        ? `PostHog refused \`${body.attr}\` in ${request} (400 ${body.code ?? ""}): ${detail}`
        : `PostHog refused ${request} (400 ${body.code ?? ""}): ${detail}`;
    case 301:
    case 302:
    case 303:
    case 307:
    case 308:
      return (
        `PostHog answered ${request} with a redirect (${init.status}) to ${init.location ?? "an address it did not give"}. ` +
        "It was not followed, so that the personal API key is not sent elsewhere. If that address is your PostHog, " +
        "set posthog:host (or POSTHOG_HOST) to it; EU Cloud is https://eu.posthog.com, US Cloud https://us.posthog.com."
      );
    case 429:
      return (
        `PostHog rate-limited ${request}${tries} (429: ${detail}).` +
        (init.retryAfterSeconds !== undefined ? ` It asks to wait ${init.retryAfterSeconds} s, more than the retry budget allows.` : "") +
        ` Lower the concurrency (pulumi up --parallel) or try again later.`
      );
    default:
      return `PostHog answered ${request} with ${tag}${tries}: ${detail}`;
  }
}

function missingScope(detail: string | undefined): string | undefined {
  return /missing required scope '([^']+)'/.exec(detail ?? "")?.[1];
}

// Spelled "Personal API Key" in older PostHog versions.
function refusesScopedKeys(detail: string | undefined): boolean {
  return /does not support personal api key access/i.test(detail ?? "");
}

function causeText(cause: unknown): string {
  if (cause instanceof Error) {
    const code = (cause as Error & { code?: unknown }).code;
    return typeof code === "string" && !cause.message.includes(code) ? `${code} ${cause.message}` : cause.message;
  }
  return String(cause);
}

/**
 * PostHog's key prefixes: personal API keys (`phx_`), project tokens (`phc_`), project secret API keys (`phs_`) and
 * OAuth access tokens (`pha_`). Any of them in an answer is replaced, whoever sent it.
 */
const KEY_PATTERN = /\b(ph[xcsa])_[A-Za-z0-9_-]{6,}/g;

/** `text` with every PostHog key or token, and each of `secrets`, replaced by its prefix and `…[redacted]`. */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 6) out = out.split(secret).join("[redacted]");
  return out.replace(KEY_PATTERN, (_match, prefix: string) => `${prefix}_…[redacted]`);
}

function redactInit(init: PostHogErrorInit): PostHogErrorInit {
  const clean = (text: string | undefined) => (text === undefined ? undefined : redact(text, init.secrets));
  const body = init.body && {
    ...init.body,
    detail: clean(init.body.detail),
    attr: init.body.attr === null || init.body.attr === undefined ? init.body.attr : clean(init.body.attr),
  };
  const cause = init.cause instanceof Error ? redactError(init.cause, init.secrets) : init.cause;
  return { ...init, body, cause, detail: clean(init.detail), location: clean(init.location) };
}

/** The cause with a message that holds no key (got's messages may quote a URL); its name and code are kept. */
function redactError(error: Error, secrets: readonly string[] | undefined): Error {
  const message = redact(error.message, secrets);
  if (message === error.message) return error;
  const { code } = error as Error & { code?: unknown };
  return Object.assign(new Error(message), { name: error.name, ...(code === undefined ? {} : { code }) });
}
