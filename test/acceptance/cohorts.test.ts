/**
 * posthog.Cohort against a real PostHog: its lifecycle (create, read back without change, drift, restore, rename,
 * deleted by hand and created again, soft delete), a static cohort, a flag naming a cohort, the lookups, and the
 * provider's filter rules agreeing with PostHog's own refusals. Import by `<projectId>/<id>` is the contract's Cohort
 * case (contract.test.ts); `pulumi import` through the plugin is dashboards.test.ts's, as it is for every kind. What PostHog 2025-08-04 does differently from today's
 * (filters stored as sent; no `person_metadata` filter; a cohort an active flag uses is deleted all the same) is
 * asserted where the target is that version. Cohorts and flags carry the run's prefix and are marked deleted afterwards.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { PostHogError, type Transport } from "../../src/client-entry";
import * as cohorts from "../../src/kinds/cohort/endpoints";
import * as featureFlags from "../../src/kinds/feature-flag/endpoints";
import { getCohort, listCohorts } from "../../src/functions";
import { useLookupConfig } from "../../src/functions/context";
import { CohortLifecycle } from "../../src/provider";
import { cohortModel } from "../../src/kinds/cohort/kind";
import { pulumiSession, repoRoot } from "../helpers/pulumi-cli";
import { acceptanceTarget, inTargetProject, type AcceptanceTarget } from "./real-posthog";

const setup = require("../../scripts/setup") as { pluginBin(): string; languageHostBins(): { yaml: string } };

type Json = Record<string, unknown>;

let target: AcceptanceTarget;
let client: Transport;
let provider: CohortLifecycle;
let projectId: number;

beforeAll(async () => {
  target = acceptanceTarget();
  const inProject = inTargetProject(target);
  ({ client, projectId } = inProject);
  const apiKey = inProject.apiKey;
  provider = new CohortLifecycle(inProject.connection);
  useLookupConfig((key) => ({ "posthog:host": target.url, "posthog:apiKey": apiKey })[key]);
});
afterAll(async () => {
  if (!client) return;
  // Flags first: today's PostHog keeps a cohort an active flag uses.
  for (const flag of await featureFlags.listFeatureFlags(client, projectId, { search: target.prefix }))
    if (flag.key.startsWith(name(""))) await featureFlags.deleteFeatureFlag(client, projectId, flag.id);
  for (const cohort of await cohorts.listCohorts(client, projectId, target.prefix))
    if (cohort.name?.startsWith(name(""))) await cohorts.deleteCohort(client, projectId, cohort.id);
});

const name = (what: string) => `${target.prefix}cohort-${what}`;
const old = () => target.version === "2025-08-04";
const company = (...companies: string[]) => ({
  properties: {
    type: "OR",
    values: [{ type: "AND", values: [{ type: "person", key: "company", operator: "exact", value: companies }] }],
  },
});

test("create, read back without change, drift, restore, rename, deleted by hand and created again, soft delete", async () => {
  const inputs: Json = { projectId, name: name("life"), description: "Acme's persons", filters: company("Acme") };
  expect(cohortModel.validate(inputs)).toEqual([]);
  const created = await provider.create(inputs);
  const id = Number(created.id);
  expect(created.outs).toMatchObject({ cohortId: id, projectId, name: inputs["name"], isStatic: false });
  const live = await cohorts.getCohort(client, projectId, id);
  // 2025-08-04 stores the filters as sent (today's adds negation and bytecode: equal all the same).
  if (old()) expect(live.filters).toEqual(company("Acme"));
  const read = await provider.read(created.id, created.outs as Json);
  expect(read.inputs).toEqual(inputs);
  expect((await provider.diff(created.id, read.props as Json, inputs)).changes).toBe(false);

  await cohorts.updateCohort(client, projectId, id, { filters: company("Acme", "Initech"), description: "By hand" });
  const drifted = await provider.read(created.id, created.outs as Json);
  expect(drifted.inputs).toEqual({ ...inputs, description: "By hand", filters: company("Acme", "Initech") });
  const restored = await provider.update(created.id, drifted.props as Json, inputs);
  expect(await cohorts.getCohort(client, projectId, id)).toMatchObject({ description: "Acme's persons", filters: company("Acme") });

  const renamed = { ...inputs, name: name("life-renamed") };
  const after = await provider.update(created.id, restored.outs as Json, renamed);
  expect((await cohorts.getCohort(client, projectId, id)).name).toBe(renamed["name"]);

  await cohorts.deleteCohort(client, projectId, id);
  expect(await provider.read(created.id, after.outs as Json)).toEqual({});
  const again = await provider.create(renamed);
  expect(again.id).not.toBe(created.id);
  await provider.delete(again.id, again.outs as Json);
  expect((await cohorts.getCohort(client, projectId, Number(again.id))).deleted).toBe(true);
});

test("a static cohort: created empty, filters answered as none; isStatic changes replace it", async () => {
  const inputs: Json = { projectId, name: name("static"), isStatic: true };
  const created = await provider.create(inputs);
  expect(await cohorts.getCohort(client, projectId, Number(created.id))).toMatchObject({ is_static: true, filters: { properties: {} } });
  expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);
  expect((await provider.diff(created.id, created.outs as Json, { ...inputs, isStatic: false })).replaces).toEqual(["isStatic"]);
  await provider.delete(created.id, created.outs as Json);
});

test("a flag names a cohort by its id; PostHog 2025-08-04 deletes a cohort an active flag uses (today's refuses)", async () => {
  const created = await provider.create({ projectId, name: name("flagged"), filters: company("Acme") });
  const cohortId = Number(created.id);
  const flag = await featureFlags.createFeatureFlag(client, projectId, {
    key: name("flag"),
    active: true,
    filters: { groups: [{ properties: [{ key: "id", type: "cohort", value: cohortId }], rollout_percentage: 100 }] },
  });
  expect(flag.filters.groups[0]!.properties).toMatchObject([{ type: "cohort", value: cohortId, cohort_name: name("flagged") }]);
  const deleting = cohorts.deleteCohort(client, projectId, cohortId);
  if (old()) expect((await deleting).deleted).toBe(true);
  else await expect(deleting).rejects.toThrow(/This cohort is used in 1 active feature flag\(s\)/);
  await featureFlags.deleteFeatureFlag(client, projectId, flag.id);
});

test("the lookups: by id, by a name one live cohort has, listed by search and kind", async () => {
  const made = await cohorts.createCohort(client, projectId, { name: name("lookup"), filters: company("Globex") });
  expect(await getCohort({ projectId, cohortId: made.id })).toMatchObject({ cohortId: made.id, name: name("lookup"), isStatic: false });
  expect(await getCohort({ projectId, name: name("lookup") })).toMatchObject({ cohortId: made.id });
  const listed = await listCohorts({ projectId, search: name("lookup").toUpperCase() });
  expect(listed.map((c) => c.cohortId)).toEqual([made.id]);
  expect(await listCohorts({ projectId, search: name("lookup"), isStatic: true })).toEqual([]);
});

/** A filters body for one leaf. */
const leaf = (filter: Json) => ({ properties: { type: "AND", values: [filter] } });
const person = { type: "person", key: "company", operator: "exact", value: "Acme" };

