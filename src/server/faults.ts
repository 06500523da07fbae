/** Injected faults for /api/ requests (control surface): errors, latency, dropped connections. */
import type { ErrorBody } from "./errors";

export interface FaultSpec {
  /** HTTP method to match (any when omitted). */
  method?: string;
  /** Regex source matched against the request path (any when omitted). */
  path?: string;
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
}

export interface Fault extends FaultSpec {
  id: string;
  remaining: number;
}

let nextFaultId = 1;

export function defaultFaultBody(status: number, retryAfter: number | undefined): ErrorBody {
  if (status === 429) {
    const wait = Math.max(1, Math.ceil(retryAfter ?? 1));
    return { type: "throttled_error", code: "throttled", detail: `Request was throttled. Expected available in ${wait} ${wait === 1 ? "second" : "seconds"}.`, attr: null };
  }
  if (status === 503) {
    return { type: "server_error", code: "database_unavailable", detail: "We couldn't reach the database just now. Please try again in a moment.", attr: null };
  }
  if (status === 404) return { type: "invalid_request", code: "not_found", detail: "Not found.", attr: null };
  if (status === 401) return { type: "authentication_error", code: "authentication_failed", detail: "Incorrect authentication credentials.", attr: null };
  if (status === 403) return { type: "authentication_error", code: "permission_denied", detail: "You do not have permission to perform this action.", attr: null };
  if (status === 400) return { type: "validation_error", code: "invalid_input", detail: "Invalid input.", attr: null };
  return { type: "server_error", code: "error", detail: "A server error occurred.", attr: null };
}

export class Faults {
  private faults: Fault[] = [];

  add(spec: FaultSpec): Fault {
    if (spec.path !== undefined) new RegExp(spec.path); // throws on an invalid regex
    const fault: Fault = { ...spec, id: `fault-${nextFaultId++}`, remaining: spec.count ?? 1 };
    this.faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.faults = [];
  }

  /** The first matching fault (in order of creation), with its count decremented. */
  take(method: string, path: string): Fault | null {
    const fault = this.faults.find(
      (f) => f.remaining > 0 && (f.method === undefined || f.method.toUpperCase() === method) && (f.path === undefined || new RegExp(f.path).test(path)),
    );
    if (!fault) return null;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return { ...fault };
  }
}
