/** Throttling (§7), injected faults and the request log. */
import { startServer } from "../../src/server";
import { err, harness, wrap, type Harness } from "./helpers";

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.server.close());
beforeEach(async () => {
  await h.control.reset();
  await h.control.setThrottle({ enabled: false });
});

describe("throttle", () => {
  test("off by default", async () => {
    for (let i = 0; i < 30; i++) expect((await h.api("GET", h.orgPath())).status).toBe(200);
  });

  test("a per-key sliding window with PostHog's 429 body and an integer Retry-After", async () => {
    await h.control.setThrottle({ enabled: true, windowMs: 10_000, perWindow: 3 });
    for (let i = 0; i < 3; i++) expect((await h.api("GET", h.orgPath())).status).toBe(200);
    const r = await h.api("GET", h.orgPath());
    expect(r.status).toBe(429);
    expect(r.body).toEqual(err("throttled_error", "throttled", "Request was throttled. Expected available in 10 seconds."));
    expect(r.headers.get("retry-after")).toBe("10");
    // another key has its own window; auth failures are not counted against anyone
    const other = await h.control.createKey({});
    expect((await h.api("GET", h.orgPath(), { key: other.key })).status).toBe(200);
    const log = await h.control.requests();
    expect(log.map((e) => e.status)).toEqual([200, 200, 200, 429, 200]);
  });

  test("the window slides: requests pass again once it has moved on; singular 'second'", async () => {
    await h.control.setThrottle({ enabled: true, windowMs: 300, perWindow: 2 });
    await h.api("GET", h.orgPath());
    await h.api("GET", h.orgPath());
    const r = await h.api("GET", h.orgPath());
    expect([r.status, r.body.detail, r.headers.get("retry-after")]).toEqual([429, "Request was throttled. Expected available in 1 second.", "1"]);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await h.api("GET", h.orgPath())).status).toBe(200);
  });

  test("the default rates (per minute, per hour) from startServer options", async () => {
    const limited = wrap(await startServer({ port: 0, rateLimit: { enabled: true, perMinute: 2 } }));
    try {
      await limited.api("GET", limited.orgPath());
      await limited.api("GET", limited.orgPath());
      const r = await limited.api("GET", limited.orgPath());
      expect(r.status).toBe(429);
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(59);
      expect(Number(r.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    } finally {
      await limited.server.close();
    }
  });

  test("the throttle runs after authentication and permissions, before 405", async () => {
    await h.control.setThrottle({ enabled: true, windowMs: 10_000, perWindow: 1 });
    expect((await h.api("GET", h.orgPath(), { key: "phx_bad" })).status).toBe(401);
    expect((await h.api("DELETE", h.orgPath())).status).toBe(405);
    expect((await h.api("DELETE", h.orgPath())).status).toBe(429);
  });
});

describe("faults", () => {
  test("status with the default body and Retry-After, for `count` requests, then the real answer", async () => {
    await h.control.addFault({ path: "/projects/?$", status: 503, count: 2 });
    for (let i = 0; i < 2; i++) {
      const r = await h.api("GET", h.orgPath());
      expect([r.status, r.headers.get("retry-after")]).toEqual([503, "1"]);
      expect(r.body).toEqual({ type: "server_error", code: "database_unavailable", detail: "We couldn't reach the database just now. Please try again in a moment.", attr: null });
    }
    expect((await h.api("GET", h.orgPath())).status).toBe(200);
  });

  test("429 with retryAfter, custom bodies, method and path filters, in order of creation", async () => {
    const p = await h.createProject({ name: "Faulty" });
    await h.control.addFault({ method: "PATCH", path: `/projects/${p.id}/?$`, status: 429, retryAfter: 7 });
    await h.control.addFault({ method: "PATCH", status: 500, body: { custom: true } });
    expect((await h.api("GET", h.orgPath(`${p.id}/`))).status).toBe(200);
    const throttled = await h.api("PATCH", h.orgPath(`${p.id}/`), { body: { name: "x" } });
    expect([throttled.status, throttled.headers.get("retry-after"), throttled.body.detail]).toEqual([429, "7", "Request was throttled. Expected available in 7 seconds."]);
    const custom = await h.api("PATCH", h.orgPath(`${p.id}/`), { body: { name: "x" } });
    expect([custom.status, custom.body]).toEqual([500, { custom: true }]);
    expect((await h.api("PATCH", h.orgPath(`${p.id}/`), { body: { name: "y" } })).body.name).toBe("y");
  });

  test("delayMs alone delays the real answer; with a status it delays the fault", async () => {
    await h.control.addFault({ delayMs: 200 });
    let t = Date.now();
    expect((await h.api("GET", h.orgPath())).status).toBe(200);
    expect(Date.now() - t).toBeGreaterThanOrEqual(190);
    await h.control.addFault({ delayMs: 100, status: 504 });
    t = Date.now();
    expect((await h.api("GET", h.orgPath())).status).toBe(504);
    expect(Date.now() - t).toBeGreaterThanOrEqual(90);
  });

  test("drop destroys the connection without a response (logged with status 0)", async () => {
    await h.control.addFault({ drop: true });
    await expect(h.api("GET", h.orgPath())).rejects.toThrow();
    expect((await h.api("GET", h.orgPath())).status).toBe(200);
    const log = await h.control.requests();
    expect(log.map((e) => e.status)).toEqual([0, 200]);
    expect(log[0].fault).toMatch(/^fault-/);
  });

  test("afterCommit: the write happens, then the fault answers (status or drop)", async () => {
    await h.control.addFault({ method: "POST", status: 502, afterCommit: true });
    const r = await h.api("POST", h.orgPath(), { body: { name: "Committed" } });
    expect(r.status).toBe(502);
    expect((await h.api("GET", h.orgPath())).body.results.map((p: { name: string }) => p.name)).toEqual(["Committed"]);
    await h.control.addFault({ method: "POST", drop: true, afterCommit: true });
    await expect(h.api("POST", h.orgPath(), { body: { name: "Dropped but made" } })).rejects.toThrow();
    expect((await h.api("GET", h.orgPath())).body.count).toBe(2);
  });

  test("faults apply to /api/ only, can be listed and cleared; an invalid path regex is a 400", async () => {
    await h.control.addFault({ status: 500, count: 5 });
    expect((await h.control.faults())[0]).toMatchObject({ status: 500, remaining: 5 });
    expect((await fetch(`${h.server.url}/_health`)).status).toBe(200);
    await h.control.clearFaults();
    expect(await h.control.faults()).toEqual([]);
    expect((await h.api("GET", h.orgPath())).status).toBe(200);
    await expect(h.control.addFault({ path: "(" })).rejects.toMatchObject({ status: 400 });
  });
});
