/**
 * The provider against both PostHog versions the local server plays: today's ("current") and the self-hosted
 * 2025-08-04 one (src/server/projects/versions.ts), where they differ (README "PostHog versions").
 */
import { Transport } from "../../../src/client-entry";
import * as projects from "../../../src/kinds/project/endpoints";
import { getProjectActivity } from "../../../src/functions";
import { useLookupConfig } from "../../../src/functions/context";
import { ProjectLifecycle, type ProjectOutputs, type ProviderConfig } from "../../../src/provider";
import type { PostHogVersion } from "../../../src/server";
import { startLocalPostHog, type LocalPostHog } from "../../helpers/local-posthog";

type Outs = ProjectOutputs & Record<string, unknown>;

interface Setup {
  server: LocalPostHog;
  provider: ProjectLifecycle;
  http: Transport;
}

const servers: Partial<Record<PostHogVersion, Setup>> = {};

const connect = (server: LocalPostHog, apiKey: string) => {
  const config: ProviderConfig = { host: server.url, apiKey, organizationId: server.organizationId };
  return { config, transport: new Transport({ host: server.url, apiKey, rateLimits: false, retry: { attempts: 2, baseDelayMs: 10 } }) };
};

beforeAll(async () => {
  for (const version of ["current", "2025-08-04"] as const) {
    const server = await startLocalPostHog({ postHogVersion: version, deletionPurgeMs: 60_000 });
    servers[version] = {
      server,
      provider: new ProjectLifecycle(connect(server, server.apiKey)),
      http: connect(server, server.apiKey).transport,
    };
  }
});
afterAll(() => Promise.all(Object.values(servers).map((s) => s.server.close())));
// Each test with a key scoped as those PostHog hands out today (the default local key is a legacy one, without
// scopes, which no scope check stops); a reset forgets keys, so it is made after.
beforeEach(() =>
  Promise.all(
    Object.values(servers).map(async (setup) => {
      await setup.server.control.reset();
      const own = connect(setup.server, await setup.server.key({ scopes: ["project:read", "project:write"] }));
      setup.provider = new ProjectLifecycle(own);
      setup.http = own.transport;
    }),
  ),
);

const on = (version: PostHogVersion): Setup => servers[version]!;
const old = () => on("2025-08-04");
const versions = ["current", "2025-08-04"] as const;

async function create(setup: Setup, inputs: Record<string, unknown>) {
  const result = await setup.provider.create(inputs);
  return { id: result.id, outs: result.outs as Outs };
}
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a failure");
    },
    (e: unknown) => e as Error & { id?: string; properties?: Outs },
  );

describe("null entries of appUrls and recordingDomains", () => {
  test.each(versions)("%s: dropped before sending, so that the next diff and update find nothing to do", async (version) => {
    const setup = on(version);
    const declared = { name: "Nulls", appUrls: ["https://a.example", null], recordingDomains: [null, "https://r.example"] };
    const { id, outs } = await create(setup, declared);
    expect([outs.appUrls, outs.recordingDomains]).toEqual([["https://a.example"], ["https://r.example"]]);
    const read = await setup.provider.read(id, outs);
    expect(await setup.provider.diff(id, read.props as Outs, declared)).toMatchObject({ changes: false });
    expect(read.inputs).toMatchObject({ appUrls: declared.appUrls });
  });

  test("2025-08-04: a null entry PostHog keeps (set by hand) compares as absent on both sides", async () => {
    const { id, outs } = await create(old(), { name: "Kept nulls", appUrls: ["https://a.example"] });
    await old().server.control.patchProject(Number(id), { app_urls: ["https://a.example", null] });
    const read = await old().provider.read(id, outs);
    expect(read.props!.appUrls).toEqual(["https://a.example", null]);
    expect(await old().provider.diff(id, read.props as Outs, { name: "Kept nulls", appUrls: ["https://a.example"] })).toMatchObject({
      changes: false,
    });
  });
});

