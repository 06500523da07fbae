/** The request as handlers see it, lazy DRF-style body parsing, and response writing. */
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { type ApiError, parseError, serverError, unsupportedMediaType } from "../drf/errors";
import { pyParseQs } from "../drf/py";
import { httpDate } from "../state/time";

export interface ApiResponse {
  status: number;
  /** Serialised with JSON.stringify; omitted for 204. */
  body?: unknown;
  headers?: Record<string, string>;
}

export const json = (status: number, body: unknown, headers?: Record<string, string>): ApiResponse => ({ status, body, headers });
export const noContent = (): ApiResponse => ({ status: 204 });

export class ServerRequest {
  readonly method: string;
  /** Path as received (percent-encoded), without the query. */
  readonly rawPath: string;
  /** Decoded path. */
  readonly path: string;
  readonly rawQuery: string;
  readonly query: Map<string, string[]>;
  readonly headers: IncomingHttpHeaders;
  readonly rawBody: Buffer;
  private parsed: { ok: true; value: unknown } | { ok: false; error: ApiError } | undefined;

  constructor(method: string, url: string, headers: IncomingHttpHeaders, rawBody: Buffer) {
    this.method = method.toUpperCase();
    const q = url.indexOf("?");
    this.rawPath = q < 0 ? url : url.slice(0, q);
    this.rawQuery = q < 0 ? "" : url.slice(q + 1).split("#")[0];
    let decoded = this.rawPath;
    try {
      decoded = decodeURIComponent(this.rawPath);
    } catch {
      // keep the raw path when it is not valid percent-encoding
    }
    this.path = decoded;
    this.query = pyParseQs(this.rawQuery);
    this.headers = headers;
    this.rawBody = rawBody;
  }

  /** Django `request.GET[name]`: the last value. */
  param(name: string): string | undefined {
    const values = this.query.get(name);
    return values && values.length > 0 ? values[values.length - 1] : undefined;
  }

  header(name: string): string | undefined {
    const v = this.headers[name.toLowerCase()];
    return Array.isArray(v) ? v.join(", ") : v;
  }

  get scheme(): string {
    return this.header("x-forwarded-proto")?.split(",")[0].trim() === "https" ? "https" : "http";
  }

  get host(): string {
    return this.header("host") ?? "localhost";
  }

  /** Django `request.build_absolute_uri(location)`; without a location, the full request URL. */
  absoluteUri(location?: string): string {
    const origin = `${this.scheme}://${this.host}`;
    if (location !== undefined) return origin + location;
    return origin + this.rawPath + (this.rawQuery ? `?${this.rawQuery}` : "");
  }

  /** DRF `request.data`: {} without a body, parsed JSON, or ParseError/UnsupportedMediaType. */
  body(): unknown {
    if (!this.parsed) this.parsed = this.parse();
    if (!this.parsed.ok) throw this.parsed.error;
    return this.parsed.value;
  }

  /** Top-level keys of a JSON object body, for the request log; never throws. */
  bodyKeys(): string[] | undefined {
    try {
      const b = this.body();
      return typeof b === "object" && b !== null && !Array.isArray(b) && this.rawBody.length > 0 ? Object.keys(b) : undefined;
    } catch {
      return undefined;
    }
  }

  private parse(): { ok: true; value: unknown } | { ok: false; error: ApiError } {
    if (this.rawBody.length === 0) return { ok: true, value: {} };
    const contentType = this.header("content-type") ?? "";
    const mediaType = contentType.split(";")[0].trim().toLowerCase();
    // DRF's FormParser: a form body reads as a flat dictionary of strings (the last value of a repeated key).
    if (mediaType === "application/x-www-form-urlencoded") {
      return { ok: true, value: Object.fromEntries(new URLSearchParams(this.rawBody.toString("utf8"))) };
    }
    if (mediaType !== "application/json") return { ok: false, error: unsupportedMediaType(contentType) };
    let value: unknown;
    try {
      value = JSON.parse(this.rawBody.toString("utf8")) as unknown;
    } catch (e) {
      return { ok: false, error: parseError(e instanceof Error ? e.message : String(e)) };
    }
    // DRF's JSONParser is Python's json module, whose C code counts each list or object against the recursion limit
    // (1000) less the frames of the request around it: deeper, RecursionError, which nothing catches (500).
    return jsonDepth(value) > PARSED_DEPTH ? { ok: false, error: serverError() } : { ok: true, value };
  }
}

/**
 * The deepest body PostHog takes: an input 200 deep inside the body's object (MAX_JSON_DEPTH of src/kit/json.ts,
 * where the measurements are); deeper, the 2025-08-04 backend answered 500 or its worker died, played here as a 500.
 */
export const PARSED_DEPTH = 201;

/** How deep lists and objects nest in a parsed JSON value (a scalar: 0), iteratively. */
function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [here, depth] = stack.pop()!;
    if (here === null || typeof here !== "object") continue;
    deepest = Math.max(deepest, depth);
    for (const inner of Object.values(here)) stack.push([inner, depth + 1]);
  }
  return deepest;
}

export function writeResponse(res: ServerResponse, response: ApiResponse): void {
  const headers: Record<string, string> = { Date: httpDate(), ...(response.headers ?? {}) };
  let payload: string | undefined;
  if (response.status !== 204 && response.status !== 304 && response.body !== undefined) {
    payload = JSON.stringify(response.body);
    headers["Content-Type"] = "application/json";
    headers["Content-Length"] = String(Buffer.byteLength(payload));
  }
  res.writeHead(response.status, headers);
  res.end(payload);
}

export function errorResponse(error: ApiError): ApiResponse {
  return { status: error.status, body: error.body, headers: error.headers };
}
