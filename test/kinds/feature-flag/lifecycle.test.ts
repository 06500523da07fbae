/**
 * posthog.FeatureFlag's lifecycle over loopback against the local server, in both PostHog versions it plays (today's
 * and 2025-08-04's): create, no change after PostHog's normalisations, drift as the live inputs, restore, rename,
 * a flag deleted by hand, soft delete, and the lookups. (Its example's create, preview, drift, adoption, import and
 * delete: the contract, test/kinds/contract.test.ts.)
 */
import * as dashboards from "../../../src/kinds/dashboard/endpoints";
import * as insights from "../../../src/kinds/insight/endpoints";
import * as featureFlags from "../../../src/kinds/feature-flag/endpoints";
import * as experiments from "../../../src/kinds/experiment/endpoints";
import * as holdouts from "../../../src/kinds/experiment-holdout/endpoints";
import { withShortHoldoutWatch } from "../../helpers/holdout-watch";
import { getFeatureFlag, listFeatureFlags } from "../../../src/functions";
import { useLookupConfig } from "../../../src/functions/context";
import { FeatureFlagLifecycle } from "../../../src/provider";
import { projectScopedSetups, versions } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Flags", (connection) => new FeatureFlagLifecycle(connection));

/** Release conditions written as a program writes them: no per-group aggregation, a payload as a value, keys in any order. */
const filters = {
  payloads: { true: { theme: "dark", sizes: [1, 2] } },
  groups: [{ rollout_percentage: 30, properties: [{ type: "person", operator: "icontains", value: "@example.com", key: "email" }] }],
};

