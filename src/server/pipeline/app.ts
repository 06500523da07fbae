/**
 * The request pipeline. Every request first has its Host header checked (guard.ts: 400 "Bad Request (400)" for a
 * host that is not this machine's, against DNS rebinding). /api/ requests then go through: faults → route (404
 * "Endpoint not found.") → authentication (401) → API scopes (403) → view permissions (404/403) → throttle (429) →
 * method (405) → the action (body validation, object checks). Capture and control requests have their own, simpler
 * paths (control/index.ts checks its token first). Nothing here throws out of `handle`: unexpected exceptions become
 * PostHog's 500 body.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { handleControl } from "../control";
import type { ServerInfo } from "../control/route";
import { ApiError, endpointNotFound, methodNotAllowed, requestTooLarge, serverError } from "../drf/errors";
import { CAPTURE_PATH, handleCapture } from "../groups/capture";
import { ApiContext, type ApiRoute, type HttpMethod, type Services } from "./api";
import { authenticate, checkScopes } from "./auth";
import { defaultFaultBody, type Fault, type Faults } from "./faults";
import type { HostPolicy } from "./guard";
import { errorResponse, json, ServerRequest, writeResponse, type ApiResponse } from "./http";
import { loggableQuery, type RequestLog } from "./request-log";
import { Router } from "./router";
import type { Throttle } from "./throttle";

export interface AppDeps {
  services: Services;
  routes: ApiRoute[];
  faults: Faults;
  throttle: Throttle;
  log: RequestLog;
  info: () => ServerInfo;
  /** What /_control/ requests must send as `Authorization: Bearer …`. */
  controlToken: string;
  /** The Host header values accepted. */
  hosts: HostPolicy;
  resetThrottle: () => void;
  maxBodyBytes: number;
}

