/**
 * The one place that talks HTTP: base URL, authentication, per-request timeout, the shared rate limiter, retries and
 * the translation of answers into data or a PostHogError. Endpoint modules describe requests; they never see got.
 */
import { createHash } from "node:crypto";
import * as http from "node:http";
import * as https from "node:https";
import got, { type Got, RequestError, TimeoutError } from "got";
import type { z } from "zod";
import { PostHogError, type PostHogErrorBody } from "./errors";
import { type RateLimiter, type RateWindow, sharedLimiter } from "./limiter";

export const DEFAULT_HOST = "https://us.posthog.com";

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly attempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** No retry starts once this much time has passed since the first attempt. */
  readonly maxElapsedMs: number;
  /** ± share of each delay picked at random, so that many clients do not retry in step. */
  readonly jitter: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, baseDelayMs: 200, maxDelayMs: 5_000, maxElapsedMs: 120_000, jitter: 0.2 };

export interface ClientOptions {
  /** PostHog's address: `https://us.posthog.com` (default), `https://eu.posthog.com` or a self-hosted URL, with or without a path prefix. */
  readonly host?: string;
  /** A personal API key (`phx_…`). */
  readonly apiKey: string;
  /** Time allowed for one request, answer included. */
  readonly timeoutMs?: number;
  readonly retry?: Partial<RetryPolicy>;
  /** Client-side limits (default PostHog's 480/minute and 4800/hour per key); `false` turns the limiter off. */
  readonly rateLimits?: readonly RateWindow[] | false;
}

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
export type Query = Record<string, string | number | boolean | undefined>;

export interface RequestSpec<S extends z.ZodType | undefined> {
  readonly method: Method;
  /** Path from the API root, starting with `/api/`. */
  readonly path: string;
  readonly query?: Query;
  readonly body?: unknown;
  /** Shape of a successful answer; none for 204 answers. */
  readonly schema?: S;
  /** What the request is about, for "not found" messages. */
  readonly subject?: string;
  /** Whether sending the request twice is harmless. Default: every method but POST. */
  readonly idempotent?: boolean;
  /**
   * When the retry budget (`maxElapsedMs`) started, for work made of several requests that shares one budget (a
   * create, its lookup and its resend); default: this call. No attempt outlives the budget.
   */
  readonly budgetFrom?: number;
}

/** For the endpoint functions: the budget a request shares with the work it is part of. */
export interface Budget {
  readonly budgetFrom?: number;
}

type Result<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Connection failures that prove the request never left: safe to resend whatever the method. */
const NEVER_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);
/** Gateway and availability errors: for a read, worth another attempt. */
const RETRIED_STATUSES = new Set([502, 503, 504]);

/**
 * Requests that must not be resent go on a new connection: a pooled keep-alive connection the server is closing at
 * that moment fails with ECONNRESET, and for them that failure cannot be told apart from a lost answer.
 */
const freshConnection = { http: new http.Agent({ keepAlive: false }), https: new https.Agent({ keepAlive: false }) };

export class Transport {
  readonly host: string;
  /** The key as PostHog shows it in its list of personal API keys (posthog/models/personal_api_key.py `mask_key_value`). */
  readonly keyHint: string;
  private readonly got: Got;
  private readonly retry: RetryPolicy;
  private readonly timeoutMs: number;
  private readonly limiter: RateLimiter | undefined;
  /** Whether its requests wait for a slot under PostHog's per-key limits (`rateLimits`). */
  readonly rateLimited: boolean;
  /**
   * Who PostHog sees asking: the host and a digest of the key (never the key). Transports with the same caller see
   * the same objects and share one rate limiter.
   */
  readonly caller: string;
  /** Kept only to be redacted from error messages. */
  private readonly secrets: readonly string[];
  /**
   * The least PostHog's clock can be ahead of this machine's (negative: behind), in ms, as the `Date` headers of its
   * answers show it; undefined until one carried one.
   */
  private clockLeadMs: number | undefined;

  constructor(options: ClientOptions) {
    if (!options.apiKey) throw new Error("A PostHog personal API key is required.");
    this.host = normaliseHost(options.host ?? DEFAULT_HOST);
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.secrets = [options.apiKey];
    this.keyHint = options.apiKey.length > 12 ? `${options.apiKey.slice(0, 4)}...${options.apiKey.slice(-4)}` : "(a short key)";
    const keyHash = createHash("sha256").update(options.apiKey).digest("hex");
    this.caller = `${this.host}|${keyHash}`;
    this.limiter = options.rateLimits === false ? undefined : sharedLimiter(this.caller, options.rateLimits);
    this.rateLimited = this.limiter !== undefined;
    this.got = got.extend({
      prefixUrl: `${this.host}/`,
      headers: { authorization: `Bearer ${options.apiKey}`, accept: "application/json", "user-agent": "pulumi-posthog" },
      retry: { limit: 0 },
      throwHttpErrors: false,
      followRedirect: false,
      responseType: "text",
    });
  }