describe.each(versions)("PostHog %s", (version) => {
  const setup = () => setups[version]!;

  test("create, no change, drift as old => new, restore, rename, deleted by hand, soft delete", async () => {
    const { provider, http, projectId } = setup();
    const inputs: Json = { projectId, key: `ff-life-${version}`, name: "Checkout", filters, tags: ["Web", "web "], active: true };
    expect((await provider.check({}, inputs)).failures).toBeUndefined();
    const created = await provider.create(inputs);
    const outs = created.outs as Json;
    expect(outs).toMatchObject({ flagId: Number(created.id), projectId, key: inputs["key"], name: "Checkout", active: true });
    const live = await featureFlags.getFeatureFlag(http, projectId, Number(created.id));
    // PostHog stored its own forms: payloads as JSON text, the group's aggregation added today.
    expect(typeof live.filters.payloads?.["true"]).toBe("string");
    expect(live.tags).toEqual(["web"]);

    // No change: PostHog's normalisations compare equal, and a refresh reads the program's own inputs back.
    expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);
    const read = await provider.read(created.id, outs);
    expect(read.inputs).toEqual(inputs);
    expect((await provider.diff(created.id, read.props as Json, inputs)).changes).toBe(false);

    // Drift by hand: the live inputs show the changed fields only.
    await featureFlags.updateFeatureFlag(http, projectId, Number(created.id), { active: false, name: "Renamed by hand" });
    const drifted = await provider.read(created.id, outs);
    expect(drifted.inputs).toEqual({ ...inputs, active: false, name: "Renamed by hand" });
    expect((await provider.diff(created.id, drifted.props as Json, inputs)).changes).toBe(true);

    // `pulumi up` restores them; then a rename of the key.
    const restored = await provider.update(created.id, drifted.props as Json, inputs);
    expect(restored.outs).toMatchObject({ active: true, name: "Checkout" });
    const renamed = { ...inputs, key: `ff-renamed-${version}` };
    const after = await provider.update(created.id, restored.outs as Json, renamed);
    expect((after.outs as Json)["key"]).toBe(renamed["key"]);
    expect((await featureFlags.getFeatureFlag(http, projectId, Number(created.id))).key).toBe(renamed["key"]);

    // Deleted by hand: a refresh drops it, and a create makes it again under the same key.
    await featureFlags.deleteFeatureFlag(http, projectId, Number(created.id));
    expect(await provider.read(created.id, after.outs as Json)).toEqual({});
    const again = await provider.create(renamed);
    expect(again.id).not.toBe(created.id);

    // Destroy marks it deleted, as PostHog deletes flags.
    await provider.delete(again.id, again.outs as Json);
    expect((await featureFlags.getFeatureFlag(http, projectId, Number(again.id))).deleted).toBe(true);
    const patches = await setup().server.requests({ method: "DELETE" });
    expect(patches).toEqual([]);
  });

  test("a create whose answer is lost after PostHog committed is found by its key, not created twice", async () => {
    const { provider, server, http, projectId } = setup();
    await server.fault({ method: "POST", path: "/feature_flags/?$", status: 502, afterCommit: true });
    const created = await provider.create({ projectId, key: `ff-lost-${version}` });
    const live = (await featureFlags.listFeatureFlags(http, projectId, { search: `ff-lost-${version}` })).map((f) => f.id);
    expect(live).toEqual([Number(created.id)]);
    // A 503 before anything was created is not resent blindly either: the error says nothing was created.
    await server.fault({ method: "POST", path: "/feature_flags/?$", status: 503 });
    await expect(provider.create({ projectId, key: `ff-refused-${version}` })).rejects.toThrow(
      /No feature flag with key "ff-refused-.*" was created; run `pulumi up` again/,
    );
  });

  test("multivariate flags with payloads per variant and a variant override round-trip without change", async () => {
    const { provider, projectId } = setup();
    const inputs: Json = {
      projectId,
      key: `ff-multi-${version}`,
      filters: {
        groups: [{ properties: [], rollout_percentage: 100, variant: "b" }],
        multivariate: {
          variants: [
            { key: "a", rollout_percentage: 50 },
            { key: "b", rollout_percentage: 50 },
          ],
        },
        payloads: { a: "1", b: { x: true } },
      },
      ensureExperienceContinuity: true,
      evaluationRuntime: "server",
    };
    const created = await provider.create(inputs);
    const read = await provider.read(created.id, created.outs as Json);
    expect(read.inputs).toEqual(inputs);
    expect((await provider.diff(created.id, read.props as Json, inputs)).changes).toBe(false);
  });

  test("archiving: an inactive flag archived in the same request; PostHog 2025-08-04 has no archiving, named", async () => {
    const { provider, projectId } = setup();
    const inputs: Json = { projectId, key: `ff-archived-${version}`, active: false, archived: true, bucketingIdentifier: "device_id" };
    if (version === "2025-08-04") {
      // That version drops both unread, as the real backend does: the up fails once, and every preview after says so.
      const failure = await provider.create(inputs).then(
        () => undefined,
        (error: Error & { properties?: Json }) => error,
      );
      expect(failure?.message).toBe(
        'This PostHog has no FeatureFlag setting archived, bucketingIdentifier (it answered without them), so they cannot be applied. This PostHog version predates them (PostHog 2025-08-04 has no archived, bucketingIdentifier; see "PostHog versions" in the README). Upgrade PostHog or remove archived, bucketingIdentifier from the program.',
      );
      const outs = (failure as Error & { properties: Json }).properties;
      await expect(provider.diff("0", outs, inputs)).rejects.toThrow(
        /has no FeatureFlag setting archived, bucketingIdentifier .*as the last `pulumi up` or refresh found/,
      );
      return;
    }
    const created = await provider.create(inputs);
    expect(created.outs).toMatchObject({ active: false, archived: true, bucketingIdentifier: "device_id" });
    expect((await provider.read(created.id, created.outs as Json)).inputs).toEqual(inputs);
  });

  test("encrypted payloads: created with no second write, read decrypted, a change of them sent saying has_encrypted_payloads (2025-08-04 stores them in plain text otherwise)", async () => {
    const { server, provider, http, projectId } = setup();
    const secretFilters = { groups: [{ properties: [], rollout_percentage: 100 }], payloads: { true: { apiKey: `sk-${version}` } } };
    const inputs: Json = {
      projectId,
      key: `ff-encrypted-${version}`,
      isRemoteConfiguration: true,
      hasEncryptedPayloads: true,
      filters: secretFilters,
    };
    await server.clearRequests();
    const created = await provider.create(inputs);
    expect((await server.requests({ path: /feature_flags/ })).filter((r) => r.method !== "GET").map((r) => r.method)).toEqual(["POST"]);
    const payload = (filters: unknown) => JSON.parse(String((filters as { payloads: Json }).payloads["true"]));
    expect(payload((created.outs as Json)["filters"])).toEqual({ apiKey: `sk-${version}` });
    expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);

    const changed = { ...inputs, filters: { ...secretFilters, payloads: { true: { apiKey: `sk-new-${version}` } } } };
    await server.clearRequests();
    await provider.update(created.id, created.outs as Json, changed);
    expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([["filters", "has_encrypted_payloads"]]);
    // Stored encrypted: PostHog decrypts it for the read (a payload stored as sent would not decrypt: 500).
    const live = await featureFlags.getFeatureFlag(http, projectId, Number(created.id));
    expect(payload(live.filters)).toEqual({ apiKey: `sk-new-${version}` });
  });

  test("usage dashboard: none by default (today's PostHog is asked for none; 2025-08-04 makes one, which the create deletes), PostHog's with createUsageDashboard, kept when the flag is deleted", async () => {
    const { provider, http, projectId } = setup();
    const generated = async (key: string) =>
      (await dashboards.listDashboards(http, projectId)).filter((d) => d.name === `Generated Dashboard: ${key} Usage`);
    // The dashboard's two sample insights name the flag's key in their descriptions.
    const samples = async (key: string) =>
      (await insights.listInsights(http, projectId)).filter((i) => String(i["description"]).endsWith(`with key: ${key}`)).length;
    const plain = await provider.create({ projectId, key: `ff-board-none-${version}`, filters });
    const none = await featureFlags.getFeatureFlag(http, projectId, Number(plain.id));
    if (version === "2025-08-04") {
      // `_create_usage_dashboard` runs on every create in 2025-08-04: the dashboard it made is marked deleted.
      expect(none.usage_dashboard).toEqual(expect.any(Number));
      await expect(dashboards.getDashboard(http, projectId, none.usage_dashboard!)).rejects.toMatchObject({ isNotFound: true });
    } else expect(none.usage_dashboard).toBeNull();
    expect(await generated(`ff-board-none-${version}`)).toEqual([]);
    expect(await samples(`ff-board-none-${version}`)).toBe(0);

    const inputs: Json = { projectId, key: `ff-board-${version}`, filters, createUsageDashboard: true };
    const withBoard = await provider.create(inputs);
    expect((await provider.diff(withBoard.id, withBoard.outs as Json, inputs)).changes).toBe(false);
    const [board] = await generated(`ff-board-${version}`);
    expect((await featureFlags.getFeatureFlag(http, projectId, Number(withBoard.id))).usage_dashboard).toBe(board!.id);
    expect(await samples(`ff-board-${version}`)).toBe(2);
    await provider.delete(withBoard.id, withBoard.outs as Json);
    expect(await dashboards.getDashboard(http, projectId, board!.id)).toMatchObject({ deleted: false });
    expect(await samples(`ff-board-${version}`)).toBe(2);
    expect((await provider.check({}, { ...inputs, createUsageDashboard: "yes" })).failures).toEqual([
      { property: "createUsageDashboard", reason: "createUsageDashboard must be true or false" },
    ]);
  });

  test("a soft delete PostHog answers 200 with the flag not deleted fails, naming the flag, and the next delete deletes it", async () => {
    const { provider, server, http, projectId } = setup();
    const created = await provider.create({ projectId, key: `ff-undeleted-${version}`, filters });
    const live = await featureFlags.getFeatureFlag(http, projectId, Number(created.id));
    await server.control.addFault({ method: "PATCH", path: `/feature_flags/${live.id}/`, status: 200, body: live });
    await expect(provider.delete(created.id, created.outs as Json)).rejects.toThrow(
      `PostHog answered the delete of feature flag ${live.id} with it not deleted: it is still live.`,
    );
    expect((await featureFlags.getFeatureFlag(http, projectId, live.id)).deleted).toBe(false);
    await provider.delete(created.id, created.outs as Json);
    expect((await featureFlags.getFeatureFlag(http, projectId, live.id)).deleted).toBe(true);
  });

  /** A holdout, and a flag run by an experiment on it: the experiment's own (which carries the holdout) or the program's. */
  const heldFlag = async (key: string, whose: "the experiment's" | "the program's") => {
    const { provider, http, projectId } = setup();
    const holdout = await holdouts.createExperimentHoldout(http, projectId, {
      name: key,
      filters: [{ properties: [], rollout_percentage: 10 }],
    });
    const variants = [
      { key: "control", rollout_percentage: 50 },
      { key: "test", rollout_percentage: 50 },
    ];
    if (whose === "the program's")
      await provider.create({
        projectId,
        key,
        filters: { groups: [{ properties: [], rollout_percentage: 100 }], multivariate: { variants } },
      });
    const experiment = await experiments.createExperiment(http, projectId, { name: key, feature_flag_key: key, holdout_id: holdout.id });
    return { holdout, experiment, flagId: experiment.feature_flag!.id };
  };

  test.each(["the experiment's", "the program's"] as const)(
    "%s flag deleted while the holdout of its deleted, launched experiment is deleted is deleted again once the holdout's DELETE has brought it back",
    async (whose) => {
      const { provider, server, http, projectId } = setup();
      const key = `ff-held-${whose === "the program's" ? "own" : "made"}-${version}`;
      const { holdout, experiment, flagId } = await heldFlag(key, whose);
      await experiments.updateExperiment(http, projectId, experiment.id, { start_date: "2025-01-01T00:00:00Z" });
      await experiments.updateExperiment(http, projectId, experiment.id, { deleted: true });
      // The holdout's DELETE reads the flag, then waits before it saves what it read (as Pulumi runs both deletes at once).
      await server.control.addFault({ method: "DELETE", path: "experiment_holdouts", delayMs: 800, midway: true });
      const dropped = holdouts.deleteExperimentHoldout(http, projectId, holdout.id);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await provider.delete(`${projectId}/${flagId}`, { projectId } as never);
      await dropped;
      const after = await featureFlags.getFeatureFlag(http, projectId, flagId);
      expect([after.deleted, after.key]).toEqual([true, version === "2025-08-04" ? `${key}:deleted:${flagId}` : key]);
      // The key is free for a new flag (2025-08-04 renamed the deleted one; today's deletes it for good).
      expect((await provider.create({ projectId, key, filters })).outs).toMatchObject({ key });
    },
  );

  test("a flag whose experiment's holdout is kept is deleted after the holdout has been watched for a while", async () => {
    const { provider, http, projectId } = setup();
    const { holdout, experiment, flagId } = await heldFlag(`ff-kept-${version}`, "the program's");
    await experiments.updateExperiment(http, projectId, experiment.id, { deleted: true });
    await withShortHoldoutWatch(() => provider.delete(`${projectId}/${flagId}`, { projectId } as never));
    expect((await featureFlags.getFeatureFlag(http, projectId, flagId)).deleted).toBe(true);
    expect((await holdouts.getExperimentHoldout(http, projectId, holdout.id)).id).toBe(holdout.id);
  });

  test("getFeatureFlag and listFeatureFlags read live flags by id and key", async () => {
    const { server, http, projectId } = setup();
    useLookupConfig(
      (key) => ({ "posthog:host": server.url, "posthog:apiKey": server.apiKey, "posthog:projectId": String(projectId) })[key],
    );
    const flag = await featureFlags.createFeatureFlag(http, projectId, { key: `ff-lookup-${version}`, name: "Lookup", filters });
    await expect(getFeatureFlag({ key: flag.key })).resolves.toMatchObject({ flagId: flag.id, projectId, key: flag.key, name: "Lookup" });
    await expect(getFeatureFlag({ projectId, flagId: flag.id })).resolves.toMatchObject({ key: flag.key });
    const listed = await listFeatureFlags({ search: "ff-lookup" });
    expect(listed.map((f) => f.key)).toEqual([flag.key]);
    await featureFlags.deleteFeatureFlag(http, projectId, flag.id);
    await expect(getFeatureFlag({ key: flag.key })).rejects.toThrow("no feature flag with key");
  });
});
