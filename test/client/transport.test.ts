import * as http_ from "node:http";
import { PostHogError, Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";

let server: LocalPostHog;
let http: Transport;
let projectId: number;
const fast = { attempts: 4, baseDelayMs: 20, maxDelayMs: 100, maxElapsedMs: 10_000, jitter: 0.2 };

beforeAll(async () => {
  server = await startLocalPostHog();
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false, retry: fast, timeoutMs: 1_000 });
  projectId = (await projects.createProject(http, server.organizationId, { name: "Retries" })).id;
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.control.clearFaults();
  await server.clearRequests();
});

const projectPath = () => new RegExp(`/projects/${projectId}/?$`);
const throttled = {
  type: "throttled_error",
  code: "throttled",
  detail: "Request was throttled. Expected available in 1 second.",
  attr: null,
};

describe("retries", () => {
  test("429 is retried after the Retry-After PostHog asks for", async () => {
    await server.fault({ method: "GET", path: `/projects/${projectId}/?$`, status: 429, retryAfter: 1, body: throttled });
    const started = Date.now();
    await expect(projects.getProject(http, server.organizationId, projectId)).resolves.toMatchObject({ id: projectId });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect((await server.requests({ path: projectPath() })).map((r) => r.status)).toEqual([429, 200]);
  });

  test("502, 503 and 504 are retried with backoff until an answer comes", async () => {
    for (const status of [502, 503, 504]) await server.fault({ method: "GET", path: `/projects/${projectId}/?$`, status });
    await expect(projects.getProject(http, server.organizationId, projectId)).resolves.toMatchObject({ id: projectId });
    expect((await server.requests({ path: projectPath() })).map((r) => r.status)).toEqual([502, 503, 504, 200]);
  });

  test("dropped connections and timeouts are retried for reads", async () => {
    await server.fault({ method: "GET", path: `/projects/${projectId}/?$`, drop: true });
    await server.fault({ method: "GET", path: `/projects/${projectId}/?$`, delayMs: 1_500 });
    await expect(projects.getProject(http, server.organizationId, projectId)).resolves.toMatchObject({ id: projectId });
    // The server logs the timed-out request when its delayed answer finally goes out.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await server.requests({ path: projectPath() })).map((r) => r.status).sort()).toEqual([0, 200, 200]);
  });

  test("attempts are bounded", async () => {
    await server.fault({ method: "GET", path: `/projects/${projectId}/?$`, status: 503, count: 10 });
    const error = (await projects.getProject(http, server.organizationId, projectId).catch((e: unknown) => e)) as PostHogError;
    expect(error).toMatchObject({ status: 503, attempts: 4 });
    expect(error.message).toMatch(/after 4 attempts/);
    expect(await server.requests({ path: projectPath() })).toHaveLength(4);
  });

  test("a Retry-After beyond the time budget is not waited for", async () => {
    const patient = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false, retry: { ...fast, maxElapsedMs: 2_000 } });
    await server.fault({ method: "GET", path: `/projects/${projectId}/?$`, status: 429, retryAfter: 30, body: throttled });
    const error = (await projects.getProject(patient, server.organizationId, projectId).catch((e: unknown) => e)) as PostHogError;
    expect(error).toMatchObject({ status: 429, code: "throttled" });
    expect(error.message).toMatch(/wait 30 s/);
    expect(await server.requests({ path: projectPath() })).toHaveLength(1);
  });

  test("a create that fails after PostHog committed it is not resent", async () => {
    await server.fault({ method: "POST", path: "/projects/?$", status: 503, afterCommit: true });
    const error = (await projects
      .createProject(http, server.organizationId, { name: "Only once" })
      .catch((e: unknown) => e)) as PostHogError;
    expect(error).toBeInstanceOf(PostHogError);
    expect(error.kind).toBe("ambiguous");
    expect(error.message).toMatch(/was not resent/);
    expect(await server.requests({ method: "POST" })).toHaveLength(1);
    const named = (await projects.listProjects(http, server.organizationId)).filter((p) => p.name === "Only once");
    expect(named).toHaveLength(1);
  });

  test("a 500 to a create is as ambiguous as a lost answer: not resent, and PostHog's detail is kept", async () => {
    // PostHog answers 500 when something fails after its database write: the project may exist.
    await server.fault({ method: "POST", path: "/projects/?$", status: 500, afterCommit: true });
    const error = (await projects
      .createProject(http, server.organizationId, { name: "After a 500" })
      .catch((e: unknown) => e)) as PostHogError;
    expect(error).toMatchObject({ kind: "ambiguous", status: 500 });
    expect(error.message).toMatch(/may have reached PostHog \(status 500: A server error occurred\.\)/);
    expect(await server.requests({ method: "POST" })).toHaveLength(1);
  });

  test("a create whose connection drops is not resent either", async () => {
    await server.fault({ method: "POST", path: "/projects/?$", drop: true, afterCommit: true });
    await expect(projects.createProject(http, server.organizationId, { name: "Dropped" })).rejects.toMatchObject({ kind: "ambiguous" });
    expect(await server.requests({ method: "POST" })).toHaveLength(1);
  });

  test("a throttled create is resent: PostHog throttles before it runs the view", async () => {
    await server.fault({ method: "POST", path: "/projects/?$", status: 429, retryAfter: 0, body: throttled });
    await expect(projects.createProject(http, server.organizationId, { name: "After 429" })).resolves.toMatchObject({ name: "After 429" });
    expect((await server.requests({ method: "POST" })).map((r) => r.status)).toEqual([429, 201]);
  });

  test("a refused connection is retried, then reported with the host to check", async () => {
    const nowhere = new Transport({ host: "http://127.0.0.1:9", apiKey: server.apiKey, rateLimits: false, retry: fast });
    const error = (await projects.getProject(nowhere, server.organizationId, 1).catch((e: unknown) => e)) as PostHogError;
    expect(error).toMatchObject({ kind: "network", attempts: 4 });
    expect(error.message).toMatch(/ECONNREFUSED.*Check the host/);
  });
});

describe("the time budget", () => {
  /** A server that accepts connections and never answers. */
  async function hanging(): Promise<{ url: string; close(): Promise<void> }> {
    const sockets = new Set<import("node:net").Socket>();
    const silent = http_.createServer(() => undefined);
    silent.on("connection", (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    return {
      url: `http://127.0.0.1:${port}`,
      close: () => {
        for (const socket of sockets) socket.destroy();
        return new Promise((resolve) => silent.close(() => resolve()));
      },
    };
  }

  test("no request outlives the budget: each attempt's timeout is capped by the time left", async () => {
    const silent = await hanging();
    try {
      const budget = { ...fast, maxElapsedMs: 1_500 };
      // The per-request timeout alone (30 s) would let one request run twenty times past the budget.
      const patient = new Transport({ host: silent.url, apiKey: server.apiKey, rateLimits: false, retry: budget, timeoutMs: 30_000 });
      for (const send of [
        () => projects.getProject(patient, server.organizationId, 1),
        () => projects.createProject(patient, server.organizationId, { name: "Hanging" }),
      ]) {
        const started = Date.now();
        const error = (await send().catch((e: unknown) => e)) as PostHogError;
        expect(error).toBeInstanceOf(PostHogError);
        expect(Date.now() - started).toBeLessThan(2_500);
      }
      // Several requests sharing one budget (a create and its lookup) end with it too.
      const started = Date.now();
      await projects.listProjects(patient, server.organizationId, { budgetFrom: started - 1_000 }).catch(() => undefined);
      expect(Date.now() - started).toBeLessThan(1_400);
    } finally {
      await silent.close();
    }
  });
});
