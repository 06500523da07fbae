/**
 * The request pipeline (src/server/pipeline/app.ts): routing to a handler, 404 "Endpoint not found." and 405 with
 * PostHog's bodies, the health check, and the last-resort 500 when a handler throws.
 */
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import type { ApiRoute } from "../../../src/server/pipeline/api";
import { App } from "../../../src/server/pipeline/app";
import { Faults } from "../../../src/server/pipeline/faults";
import { HostPolicy } from "../../../src/server/pipeline/guard";
import { RequestLog } from "../../../src/server/pipeline/request-log";
import { Throttle } from "../../../src/server/pipeline/throttle";
import { ActivityLog } from "../../../src/server/projects/activity";
import { DeletionQueue } from "../../../src/server/projects/deletion";
import { DemoData } from "../../../src/server/projects/demo-data";
import { Store } from "../../../src/server/state/store";
import { err, harness, type Harness } from "../helpers";

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.server.close());
beforeEach(() => h.control.reset());

describe("routing", () => {
  test("the trailing slash is optional on every route", async () => {
    const p = await h.createProject({ name: "Slash" });
    for (const path of [
      h.orgPath(),
      h.orgPath().slice(0, -1),
      h.orgPath(`${p.id}`),
      h.orgPath(`${p.id}/`),
      h.orgPath(`${p.id}/activity`),
    ]) {
      expect((await h.api("GET", path)).status).toBe(200);
    }
    expect((await h.api("GET", `/api/projects/${p.id}/groups_types`)).status).toBe(200);
  });

  test("unknown /api/ paths give 404 Endpoint not found, without authentication, for every method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const r = await h.api(method, "/api/nope/", { key: null });
      expect(r.status).toBe(404);
      expect(r.body).toEqual(err("invalid_request", "not_found", "Endpoint not found."));
    }
    const p = await h.createProject({ name: "G" });
    const r = await h.api("GET", `/api/projects/${p.id}/groups/something/`);
    expect(r.body).toEqual(err("invalid_request", "not_found", "Endpoint not found."));
    expect((await h.api("GET", h.orgPath("1.5/"))).status).toBe(404);
  });

  test("non-API paths are 404 and the health check answers", async () => {
    expect((await h.api("GET", "/nothing")).status).toBe(404);
    expect((await h.api("GET", "/_health")).body).toEqual({ status: "ok" });
  });

  test("wrong method gives 405 with PostHog's body and an Allow header", async () => {
    const p = await h.createProject({ name: "M" });
    const r = await h.api("POST", h.orgPath(`${p.id}/`), { body: {} });
    expect(r.status).toBe(405);
    expect(r.body).toEqual(err("invalid_request", "method_not_allowed", 'Method "POST" not allowed.'));
    expect(r.headers.get("allow")).toBe("GET, PUT, PATCH, DELETE, HEAD, OPTIONS");
    expect((await h.api("GET", h.orgPath(`${p.id}/reset_token/`))).body).toEqual(
      err("invalid_request", "method_not_allowed", 'Method "GET" not allowed.'),
    );
  });
});

test("an unexpected exception in a handler is PostHog's 500 body, and the server goes on", async () => {
  const store = Store.open(undefined, []);
  const demo = new DemoData(store, 0);
  const services = {
    store,
    activity: new ActivityLog(store),
    demo,
    deletion: new DeletionQueue(store, demo, 0),
    version: "current" as const,
  };
  const boom: ApiRoute = {
    pattern: "/api/boom",
    detail: false,
    scopeObject: "project",
    methods: {
      GET: {
        name: "list",
        handler: () => {
          throw new TypeError("kaput");
        },
      },
    },
    scopeTeam: () => null,
    scopeOrganization: () => {
      throw new Error("unused");
    },
  };
  const log = new RequestLog();
  const app = new App({
    services,
    routes: [boom],
    faults: new Faults(),
    throttle: new Throttle(),
    log,
    info: () => ({ url: "", organizationId: "", apiKey: "", controlToken: "ctl_unit" }),
    controlToken: "ctl_unit",
    hosts: new HostPolicy("127.0.0.1"),
    resetThrottle: () => undefined,
    maxBodyBytes: 1024,
  });
  const server = http.createServer((req, res) => app.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${url}/api/boom/`, { headers: { Authorization: `Bearer ${store.state.defaultApiKey}` } });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ type: "server_error", code: "error", detail: "A server error occurred.", attr: null });
    }
    expect(log.list()[0]).toMatchObject({ status: 500, error: "kaput" });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
