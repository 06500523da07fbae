/**
 * A holdout's update and a flag's update take turns in one provider host (src/kit/flag-turns.ts): PostHog saves a flag
 * whole, and a holdout's update saves its experiments' flags from a read of its own, so two at once put back what the
 * earlier read saw (on the real 2025-08-04 backend, a flag activated beside its experiment's holdout change lost the
 * holdout's groups about one run in four). Over loopback against the local server, each write held up by a delay: the
 * later update's PATCH is sent only once the other's has been answered; two flags' updates still run side by side.
 */
import { ExperimentHoldoutLifecycle, FeatureFlagLifecycle } from "../../src/provider";
import { projectScopedSetups } from "../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Flag turns", (connection) => ({
  holdout: new ExperimentHoldoutLifecycle(connection),
  flag: new FeatureFlagLifecycle(connection),
}));
const setup = () => setups["2025-08-04"]!;

const DELAY_MS = 800;
const flagInputs = (projectId: number, key: string, active: boolean): Json => ({
  projectId,
  key,
  active,
  filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
});
const holdoutInputs = (projectId: number, rollout: number): Json => ({
  projectId,
  name: "Turns",
  filters: [{ properties: [], rollout_percentage: rollout }],
});

/** When each PATCH of `path` arrived at the server, and when it was answered (its arrival plus the fault's delay). */
async function patches(path: RegExp): Promise<number[]> {
  const logged = await setup().server.requests();
  return logged.filter((r) => r.method === "PATCH" && path.test(r.path)).map((r) => Date.parse(String(r.at)));
}

test("a flag's update waits for a holdout's update in flight, and a holdout's for a flag's", async () => {
  const { provider, server, projectId } = setup();
  const flag = await provider.flag.create(flagInputs(projectId, "turns-flag", false));
  const holdout = await provider.holdout.create(holdoutInputs(projectId, 5));

  await server.clearRequests();
  await server.fault({ method: "PATCH", path: "experiment_holdouts", delayMs: DELAY_MS });
  const finished: string[] = [];
  const holdoutUpdate = provider.holdout
    .update(holdout.id, holdout.outs as Json, holdoutInputs(projectId, 10))
    .then(() => finished.push("holdout"));
  await new Promise((resolve) => setTimeout(resolve, 100));
  const flagUpdate = provider.flag
    .update(flag.id, flag.outs as Json, flagInputs(projectId, "turns-flag", true))
    .then(() => finished.push("flag"));
  await Promise.all([holdoutUpdate, flagUpdate]);
  expect(finished).toEqual(["holdout", "flag"]);
  const [holdoutPatch] = await patches(/experiment_holdouts/);
  const [flagPatch] = await patches(/feature_flags/);
  expect(flagPatch! - holdoutPatch!).toBeGreaterThanOrEqual(DELAY_MS - 50);

  // The other way round: a holdout's update waits for a flag's update in flight.
  const flagNow = await provider.flag.read(flag.id, flag.outs as Json);
  const holdoutNow = await provider.holdout.read(holdout.id, holdout.outs as Json);
  await server.clearRequests();
  await server.fault({ method: "PATCH", path: "feature_flags", delayMs: DELAY_MS });
  finished.length = 0;
  const second = provider.flag
    .update(flag.id, flagNow.props as Json, flagInputs(projectId, "turns-flag", false))
    .then(() => finished.push("flag"));
  await new Promise((resolve) => setTimeout(resolve, 100));
  const third = provider.holdout
    .update(holdout.id, holdoutNow.props as Json, holdoutInputs(projectId, 15))
    .then(() => finished.push("holdout"));
  await Promise.all([second, third]);
  expect(finished).toEqual(["flag", "holdout"]);
});

test("two flags' updates still run side by side", async () => {
  const { provider, server, projectId } = setup();
  const one = await provider.flag.create(flagInputs(projectId, "turns-one", false));
  const two = await provider.flag.create(flagInputs(projectId, "turns-two", false));
  await server.clearRequests();
  await server.fault({ method: "PATCH", path: "feature_flags", delayMs: DELAY_MS, count: 2 });
  await Promise.all([
    provider.flag.update(one.id, one.outs as Json, flagInputs(projectId, "turns-one", true)),
    provider.flag.update(two.id, two.outs as Json, flagInputs(projectId, "turns-two", true)),
  ]);
  const [first, second] = await patches(/feature_flags/);
  expect(Math.abs(second! - first!)).toBeLessThan(DELAY_MS / 2);
});
