import { projects, Transport } from "../../src/client";
import { ProjectProvider, UNKNOWN, type ProjectOutputs, type ProviderConfig } from "../../src/provider";
import { settingNames } from "../../src/schema/project";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { firstValues, secondValues } from "../helpers/settings";

let server: LocalPostHog;
let provider: ProjectProvider;
let http: Transport;

const connection = (apiKey: string) => {
  const config: ProviderConfig = { host: server.url, apiKey, organizationId: server.organizationId };
  return { config, transport: new Transport({ host: server.url, apiKey, rateLimits: false, retry: { attempts: 2, baseDelayMs: 10 } }) };
};

beforeAll(async () => {
  server = await startLocalPostHog();
  const own = connection(server.apiKey);
  provider = new ProjectProvider(own);
  http = own.transport;
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.control.reset();
});

type Outs = ProjectOutputs & Record<string, unknown>;
const create = async (inputs: Record<string, unknown>) => {
  const result = await provider.create(inputs);
  return { id: result.id, outs: result.outs as Outs };
};
const writes = async () => (await server.requests()).filter((r) => r.method !== "GET");

describe("check", () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ["name", "", /name must not be blank/],
    ["name", "x".repeat(201), /name must be at most 200 characters/],
    ["timezone", "America/I_Dont_Exist", /timezone must be an IANA timezone name/],
    ["timezone", "utc", /timezone must be an IANA timezone name/],
    ["weekStartDay", 2, /weekStartDay must be 0 \(Sunday\) or 1 \(Monday\)/],
    ["sessionRecordingSampleRate", 1.5, /sessionRecordingSampleRate must be between 0 and 1/],
    ["sessionRecordingSampleRate", 0.123, /at most 2 decimal places/],
    ["sessionRecordingSampleRate", "abc", /must be a number between 0 and 1/],
    ["sessionRecordingMinimumDurationMilliseconds", 30001, /at most 30000/],
    ["sessionRecordingMinimumDurationMilliseconds", -1, /at least 0/],
    ["sessionRecordingMinimumDurationMilliseconds", 1.5, /whole number/],
    ["appUrls", "https://example.com", /appUrls must be a list of URLs/],
    ["appUrls", ["x".repeat(201)], /at most 200 characters \(at 0\)/],
    ["anonymizeIps", "yes", /anonymizeIps must be true or false/],
    ["dataAttributes", [1], /every entry must be a string \(at 0\)/],
    ["testAccountFilters", [{ operator: "exact" }], /needs a string `key`/],
    ["pathCleaningFilters", [{ regex: "(" }], /regex does not compile/],
    ["sessionRecordingLinkedFlag", { id: 1, key: "k", extra: 1 }, /only `id` and `key`/],
    ["sessionRecordingNetworkPayloadCaptureConfig", { recordEverything: true }, /recordHeaders/],
    ["sessionReplayConfig", { canvas: true }, /record_canvas/],
    ["modifiers", { bounceRateDurationSeconds: 500 }, /between 1 and 120/],
    ["autocaptureExceptionsErrorsToIgnore", ["x".repeat(400)], /300 characters/],
    ["correlationConfig", [], /must be an object/],
    ["primaryDashboard", "home", /must be a dashboard id/],
    ["adoptProjectId", -3, /adoptProjectId must be the numeric id/],
    ["apiTokenRotation", 5, /apiTokenRotation must be a string/],
  ];
  test.each(cases)("%s = %j fails naming the property and the rule", async (property, value, reason) => {
    const result = await provider.check({}, { name: "ok", [property]: value });
    expect(result.failures).toEqual([{ property, reason: expect.stringMatching(reason) }]);
  });

  test("valid settings and values unknown during preview pass; nothing is sent", async () => {
    await server.clearRequests();
    expect((await provider.check({}, { ...firstValues })).failures).toBeUndefined();
    expect((await provider.check({}, { name: UNKNOWN, timezone: UNKNOWN, appUrls: [UNKNOWN] })).failures).toBeUndefined();
    expect(await server.requests()).toEqual([]);
  });
});