test.each([
  [
    "a person filter without operator",
    leaf({ type: "person", key: "company", value: "Acme" }),
    "Missing required keys for person filter: operator",
  ],
  ["a cohort filter keyed by name", leaf({ type: "cohort", key: "name", value: 1 }), "Input should be 'id'"],
  ["a key no filter has", leaf({ ...person, label: "x" }), "Extra inputs are not permitted"],
  ["a null negation", leaf({ ...person, negation: null }), "Input should be a valid boolean"],
  ["a group of XOR", { properties: { type: "XOR", values: [] } }, "Input should be 'AND' or 'OR'"],
  ["an event filter at the top", leaf({ type: "event", key: "$browser", value: "Chrome" }), "does not match any of the expected tags"],
  ["no properties", { groups: [] }, "Must contain a 'properties' key with type and values"],
])("%s: refused by the provider before sending, and by PostHog", async (_what, filters, posthogSays) => {
  expect([...new Set(cohortModel.validate({ name: name("refused"), filters }).map((f) => f.property))]).toEqual(["filters"]);
  const refused = await cohorts.createCohort(client, projectId, { name: name("refused"), filters }).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(PostHogError);
  expect((refused as PostHogError).status).toBe(400);
  expect((refused as PostHogError).message).toContain(posthogSays);
});

