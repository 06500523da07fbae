import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { Transport } from "../../../src/client-entry";
import * as projects from "../../../src/kinds/project/endpoints";
import { ProjectLifecycle, UNKNOWN, type ProjectOutputs, type ProviderConfig } from "../../../src/provider";
import { settingNames } from "../../../src/kinds/project/fields";
import { startLocalPostHog, type LocalPostHog } from "../../helpers/local-posthog";
import { firstValues, secondValues } from "../../helpers/settings";

let server: LocalPostHog;
let provider: ProjectLifecycle;
let http: Transport;

const connection = (apiKey: string) => {
  const config: ProviderConfig = { host: server.url, apiKey, organizationId: server.organizationId };
  return { config, transport: new Transport({ host: server.url, apiKey, rateLimits: false, retry: { attempts: 2, baseDelayMs: 10 } }) };
};

beforeAll(async () => {
  server = await startLocalPostHog();
  const own = connection(server.apiKey);
  provider = new ProjectLifecycle(own);
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
    // The model's child CharField refuses "" in today's PostHog and the 2025-08-04 one alike (posthog/models/team/team.py).
    [
      "appUrls",
      ["https://a.example", ""],
      /appUrls every entry must be a URL, not "" \(PostHog: 'This field may not be blank.'\).*\(at 1\)/,
    ],
    ["recordingDomains", [""], /recordingDomains every entry must be a domain, not "" .*\(at 0\)/],
    ["anonymizeIps", "yes", /anonymizeIps must be true or false/],
    ["dataAttributes", [1], /every entry must be a string \(at 0\)/],
    ["testAccountFilters", [{ operator: "exact" }], /needs a string `key`/],
    ["pathCleaningFilters", [{ regex: "(" }], /Invalid path cleaning regex '\(': .*missing closing \)/],
    ["pathCleaningFilters", [{ regex: "/a(?=b)" }], /Invalid path cleaning regex .*PostHog uses RE2: no look-around/],
    ["pathCleaningFilters", [{ regex: "/u/(\\d+)", alias: "/u/\\2" }], /references capture group \\2, but its regex has 1 capture group/],
    ["pathCleaningFilters", [{ alias: "x" }], /A path cleaning rule needs a regex/],
    ["testAccountFilters", [{ key: "x", operator: "bogus" }], /one of PostHog's operators: "exact", "is_not"/],
    [
      "testAccountFilters",
      [{ key: "x", operator: "exact", colour: "red" }],
      /may only have `key`, `type` \(default `event`\).*not `colour`/,
    ],
    [
      "testAccountFilters",
      [{ key: "email", type: "person", value: "a" }],
      /needs an `operator` \(only event, cohort, flag and hogql filters have a default\)/,
    ],
    ["sessionRecordingNetworkPayloadCaptureConfig", { recordHeaders: "yes" }, /must be true or false \(at recordHeaders\)/],
    ["sessionReplayConfig", { record_canvas: "maybe" }, /must be true or false \(at record_canvas\)/],
    ["sessionReplayConfig", { ai_config: { model: "x" } }, /ai_config may only have the keys included_event_properties/],
    ["modifiers", { personsOnEventsMode: 42 }, /must be one of "disabled", "person_id_no_override_properties_on_events"/],
    ["modifiers", { notAModifier: true }, /Invalid modifier key.*not `notAModifier`/],
    ["sessionRecordingMaskingConfig", { maskAllInputs: "all" }, /must be true or false/],
    ["cookielessServerHashMode", 3, /must be 0 \(disabled\), 1 \(stateless\) or 2 \(stateful\)/],
    ["businessModel", "b2x", /must be one of "b2b", "b2c", "other"/],
    ["baseCurrency", "XXX", /must be one of PostHog's currency codes/],
    ["sessionRecordingRetentionPeriod", "2y", /must be one of "30d", "90d", "1y", "5y"/],
    ["logsSettings", { retention_days: 7 }, /retention_days must be one of \[14, 30\]/],
    ["dataAttributes", null, /must be a list of strings/],
    ["marketingAnalyticsConfig", { attribution_window_days: 365 }, /marketingAnalyticsConfig/],
    ["autocaptureWebVitalsAllowedMetrics", ["TTFB"], /must be one of "FCP", "LCP", "INP", "CLS"/],
    ["sessionRecordingLinkedFlag", { id: 1, key: "k", extra: 1 }, /only `id` and `key`/],
    ["sessionRecordingNetworkPayloadCaptureConfig", { recordEverything: true }, /recordHeaders/],
    ["sessionReplayConfig", { canvas: true }, /record_canvas/],
    ["modifiers", { bounceRateDurationSeconds: 500 }, /between 1 and 120/],
    ["autocaptureExceptionsErrorsToIgnore", ["x".repeat(400)], /300 characters/],
    ["correlationConfig", [], /must be an object/],
    ["primaryDashboard", "home", /must be a dashboard id/],
    ["adoptProjectId", -3, /adoptProjectId must be the numeric id/],
    ["apiTokenRotation", 5, /apiTokenRotation must be a string/],
    // Keys every JavaScript object has (Object.prototype): read as a built-in function, they made a create hang.
    ["additionalSettings", { constructor: 1 }, /^additionalSettings\.constructor is not a PostHog field: .*\(Object\.prototype\)/],
    ["additionalSettings", JSON.parse('{"__proto__": 1}'), /^additionalSettings\.__proto__ is not a PostHog field/],
    ["additionalSettings", { hasOwnProperty: true }, /^additionalSettings\.hasOwnProperty is not a PostHog field/],
    [
      "additionalSettings",
      { new_setting: { nested: { toString: 1 } } },
      /^additionalSettings\.new_setting\.nested\.toString is a key named like a property every JavaScript object has/,
    ],
    [
      "onboardingTasks",
      { valueOf: "done" },
      /^onboardingTasks\.valueOf is a key named like a property every JavaScript object has .*Rename it/,
    ],
    ["extraSettings", { constructor: 1 }, /^extraSettings\.constructor is a key named like a property/],
    // JSON has no NaN or Infinity: JSON.stringify sends null, which PostHog stores without a word.
    ["additionalSettings", { new_setting: Number.NaN }, /^additionalSettings\.new_setting is NaN: JSON cannot carry NaN or ±Infinity/],
    ["extraSettings", { ratio: Number.POSITIVE_INFINITY }, /^extraSettings\.ratio is Infinity/],
    ["correlationConfig", { weights: [1, Number.NEGATIVE_INFINITY] }, /^correlationConfig\.weights\[1\] is -Infinity/],
    // TeamMarketingAnalyticsConfigSerializer.attribution_mode is a ChoiceField of AttributionMode (posthog/schema.py).
    ["marketingAnalyticsConfig", { attribution_mode: "bogus" }, /must be one of "first_touch", "last_touch" \(at attribution_mode\)/],
    // Read-only in PostHog's project and environment serializers, though not an output here.
    ["additionalSettings", { project_id: 5 }, /^additionalSettings\.project_id is read-only in PostHog .*posthog\/api\/team\.py/],
  ];
  test.each(cases)("%s = %j fails naming the property and the rule", async (property, value, reason) => {
    const result = await provider.check({}, { name: "ok", [property]: value });
    expect(result.failures).toEqual([{ property, reason: expect.stringMatching(reason) }]);
  });

  // Django's DATA_UPLOAD_MAX_MEMORY_SIZE (posthog/settings/web.py): PostHog's settings cap a body at 20 MB.
  const tooLarge: Array<[string, string, unknown, RegExp]> = [
    [
      "a 21 MB additionalSettings value",
      "additionalSettings",
      { big_setting: "x".repeat(21_000_000) },
      /^additionalSettings\.big_setting is 21000002 bytes as JSON.*cap a request body at 20971520 bytes \(20 MB, Django's DATA_UPLOAD_MAX_MEMORY_SIZE/,
    ],
    ["a 21 MB extraSettings", "extraSettings", { notes: "x".repeat(21_000_000) }, /^extraSettings is 21000012 bytes as JSON/],
  ];
  test.each(tooLarge)("%s fails naming the largest field and PostHog's limit", async (_title, property, value, reason) => {
    const result = await provider.check({}, { name: "ok", [property]: value });
    expect(result.failures).toEqual([{ property, reason: expect.stringMatching(reason) }]);
  });

  test.each([
    ["anonymizeIP", "Did you mean `anonymizeIps`?"],
    ["anonymize_ips", "Did you mean `anonymizeIps`?"],
    ["session_recording_opt_in", "Did you mean `sessionRecordingOptIn`?"],
    ["timeZone", "Did you mean `timezone`?"],
    ["brand_new_setting", "A PostHog field this package does not know yet goes in `additionalSettings: { brand_new_setting: … }`."],
  ])("a misspelt input %s is refused, with the closest valid name", async (property, hint) => {
    const result = await provider.check({}, { name: "ok", [property]: true });
    expect(result.failures).toEqual([{ property, reason: expect.stringContaining(hint) }]);
    expect(result.failures![0]!.reason).toMatch(new RegExp(`^${property} is not an input of posthog\\.Project\\. `));
  });

  test.each([
    [{ anonymize_ips: true }, /additionalSettings\.anonymize_ips is a known setting: declare it as `anonymizeIps` instead/],
    [{ api_token: "phc_x" }, /additionalSettings\.api_token is read-only in PostHog/],
    [{ "Bad-Name": 1 }, /additionalSettings\.Bad-Name must be PostHog's snake_case field name/],
  ])("additionalSettings %j is refused: %s", async (additionalSettings, reason) => {
    const result = await provider.check({}, { name: "ok", additionalSettings });
    expect(result.failures).toEqual([{ property: "additionalSettings", reason: expect.stringMatching(reason) }]);
  });

  test("PostHog's own forms pass: a filter without `type`, non-dictionary cleaning rules (skipped), an int-like flag id", async () => {
    const inputs: Record<string, unknown> = {
      name: "ok",
      testAccountFilters: [
        { key: "$host", operator: "not_regex", value: "localhost" },
        { key: "$host", value: "x" },
      ],
      pathCleaningFilters: ["not a rule", { regex: "/users/(\\d+)", alias: "/users/\\1" }],
      sessionRecordingLinkedFlag: { id: "-12", key: "k", variant: null },
      modifiers: { personsOnEventsMode: "person_id_override_properties_on_events", bounceRateDurationSeconds: 30 },
      additionalSettings: { brand_new_setting: { nested: [1, 2] } },
    };
    expect((await provider.check({}, inputs)).failures).toBeUndefined();
  });

  test("errors to ignore are measured as PostHog's json.dumps measures them (spaces after commas, \\uXXXX escapes)", async () => {
    // 3 entries of 90 characters: JSON.stringify gives 280 characters, Python's json.dumps 284.
    const fits = ["a".repeat(90), "b".repeat(90), "c".repeat(88)];
    expect((await provider.check({}, { name: "ok", autocaptureExceptionsErrorsToIgnore: fits })).failures).toBeUndefined();
    const tooLong = ["é".repeat(60)]; // 62 characters for JSON.stringify, 362 for json.dumps
    const failures = (await provider.check({}, { name: "ok", autocaptureExceptionsErrorsToIgnore: tooLong })).failures;
    expect(failures).toEqual([{ property: "autocaptureExceptionsErrorsToIgnore", reason: expect.stringMatching(/under 300 characters/) }]);
  });

  test("valid settings and values unknown during preview pass; nothing is sent", async () => {
    await server.clearRequests();
    expect((await provider.check({}, { ...firstValues })).failures).toBeUndefined();
    expect((await provider.check({}, { name: UNKNOWN, timezone: UNKNOWN, appUrls: [UNKNOWN] })).failures).toBeUndefined();
    expect(await server.requests()).toEqual([]);
  });
});

describe("create", () => {
  test("a key every JavaScript object has (constructor), past check, is only a key: what Pulumi's host encodes is JSON", async () => {
    // Pulumi's hosts encode a partial success's properties with Struct.fromJavaScript inside their error handler: a
    // function there (record["constructor"] is Object) threw, the create was never answered and `pulumi up` hung.
    const error = (await provider.create({ name: "Prototype", additionalSettings: { constructor: 1 } }).catch((e: unknown) => e)) as {
      message: string;
      properties: Record<string, unknown>;
    };
    expect(error.message).toMatch(/PostHog ignored additionalSettings\.constructor: it has no such field/);
    expect(error.properties["additionalSettings"]).toEqual(JSON.parse('{"constructor": null}'));
    expect(() => Struct.fromJavaScript(error.properties as never)).not.toThrow();
  });

  test("one POST with the declared fields; outputs hold the live record", async () => {
    await server.clearRequests();
    const { id, outs } = await create({
      name: "Web app",
      timezone: "Europe/Amsterdam",
      anonymizeIps: true,
      sessionRecordingSampleRate: 0.5,
    });
    // Beside the POST, the user is read (its current project, which shows a lost create's project is this one's).
    const log = await server.requests();
    expect(log.map((r) => `${r.method} ${r.path} ${r.status}`).sort()).toEqual([
      "GET /api/users/@me/ 200",
      `POST /api/organizations/${server.organizationId}/projects/ 201`,
    ]);
    expect(log.find((r) => r.method === "POST")!.bodyKeys?.sort()).toEqual([
      "anonymize_ips",
      "name",
      "session_recording_sample_rate",
      "timezone",
    ]);
    expect(outs).toMatchObject({ projectId: Number(id), organizationId: server.organizationId, name: "Web app", anonymizeIps: true });
    expect(outs.sessionRecordingSampleRate).toBe("0.50");
    expect(outs.apiToken).toMatch(/^phc_/);
    expect(Object.values(outs)).not.toContain(undefined);
    expect(JSON.stringify(outs)).not.toContain(server.apiKey);
  });

  test("a field PostHog refuses on create follows in one PATCH; if that fails the project is kept, not lost", async () => {
    const error = await provider.create({ name: "Dashboards", primaryDashboard: 987654 }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      message: expect.stringMatching(/exists, but setting primaryDashboard failed/),
    });
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
    const bare = new ProjectLifecycle({ config: { host: server.url, apiKey: server.apiKey, organizationId: undefined }, transport: http });
    await expect(bare.create({ name: "x" })).rejects.toThrow(/pulumi config set posthog:organizationId/);
    const keyless = new ProjectLifecycle();
    await keyless.configure({
      config: {
        get: (key: string) => ({ "posthog:host": server.url, "posthog:organizationId": server.organizationId })[key],
        require: () => "",
      },
    });
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
    const declared = {
      name: "Drift",
      timezone: "Europe/Amsterdam",
      anonymizeIps: true,
      sessionRecordingSampleRate: 0.5,
      appUrls: ["https://a.example.com", null],
    };
    const { id, outs } = await create(declared);
    expect(await provider.diff(id, outs, declared)).toMatchObject({ changes: false, replaces: [] });

    await server.control.patchProject(Number(id), { anonymize_ips: false, heatmaps_opt_in: true });
    await server.clearRequests();
    const refreshed = await provider.read(id, outs);
    expect((await server.requests()).map((r) => r.method)).toEqual(["GET"]);
    // The state keeps the declared settings' live values only: heatmapsOptIn is getProject's.
    expect(refreshed.props).toMatchObject({ anonymizeIps: false });
    expect(refreshed.props).not.toHaveProperty("heatmapsOptIn");

    // Only the declared setting shows; heatmapsOptIn is not managed.
    const diff = await provider.diff(id, refreshed.props as Outs, declared);
    expect(diff).toMatchObject({ changes: true, replaces: [] });

    await server.clearRequests();
    const updated = await provider.update(id, refreshed.props as Outs, declared);
    const log = await server.requests();
    expect(log.map((r) => r.method)).toEqual(["PATCH"]);
    expect(log[0]!.bodyKeys).toEqual(["anonymize_ips"]);
    expect(updated.outs).toMatchObject({ anonymizeIps: true });
    expect(updated.outs).not.toHaveProperty("heatmapsOptIn");
    expect(await provider.diff(id, updated.outs as Outs, declared)).toMatchObject({ changes: false });
  });

  test("read hands back the declared inputs with live values: exactly the drifted ones differ, in the program's form", async () => {
    const declared = {
      name: "Readable drift",
      anonymizeIps: true,
      sessionRecordingSampleRate: 0.5,
      sessionReplayConfig: { record_canvas: true },
      appUrls: ["https://a.example.com", null],
    };
    const { id, outs } = await create(declared);
    await server.control.patchProject(Number(id), {
      anonymize_ips: false,
      session_recording_sample_rate: "0.20",
      // A key the program does not declare, in a dictionary PostHog merges: not drift.
      session_replay_config: { record_canvas: true, ai_config: { opt_in: true } },
      heatmaps_opt_in: true,
    });
    const refreshed = await provider.read(id, outs);
    expect(refreshed.inputs).toEqual({
      ...declared,
      anonymizeIps: false,
      sessionRecordingSampleRate: 0.2,
    });
  });

  test("additionalSettings: a field newer than this package is sent as is, compared as JSON and shown in drift", async () => {
    await server.control.patchOrganization(server.organizationId, { newerFields: ["brand_new_setting"] });
    const declared = { name: "Newer PostHog", additionalSettings: { brand_new_setting: { mode: "strict", level: 2 } } };
    await server.clearRequests();
    const { id, outs } = await create(declared);
    expect((await server.requests({ method: "POST" }))[0]!.bodyKeys).toContain("brand_new_setting");
    expect(outs.additionalSettings).toEqual({ brand_new_setting: { mode: "strict", level: 2 } });
    expect(
      await provider.diff(id, outs, { ...declared, additionalSettings: { brand_new_setting: { level: 2, mode: "strict" } } }),
    ).toMatchObject({ changes: false });

    await server.control.patchProject(Number(id), { brand_new_setting: { mode: "lax", level: 2 } });
    const refreshed = await provider.read(id, outs);
    expect(refreshed.props!.additionalSettings).toEqual({ brand_new_setting: { mode: "lax", level: 2 } });
    expect(refreshed.inputs!["additionalSettings"]).toEqual({ brand_new_setting: { mode: "lax", level: 2 } });
    expect(await provider.diff(id, refreshed.props as Outs, declared)).toMatchObject({ changes: true });

    await server.clearRequests();
    await provider.update(id, refreshed.props as Outs, declared);
    expect((await server.requests()).map((r) => [r.method, r.bodyKeys])).toEqual([["PATCH", ["brand_new_setting"]]]);
  });

  test("an additional setting PostHog does not have is reported as such, not as plan-gated", async () => {
    const error = await create({ name: "Older PostHog", additionalSettings: { not_in_this_posthog: true } }).catch((e: Error) => e);
    expect((error as Error).message).toBe(
      "PostHog ignored additionalSettings.not_in_this_posthog: it has no such field (a misspelling, or a field your PostHog version does not have yet). Check the name against PostHog's API or remove it.",
    );
  });

  test("Project.get reads without declared inputs, and returns none", async () => {
    const { id } = await create({ name: "Looked up" });
    const read = await provider.read(id, { organizationId: server.organizationId } as Outs);
    expect(read.props).toMatchObject({ name: "Looked up" });
    expect(read.inputs).toBeUndefined();
  });

  test("an out-of-band deletion reads as gone", async () => {
    const { id, outs } = await create({ name: "Deleted by hand" });
    await server.control.deleteProject(Number(id));
    expect(await provider.read(id, outs)).toEqual({});
  });

  describe("a 404 means deleted only when the key sees the organization", () => {
    const keyHint = (key: string) => `${key.slice(0, 4)}...${key.slice(-4)}`;
    // A user who is not a member: PostHog answers 404 for every project of the organization, and for the organization.
    const outsider = async () => (await server.control.createKey({ level: "none", scopes: ["project:read", "project:write"] })).key;

    test("refresh with a key of a non-member fails naming the key and the organization; the project is untouched", async () => {
      const { id, outs } = await create({ name: "Still here" });
      const key = await outsider();
      const error = await new ProjectLifecycle(connection(key)).read(id, outs).catch((e: Error) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toContain(
        `PostHog answered 404 for project ${id}, but the personal API key ${keyHint(key)} cannot be shown to see organization ${server.organizationId} (it lists none of its projects, and GET /api/organizations/${server.organizationId}/ answered 40`,
      );
      expect((error as Error).message).toMatch(/Nothing was changed: the project stays in the state\. Use a personal API key of a member/);
      expect((error as Error).message).not.toContain(key);
      expect(await projects.getProject(http, server.organizationId, Number(id))).toMatchObject({ name: "Still here" });
    });

    test("a key scoped to another organization, or to other projects, never drops the project either", async () => {
      const { id, outs } = await create({ name: "Scoped away" });
      const other = await server.control.createOrganization({ name: "Elsewhere" });
      const toOrganization = await server.key({ scopes: ["project:read"], scopedOrganizations: [other.id] });
      await expect(new ProjectLifecycle(connection(toOrganization)).read(id, outs)).rejects.toThrow(/does not have access/);
      const elsewhere = await projects.createProject(http, server.organizationId, { name: "Another" });
      const toTeam = await server.key({ scopes: ["project:read"], scopedTeams: [elsewhere.id] });
      await expect(new ProjectLifecycle(connection(toTeam)).read(id, outs)).rejects.toThrow();
      // A deleted project read with such a key: not dropped, because the organization cannot be confirmed.
      await server.control.deleteProject(Number(id));
      await expect(new ProjectLifecycle(connection(toOrganization)).read(id, outs)).rejects.toThrow();
      await expect(new ProjectLifecycle(connection(toTeam)).read(id, outs)).rejects.toThrow();
      expect(await provider.read(id, outs)).toEqual({});
    });

    test("the organization's last project deleted by hand: dropped with organization:read; without it, kept with what to add", async () => {
      const { id, outs } = await create({ name: "Last one" });
      await server.control.deleteProject(Number(id));
      const withoutOrgRead = new ProjectLifecycle(connection(await server.key({ scopes: ["project:read"] })));
      await expect(withoutOrgRead.read(id, outs)).rejects.toThrow(
        /it lists none of its projects, and GET \/api\/organizations\/[0-9a-f-]+\/ answered 403: API key missing required scope 'organization:read'.*and organization:read if the organization has no other project/,
      );
      const withOrgRead = new ProjectLifecycle(connection(await server.key({ scopes: ["project:read", "organization:read"] })));
      expect(await withOrgRead.read(id, outs)).toEqual({});
    });

    test("delete with a key of a non-member is not counted as done", async () => {
      const { id, outs } = await create({ name: "Not yours to delete" });
      const key = await outsider();
      await expect(new ProjectLifecycle(connection(key)).delete(id, outs)).rejects.toThrow(
        /cannot be shown to see organization .* It was not counted as deleted: the project stays in the state/,
      );
      expect(await projects.getProject(http, server.organizationId, Number(id))).toMatchObject({ name: "Not yours to delete" });
    });
  });

  test("update of a project deleted by hand explains what to run", async () => {
    const { id, outs } = await create({ name: "Gone" });
    await server.control.deleteProject(Number(id));
    await expect(provider.update(id, outs, { name: "Gone", timezone: "Asia/Tokyo" })).rejects.toThrow(/pulumi refresh/);
  });

  test("diff normalises what PostHog rewrites, ignores undeclared settings and treats unknowns as changes", async () => {
    const { id, outs } = await create({
      name: "Normal",
      sessionRecordingSampleRate: "0.50",
      appUrls: ["https://x.example.com", null],
      modifiers: { bounceRateDurationSeconds: 30 },
    });
    expect(
      await provider.diff(id, outs, { name: " Normal ", sessionRecordingSampleRate: 0.5, appUrls: ["https://x.example.com", null] }),
    ).toMatchObject({ changes: false });
    expect(
      await provider.diff(
        id,
        { ...outs, modifiers: { bounceRateDurationSeconds: 30, personsOnEventsMode: "x" } },
        { name: "Normal", modifiers: { bounceRateDurationSeconds: 30 } },
      ),
    ).toMatchObject({ changes: false });
    expect(await provider.diff(id, outs, { name: "Normal", timezone: UNKNOWN })).toMatchObject({ changes: true, replaces: [] });
    expect(await provider.diff(id, { ...outs, __provider: "changed code" }, { name: "Normal" })).toMatchObject({ changes: false });
  });

  test("only organizationId forces replacement", async () => {
    const { id, outs } = await create({ name: "Moving" });
    expect(await provider.diff(id, outs, { name: "Moving", organizationId: "0190aaaa-0000-0000-0000-000000000000" })).toMatchObject({
      changes: true,
      replaces: ["organizationId"],
    });
    expect(await provider.diff(id, outs, { name: "Moving", organizationId: server.organizationId })).toMatchObject({
      changes: false,
      replaces: [],
    });
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
    const scoped = new ProjectLifecycle(connection(await server.key({ scopes: ["project:write"] })));
    const { id, outs } = await create({ name: "Scoped", apiTokenRotation: "a" });
    await expect(scoped.update(id, outs, { name: "Scoped", apiTokenRotation: "b" })).rejects.toThrow(
      /refuses to rotate a project API key \(reset_token\) with a personal API key of any scope, all access \(\*\) included.*set apiTokenRotation back to "a"/,
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
    const detail =
      "Cannot delete the last project in an organization with an active subscription. Please cancel your subscription first in the billing page.";
    await server.fault({ method: "DELETE", status: 400, body: { type: "validation_error", code: "invalid_input", detail, attr: null } });
    await expect(provider.delete(id, outs)).rejects.toThrow(detail);
  });
});

const isDictionary = (value: unknown) => value !== null && typeof value === "object" && !Array.isArray(value);

describe("every writable setting survives a round trip", () => {
  test("the value table covers every writable field", () => {
    expect(Object.keys(firstValues).sort()).toEqual(settingNames.map((s) => s.arg).sort());
  });

  test("create with every setting, read back, update every setting, read back: no diff either time", async () => {
    // primaryDashboard must name one of the project's own dashboards: PostHog makes one with the project.
    const { primaryDashboard: _none, ...creatable } = firstValues;
    const { id, outs } = await create(creatable);
    // Not declared, so not in the state (slim state): PostHog's record has it.
    expect(outs.primaryDashboard).toBeUndefined();
    const dashboard = (await projects.getProject(http, server.organizationId, Number(id))).primary_dashboard;
    expect(dashboard).toEqual(expect.any(Number));
    const read = (await provider.read(id, outs)).props as Outs;
    expect(await provider.diff(id, read, creatable)).toMatchObject({ changes: false });
    for (const arg of Object.keys(creatable)) {
      const expected = arg === "appUrls" ? ["https://app.example.com"] : arg === "sessionRecordingSampleRate" ? "0.50" : firstValues[arg];
      // Dictionaries come back with PostHog's own keys added (merged settings, nested configurations).
      if (isDictionary(expected)) expect({ [arg]: read[arg] }).toMatchObject({ [arg]: expected });
      else expect({ [arg]: read[arg] }).toEqual({ [arg]: expected });
    }

    const second = { ...secondValues, primaryDashboard: null };
    const updated = await provider.update(id, read, second);
    const reread = (await provider.read(id, updated.outs as Outs)).props as Outs;
    expect(await provider.diff(id, reread, second)).toMatchObject({ changes: false });
    expect(reread).toMatchObject({
      name: "Round trip, renamed",
      timezone: "America/New_York",
      sessionRecordingSampleRate: "0.25",
      weekStartDay: 0,
      primaryDashboard: null,
    });
    for (const arg of Object.keys(secondValues)) {
      if (arg === "sessionRecordingSampleRate") continue;
      if (isDictionary(secondValues[arg])) expect({ [arg]: reread[arg] }).toMatchObject({ [arg]: secondValues[arg] });
      else expect({ [arg]: reread[arg] }).toEqual({ [arg]: secondValues[arg] });
    }

    const third = { ...second, primaryDashboard: dashboard };
    const restored = await provider.update(id, reread, third);
    expect(restored.outs).toMatchObject({ primaryDashboard: dashboard });
  });
});
