/**
 * Creates that go wrong half-way, against the local server's faults: nothing may be lost (a project PostHog made is
 * always found or named) and nothing duplicated (a POST is resent only when the project is proven absent).
 */
import { projects, Transport } from "../../src/client";
import { ProjectProvider, type ProviderConfig } from "../../src/provider";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";

let server: LocalPostHog;
let provider: ProjectProvider;
let http: Transport;
const retry = { attempts: 4, baseDelayMs: 10, maxDelayMs: 50, maxElapsedMs: 10_000, jitter: 0.2 };

beforeAll(async () => {
  server = await startLocalPostHog();
  const config: ProviderConfig = { host: server.url, apiKey: server.apiKey, organizationId: server.organizationId };
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false, retry });
  provider = new ProjectProvider({ config, transport: http });
});
afterAll(() => server.close());
beforeEach(() => server.control.reset());

const SERIALIZED = "exports.handler = () => ({})";
const named = async (name: string) => (await projects.listProjects(http, server.organizationId)).filter((p) => p.name === name);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e as Error & { id?: string; properties?: Record<string, unknown> },
  );

describe("a partly applied create keeps what later operations need", () => {
  test("a plan-gated setting: the error records the project with __provider, so refresh and destroy still work", async () => {
    await server.control.patchOrganization(server.organizationId, { ignoredSettings: ["heatmaps_opt_in"] });
    const error = await failure(provider.create({ name: "Gated", heatmapsOptIn: true, __provider: SERIALIZED }));
    expect(error?.message).toMatch(/did not apply heatmapsOptIn/);
    expect(error?.id).toMatch(/^\d+$/);
    expect(error?.properties).toMatchObject({ __provider: SERIALIZED, name: "Gated", projectId: Number(error?.id) });
  });

  test("a PATCH after create that fails: the same", async () => {
    const error = await failure(provider.create({ name: "Dashboards", primaryDashboard: 987654, __provider: SERIALIZED }));
    expect(error?.message).toMatch(/exists, but setting primaryDashboard failed/);
    expect(error?.properties).toMatchObject({ __provider: SERIALIZED, name: "Dashboards" });
  });
});

describe("a create whose outcome is unclear", () => {
  test("a 2xx answer that does not parse (a proxy's page) is ambiguous: the project is found, not orphaned", async () => {
    await server.fault({ method: "POST", path: "/projects/?$", status: 201, body: "<html>Welcome to our proxy</html>", afterCommit: true });
    const { id, outs } = await provider.create({ name: "Behind a proxy" });
    expect(outs?.name).toBe("Behind a proxy");
    expect((await named("Behind a proxy")).map((p) => String(p.id))).toEqual([id]);
    expect((await server.requests({ method: "POST" })).map((r) => r.status)).toEqual([201]);
  });

  test("a 503 before anything was created: the lookup proves it absent and the POST is sent again, once", async () => {
    await server.fault({ method: "POST", path: "/projects/?$", status: 503 });
    const { outs } = await provider.create({ name: "Second try" });
    expect(outs?.name).toBe("Second try");
    expect((await server.requests({ method: "POST" })).map((r) => r.status)).toEqual([503, 201]);
    expect(await named("Second try")).toHaveLength(1);
  });

  test("a resend that meets the duplicate-name check takes the project the first attempt made", async () => {
    // The first answer is lost after the commit; the lookup does not see it yet (a lagging replica), the resend gets 409.
    await server.fault({ method: "POST", path: "/projects/?$", status: 504, afterCommit: true });
    await server.fault({ method: "GET", path: "/projects/?$", status: 200, body: { count: 0, next: null, previous: null, results: [] } });
    const { outs } = await provider.create({ name: "Lagging" });
    expect(outs?.name).toBe("Lagging");
    expect((await server.requests({ method: "POST" })).map((r) => r.status)).toEqual([504, 409]);
    expect(await named("Lagging")).toHaveLength(1);
  });

  test("when the lookup keeps failing, the error names the project to look for and how to adopt it", async () => {
    await server.fault({ method: "POST", path: "/projects/?$", status: 502, afterCommit: true });
    await server.fault({ method: "GET", path: "/projects/", status: 503, count: 1000 });
    const error = await failure(provider.create({ name: "Unknown fate" }));
    await server.control.clearFaults();
    expect(error?.message).toMatch(/may have reached PostHog/);
    expect(error?.message).toMatch(
      /Look in PostHog \(organization [0-9a-f-]+\) for a project named "Unknown fate" created at or after \d{4}-/,
    );
    expect(error?.message).toMatch(/set adoptProjectId to its id/);
    expect(await named("Unknown fate")).toHaveLength(1);
  });

  test("ten creates with a 503 each all succeed exactly once", async () => {
    await server.fault({ method: "POST", path: "/projects/?$", status: 503, count: 10 });
    const names = Array.from({ length: 10 }, (_, i) => `Batch ${i}`);
    const results = await Promise.all(names.map((name) => provider.create({ name })));
    expect(results.map((r) => r.outs?.name).sort()).toEqual([...names].sort());
    const live = (await projects.listProjects(http, server.organizationId)).map((p) => p.name);
    expect(live.sort()).toEqual([...names].sort());
  });
});