describe("create", () => {
  test("one POST with the declared fields; outputs hold the live record", async () => {
    await server.clearRequests();
    const { id, outs } = await create({ name: "Web app", timezone: "Europe/Amsterdam", anonymizeIps: true, sessionRecordingSampleRate: 0.5 });
    const log = await server.requests();
    expect(log.map((r) => `${r.method} ${r.status}`)).toEqual(["POST 201"]);
    expect(log[0]!.bodyKeys?.sort()).toEqual(["anonymize_ips", "name", "session_recording_sample_rate", "timezone"]);
    expect(outs).toMatchObject({ projectId: Number(id), organizationId: server.organizationId, name: "Web app", anonymizeIps: true });
    expect(outs.sessionRecordingSampleRate).toBe("0.50");
    expect(outs.apiToken).toMatch(/^phc_/);
    expect(Object.values(outs)).not.toContain(undefined);
    expect(JSON.stringify(outs)).not.toContain(server.apiKey);
  });

  test("a field PostHog refuses on create follows in one PATCH; if that fails the project is kept, not lost", async () => {
    const error = await provider.create({ name: "Dashboards", primaryDashboard: 987654 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ id: expect.stringMatching(/^\d+$/), message: expect.stringMatching(/exists, but setting primaryDashboard failed/) });
    expect((error as { properties: Outs }).properties.name).toBe("Dashboards");
    expect((await writes()).map((r) => r.method)).toEqual(["POST", "PATCH"]);
  });

  test("settings PostHog accepts but does not apply (plan-gated) are reported by name with live values", async () => {
    await server.control.patchOrganization(server.organizationId, { ignoredSettings: ["session_recording_sample_rate"] });
    try {
      const error = await provider.create({ name: "Gated", sessionRecordingSampleRate: 0.3, anonymizeIps: true }).catch((e: unknown) => e);
      expect((error as Error).message).toMatch(/did not apply sessionRecordingSampleRate \(declared 0.3, PostHog kept null\)/);
      expect((error as { properties: Outs }).properties).toMatchObject({ sessionRecordingSampleRate: null, anonymizeIps: true });
    } finally {
      await server.control.patchOrganization(server.organizationId, { ignoredSettings: [] });
    }
  });

  test("a lost answer after PostHog committed the create finds the project instead of creating a second one", async () => {
    await server.fault({ method: "POST", path: "/projects/?$", status: 502, afterCommit: true });
    const { outs } = await create({ name: "Exactly once", timezone: "UTC" });
    expect(outs.name).toBe("Exactly once");
    expect((await server.requests({ method: "POST" })).map((r) => r.status)).toEqual([502]);
    expect((await projects.listProjects(http, server.organizationId)).filter((p) => p.name === "Exactly once")).toHaveLength(1);
  });

  test("adoptProjectId takes over an existing project: GET and PATCH, no POST", async () => {
    const existing = await projects.createProject(http, server.organizationId, { name: "Made by hand", timezone: "UTC" });
    await server.clearRequests();
    const { id, outs } = await create({ name: "Made by hand", timezone: "Asia/Tokyo", adoptProjectId: existing.id });
    expect(id).toBe(String(existing.id));
    expect(outs).toMatchObject({ timezone: "Asia/Tokyo", adoptProjectId: existing.id, apiToken: existing.api_token });
    const log = await server.requests();
    expect(log.map((r) => r.method)).toEqual(["GET", "PATCH"]);
    expect(log[1]!.bodyKeys).toEqual(["timezone"]);
  });

  test("missing organization and key say which setting to provide", async () => {
    const bare = new ProjectProvider({ config: { host: server.url, apiKey: server.apiKey, organizationId: undefined }, transport: http });
    await expect(bare.create({ name: "x" })).rejects.toThrow(/pulumi config set posthog:organizationId/);
    const keyless = new ProjectProvider();
    await keyless.configure({ config: { get: (key: string) => ({ "posthog:host": server.url, "posthog:organizationId": server.organizationId })[key], require: () => "" } });
    const saved = process.env["POSTHOG_API_KEY"];
    delete process.env["POSTHOG_API_KEY"];
    try {
      await expect(keyless.create({ name: "x" })).rejects.toThrow(/pulumi config set --secret posthog:apiKey.*POSTHOG_API_KEY/);
    } finally {
      if (saved !== undefined) process.env["POSTHOG_API_KEY"] = saved;
    }
  });
});

