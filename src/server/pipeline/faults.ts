/**
 * Injected faults for /api/ requests (control surface): errors, latency, dropped connections. A fault's `path` and
 * `requestBody` are patterns sent over HTTP: they are compiled by RE2 (re2js), whose matching takes time linear in
 * the text, so that no pattern (`(a+)+$`…) can stall the server. RE2 takes JavaScript's syntax except backreferences
 * and lookaround. Matching the body lets one `pulumi up` that creates several objects meet a different fault per
 * object (by its name, say), where a path alone cannot tell the creates apart.
 */
import { RE2JS } from "re2js";
import type { ErrorBody } from "../drf/errors";

export interface FaultSpec {
  /** HTTP method to match (any when omitted). */
  method?: string;
  /** Pattern (RE2 syntax, searched like RegExp.test) matched against the decoded request path (any when omitted). */
  path?: string;
  /** Pattern (RE2 syntax, searched like RegExp.test) matched against the request's body as sent (any when omitted). */
  requestBody?: string;
  /** How many matching requests this fault applies to (default 1). */
  count?: number;
  /** Status to answer with; omitted (and no drop) = a pure delay fault. */
  status?: number;
  /** Response body; default: a PostHog-shaped body for the status. */
  body?: unknown;
  /** `Retry-After` header value (seconds); defaults to 1 for 429 and 503. */
  retryAfter?: number;
  /** Wait this long before answering (or before going on, for a pure delay fault). */
  delayMs?: number;
  /** Destroy the socket without any response. */
  drop?: boolean;
  /** Run the real handler first (the write is committed), then answer with the fault. */
  afterCommit?: boolean;
  /**
   * Wait `delayMs` inside the handler, between what it reads and what it writes back, instead of before it: only the
   * views that write back an earlier read have such a point (`ApiContext.midway`); in the others there is no wait.
   */
  midway?: boolean;
}

export interface Fault extends FaultSpec {
  id: string;
  remaining: number;
}

let nextFaultId = 1;

/** Longer patterns are refused: RE2 matches in linear time, but compiling still costs with the pattern's size. */
export const MAX_FAULT_PATTERN_LENGTH = 1000;

/** Compile a fault path pattern with RE2, or throw an Error that says why it is refused. */
export function compileFaultPattern(source: string): RE2JS {
  if (source.length > MAX_FAULT_PATTERN_LENGTH) throw new Error(`pattern longer than ${MAX_FAULT_PATTERN_LENGTH} characters`);
  try {
    return RE2JS.compile(RE2JS.translateRegExp(source));
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new Error(`${why} (fault patterns are RE2 patterns, matched in linear time: no backreferences or lookaround)`);
  }
}

function compiledOrNone(field: "path" | "requestBody", source: string | undefined): RE2JS | undefined {
  if (source === undefined) return undefined;
  try {
    return compileFaultPattern(source);
  } catch (e) {
    throw new Error(`${field}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export function defaultFaultBody(status: number, retryAfter: number | undefined): ErrorBody {
  if (status === 429) {
    const wait = Math.max(1, Math.ceil(retryAfter ?? 1));
    return {
      type: "throttled_error",
      code: "throttled",
      detail: `Request was throttled. Expected available in ${wait} ${wait === 1 ? "second" : "seconds"}.`,
      attr: null,
    };
  }
  if (status === 503) {
    return {
      type: "server_error",
      code: "database_unavailable",
      detail: "We couldn't reach the database just now. Please try again in a moment.",
      attr: null,
    };
  }
  if (status === 404) return { type: "invalid_request", code: "not_found", detail: "Not found.", attr: null };
  if (status === 401)
    return { type: "authentication_error", code: "authentication_failed", detail: "Incorrect authentication credentials.", attr: null };
  if (status === 403)
    return {
      type: "authentication_error",
      code: "permission_denied",
      detail: "You do not have permission to perform this action.",
      attr: null,
    };
  if (status === 400) return { type: "validation_error", code: "invalid_input", detail: "Invalid input.", attr: null };
  return { type: "server_error", code: "error", detail: "A server error occurred.", attr: null };
}

export class Faults {
  private faults: Fault[] = [];
  /** Compiled path and body patterns by fault id (kept apart so that faults stay plain JSON). */
  private readonly patterns = new Map<string, { path?: RE2JS; body?: RE2JS }>();

  /** Throws (an Error saying which pattern and why) when `spec.path` or `spec.requestBody` is not a usable pattern. */
  add(spec: FaultSpec): Fault {
    const compiled = { path: compiledOrNone("path", spec.path), body: compiledOrNone("requestBody", spec.requestBody) };
    const fault: Fault = { ...spec, id: `fault-${nextFaultId++}`, remaining: spec.count ?? 1 };
    this.patterns.set(fault.id, compiled);
    this.faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.faults = [];
    this.patterns.clear();
  }

  /** The first matching fault (in order of creation), with its count decremented. */
  take(method: string, path: string, body: string): Fault | null {
    const fault = this.faults.find((f) => {
      const compiled = this.patterns.get(f.id);
      return (
        f.remaining > 0 &&
        (f.method === undefined || f.method.toUpperCase() === method) &&
        (compiled?.path === undefined || compiled.path.test(path)) &&
        (compiled?.body === undefined || compiled.body.test(body))
      );
    });
    if (!fault) return null;
    fault.remaining -= 1;
    if (fault.remaining <= 0) {
      this.faults = this.faults.filter((f) => f !== fault);
      this.patterns.delete(fault.id);
    }
    return { ...fault };
  }
}
