/** Shared helpers of the local server's tests: real HTTP over 127.0.0.1 with global fetch. */
import { controlClient, startServer, type ControlClient, type LocalPostHog, type StartServerOptions } from "../../src/server";

export interface Reply {
  status: number;
  body: any; // parsed JSON under test: assertions reach into it freely
  headers: Headers;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  rawBody?: string | Buffer;
  key?: string | null;
  headers?: Record<string, string>;
}

export interface Harness {
  server: LocalPostHog;
  control: ControlClient;
  api(method: string, path: string, options?: RequestOptions): Promise<Reply>;
  orgPath(suffix?: string): string;
  createProject(body?: Record<string, unknown>, key?: string): Promise<any>; // a parsed project record
}

export async function harness(options: StartServerOptions = {}): Promise<Harness> {
  const server = await startServer({ port: 0, ...options });
  return wrap(server);
}

export function wrap(server: LocalPostHog): Harness {
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
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed, headers: res.headers, text };
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
  };
}

export const err = (type: string, code: string, detail: string, attr: string | null = null) => ({ type, code, detail, attr });

export { groupIdentifyEvent as groupIdentify } from "../../src/server";