test("today's filters the provider accepts: PostHog 2025-08-04 refuses a person_metadata filter", async () => {
  const filters = leaf({ type: "person_metadata", key: "created_at", operator: "is_date_after", value: "-30d" });
  expect(cohortModel.validate({ name: name("metadata"), filters })).toEqual([]);
  const answer = cohorts.createCohort(client, projectId, { name: name("metadata"), filters });
  if (old()) await expect(answer).rejects.toThrow("Input tag 'person_metadata' found using 'type' does not match any of the expected tags");
  else expect((await answer).id).toBeGreaterThan(0);
});

test("an update whose filters name a cohort the project lacks, or a loop, is refused", async () => {
  const made = await cohorts.createCohort(client, projectId, { name: name("loop"), filters: company("Acme") });
  await expect(
    cohorts.updateCohort(client, projectId, made.id, { filters: leaf({ type: "cohort", key: "id", value: 2_000_000_000 }) }),
  ).rejects.toThrow("Invalid Cohort ID in filter");
  await expect(
    cohorts.updateCohort(client, projectId, made.id, { filters: leaf({ type: "cohort", key: "id", value: made.id }) }),
  ).rejects.toThrow("Cohorts cannot reference other cohorts in a loop.");
});

test("examples/cohort-flag-yaml through the plugin: the flag names the cohort's id; no change after; destroy flag then cohort", async () => {
  const session = await pulumiSession(target, [setup.languageHostBins().yaml, setup.pluginBin()]);
  fs.mkdirSync(path.join(repoRoot, ".cache"), { recursive: true });
  const dir = fs.mkdtempSync(path.join(repoRoot, ".cache", "acceptance-cohort-yaml-"));
  try {
    fs.copyFileSync(path.join(repoRoot, "examples", "cohort-flag-yaml", "Pulumi.yaml"), path.join(dir, "Pulumi.yaml"));
    const stack = await session.stack(dir, `cohort-yaml-${process.pid}`, {
      projectId: String(projectId),
      cohortName: name("yaml"),
      flagKey: name("yaml-flag"),
    });
    await stack.setConfig("posthog:apiKey", { value: target.keys.all ?? target.apiKey, secret: true });
    await stack.setConfig("companies[0]", { value: "Acme" }, true);
    expect((await stack.up()).summary.resourceChanges).toEqual({ create: 3 });
    const outputs = await stack.outputs();
    const cohortId = outputs["cohortId"]!.value as number;
    const flag = await featureFlags.getFeatureFlag(client, projectId, outputs["flagId"]!.value as number);
    expect(flag.filters.groups[0]!.properties).toMatchObject([{ key: "id", type: "cohort", value: cohortId }]);
    expect(await cohorts.getCohort(client, projectId, cohortId)).toMatchObject({ name: name("yaml"), filters: company("Acme") });
    expect((await stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 3 });
    expect((await stack.destroy()).summary.resourceChanges).toEqual({ delete: 3 });
    expect((await cohorts.getCohort(client, projectId, cohortId)).deleted).toBe(true);
  } finally {
    await session.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
