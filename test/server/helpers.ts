/** Shared helpers of the local server's tests: real HTTP over 127.0.0.1 with global fetch (and node:http for raw). */
import * as http from "node:http";
import { controlClient, startServer, type ControlClient, type RunningServer, type StartServerOptions } from "../../src/server";

export interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: parsed JSON under test, assertions reach into it freely
  body: any;
  headers: Headers;
  text: string;
}

export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: parsed JSON when it is JSON
  body: any;
}

export interface RequestOptions {
  body?: unknown;
  rawBody?: string | Buffer;
  key?: string | null;
  headers?: Record<string, string>;
}

export interface Harness {
  server: RunningServer;
  control: ControlClient;
  api(method: string, path: string, options?: RequestOptions): Promise<Reply>;
  orgPath(suffix?: string): string;
  // biome-ignore lint/suspicious/noExplicitAny: a parsed project record
  createProject(body?: Record<string, unknown>, key?: string): Promise<any>;
  /** A request through node:http, which (unlike fetch) lets a test set any Host and Origin. */
  raw(method: string, path: string, headers?: Record<string, string>, body?: string): Promise<RawReply>;
}

export async function harness(options: StartServerOptions = {}): Promise<Harness> {
  const server = await startServer({ port: 0, ...options });
  return wrap(server);
}

export function wrap(server: RunningServer): Harness {
  const control = controlClient(server.url, server.controlToken);
  const api = async (method: string, path: string, options: RequestOptions = {}): Promise<Reply> => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    const key = options.key === undefined ? server.apiKey : options.key;
    if (key !== null) headers.Authorization = `Bearer ${key}`;
    let body: string | Buffer | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["Content-Type"] ??= "application/json";
    }
    const res = await fetch(`${server.url}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed, headers: res.headers, text };
  };
  const raw = (method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawReply> => {
    const { hostname, port } = new URL(server.url);
    return new Promise((resolve, reject) => {
      const req = http.request({ hostname, port, method, path, headers, agent: false }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          let parsed: unknown;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: parsed });
        });
      });
      req.on("error", reject);
      req.end(body);
    });
  };
  const orgPath = (suffix = "") => `/api/organizations/${server.organizationId}/projects/${suffix}`;
  return {
    server,
    control,
    api,
    orgPath,
    createProject: async (body = {}, key?: string) => {
      const r = await api("POST", orgPath(), { body, key });
      if (r.status !== 201) throw new Error(`create failed: ${r.status} ${r.text}`);
      return r.body;
    },
    raw,
  };
}

export const err = (type: string, code: string, detail: string, attr: string | null = null) => ({ type, code, detail, attr });

export { groupIdentifyEvent as groupIdentify } from "../../src/server";

/** The opening of a project-scoped endpoint's tests: a server, a project named `name`, and `base`, its `segment` list. */
export async function projectHarness(
  name: string,
  segment: string,
  options: StartServerOptions = {},
): Promise<{ h: Harness; projectId: number; base: string }> {
  const h = await harness(options);
  const projectId: number = (await h.createProject({ name })).id;
  return { h, projectId, base: `/api/projects/${projectId}/${segment}/` };
}