describe("test account filters on create", () => {
  const filters = [{ key: "$browser", operator: "exact", value: ["Chrome"], type: "person" }];
  test.each([
    ["current", [["POST", ["name", "test_account_filters"]]]],
    [
      "2025-08-04",
      [
        ["POST", ["name", "test_account_filters"]],
        ["PATCH", ["test_account_filters"]],
      ],
    ],
  ] as const)(
    "%s: sent with the POST, and again in a PATCH when its answer shows PostHog's defaults instead",
    async (version, expected) => {
      const setup = on(version);
      await setup.server.clearRequests();
      const { outs } = await create(setup, { name: "Filters", testAccountFilters: filters });
      expect(outs.testAccountFilters).toEqual(filters);
      const writes = (await setup.server.requests()).filter((r) => r.method !== "GET");
      expect(writes.map((r) => [r.method, r.bodyKeys])).toEqual(expected);
    },
  );
});

describe("settings PostHog does not apply: the reason given is what happened", () => {
  test("a setting no plan feature governs is not blamed on the plan", async () => {
    const { server, provider } = on("current");
    await server.control.patchOrganization(server.organizationId, { ignoredSettings: ["heatmaps_opt_in"] });
    const error = await failure(provider.create({ name: "Kept", heatmapsOptIn: true }));
    expect(error.message).toBe(
      "PostHog accepted but did not apply heatmapsOptIn (declared true, PostHog kept null): it answered the write with 200 and kept its own value (no plan feature governs this setting). The state holds PostHog's value, so the next preview shows the difference again; check the setting in PostHog.",
    );
    expect(error.message).not.toMatch(/plan lacks|upgrade the plan/i);
  });

  test("defaultDataTheme, which PostHog shows as its default without the data color themes feature, names the plan", async () => {
    const { server, provider } = on("current");
    await server.control.patchOrganization(server.organizationId, { ignoredSettings: ["default_data_theme"] });
    const error = await failure(provider.create({ name: "Themed", defaultDataTheme: 7 }));
    expect(error.message).toMatch(
      /did not apply defaultDataTheme \(declared 7, PostHog kept null\): it shows its own value of this setting to organizations whose plan lacks data color themes/,
    );
  });
});

describe("settings the 2025-08-04 PostHog keeps on the environment, or has nowhere", () => {
  const onEnvironment = { baseCurrency: "EUR", captureDeadClicks: true, sessionRecordingTriggerMatchTypeConfig: "any" } as const;

  test("written to /api/environments/<id>/ when the project record lacks them, read back there: no diff", async () => {
    const { server, provider } = old();
    await server.clearRequests();
    const declared = { name: "Env", anonymizeIps: true, ...onEnvironment };
    const { id, outs } = await create(old(), declared);
    expect(outs).toMatchObject(declared);
    expect(outs).not.toHaveProperty("unsupportedSettings");
    const writes = (await server.requests()).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
    expect(writes).toEqual([
      expect.stringMatching(/^POST .*\/projects\/$/),
      expect.stringMatching(/^PATCH .*\/projects\/\d+\/$/),
      `PATCH /api/environments/${id}/`,
    ]);
    expect(await projects.getEnvironment(old().http, Number(id))).toMatchObject({ base_currency: "EUR", capture_dead_clicks: true });

    const read = await provider.read(id, outs);
    expect(read.props).toMatchObject(onEnvironment);
    expect(await provider.diff(id, read.props as Outs, declared)).toMatchObject({ changes: false });

    await server.clearRequests();
    const updated = await provider.update(id, read.props as Outs, { ...declared, baseCurrency: "GBP" });
    expect(updated.outs).toMatchObject({ baseCurrency: "GBP" });
    expect((await server.requests()).filter((r) => r.method === "PATCH").map((r) => [r.path, r.bodyKeys])).toEqual([
      [expect.stringMatching(/\/projects\/\d+\/$/), ["base_currency"]],
      // With the unchanged name: a PATCH of config fields only would need `team:read`, which no scoped key has.
      [`/api/environments/${id}/`, ["base_currency", "name"]],
    ]);
  });

  test("today's PostHog has them on the project: no request to the environment", async () => {
    const { server } = on("current");
    await server.clearRequests();
    const { outs } = await create(on("current"), { name: "Env", ...onEnvironment });
    expect(outs).toMatchObject(onEnvironment);
    expect((await server.requests()).map((r) => r.path).filter((p) => p.includes("environments"))).toEqual([]);
  });

  test("a setting it has nowhere fails up once, clearly, and then the preview (diff) says so before anything is sent", async () => {
    const { provider, server } = old();
    const declared = { name: "Nowhere", sessionRecordingRetentionPeriod: "90d", anonymizeIps: true } as const;
    const error = await failure(provider.create(declared));
    const expected =
      'This PostHog has no setting sessionRecordingRetentionPeriod: neither the project nor its environment (/api/environments/<id>/) has it, so it cannot be applied. This PostHog version predates it (the 2025-08-04 PostHog lacks 13 of today\'s settings; see "PostHog versions" in the README): upgrade PostHog or remove it from the program.';
    expect(error.message).toBe(expected);
    expect(error.properties).toMatchObject({ anonymizeIps: true, unsupportedSettings: ["session_recording_retention_period"] });
    const id = error.id!;

    await server.clearRequests();
    await expect(provider.diff(id, error.properties!, declared)).rejects.toThrow(
      `${expected} (as the last \`pulumi up\` or refresh found)`,
    );
    // Removed from the program: the preview is clean again.
    const { sessionRecordingRetentionPeriod: _gone, ...rest } = declared;
    expect(await provider.diff(id, error.properties!, rest)).toMatchObject({ changes: false });
    // A refresh finds the same, and says which in the state.
    const read = await provider.read(id, error.properties!);
    expect(read.props).toMatchObject({ unsupportedSettings: ["session_recording_retention_period"] });
    expect((await server.requests()).map((r) => `${r.method} ${r.path}`)).toEqual([
      expect.stringMatching(/^GET .*\/projects\/\d+\/$/),
      `GET /api/environments/${id}/`,
    ]);
  });
});