/** Bodies beyond this are not even buffered; the connection is closed after the 413. */
const HARD_BODY_CAP = 64 * 1024 * 1024;
const METHOD_ORDER: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export class App {
  private readonly router: Router<ApiRoute>;
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly deps: AppDeps) {
    this.router = new Router(deps.routes);
  }

  /** Stop pending delayed answers (close()). */
  shutdown(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > this.deps.maxBodyBytes) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
      if (size > HARD_BODY_CAP) req.destroy();
    });
    req.on("error", () => res.destroy());
    req.on("end", () => {
      const request = new ServerRequest(req.method ?? "GET", req.url ?? "/", req.headers, Buffer.concat(chunks));
      this.dispatch(request, res, tooLarge).catch(() => {
        if (!res.headersSent) writeResponse(res, errorResponse(serverError()));
      });
    });
  }

  private async dispatch(request: ServerRequest, res: ServerResponse, tooLarge: boolean): Promise<void> {
    const path = request.path;
    const host = request.header("host");
    if (!this.deps.hosts.allows(host)) {
      // Django's answer to a DisallowedHost, before any view (or the request log) sees the request.
      if (process.env.POSTHOG_LOCAL_DEBUG) console.error(`refused Host: ${host} (not loopback, the bound host or allowedHosts)`);
      res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8", "Content-Length": "17" });
      res.end("Bad Request (400)");
      return;
    }
    if (path === "/_control" || path.startsWith("/_control/")) {
      writeResponse(
        res,
        this.safely(
          () => handleControl(request, this.controlDeps()),
          () => undefined,
        ),
      );
      return;
    }
    if (path === "/_health") {
      writeResponse(res, json(200, { status: "ok" }));
      return;
    }
    const isCapture = CAPTURE_PATH.test(path);
    const isApi = path === "/api" || path.startsWith("/api/");
    if (!isCapture && !isApi) {
      writeResponse(res, json(404, { type: "invalid_request", code: "not_found", detail: "Not found.", attr: null }));
      return;
    }
    const at = new Date().toISOString();
    let error: string | undefined;
    const onError = (e: unknown) => {
      error = e instanceof Error ? e.message : String(e);
    };
    const log = (status: number, fault?: Fault) =>
      this.deps.log.add({
        method: request.method,
        path,
        query: loggableQuery(request.query),
        status,
        at,
        bodyKeys: request.bodyKeys(),
        ...(fault ? { fault: fault.id } : {}),
        ...(error ? { error } : {}),
      });

    if (isCapture) {
      const response = tooLarge
        ? errorResponse(requestTooLarge())
        : this.safely(() => handleCapture(request, this.deps.services.store), onError);
      writeResponse(res, response);
      log(response.status);
      return;
    }

    const fault = this.deps.faults.take(request.method, path, request.rawBody.toString("utf8"));
    const midwayMs = fault?.midway ? (fault.delayMs ?? 0) : 0;
    if (fault?.delayMs && !fault.midway) await this.sleep(fault.delayMs);
    if (this.closed) {
      res.destroy();
      return;
    }
    const faultAnswers = fault !== null && (fault.drop === true || fault.status !== undefined);
    if (fault && faultAnswers && !fault.afterCommit) {
      this.answerFault(res, fault);
      log(fault.drop ? 0 : (fault.status ?? 0), fault);
      return;
    }
    const response = tooLarge ? errorResponse(requestTooLarge()) : await this.safelyAsync(() => this.runApi(request, midwayMs), onError);
    if (this.closed) {
      res.destroy();
      return;
    }
    if (fault && faultAnswers) {
      this.answerFault(res, fault);
      log(fault.drop ? 0 : (fault.status ?? 0), fault);
      return;
    }
    if (tooLarge) response.headers = { ...response.headers, Connection: "close" };
    writeResponse(res, response);
    log(response.status, fault ?? undefined);
  }

  private controlDeps() {
    const { services, faults, throttle, log, info, controlToken, resetThrottle } = this.deps;
    return { services, faults, throttle, log, info, controlToken, resetThrottle };
  }

  private safely(run: () => ApiResponse, onError: (e: unknown) => void): ApiResponse {
    try {
      return run();
    } catch (e) {
      return this.failure(e, onError);
    }
  }

  private async safelyAsync(run: () => Promise<ApiResponse>, onError: (e: unknown) => void): Promise<ApiResponse> {
    try {
      return await run();
    } catch (e) {
      return this.failure(e, onError);
    }
  }

  /** PostHog's answer to what a view raised: its API error, or a 500 for anything else. */
  private failure(e: unknown, onError: (e: unknown) => void): ApiResponse {
    if (e instanceof ApiError) return errorResponse(e);
    onError(e);
    if (process.env.POSTHOG_LOCAL_DEBUG) console.error(e);
    return errorResponse(serverError());
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.timers.delete(t);
        resolve();
      }, ms);
      this.timers.add(t);
    });
  }

  private answerFault(res: ServerResponse, fault: Fault): void {
    if (fault.drop) {
      res.socket?.destroy();
      res.destroy();
      return;
    }
    const status = fault.status ?? 500;
    const headers: Record<string, string> = {};
    const retryAfter = fault.retryAfter ?? (status === 429 || status === 503 ? 1 : undefined);
    if (retryAfter !== undefined) headers["Retry-After"] = String(Math.ceil(retryAfter));
    writeResponse(res, { status, body: fault.body !== undefined ? fault.body : defaultFaultBody(status, retryAfter), headers });
  }

  private async runApi(request: ServerRequest, midwayMs: number): Promise<ApiResponse> {
    const { services, throttle } = this.deps;
    const match = this.router.match(request.path);
    if (!match || match.route.hidden?.(services.store, match.params)) throw endpointNotFound();
    const route = match.route;
    const extraHeaders: Record<string, string> = { Allow: allowHeader(route) };
    try {
      const { user, key } = authenticate(request, services.store, route.authErrorsAre403 === true);
      const method = (request.method === "HEAD" ? "GET" : request.method) as HttpMethod | "OPTIONS";
      const action = method === "OPTIONS" ? undefined : route.methods[method];
      const actionName = action?.name ?? (method === "PATCH" && !route.detail ? "patch" : method === "OPTIONS" ? "metadata" : null);
      const midway = () => (midwayMs > 0 ? this.sleep(midwayMs) : Promise.resolve());
      const ctx = new ApiContext(request, services, route, match.params, user, key, actionName, midway);
      Object.assign(extraHeaders, route.headers?.(ctx) ?? {});
      checkScopes(ctx, method);
      route.permission?.(ctx);
      throttle.check(key.id);
      if (method === "OPTIONS") {
        return json(
          200,
          { name: route.pattern, description: "", renders: ["application/json"], parses: ["application/json"] },
          extraHeaders,
        );
      }
      if (!action) throw methodNotAllowed(request.method);
      const response = await action.handler(ctx);
      return { ...response, headers: { ...extraHeaders, ...(response.headers ?? {}) } };
    } catch (e) {
      if (e instanceof ApiError) {
        if (e.status === 401)
          extraHeaders["WWW-Authenticate"] = `Bearer resource_metadata="${request.absoluteUri("/.well-known/oauth-protected-resource")}"`;
        return { ...errorResponse(e), headers: { ...extraHeaders, ...e.headers } };
      }
      throw e;
    }
  }
}

function allowHeader(route: ApiRoute): string {
  const methods: string[] = METHOD_ORDER.filter((m) => route.methods[m] !== undefined);
  if (route.methods.GET) methods.push("HEAD");
  methods.push("OPTIONS");
  return methods.join(", ");
}
