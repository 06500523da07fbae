/**
 * posthog.ExperimentHoldout, posthog.ExperimentSavedMetric and an Experiment's `holdoutId` and `savedMetricIds`, over
 * loopback against the local server in both PostHog versions it plays: an experiment on a holdout and two saved
 * metrics with no change after create (PostHog's holdout variant and metric uuid compare equal), its flag holding the
 * holdout's groups, the links replaced whole; saved metric tags dropped by 2025-08-04 (no `tagging` plan feature)
 * said so; PostHog's rules before anything is sent; an Experiment state written before these inputs existed still
 * reads, diffs and updates without change; a create whose answer was lost taken only when this create made it (not
 * another user's of the name, made as it was sent); each deleted with DELETE. (Each example's create, drift,
 * adoption, import, delete: the contract.)
 */
import { Transport } from "../../../src/client-entry";
import * as experiments from "../../../src/kinds/experiment/endpoints";
import * as holdouts from "../../../src/kinds/experiment-holdout/endpoints";
import * as metrics from "../../../src/kinds/experiment-saved-metric/endpoints";
import * as featureFlags from "../../../src/kinds/feature-flag/endpoints";
import {
  ExperimentHoldoutLifecycle,
  ExperimentLifecycle,
  ExperimentSavedMetricLifecycle,
  FeatureFlagLifecycle,
} from "../../../src/provider";
import { withShortHoldoutWatch } from "../../helpers/holdout-watch";
import { projectScopedSetups, versions } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Holdouts and metrics", (connection) => ({
  holdout: new ExperimentHoldoutLifecycle(connection),
  metric: new ExperimentSavedMetricLifecycle(connection),
  experiment: new ExperimentLifecycle(connection),
  flag: new FeatureFlagLifecycle(connection),
}));

const funnel = { kind: "ExperimentMetric", metric_type: "funnel", series: [{ kind: "EventsNode", event: "checkout started" }] };
const mean = { kind: "ExperimentMetric", metric_type: "mean", source: { kind: "EventsNode", event: "order paid" } };