describe("modifiers, replaced by the 2025-08-04 PostHog and merged by today's", () => {
  test.each(versions)("%s: keys set elsewhere survive a change of the declared ones", async (version) => {
    const setup = on(version);
    const { id, outs } = await create(setup, { name: "Modifiers", modifiers: { personsOnEventsMode: "disabled" } });
    await setup.server.control.patchProject(Number(id), {
      modifiers: { personsOnEventsMode: "disabled", bounceRatePageViewMode: "uniq_urls" },
    });
    const read = await setup.provider.read(id, outs);
    const declared = { name: "Modifiers", modifiers: { personsOnEventsMode: "person_id_override_properties_joined" } } as const;
    const updated = await setup.provider.update(id, read.props as Outs, declared);
    expect(updated.outs!.modifiers).toEqual({
      personsOnEventsMode: "person_id_override_properties_joined",
      bounceRatePageViewMode: "uniq_urls",
    });
  });

  test.each(versions)(
    "%s: modifiers declared for the first time keep the keys set elsewhere (the state had no live value)",
    async (version) => {
      const setup = on(version);
      const { id, outs } = await create(setup, { name: "Modifiers later" });
      await setup.server.control.patchProject(Number(id), { modifiers: { bounceRatePageViewMode: "uniq_urls" } });
      // The slim state keeps the live values of declared settings only: these outputs know nothing of modifiers.
      expect(outs).not.toHaveProperty("modifiers");
      const declared = { name: "Modifiers later", modifiers: { personsOnEventsMode: "disabled" } } as const;
      expect(await setup.provider.diff(id, outs, declared)).toMatchObject({ changes: true });
      const updated = await setup.provider.update(id, outs, declared);
      expect(updated.outs!.modifiers).toEqual({ personsOnEventsMode: "disabled", bounceRatePageViewMode: "uniq_urls" });
    },
  );

  test("2025-08-04: a project whose stored personsOnEventsMode breaks every read gets an error that says how to repair it", async () => {
    const { provider, server } = old();
    const { id, outs } = await create(old(), { name: "Broken" });
    await server.control.patchProject(Number(id), { modifiers: { personsOnEventsMode: "bogus" } });
    const error = await failure(provider.read(id, outs));
    expect(error.message).toMatch(
      new RegExp(
        `^PostHog cannot read project ${id}: it answers 500 to GET /api/organizations/${server.organizationId}/projects/${id}/\\. A 2025-08-04 PostHog does this to every read of a project whose \`modifiers.personsOnEventsMode\` holds a value it does not know.*PATCH /api/organizations/${server.organizationId}/projects/${id}/ with \\{"modifiers":\\{"personsOnEventsMode":null\\}\\}`,
      ),
    );
    // A program that declares modifiers is offered those as the repair.
    const declaring = await failure(
      provider.read(id, { ...outs, declaredInputs: { name: "Broken", modifiers: { personsOnEventsMode: "disabled" } } }),
    );
    expect(declaring.message).toContain(`with {"modifiers":{"personsOnEventsMode":"disabled"}} (the modifiers this program declares;`);
    // Following it works.
    await projects.updateProject(old().http, server.organizationId, Number(id), { modifiers: { personsOnEventsMode: null } });
    expect((await provider.read(id, outs)).props).toMatchObject({ name: "Broken" });
  });
});