describe("a create that meets an existing project of the same name", () => {
  test("names that project, when it was made, and how to take it over", async () => {
    const existing = await projects.createProject(http, server.organizationId, { name: "Orphan" });
    const error = await failure(provider.create({ name: "Orphan" }));
    expect(error?.message).toContain(
      `A project named "Orphan" already exists in organization ${server.organizationId}: project ${existing.id} (created ${existing.created_at})`,
    );
    expect(error?.message).toContain(`set \`adoptProjectId: ${existing.id}\``);
    // Adopting a project another resource manages would make two resources manage one: the advice says not to.
    expect(error?.message).toMatch(
      /If it already belongs to another resource, of this stack or another, do not adopt it: two resources would then manage one project.* Choose another name instead\.$/,
    );
    // Following the advice converges: the same project, no second one.
    const { id } = await provider.create({ name: "Orphan", adoptProjectId: existing.id, timezone: "Asia/Tokyo" });
    expect(id).toBe(String(existing.id));
    expect(await named("Orphan")).toHaveLength(1);
  });
});

describe("PostHog's deferred deletion", () => {
  test("a project PostHog is deleting cannot be adopted, and its name is free for a new one", async () => {
    const doomed = await projects.createProject(http, server.organizationId, { name: "Doomed" });
    await projects.deleteProject(http, server.organizationId, doomed.id);
    const error = await failure(provider.create({ name: "Doomed", adoptProjectId: doomed.id }));
    expect(error?.message).toBe(
      `Project ${doomed.id} ("Doomed") is being deleted by PostHog and cannot be adopted. Remove adoptProjectId to create a new project; its name is free again.`,
    );
    const { id } = await provider.create({ name: "Doomed" });
    expect(id).not.toBe(String(doomed.id));
    expect(await provider.read(String(doomed.id), { organizationId: server.organizationId } as never)).toEqual({});
  });
});

describe("ids a user typed never leave their endpoint", () => {
  test.each(["..", ".", "../projects", "a/b", "org id", ""])(
    "organizationId %j is refused by check and by the client",
    async (organizationId) => {
      const checked = await provider.check({}, { name: "x", organizationId });
      expect(checked.failures).toEqual([
        { property: "organizationId", reason: expect.stringMatching(/organizationId must be an organization UUID, `@current`, or a slug/) },
      ]);
      await server.clearRequests();
      await expect(projects.createProject(http, organizationId, { name: "x" })).rejects.toThrow(/must be an organization UUID/);
      expect(await server.requests()).toEqual([]);
    },
  );

  test("UUIDs, @current and slugs pass", async () => {
    for (const organizationId of [server.organizationId, "@current", "my-org_1"]) {
      expect((await provider.check({}, { name: "x", organizationId })).failures).toBeUndefined();
    }
  });
});