  async request<S extends z.ZodType | undefined = undefined>(spec: RequestSpec<S>): Promise<Result<S>> {
    const idempotent = spec.idempotent ?? spec.method !== "POST";
    // Time spent waiting for the rate limiter is not spent on PostHog: the budget's start moves by it, so that a long
    // queue of requests (a large stack within 480/minute) is not cut short.
    let started = spec.budgetFrom ?? Date.now();
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.send(spec, idempotent, (queuedMs) => {
        started += queuedMs;
        return this.retry.maxElapsedMs - (Date.now() - started);
      });
      if (outcome === "spent") throw this.budgetSpent(spec, attempt);
      const failure = this.classify(spec, outcome, attempt, idempotent);
      if (!failure) {
        const result = this.parse(spec, outcome as Answer, idempotent);
        // Only an answer that is PostHog's (a success in its documented shape) tells its clock: a proxy's has its own.
        this.noteClock(outcome as Answer);
        return result;
      }
      if (failure.retryInMs === undefined || !(await this.pauseBeforeRetry(attempt, started, failure.retryInMs))) throw failure.error;
    }
  }

  /**
   * The earliest time PostHog's clock can have read when this machine's read `local`, as its answers so far show it;
   * undefined until one said its time. PostHog stamps an object's `created_at` with that clock, so an object created
   * before this time existed before `local`. Each answer's `Date` header (sent by every origin server with a clock,
   * RFC 9110 section 6.6.1; Django's under gunicorn, as the local server's) is PostHog's time, to the second below,
   * at some moment between the request's sending and its answer's arrival: PostHog's lead over this machine is at
   * least that time less the arrival; the largest such bound of all answers is kept.
   */
  postHogTimeAtLeast(local: number): number | undefined {
    return this.clockLeadMs === undefined ? undefined : local + this.clockLeadMs;
  }

  /**
   * For work made of several requests that is itself worth repeating (a lookup, a resend proven safe): waits as a
   * retry of `attempt` would, and answers false instead when the retry budget since `started` is spent.
   */
  async pauseBeforeRetry(attempt: number, started: number, delayMs = this.backoff(attempt)): Promise<boolean> {
    if (attempt >= this.retry.attempts || Date.now() - started + delayMs > this.retry.maxElapsedMs) return false;
    await sleep(delayMs);
    return true;
  }

  private noteClock(answer: Answer): void {
    const postHogTime = answer.date === undefined ? Number.NaN : Date.parse(answer.date);
    if (Number.isNaN(postHogTime)) return;
    // Date.now() counts whole milliseconds: the answer may have arrived up to one after it said.
    const lead = postHogTime - (answer.receivedAt + 1);
    if (this.clockLeadMs === undefined || lead > this.clockLeadMs) this.clockLeadMs = lead;
  }

  /** Nothing was sent for this attempt: the time allowed for the whole operation is up. */
  private budgetSpent(spec: RequestSpec<z.ZodType | undefined>, attempt: number): PostHogError {
    const seconds = Math.round(this.retry.maxElapsedMs / 1000);
    return new PostHogError({
      kind: "network",
      method: spec.method,
      path: spec.path,
      subject: spec.subject,
      attempts: attempt,
      cause: new Error(`the time allowed for this operation (${seconds} s) was spent before it could be sent`),
      secrets: this.secrets,
    });
  }

  /**
   * One attempt. Its timeout is the per-request timeout or what is left of the budget (`timeLeft`, told how long the
   * limiter kept it waiting), whichever is shorter: a hanging server then costs the budget, not the budget plus one
   * more timeout. "spent" when nothing is left: the request was not sent.
   */
  private async send(
    spec: RequestSpec<z.ZodType | undefined>,
    idempotent: boolean,
    timeLeft: (queuedMs: number) => number,
  ): Promise<Answer | Failure | "spent"> {
    const queuing = Date.now();
    const release = await this.limiter?.acquire();
    const left = timeLeft(Date.now() - queuing);
    if (left <= 0) {
      release?.();
      return "spent";
    }
    const timeoutMs = Math.min(this.timeoutMs, left);
    try {
      const response = await this.got(spec.path.replace(/^\/+/, ""), {
        method: spec.method,
        timeout: { request: timeoutMs },
        searchParams: searchParams(spec.query),
        ...(spec.body === undefined ? {} : { json: spec.body as Record<string, unknown> }),
        ...(idempotent ? {} : { agent: freshConnection }),
      });
      const { "retry-after": retryAfter, location, date } = response.headers;
      return { status: response.statusCode, body: response.body, retryAfter, location, date, receivedAt: Date.now() };
    } catch (error) {
      return { error };
    } finally {
      release?.();
    }
  }

  /** Undefined for a success; otherwise the error to throw and, if it may be retried, after how long. */
  private classify(
    spec: RequestSpec<z.ZodType | undefined>,
    outcome: Answer | Failure,
    attempt: number,
    idempotent: boolean,
  ): { error: PostHogError; retryInMs?: number } | undefined {
    const base = { method: spec.method, path: spec.path, subject: spec.subject, attempts: attempt, secrets: this.secrets };
    if ("error" in outcome) {
      const sent = !isNeverSent(outcome.error);
      if (sent && !idempotent) return { error: new PostHogError({ ...base, kind: "ambiguous", cause: outcome.error }) };
      return { error: new PostHogError({ ...base, kind: "network", cause: outcome.error }), retryInMs: this.backoff(attempt) };
    }
    const { status } = outcome;
    if (status >= 200 && status < 300) return undefined;
    const body = errorBody(outcome.body);
    if (status === 429) {
      // Throttling happens before the view runs, so a throttled request did nothing and any method may be resent.
      const retryAfter = parseRetryAfter(outcome.retryAfter);
      const error = new PostHogError({ ...base, kind: "http", status, body, retryAfterSeconds: retryAfter });
      return { error, retryInMs: retryAfter === undefined ? this.backoff(attempt) : retryAfter * 1000 };
    }
    // Any 5xx to a request that must not be resent is as unclear as a lost answer: PostHog answers 500 when something
    // fails after its database write (the project exists), and a proxy's 502/504 says nothing of what happened behind it.
    if (status >= 500 && !idempotent) return { error: new PostHogError({ ...base, kind: "ambiguous", status, body }) };
    if (RETRIED_STATUSES.has(status)) {
      return { error: new PostHogError({ ...base, kind: "http", status, body }), retryInMs: this.backoff(attempt) };
    }
    return { error: new PostHogError({ ...base, kind: "http", status, body, location: outcome.location }) };
  }

  private backoff(attempt: number): number {
    const { baseDelayMs, maxDelayMs, jitter } = this.retry;
    const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
    return Math.round(delay * (1 - jitter + Math.random() * 2 * jitter));
  }

  /**
   * A 2xx answer whose body is not the documented record (a proxy's page, a truncated body) still means PostHog may
   * have done the work: for a request that must not be resent, that is as ambiguous as a lost answer.
   */
  private parse<S extends z.ZodType | undefined>(spec: RequestSpec<S>, answer: Answer, idempotent: boolean): Result<S> {
    if (!spec.schema) return undefined as Result<S>;
    const fail = (detail: string) =>
      new PostHogError({
        kind: idempotent ? "response" : "ambiguous",
        method: spec.method,
        path: spec.path,
        status: answer.status,
        detail,
        secrets: this.secrets,
      });
    let json: unknown;
    try {
      json = JSON.parse(answer.body);
    } catch {
      throw fail(`status ${answer.status} with a body that is not JSON (${JSON.stringify(answer.body.slice(0, 80))})`);
    }
    const parsed = spec.schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.length > 0 ? `field \`${issue.path.join(".")}\`` : "the body";
      throw fail(`${field}: ${issue.message}`);
    }
    return parsed.data as Result<S>;
  }
}

