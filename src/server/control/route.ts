/**
 * What the control routes share: the route and handler types, what a handler may reach (ControlDeps), `parse` of a
 * JSON body against a zod schema, and ControlRequestError, which handleControl (index.ts) answers as
 * `{"error": "..."}` with its status.
 */
import type { z } from "zod";
import type { Services } from "../pipeline/api";
import type { Faults } from "../pipeline/faults";
import type { ApiResponse, ServerRequest } from "../pipeline/http";
import type { RequestLog } from "../pipeline/request-log";
import type { Throttle } from "../pipeline/throttle";

export interface ServerInfo {
  url: string;
  organizationId: string;
  apiKey: string;
  /** What /_control/ requests send as `Authorization: Bearer …`. */
  controlToken: string;
}

export interface ControlDeps {
  services: Services;
  faults: Faults;
  throttle: Throttle;
  log: RequestLog;
  info: () => ServerInfo;
  /** What every control request must send as `Authorization: Bearer …`. */
  controlToken: string;
  /** Called after reset to restore the initial throttle settings. */
  resetThrottle: () => void;
}

/** A control request refused: answered with `status` and `{"error": message}`. */
export class ControlRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The JSON body (`{}` when empty) checked against `schema`; otherwise a 400 ControlRequestError naming the field. */
export function parse<T>(schema: z.ZodType<T>, req: ServerRequest): T {
  let body: unknown = {};
  if (req.rawBody.length > 0) {
    try {
      body = JSON.parse(req.rawBody.toString("utf8")) as unknown;
    } catch (e) {
      throw new ControlRequestError(400, `invalid JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ControlRequestError(400, `${issue.path.join(".") || "body"}: ${issue.message}`);
  }
  return result.data;
}

export type ControlHandler = (req: ServerRequest, params: Record<string, string>, deps: ControlDeps) => ApiResponse;

export interface ControlRoute {
  pattern: string;
  methods: Partial<Record<string, ControlHandler>>;
}
