/**
 * Differential conformance: one list of API requests, sent in order to several PostHogs (the real one, the local
 * server in each of its versions), each answer reduced to what must agree — the status, the error's `type`, `code`
 * and `attr`, and the body's keys (not values such as ids and times) — so that the answers can be compared.
 */
import { isPlainObject } from "../../src/kit/json";

/** The keys a target hands out, by what they may do (the real backend's bootstrap keys). */
export type KeyKind = "projectKey" | "orgReadKey" | "allKey" | "noKey" | "badKey";

export interface Target {
  name: string;
  url: string;
  keys: Record<"projectKey" | "orgReadKey" | "allKey", string>;
  organizationId: string;
  /** The project holding group type `company` (index 0) and its group `acme`. */
  groupsProjectId: number;
}

/** Values a request's path and body refer to, resolved per target as the run goes. */
export interface Run {
  target: Target;
  prefix: string;
  /** Objects created by the run (projects `{scratch}`, `{second}`, a role's UUID `{role}`), deleted by whoever started the run. */
  created: Record<string, number | string>;
}

export interface ConformanceRequest {
  name: string;
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** `{org}`, `{groups}` (the groups project), `{prefix}` (`{PREFIX}` upper-cased) and the ids `creates` remembered (`{scratch}`, `{flag}`, …) are filled in. */
  path: string;
  key?: KeyKind;
  /** JSON (a string is sent as it is: a malformed body). */
  body?: unknown;
  /** The id of what this request creates (a project, a flag, …) is remembered under this name. */
  creates?: string;
  /** Besides status, error and keys: whether `next` is set and how many results, where that is the point. */
  compareCount?: boolean;
  /** Whether every result's name contains this (`{prefix}` filled in), for a filtered list. */
  namesContain?: string;
}

/** What two PostHogs must agree on. */
export interface Outcome {
  status: number;
  error?: { type: unknown; code: unknown; attr: unknown };
  keys?: string[];
  itemKeys?: string[];
  next?: boolean;
  count?: number;
  onlyMatching?: boolean;
  /** A body that is not JSON. */
  text?: string;
}

const fill = (template: string, run: Run) =>
  template
    .replace(/\{org\}/g, run.target.organizationId)
    .replace(/\{groups\}/g, String(run.target.groupsProjectId))
    .replace(/\{prefix\}/g, run.prefix)
    .replace(/\{PREFIX\}/g, run.prefix.toUpperCase())
    .replace(/\{([a-z_]+)\}/g, (_, name: string) => String(run.created[name] ?? `unknown-${name}`));

function headersFor(kind: KeyKind, target: Target): Record<string, string> {
  if (kind === "noKey") return {};
  const key = kind === "badKey" ? "phx_notARealKeyxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" : target.keys[kind];
  return { Authorization: `Bearer ${key}` };
}

export async function send(request: ConformanceRequest, run: Run): Promise<Outcome> {
  const headers = headersFor(request.key ?? "projectKey", run.target);
  let body: string | undefined;
  if (request.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = typeof request.body === "string" ? request.body : fill(JSON.stringify(request.body), run);
  }
  const response = await fetch(`${run.target.url}${fill(request.path, run)}`, { method: request.method, headers, body });
  const text = await response.text();
  const outcome: Outcome = { status: response.status };
  // A 500's body is Django's HTML page with DEBUG on, JSON otherwise: only its status is compared.
  if (text === "" || response.status >= 500) return outcome;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ...outcome, text: text.slice(0, 120) };
  }
  if (Array.isArray(parsed))
    return { ...outcome, keys: ["(a list)"], ...(isPlainObject(parsed[0]) ? { itemKeys: Object.keys(parsed[0]).sort() } : {}) };
  if (!isPlainObject(parsed)) return { ...outcome, keys: [`(${typeof parsed})`] };
  if (response.status >= 400 && "type" in parsed) {
    return { ...outcome, error: { type: parsed.type, code: parsed.code, attr: parsed.attr ?? null } };
  }
  outcome.keys = Object.keys(parsed).sort();
  const results = parsed.results;
  if (Array.isArray(results) && isPlainObject(results[0])) outcome.itemKeys = Object.keys(results[0]).sort();
  if (request.compareCount) {
    outcome.next = typeof parsed.next === "string";
    if (Array.isArray(results)) outcome.count = results.length;
  }
  if (request.namesContain !== undefined && Array.isArray(results)) {
    const term = fill(request.namesContain, run);
    outcome.onlyMatching = results.every((r) => isPlainObject(r) && String(r.name).includes(term));
  }
  if (request.creates && (typeof parsed.id === "number" || typeof parsed.id === "string")) run.created[request.creates] = parsed.id;
  return outcome;
}

/** Every request in order against one target; the outcomes by request name. */
export async function runAll(requests: readonly ConformanceRequest[], run: Run): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  for (const request of requests) outcomes.set(request.name, await send(request, run));
  return outcomes;
}

/** How two outcomes differ, one line per part ("" when they agree). */
export function difference(expected: Outcome, actual: Outcome): string {
  const parts: string[] = [];
  if (expected.status !== actual.status) parts.push(`status ${expected.status} ≠ ${actual.status}`);
  const e = JSON.stringify(expected.error ?? null);
  const a = JSON.stringify(actual.error ?? null);
  if (e !== a) parts.push(`error ${e} ≠ ${a}`);
  for (const field of ["keys", "itemKeys"] as const) {
    const want = new Set(expected[field] ?? []);
    const got = new Set(actual[field] ?? []);
    const missing = [...want].filter((k) => !got.has(k));
    const extra = [...got].filter((k) => !want.has(k));
    if (missing.length) parts.push(`${field} missing ${missing.join(", ")}`);
    if (extra.length) parts.push(`${field} extra ${extra.join(", ")}`);
  }
  if (expected.next !== actual.next) parts.push(`next ${expected.next} ≠ ${actual.next}`);
  if (expected.count !== actual.count) parts.push(`count ${expected.count} ≠ ${actual.count}`);
  if (expected.onlyMatching !== actual.onlyMatching) parts.push(`only matching names ${expected.onlyMatching} ≠ ${actual.onlyMatching}`);
  if (expected.text !== actual.text && (expected.text || actual.text))
    parts.push(`non-JSON body ${expected.text ?? "-"} ≠ ${actual.text ?? "-"}`);
  return parts.join("; ");
}