describe("read, diff and update: drift", () => {
  test("an out-of-band change shows in read; diff reports it; update restores it with one PATCH of that field", async () => {
    const declared = { name: "Drift", timezone: "Europe/Amsterdam", anonymizeIps: true, sessionRecordingSampleRate: 0.5, appUrls: ["https://a.example.com", ""] };
    const { id, outs } = await create(declared);
    expect(await provider.diff(id, outs, declared)).toMatchObject({ changes: false, replaces: [] });

    await server.control.patchProject(Number(id), { anonymize_ips: false, heatmaps_opt_in: true });
    await server.clearRequests();
    const refreshed = await provider.read(id, outs);
    expect((await server.requests()).map((r) => r.method)).toEqual(["GET"]);
    expect(refreshed.props).toMatchObject({ anonymizeIps: false, heatmapsOptIn: true });

    // Only the declared setting shows; heatmapsOptIn is not managed.
    const diff = await provider.diff(id, refreshed.props as Outs, declared);
    expect(diff).toMatchObject({ changes: true, replaces: [] });

    await server.clearRequests();
    const updated = await provider.update(id, refreshed.props as Outs, declared);
    const log = await server.requests();
    expect(log.map((r) => r.method)).toEqual(["PATCH"]);
    expect(log[0]!.bodyKeys).toEqual(["anonymize_ips"]);
    expect(updated.outs).toMatchObject({ anonymizeIps: true, heatmapsOptIn: true });
    expect(await provider.diff(id, updated.outs as Outs, declared)).toMatchObject({ changes: false });
  });

  test("an out-of-band deletion reads as gone", async () => {
    const { id, outs } = await create({ name: "Deleted by hand" });
    await server.control.deleteProject(Number(id));
    expect(await provider.read(id, outs)).toEqual({});
  });

  test("update of a project deleted by hand explains what to run", async () => {
    const { id, outs } = await create({ name: "Gone" });
    await server.control.deleteProject(Number(id));
    await expect(provider.update(id, outs, { name: "Gone", timezone: "Asia/Tokyo" })).rejects.toThrow(/pulumi refresh/);
  });

  test("diff normalises what PostHog rewrites, ignores undeclared settings and treats unknowns as changes", async () => {
    const { id, outs } = await create({ name: "Normal", sessionRecordingSampleRate: "0.50", appUrls: ["https://x.example.com", ""], modifiers: { bounceRateDurationSeconds: 30 } });
    expect(await provider.diff(id, outs, { name: " Normal ", sessionRecordingSampleRate: 0.5, appUrls: ["https://x.example.com", ""] })).toMatchObject({ changes: false });
    expect(await provider.diff(id, { ...outs, modifiers: { bounceRateDurationSeconds: 30, personsOnEventsMode: "x" } }, { name: "Normal", modifiers: { bounceRateDurationSeconds: 30 } })).toMatchObject({ changes: false });
    expect(await provider.diff(id, outs, { name: "Normal", timezone: UNKNOWN })).toMatchObject({ changes: true, replaces: [] });
    expect(await provider.diff(id, { ...outs, __provider: "changed code" }, { name: "Normal" })).toMatchObject({ changes: false });
  });

  test("only organizationId forces replacement", async () => {
    const { id, outs } = await create({ name: "Moving" });
    expect(await provider.diff(id, outs, { name: "Moving", organizationId: "0190aaaa-0000-0000-0000-000000000000" })).toMatchObject({
      changes: true,
      replaces: ["organizationId"],
    });
    expect(await provider.diff(id, outs, { name: "Moving", organizationId: server.organizationId })).toMatchObject({ changes: false, replaces: [] });
    expect(await provider.diff(id, outs, { name: "Moving", organizationId: UNKNOWN })).toMatchObject({ replaces: ["organizationId"] });
  });
});