describe.each(versions)("PostHog %s", (version) => {
  const setup = () => setups[version]!;

  test("an experiment on a holdout and two saved metrics: no change after create, the flag holds the holdout, links replaced", async () => {
    const { provider, http, projectId } = setup();
    const holdoutInputs: Json = { projectId, name: `Holdout ${version}`, filters: [{ properties: [], rollout_percentage: 10 }] };
    const holdout = await provider.holdout.create(holdoutInputs);
    expect((await provider.holdout.diff(holdout.id, holdout.outs as Json, holdoutInputs)).changes).toBe(false);
    expect((await provider.holdout.read(holdout.id, holdout.outs as Json)).inputs).toEqual(holdoutInputs);

    const metricIds: number[] = [];
    for (const [name, query] of [
      [`Conversion ${version}`, funnel],
      [`Revenue ${version}`, mean],
    ] as const) {
      const inputs: Json = { projectId, name, query };
      const made = await provider.metric.create(inputs);
      expect((await provider.metric.diff(made.id, made.outs as Json, inputs)).changes).toBe(false);
      metricIds.push(Number(made.id));
    }

    const inputs: Json = {
      projectId,
      name: `Checkout ${version}`,
      featureFlagKey: `checkout-holdout-${version}`,
      holdoutId: Number(holdout.id),
      savedMetricIds: [
        { id: metricIds[1], metadata: { type: "secondary" } },
        { id: metricIds[0], metadata: { type: "primary" } },
      ],
    };
    expect((await provider.experiment.check({}, inputs)).failures).toBeUndefined();
    const created = await provider.experiment.create(inputs);
    expect((await provider.experiment.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);
    const read = await provider.experiment.read(created.id, created.outs as Json);
    expect(read.inputs).toEqual(inputs);
    const flagId = (created.outs as Json)["featureFlagId"] as number;
    // 2025-08-04 writes the holdout's groups into the flag, today's PostHog the holdout's id and exclusion percentage.
    const filters = (await featureFlags.getFeatureFlag(http, projectId, flagId)).filters;
    if (version === "2025-08-04")
      expect(filters["holdout_groups"]).toEqual([expect.objectContaining({ rollout_percentage: 10, variant: `holdout-${holdout.id}` })]);
    else expect(filters["holdout"]).toEqual({ id: Number(holdout.id), exclusion_percentage: 10 });

    // One metric fewer: PostHog's list is replaced whole.
    const fewer = { ...inputs, savedMetricIds: [{ id: metricIds[0], metadata: { type: "primary" } }] };
    const updated = await provider.experiment.update(created.id, read.props as Json, fewer);
    expect((await experiments.getExperiment(http, projectId, Number(created.id))).saved_metrics?.map((l) => l.saved_metric)).toEqual([
      metricIds[0],
    ]);
    expect((await provider.experiment.diff(created.id, updated.outs as Json, fewer)).changes).toBe(false);
  });

  test("a declared flag run by a draft experiment then given a holdout: a change of the flag from a state read before the holdout keeps it; destroyed, the experiment leaves the holdout first", async () => {
    const { provider, http, projectId } = setup();
    const variants = [
      { key: "control", rollout_percentage: 50 },
      { key: "test", rollout_percentage: 50 },
    ];
    const flagInputs: Json = {
      projectId,
      key: `held-${version}`,
      filters: { groups: [{ properties: [], rollout_percentage: 100 }], multivariate: { variants } },
    };
    const flag = await provider.flag.create(flagInputs);
    const holdout = await provider.holdout.create({
      projectId,
      name: `Held ${version}`,
      filters: [{ properties: [], rollout_percentage: 10 }],
    });
    const inputs: Json = { projectId, name: `Held ${version}`, featureFlagKey: `held-${version}` };
    const experiment = await provider.experiment.create(inputs);
    await provider.experiment.update(experiment.id, experiment.outs as Json, { ...inputs, holdoutId: Number(holdout.id) });
    // PostHog wrote the holdout into the flag (2025-08-04 as `holdout_groups`, today's as `holdout`), after the flag's
    // state was last read.
    const key = version === "2025-08-04" ? "holdout_groups" : "holdout";
    const held = (await featureFlags.getFeatureFlag(http, projectId, Number(flag.id))).filters[key];
    expect(held).toEqual(
      version === "2025-08-04"
        ? [expect.objectContaining({ rollout_percentage: 10, variant: `holdout-${holdout.id}` })]
        : { id: Number(holdout.id), exclusion_percentage: 10 },
    );
    const narrower = { ...flagInputs, filters: { groups: [{ properties: [], rollout_percentage: 40 }], multivariate: { variants } } };
    await provider.flag.update(flag.id, flag.outs as Json, narrower);
    const after = (await featureFlags.getFeatureFlag(http, projectId, Number(flag.id))).filters;
    expect(after.groups?.[0]?.rollout_percentage).toBe(40);
    expect(after[key]).toEqual(held);

    // Destroy, in Pulumi's order: the experiment leaves its holdout before it is marked deleted, so the holdout's
    // DELETE (which rewrites the flags of its experiments, deleted ones too, from a read that may precede the flag's
    // own delete) writes nothing into the flag deleted beside it.
    await provider.experiment.delete(experiment.id, experiment.outs as Json);
    expect((await featureFlags.getFeatureFlag(http, projectId, Number(flag.id))).filters[key] ?? null).toBeNull();
    // The flag an experiment can run on watches the project's holdouts, this one kept until after it.
    await withShortHoldoutWatch(() => provider.flag.delete(flag.id, flag.outs as Json));
    const deleted = await featureFlags.getFeatureFlag(http, projectId, Number(flag.id));
    await provider.holdout.delete(holdout.id, holdout.outs as Json);
    expect(await featureFlags.getFeatureFlag(http, projectId, Number(flag.id))).toMatchObject({ deleted: true, version: deleted.version });
  });

  test("PostHog's rules before anything is sent: the holdout's groups, the metric's query, the links and their limit", async () => {
    const { provider, projectId } = setup();
    expect((await provider.holdout.check({}, { projectId, name: "h", filters: [] })).failures?.[0]?.reason).toMatch(
      /filters must hold at least one group: Filters are required to create an holdout group/,
    );
    const queries = await provider.metric.check({}, { projectId, name: "m", query: { kind: "TrendsQuery" } });
    expect(queries.failures?.[0]?.reason).toMatch(/query kind must be 'ExperimentMetric'/);
    const untyped = await provider.experiment.check({}, { projectId, name: "e", featureFlagKey: "e", savedMetricIds: [{ id: 1 }] });
    expect(untyped.failures?.[0]?.reason).toMatch(/savedMetricIds .*metadata/);
    const many = await provider.experiment.check(
      {},
      {
        projectId,
        name: "e",
        featureFlagKey: "e",
        metrics: Array.from({ length: 10 }, () => mean),
        savedMetricIds: [{ id: 1, metadata: { type: "primary" } }],
      },
    );
    expect(many.failures?.map((f) => f.reason)).toEqual([
      expect.stringContaining("You can only have up to 10 primary metrics (including shared metrics)"),
    ]);
  });

  test("tags: applied today; PostHog 2025-08-04's organization lacks the tagging plan feature, and the error says so", async () => {
    const { provider, projectId } = setup();
    const inputs: Json = { projectId, name: `Tagged ${version}`, query: funnel, tags: ["checkout"] };
    if (version === "current") {
      const made = await provider.metric.create(inputs);
      expect(made.outs).toMatchObject({ tags: ["checkout"] });
      expect((await provider.metric.diff(made.id, made.outs as Json, inputs)).changes).toBe(false);
      return;
    }
    await expect(provider.metric.create(inputs)).rejects.toThrow(
      /PostHog accepted but did not apply tags .*plan lacks the `tagging` feature/,
    );
  });

  test("an Experiment state written before holdoutId and savedMetricIds existed reads, diffs and updates without change", async () => {
    const { provider, projectId, server } = setup();
    const inputs: Json = { projectId, name: `Old ${version}`, featureFlagKey: `old-state-${version}` };
    const created = await provider.experiment.create(inputs);
    // What such a state holds: the outputs of that time (no new output was added by these inputs).
    const old = created.outs as Json;
    expect(Object.keys(old)).not.toContain("holdoutId");
    expect(Object.keys(old)).not.toContain("savedMetricIds");
    expect((await provider.experiment.diff(created.id, old, inputs)).changes).toBe(false);
    expect((await provider.experiment.read(created.id, old)).inputs).toEqual(inputs);
    await server.clearRequests();
    await provider.experiment.update(created.id, old, inputs);
    expect((await server.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  });

  test.each(["holdout", "metric"] as const)(
    "a %s: a create whose answer is lost after PostHog committed is taken; one another user made of the name is named, not taken; DELETE",
    async (which) => {
      const { provider, server, http, projectId } = setup();
      const path = which === "holdout" ? "/experiment_holdouts/?$" : "/experiment_saved_metrics/?$";
      const lifecycle = which === "holdout" ? provider.holdout : provider.metric;
      const list = () =>
        which === "holdout" ? holdouts.listExperimentHoldouts(http, projectId) : metrics.listExperimentSavedMetrics(http, projectId);
      const inputs = (name: string): Json =>
        which === "holdout"
          ? { projectId, name, filters: [{ properties: [], rollout_percentage: 5 }] }
          : { projectId, name, query: funnel };

      await server.fault({ method: "POST", path, status: 502, afterCommit: true });
      const lost = `Lost ${which} ${version}`;
      const made = await lifecycle.create(inputs(lost));
      expect((await list()).filter((o) => o.name === lost).map((o) => String(o.id))).toEqual([made.id]);

      // Another member makes one of the name, as this create would send it, while the proxy holds this create's POST,
      // which never reaches PostHog (the proxy's 502 comes instead): theirs, made since this create was sent, is named
      // with who made it, and with adoptId, never recorded as this one.
      const { key } = await server.control.createKey({
        organizationId: server.organizationId,
        userEmail: `ana-${which}@example.com`,
        level: "member",
      });
      const theirs = new Transport({ host: server.url, apiKey: key, rateLimits: false });
      const taken = `Theirs ${which} ${version}`;
      const { projectId: _, ...body } = inputs(taken);
      await server.fault({ method: "POST", path, status: 502, delayMs: 500 });
      const lostCreate = lifecycle.create(inputs(taken));
      lostCreate.catch(() => undefined);
      while ((await server.control.faults()).length > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      const other =
        which === "holdout"
          ? await holdouts.createExperimentHoldout(theirs, projectId, body)
          : await metrics.createExperimentSavedMetric(theirs, projectId, body);
      await expect(lostCreate).rejects.toThrow(
        new RegExp(
          `${other.id} \\(created [^)]*by ana-${which}@example\\.com\\): it was made by ana-${which}@example\\.com, not by the user of this personal API key.*adoptId: ${other.id}`,
          "s",
        ),
      );
      expect((await list()).filter((o) => o.name === taken).map((o) => o.id)).toEqual([other.id]);

      // Deleted as PostHog deletes them: DELETE (a ModelViewSet), then gone.
      await server.clearRequests();
      await lifecycle.delete(made.id, made.outs as Json);
      expect((await server.requests()).filter((r) => r.method !== "GET").map((r) => r.method)).toEqual(["DELETE"]);
      expect((await list()).filter((o) => o.name === lost)).toEqual([]);
    },
  );
});