describe("actions PostHog refuses to every personal API key", () => {
  test.each(versions)("%s: rotation with an all-access key says to use the web app, not another key", async (version) => {
    const setup = on(version);
    const allAccess = new ProjectLifecycle(connect(setup.server, await setup.server.key({ scopes: ["*"] })));
    const { id, outs } = await create(setup, { name: "Rotate", apiTokenRotation: "2026-01" });
    const error = await failure(allAccess.update(id, outs, { name: "Rotate", apiTokenRotation: "2026-02" }));
    expect(error.message).toMatch(/with a personal API key of any scope, all access \(\*\) included: the action has no API scope/);
    expect(error.message).toMatch(/Rotate the key in PostHog's web app.*set apiTokenRotation back to "2026-01"/);
    expect(error.message).not.toMatch(/no scope restrictions/);
  });

  test.each(versions)("%s: the activity lookup with an all-access key says the same", async (version) => {
    const setup = on(version);
    const { id } = await create(setup, { name: "Activity" });
    const key = await setup.server.key({ scopes: ["*"] });
    useLookupConfig((name) => (name === "posthog:apiKey" ? key : undefined));
    const error = await failure(
      getProjectActivity({ projectId: Number(id), host: setup.server.url, organizationId: setup.server.organizationId }),
    );
    expect(error.message).toMatch(/^PostHog refuses GET .*\/activity\/ to personal API keys of every scope, all access \(\*\) included/);
    expect(error.message).toMatch(version === "current" ? /personal API key access/ : /Personal API Key access/);
  });
});

describe("deletion and duplicate names", () => {
  test("2025-08-04: delete removes at once; a second delete (404) counts as done; refresh drops it", async () => {
    const { provider, server } = old();
    // Another project keeps the organization visible to a key without organization:read (a 404 is "deleted" only then).
    await create(old(), { name: "Keeper" });
    const { id, outs } = await create(old(), { name: "Doomed" });
    await server.clearRequests();
    await provider.delete(id, outs);
    await provider.delete(id, outs);
    expect((await server.requests({ method: "DELETE" })).map((r) => `${r.method} ${r.status}`)).toEqual(["DELETE 204", "DELETE 404"]);
    expect(await provider.read(id, outs)).toEqual({});
  });

  test.each(versions)("%s: a project deleted by hand (DELETE through the API) leaves on refresh and is created again", async (version) => {
    const setup = on(version);
    await create(setup, { name: "Keeper" });
    const { id, outs } = await create(setup, { name: "By hand" });
    await projects.deleteProject(setup.http, setup.server.organizationId, Number(id));
    expect(await setup.provider.read(id, outs)).toEqual({});
    const again = await create(setup, { name: "By hand" });
    expect(again.id).not.toBe(id);
  });

  test("2025-08-04: a second project of the same name is created (no 409): two resources, two projects", async () => {
    const first = await create(old(), { name: "Twin" });
    const second = await create(old(), { name: "Twin" });
    expect(second.id).not.toBe(first.id);
    expect((await projects.listProjects(old().http, old().server.organizationId)).filter((p) => p.name === "Twin")).toHaveLength(2);
  });
});
