/**
 * posthog.Experiment's lifecycle over loopback against the local server, in both PostHog versions it plays: a flag
 * PostHog creates, or an existing one taken by key; no change after PostHog's normalisations; drift; launching and
 * stopping as inputs; a new flag key replaces, a launched experiment only when allowed (its own flag renamed replaces
 * nothing); soft delete leaves the flag; a lost create found by flag key (import: the
 * contract, test/kinds/contract.test.ts).
 */
import * as experiments from "../../../src/kinds/experiment/endpoints";
import * as featureFlags from "../../../src/kinds/feature-flag/endpoints";
import { getExperiment, listExperiments } from "../../../src/functions";
import { useLookupConfig } from "../../../src/functions/context";
import { ExperimentLifecycle } from "../../../src/provider";
import { UNKNOWN } from "../../../src/kit/unknown";
import { projectScopedSetups, versions } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Experiments", (connection) => new ExperimentLifecycle(connection));

const parameters = {
  feature_flag_variants: [
    { key: "control", split_percent: 50 },
    { key: "test", split_percent: 50 },
  ],
};

describe.each(versions)("PostHog %s", (version) => {
  const setup = () => setups[version]!;

  test("create (PostHog makes the flag), no change, drift, launch, stop, replace on a new key, soft delete leaves the flag", async () => {
    const { provider, http, projectId, server } = setup();
    const key = `checkout-${version}`;
    const inputs: Json = { projectId, name: `Checkout ${version}`, featureFlagKey: key, parameters, description: "Faster checkout" };
    expect((await provider.check({}, inputs)).failures).toBeUndefined();
    const created = await provider.create(inputs);
    const outs = created.outs as Json;
    expect(outs).toMatchObject({ experimentId: Number(created.id), projectId, featureFlagKey: key, startDate: null, endDate: null });
    const flag = await featureFlags.getFeatureFlag(http, projectId, outs["featureFlagId"] as number);
    expect(flag.key).toBe(key);

    expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);
    expect((await provider.read(created.id, outs)).inputs).toEqual(inputs);

    await experiments.updateExperiment(http, projectId, Number(created.id), { description: "By hand" });
    const drifted = await provider.read(created.id, outs);
    expect(drifted.inputs).toEqual({ ...inputs, description: "By hand" });

    const launchedInputs = { ...inputs, launched: true };
    expect((await provider.diff(created.id, drifted.props as Json, launchedInputs)).changes).toBe(true);
    await server.clearRequests();
    const launched = await provider.update(created.id, drifted.props as Json, launchedInputs);
    expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([["description", "start_date"]]);
    expect(launched.outs).toMatchObject({ launched: true, startDate: expect.any(String), endDate: null });
    // Launched already: nothing to send.
    expect((await provider.diff(created.id, launched.outs as Json, launchedInputs)).changes).toBe(false);

    const stoppedInputs = { ...launchedInputs, stopped: true };
    const stopped = await provider.update(created.id, launched.outs as Json, stoppedInputs);
    expect(stopped.outs).toMatchObject({ launched: true, stopped: true, endDate: expect.any(String) });

    // Launched once, it is replaced on a new key only when the program allows it.
    const allowed = { ...stoppedInputs, featureFlagKey: "other", allowReplaceWhileLaunched: true };
    expect((await provider.diff(created.id, stopped.outs as Json, allowed)).replaces).toEqual(["featureFlagKey"]);

    await provider.delete(created.id, stopped.outs as Json);
    await expect(experiments.getExperiment(http, projectId, Number(created.id))).rejects.toMatchObject({ isNotFound: true });
    expect((await featureFlags.getFeatureFlag(http, projectId, flag.id)).deleted).toBe(false);
    expect(await provider.read(created.id, stopped.outs as Json)).toEqual({});
    // Created again on the same key: PostHog takes the flag left behind.
    const again = await provider.create(inputs);
    expect((again.outs as Json)["featureFlagId"]).toBe(flag.id);
  });

  test("exposure criteria: no change after PostHog's default, drift shown, restored", async () => {
    const { provider, http, projectId } = setup();
    const exposureCriteria = { exposure_config: { kind: "ExperimentEventExposureConfig", event: "$pageview", properties: [] } };
    const inputs: Json = { projectId, name: `Exposure ${version}`, featureFlagKey: `exposure-${version}`, exposureCriteria };
    expect((await provider.check({}, inputs)).failures).toBeUndefined();
    const created = await provider.create(inputs);
    const live = await experiments.getExperiment(http, projectId, Number(created.id));
    // Today's PostHog filters test accounts unless told otherwise; 2025-08-04 stores what it is given.
    expect(live.exposure_criteria).toEqual(version === "current" ? { ...exposureCriteria, filterTestAccounts: true } : exposureCriteria);
    expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);
    expect((await provider.read(created.id, created.outs as Json)).inputs).toEqual(inputs);

    await experiments.updateExperiment(http, projectId, Number(created.id), {
      exposure_criteria: { ...exposureCriteria, filterTestAccounts: false },
    });
    const drifted = await provider.read(created.id, created.outs as Json);
    expect(drifted.inputs).toEqual({ ...inputs, exposureCriteria: { ...exposureCriteria, filterTestAccounts: false } });
    const restored = await provider.update(created.id, drifted.props as Json, {
      ...inputs,
      exposureCriteria: { ...exposureCriteria, filterTestAccounts: true },
    });
    expect(
      (
        await provider.diff(created.id, restored.outs as Json, {
          ...inputs,
          exposureCriteria: { ...exposureCriteria, filterTestAccounts: true },
        })
      ).changes,
    ).toBe(false);
    await provider.delete(created.id, restored.outs as Json);
  });

  test("allowUnknownEvents is write-only: sent on create and with the metrics, kept as declared, never drift (2025-08-04 drops it)", async () => {
    const { provider, projectId, server } = setup();
    const metric = (event: string) => ({ kind: "ExperimentMetric", metric_type: "mean", source: { kind: "EventsNode", event } });
    const inputs: Json = {
      projectId,
      name: `Unknown events ${version}`,
      featureFlagKey: `unknown-${version}`,
      metrics: [metric("not yet sent")],
    };
    if (version === "current")
      // Today's PostHog refuses metrics naming events the project has not ingested, unless the request allows them.
      await expect(provider.create(inputs)).rejects.toThrow(/Event\(s\) 'not yet sent' not found/);
    const allowing = { ...inputs, allowUnknownEvents: true };
    await server.clearRequests();
    const created = await provider.create(allowing);
    expect((await server.requests({ method: "POST" })).map((r) => r.bodyKeys?.includes("allow_unknown_events"))).toEqual([true]);
    expect(await server.requests({ method: "PATCH" })).toEqual([]);
    const outs = created.outs as Json;
    expect(outs["allowUnknownEvents"]).toBe(true);
    expect((await provider.diff(created.id, outs, allowing)).changes).toBe(false);
    expect((await provider.read(created.id, outs)).inputs).toEqual(allowing);

    // New metrics go with it (PostHog checks the event names of the metrics a request sends).
    const more = { ...allowing, metrics: [metric("not yet sent"), metric("nor this")] };
    await server.clearRequests();
    const updated = await provider.update(created.id, outs, more);
    expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([["metrics", "allow_unknown_events"]]);
    // Changed alone, it is sent alone; taken away, nothing is sent.
    const off = { ...more, allowUnknownEvents: false };
    expect((await provider.diff(created.id, updated.outs as Json, off)).changes).toBe(true);
    await server.clearRequests();
    const turnedOff = await provider.update(created.id, updated.outs as Json, off);
    expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([["allow_unknown_events"]]);
    expect((turnedOff.outs as Json)["allowUnknownEvents"]).toBe(false);
    const { allowUnknownEvents: _, ...without } = more;
    expect((await provider.diff(created.id, turnedOff.outs as Json, without)).changes).toBe(false);
  });

  test("paused (today's): pause and resume by PostHog's actions, kept across refreshes, drift shown and restored; 2025-08-04 has no pause, named", async () => {
    const { provider, http, projectId, server } = setup();
    const inputs: Json = {
      projectId,
      name: `Paused ${version}`,
      featureFlagKey: `paused-${version}`,
      parameters,
      launched: true,
      paused: true,
    };
    if (version !== "current") {
      await expect(provider.create(inputs)).rejects.toThrow(/paused.*2025-08-04/s);
      return;
    }
    await server.clearRequests();
    const created = await provider.create(inputs);
    expect((await server.requests()).filter((r) => r.method === "POST").map((r) => r.path.replace(/\d+/g, "N"))).toEqual([
      "/api/projects/N/experiments/",
      "/api/projects/N/experiments/N/pause/",
    ]);
    const outs = created.outs as Json;
    expect(outs).toMatchObject({ launched: true, paused: true });
    expect((await experiments.getExperiment(http, projectId, Number(created.id))).status).toBe("paused");
    expect((await featureFlags.getFeatureFlag(http, projectId, outs["featureFlagId"] as number)).active).toBe(false);
    expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);
    expect((await provider.read(created.id, outs)).inputs).toEqual(inputs);

    // Resumed by hand: drift, and paused again.
    await experiments.resumeExperiment(http, projectId, Number(created.id));
    const drifted = await provider.read(created.id, outs);
    expect(drifted.inputs).toEqual({ ...inputs, paused: false });
    const repaused = await provider.update(created.id, drifted.props as Json, inputs);
    expect((repaused.outs as Json)["paused"]).toBe(true);

    // Resumed and stopped in one update: the resume goes first (PostHog resumes no ended experiment).
    await server.clearRequests();
    const stopped = await provider.update(created.id, repaused.outs as Json, { ...inputs, paused: false, stopped: true });
    expect((await server.requests()).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path.replace(/\d+/g, "N")}`)).toEqual([
      "POST /api/projects/N/experiments/N/resume/",
      "PATCH /api/projects/N/experiments/N/",
    ]);
    expect(stopped.outs).toMatchObject({ paused: false, stopped: true });
    expect((await featureFlags.getFeatureFlag(http, projectId, outs["featureFlagId"] as number)).active).toBe(true);
  });

  test("an existing flag, taken by its key: PostHog runs the experiment on it", async () => {
    const { provider, http, projectId } = setup();
    const flag = await featureFlags.createFeatureFlag(http, projectId, {
      key: `own-flag-${version}`,
      filters: {
        groups: [{ rollout_percentage: 100 }],
        multivariate: { variants: [...parameters.feature_flag_variants.map((v) => ({ key: v.key, rollout_percentage: 50 }))] },
      },
    });
    const created = await provider.create({ projectId, name: `On my flag ${version}`, featureFlagKey: flag.key });
    expect((created.outs as Json)["featureFlagId"]).toBe(flag.id);
  });

  test("a create whose answer is lost after PostHog committed is found by its flag key; the lookups", async () => {
    const { provider, server, http, projectId } = setup();
    await server.fault({ method: "POST", path: "/experiments/?$", status: 502, afterCommit: true });
    const created = await provider.create({ projectId, name: `lost-${version}`, featureFlagKey: `lost-${version}` });
    const live = (await experiments.listExperiments(http, projectId)).filter((e) => e.name === `lost-${version}`).map((e) => e.id);
    expect(live).toEqual([Number(created.id)]);

    useLookupConfig((key) => ({ "posthog:host": server.url, "posthog:apiKey": server.apiKey })[key]);
    expect(await getExperiment({ projectId, featureFlagKey: `lost-${version}` })).toMatchObject({ experimentId: Number(created.id) });
    expect(await getExperiment({ projectId, experimentId: Number(created.id) })).toMatchObject({
      name: `lost-${version}`,
      startDate: null,
    });
    expect((await listExperiments({ projectId, search: `lost-${version}` })).map((e) => e.experimentId)).toEqual([Number(created.id)]);
  });

  test("PostHog runs several experiments on one flag: a lost create takes only its own, and a shared flag key is no lookup key", async () => {
    const { provider, server, projectId } = setup();
    const key = `shared-${version}`;
    const first = await provider.create({ projectId, name: `First on ${key}`, featureFlagKey: key, parameters });
    // The POST never reached PostHog's database: the first experiment on the key is not this one.
    await server.fault({ method: "POST", path: "/experiments/?$", status: 502 });
    await expect(provider.create({ projectId, name: `Second on ${key}`, featureFlagKey: key, parameters })).rejects.toThrow(
      `No experiment named "Second on ${key}" on the flag "${key}" was created; run \`pulumi up\` again.`,
    );
    // It did reach it: the second one is taken, not the first.
    await server.fault({ method: "POST", path: "/experiments/?$", status: 502, afterCommit: true });
    const second = await provider.create({ projectId, name: `Second on ${key}`, featureFlagKey: key, parameters });
    expect(second.id).not.toBe(first.id);
    expect(second.outs).toMatchObject({ name: `Second on ${key}`, featureFlagKey: key });

    useLookupConfig((k) => ({ "posthog:host": server.url, "posthog:apiKey": server.apiKey })[k]);
    await expect(getExperiment({ projectId, featureFlagKey: key })).rejects.toThrow(
      `Project ${projectId} has 2 experiments on the flag "${key}" (${first.id}, ${second.id}): give experimentId instead.`,
    );
  });

  test("a launched experiment is never replaced unless allowed; its own flag's key renamed replaces nothing", async () => {
    const { provider, http, projectId } = setup();
    const key = `running-${version}`;
    const inputs: Json = { projectId, name: `Running ${version}`, featureFlagKey: key, parameters, launched: true };
    const created = await provider.create(inputs);
    const outs = created.outs as Json;
    const refused = `Experiment ${created.id} is launched (since ${outs["startDate"]}): `;

    // Another live flag's key: refused at the diff (preview), naming the flag and the input that allows it.
    const other = await featureFlags.createFeatureFlag(http, projectId, { key: `other-${version}` });
    await expect(provider.diff(created.id, outs, { ...inputs, featureFlagKey: other.key })).rejects.toThrow(
      `${refused}changing featureFlagKey to "${other.key}", the key of another flag (${other.id}), would replace it, deleting the experiment with its start date and results and launching a new one. Nothing was changed. To replace it all the same, set \`allowReplaceWhileLaunched: true\``,
    );
    // Another project: refused too.
    await expect(provider.diff(created.id, outs, { ...inputs, projectId: projectId + 1000 })).rejects.toThrow(
      `${refused}changing projectId would replace it`,
    );
    // A key not known yet (a preview while the flag changes) or no flag's yet: an update, which refuses if the
    // experiment's flag does not carry it by then.
    expect(await provider.diff(created.id, outs, { ...inputs, featureFlagKey: UNKNOWN })).toMatchObject({ changes: true, replaces: [] });
    await expect(provider.update(created.id, outs, { ...inputs, featureFlagKey: `nowhere-${version}` })).rejects.toThrow(
      `${refused}changing featureFlagKey to "nowhere-${version}" would replace it`,
    );

    // The experiment's own flag renamed: PostHog keeps the experiment on it, so the same experiment follows.
    await featureFlags.updateFeatureFlag(http, projectId, outs["featureFlagId"] as number, { key: `renamed-${version}` });
    const renamed = { ...inputs, featureFlagKey: `renamed-${version}` };
    expect(await provider.diff(created.id, outs, renamed)).toMatchObject({ changes: true, replaces: [] });
    const updated = await provider.update(created.id, outs, renamed);
    expect(updated.outs).toMatchObject({
      experimentId: Number(created.id),
      featureFlagKey: `renamed-${version}`,
      startDate: outs["startDate"],
    });
    expect((await provider.diff(created.id, updated.outs as Json, renamed)).changes).toBe(false);
  });
});