interface Answer {
  readonly status: number;
  readonly body: string;
  readonly retryAfter: string | undefined;
  readonly location: string | undefined;
  /** The `Date` header: the server's time, to the second below, as it answered. */
  readonly date: string | undefined;
  /** This machine's time once the whole answer had arrived. */
  readonly receivedAt: number;
}
interface Failure {
  readonly error: unknown;
}

/** Trailing slashes go, a path prefix stays: `https://ph.example.com/posthog/` → `https://ph.example.com/posthog`. */
export function normaliseHost(host: string): string {
  let url: URL;
  try {
    url = new URL(host);
  } catch {
    throw new Error(`The PostHog host "${host}" is not a URL. Use for example https://us.posthog.com or https://eu.posthog.com.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`The PostHog host "${host}" must start with https:// (or http:// for a local server).`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new Error(`The PostHog host must be a plain URL without credentials, query or fragment; got "${url.origin}${url.pathname}…".`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

function searchParams(query: Query | undefined): URLSearchParams | undefined {
  if (!query) return undefined;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.append(key, String(value));
  return params;
}

function isNeverSent(error: unknown): boolean {
  if (error instanceof TimeoutError) return ["lookup", "connect", "secureConnect"].includes(error.event);
  return error instanceof RequestError && NEVER_SENT.has(error.code);
}

function errorBody(text: string): PostHogErrorBody | undefined {
  try {
    const json: unknown = JSON.parse(text);
    if (json && typeof json === "object" && !Array.isArray(json)) {
      const { type, code, detail, attr, error, message } = json as Record<string, unknown>;
      // A few PostHog actions answer a hand-written `{"error": "..."}` or `{"message": "..."}` (an external data
      // source's create) instead of the standard shape.
      const own = [detail, error, message].find((text) => typeof text === "string") as string | undefined;
      return {
        type: typeof type === "string" ? type : undefined,
        code: typeof code === "string" ? code : undefined,
        detail: own,
        attr: typeof attr === "string" ? attr : null,
      };
    }
  } catch {
    // Not JSON (a proxy's HTML page, say): the status alone has to speak.
  }
  return text ? { detail: text.slice(0, 200) } : undefined;
}

function parseRetryAfter(header: string | undefined): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
