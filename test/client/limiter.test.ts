import { spawnSync } from "node:child_process";
import { Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";

let server: LocalPostHog;
beforeAll(async () => {
  server = await startLocalPostHog();
});
afterAll(() => server.close());

// PostHog's 480/minute, scaled down to 200 per 500 ms so that the test takes seconds: the same sliding-window logic.
const window = { limit: 200, windowMs: 500 };

test("a burst of 1,000 calls stays under an enforced limit: no 429 reaches PostHog's log or the caller", async () => {
  const projectId = (
    await projects.createProject(new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false }), server.organizationId, {
      name: "Burst",
    })
  ).id;
  await server.control.setThrottle({ enabled: true, perWindow: window.limit, windowMs: window.windowMs });
  await server.clearRequests();
  // Several clients of one process share the limiter of their host and key.
  const clients = [1, 2, 3].map(
    () => new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: [window], retry: { attempts: 1 } }),
  );
  const started = Date.now();
  const results = await Promise.all(
    Array.from({ length: 1000 }, (_, i) => projects.getProject(clients[i % clients.length]!, server.organizationId, projectId)),
  );
  const elapsed = Date.now() - started;
  expect(results).toHaveLength(1000);
  const log = await server.requests({ method: "GET" });
  expect(log).toHaveLength(1000);
  expect(log.filter((r) => r.status === 429)).toHaveLength(0);
  // 1,000 calls at 200 per 500 ms cannot finish in less than four full windows.
  expect(elapsed).toBeGreaterThanOrEqual(4 * window.windowMs);
  await server.control.setThrottle({ enabled: false });
});

test("without the limiter the same burst is throttled by the server, proving the limit is enforced", async () => {
  // The same limit over a minute: 300 calls exceed 200 however slowly a loaded machine sends them (over 500 ms they
  // could spread across windows and none be refused).
  await server.control.setThrottle({ enabled: true, perWindow: window.limit, windowMs: 60_000 });
  await server.clearRequests();
  const unlimited = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false, retry: { attempts: 1 } });
  const outcomes = await Promise.allSettled(
    Array.from({ length: 300 }, () => projects.listProjectsPage(unlimited, server.organizationId, { limit: 1 })),
  );
  expect(outcomes.filter((o) => o.status === "rejected").length).toBeGreaterThan(0);
  await server.control.setThrottle({ enabled: false });
});

test("a request waiting for its turn keeps the process alive: a script does not exit 0 half-way", () => {
  // Before, the limiter's timer was unref()'d and a script stopped silently, exit code 0, at the first wait.
  const script = `
    require("ts-node").register({ transpileOnly: true });
    const { RateLimiter } = require(${JSON.stringify(require.resolve("../../src/client/limiter"))});
    const limiter = new RateLimiter([{ limit: 1, windowMs: 300 }]);
    (async () => {
      for (let i = 0; i < 3; i++) (await limiter.acquire())();
      console.log("all three done");
    })();`;
  const result = spawnSync(process.execPath, ["-e", script], { encoding: "utf8", timeout: 60_000 });
  expect(result.stderr).toBe("");
  expect(result.stdout).toBe("all three done\n");
  expect(result.status).toBe(0);
});

test("another process on the same key meets 429s this limiter cannot see: retries absorb them", async () => {
  const projectId = (
    await projects.createProject(new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false }), server.organizationId, {
      name: "Neighbour",
    })
  ).id;
  await server.control.setThrottle({ enabled: true, perWindow: 20, windowMs: 1_000 });
  try {
    // "The other process": the window is already spent when this one starts.
    const other = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false, retry: { attempts: 1 } });
    for (let i = 0; i < 20; i++) await projects.getProject(other, server.organizationId, projectId);
    await server.clearRequests();
    const mine = new Transport({
      host: server.url,
      apiKey: server.apiKey,
      rateLimits: [{ limit: 20, windowMs: 1_000 }],
      retry: { attempts: 5, maxElapsedMs: 30_000 },
    });
    const results = await Promise.all(Array.from({ length: 10 }, () => projects.getProject(mine, server.organizationId, projectId)));
    expect(results.every((r) => r.id === projectId)).toBe(true);
    const statuses = (await server.requests()).map((r) => r.status);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
  } finally {
    await server.control.setThrottle({ enabled: false });
  }
});
