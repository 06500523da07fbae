/**
 * posthog.FeatureFlag against a real PostHog: its lifecycle (create, PostHog's normalisations read back without
 * change, drift, restore, rename, deleted by hand and created again, soft delete) and the provider's rules agreeing
 * with PostHog's own refusals. Flags carry the run's prefix and are marked deleted afterwards.
 */
import { PostHogError, type Transport } from "../../src/client-entry";
import * as featureFlags from "../../src/kinds/feature-flag/endpoints";
import { FeatureFlagLifecycle } from "../../src/provider";
import { featureFlagModel } from "../../src/kinds/feature-flag/model";
import { acceptanceTarget, inTargetProject, type AcceptanceTarget } from "./real-posthog";

type Json = Record<string, unknown>;

let target: AcceptanceTarget;
let client: Transport;
let provider: FeatureFlagLifecycle;
let projectId: number;

beforeAll(async () => {
  target = acceptanceTarget();
  const inProject = inTargetProject(target);
  ({ client, projectId } = inProject);
  provider = new FeatureFlagLifecycle(inProject.connection);
});
afterAll(async () => {
  if (!client) return;
  for (const flag of await featureFlags.listFeatureFlags(client, projectId, { search: target.prefix }))
    if (flag.key.startsWith(keyPrefix())) await featureFlags.deleteFeatureFlag(client, projectId, flag.id);
});

/** PostHog's flag keys allow letters, digits, `-` and `_`: the run's prefix is made of them. */
const keyPrefix = () => `${target.prefix}ff-`;
const key = (name: string) => `${keyPrefix()}${name}`;

test("create, read back without change, drift, restore, rename, deleted by hand and created again, soft delete", async () => {
  const inputs: Json = {
    projectId,
    key: key("life"),
    name: "Checkout",
    active: true,
    filters: {
      payloads: { true: { theme: "dark", sizes: [1, 2] } },
      groups: [{ rollout_percentage: 30, properties: [{ type: "person", operator: "icontains", value: "@example.com", key: "email" }] }],
    },
  };
  expect(featureFlagModel.validate(inputs)).toEqual([]);
  const created = await provider.create(inputs);
  const id = Number(created.id);
  const read = await provider.read(created.id, created.outs as Json);
  expect(read.inputs).toEqual(inputs);
  expect((await provider.diff(created.id, read.props as Json, inputs)).changes).toBe(false);

  await featureFlags.updateFeatureFlag(client, projectId, id, { active: false });
  const drifted = await provider.read(created.id, created.outs as Json);
  expect(drifted.inputs).toEqual({ ...inputs, active: false });
  const restored = await provider.update(created.id, drifted.props as Json, inputs);
  expect((await featureFlags.getFeatureFlag(client, projectId, id)).active).toBe(true);

  const renamed = { ...inputs, key: key("life-renamed") };
  const after = await provider.update(created.id, restored.outs as Json, renamed);
  expect((await featureFlags.getFeatureFlag(client, projectId, id)).key).toBe(renamed["key"]);

  await featureFlags.deleteFeatureFlag(client, projectId, id);
  expect(await provider.read(created.id, after.outs as Json)).toEqual({});
  // The deleted flag still holds its key in PostHog's (team, key) constraint: PostHog frees it on create.
  const again = await provider.create(renamed);
  expect(again.id).not.toBe(created.id);
  await provider.delete(again.id, again.outs as Json);
  expect((await featureFlags.getFeatureFlag(client, projectId, Number(again.id))).deleted).toBe(true);
});

test("multivariate with payloads and an override, and a flag on groups, read back without change", async () => {
  for (const inputs of [
    {
      projectId,
      key: key("multi"),
      filters: {
        groups: [{ properties: [], rollout_percentage: 100, variant: "b" }],
        multivariate: {
          variants: [
            { key: "a", rollout_percentage: 50 },
            { key: "b", name: "B", rollout_percentage: 50 },
          ],
        },
        payloads: { a: "1", b: { x: true } },
      },
      ensureExperienceContinuity: true,
      evaluationRuntime: "server",
    },
    {
      projectId,
      key: key("companies"),
      filters: {
        aggregation_group_type_index: 0,
        groups: [
          {
            properties: [{ key: "name", type: "group", group_type_index: 0, value: ["acme"], operator: "exact" }],
            rollout_percentage: 100,
          },
        ],
      },
    },
  ] as Json[]) {
    const created = await provider.create(inputs);
    const read = await provider.read(created.id, created.outs as Json);
    expect(read.inputs).toEqual(inputs);
    expect((await provider.diff(created.id, read.props as Json, inputs)).changes).toBe(false);
  }
});

test("tags: applied where the organization's plan has tagging, else refused by name with the plan feature", async () => {
  const inputs: Json = { projectId, key: key("tags"), tags: ["Web", "web "] };
  const outcome = await provider.create(inputs).then(
    (created) => created.outs as Json,
    (error: Error) => error.message,
  );
  if (typeof outcome === "string") expect(outcome).toMatch(/did not apply tags .* plan lacks the `tagging` feature/);
  else expect(outcome["tags"]).toEqual(["web"]);
});

test("a field this PostHog lacks is reported by name; today's fields are applied", async () => {
  const inputs: Json = { projectId, key: key("archived"), active: false, archived: true };
  if (target.version === "2025-08-04") {
    // posthog/api/feature_flag.py of 2025-08-04 has no `archived` (nor `bucketing_identifier`): it ignores them.
    await expect(provider.create(inputs)).rejects.toThrow(
      /This PostHog has no FeatureFlag setting archived .*PostHog 2025-08-04 has no archived/,
    );
  } else {
    await expect(provider.create(inputs)).resolves.toMatchObject({ outs: { archived: true } });
  }
});

test.each([
  ["bad key", { key: "bad key" }, "key"],
  ["rollout over 100", { filters: { groups: [{ properties: [], rollout_percentage: 101 }] } }, "filters"],
  [
    "variants summing to 90",
    {
      filters: {
        groups: [{ properties: [], rollout_percentage: 100 }],
        multivariate: {
          variants: [
            { key: "a", rollout_percentage: 60 },
            { key: "b", rollout_percentage: 30 },
          ],
        },
      },
    },
    "filters",
  ],
  ["an override naming no variant", { filters: { groups: [{ properties: [], rollout_percentage: 100, variant: "c" }] } }, "filters"],
  ["a payload key other than true", { filters: { groups: [{ properties: [] }], payloads: { false: "1" } } }, "filters"],
  ["an unknown evaluation runtime", { evaluationRuntime: "edge" }, "evaluationRuntime"],
])("%s: refused by the provider before sending, and by PostHog", async (what, extra, property) => {
  const inputs: Json = { projectId, key: key("refused"), ...extra };
  expect(featureFlagModel.validate(inputs).map((f) => f.property)).toContain(property);
  const body = featureFlagModel.declaredSettings(inputs);
  const answer = await featureFlags.createFeatureFlag(client, projectId, body).then(
    (flag) => featureFlags.deleteFeatureFlag(client, projectId, flag.id).then(() => "created"),
    (error: unknown) => (error instanceof PostHogError ? error.status : "other"),
  );
  // The rollout range is today's rule (FeatureFlagSerializer.validate_filters); the 2025-08-04 PostHog stores 101.
  const older = target.version === "2025-08-04" && what === "rollout over 100";
  expect(answer).toBe(older ? "created" : 400);
});
