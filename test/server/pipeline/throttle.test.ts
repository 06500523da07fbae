/** Throttling (src/server/pipeline/throttle.ts, after posthog/rate_limit.py): per key, PostHog's 429, Retry-After. */
import { startServer } from "../../../src/server";
import { err, harness, wrap, type Harness } from "../helpers";

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
    expect([r.status, r.body.detail, r.headers.get("retry-after")]).toEqual([
      429,
      "Request was throttled. Expected available in 1 second.",
      "1",
    ]);
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