describe("token rotation", () => {
  test("changing apiTokenRotation calls reset_token once and the new token is in the outputs", async () => {
    const { id, outs } = await create({ name: "Rotating", apiTokenRotation: "2026-01" });
    expect(await provider.diff(id, outs, { name: "Rotating", apiTokenRotation: "2026-02" })).toMatchObject({ changes: true });
    await server.clearRequests();
    const updated = await provider.update(id, outs, { name: "Rotating", apiTokenRotation: "2026-02" });
    expect((await writes()).map((r) => r.path)).toEqual([expect.stringMatching(/reset_token\/?$/)]);
    expect(updated.outs!.apiToken).not.toBe(outs.apiToken);
    expect(updated.outs!.apiTokenRotation).toBe("2026-02");
  });

  test("a scoped personal API key gets an explanation instead of PostHog's bare 403", async () => {
    const scoped = new ProjectProvider(connection(await server.key({ scopes: ["project:write"] })));
    const { id, outs } = await create({ name: "Scoped", apiTokenRotation: "a" });
    await expect(scoped.update(id, outs, { name: "Scoped", apiTokenRotation: "b" })).rejects.toThrow(
      /refuses to rotate a project API key \(reset_token\) for scoped personal API keys/,
    );
  });
});

describe("delete", () => {
  test("one DELETE; a project already gone counts as deleted", async () => {
    const { id, outs } = await create({ name: "Doomed" });
    await server.clearRequests();
    await provider.delete(id, outs);
    expect((await server.requests()).map((r) => `${r.method} ${r.status}`)).toEqual(["DELETE 204"]);
    await expect(provider.delete(id, outs)).resolves.toBeUndefined();
  });

  test("a project PostHog is already deleting counts as deleted", async () => {
    const { id, outs } = await create({ name: "Being deleted" });
    await server.fault({
      method: "DELETE",
      status: 400,
      body: { type: "validation_error", code: "invalid_input", detail: "This project is already being deleted.", attr: null },
    });
    await expect(provider.delete(id, outs)).resolves.toBeUndefined();
    expect((await server.requests({ method: "DELETE" })).map((r) => r.status)).toEqual([400]);
  });

  test("other refusals keep the project in the state with PostHog's reason", async () => {
    const { id, outs } = await create({ name: "Last project" });
    const detail = "Cannot delete the last project in an organization with an active subscription. Please cancel your subscription first in the billing page.";
    await server.fault({ method: "DELETE", status: 400, body: { type: "validation_error", code: "invalid_input", detail, attr: null } });
    await expect(provider.delete(id, outs)).rejects.toThrow(detail);
  });
});

describe("every writable setting survives a round trip", () => {
  test("the value table covers every writable field", () => {
    expect(Object.keys(firstValues).sort()).toEqual(settingNames.map((s) => s.arg).sort());
  });

  test("create with every setting, read back, update every setting, read back: no diff either time", async () => {
    // primaryDashboard must name one of the project's own dashboards: PostHog makes one with the project.
    const { primaryDashboard: _none, ...creatable } = firstValues;
    const { id, outs } = await create(creatable);
    const dashboard = outs.primaryDashboard;
    expect(dashboard).toEqual(expect.any(Number));
    const read = (await provider.read(id, outs)).props as Outs;
    expect(await provider.diff(id, read, creatable)).toMatchObject({ changes: false });
    for (const arg of Object.keys(creatable)) {
      const expected = arg === "appUrls" ? ["https://app.example.com"] : arg === "sessionRecordingSampleRate" ? "0.50" : firstValues[arg];
      expect({ [arg]: read[arg] }).toEqual({ [arg]: expected });
    }

    const second = { ...secondValues, primaryDashboard: null };
    const updated = await provider.update(id, read, second);
    const reread = (await provider.read(id, updated.outs as Outs)).props as Outs;
    expect(await provider.diff(id, reread, second)).toMatchObject({ changes: false });
    expect(reread).toMatchObject({ name: "Round trip, renamed", timezone: "America/New_York", sessionRecordingSampleRate: "0.25", weekStartDay: 0, primaryDashboard: null });
    for (const arg of Object.keys(secondValues)) {
      if (arg === "sessionRecordingSampleRate") continue;
      expect({ [arg]: reread[arg] }).toEqual({ [arg]: secondValues[arg] });
    }

    const third = { ...second, primaryDashboard: dashboard };
    const restored = await provider.update(id, reread, third);
    expect(restored.outs).toMatchObject({ primaryDashboard: dashboard });
  });
});
