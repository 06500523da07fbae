/**
 * posthog.EarlyAccessFeature's lifecycle over loopback against the local server, in both PostHog versions it plays:
 * on a declared flag (the FeatureFlag resource's filters keep the enrolment condition PostHog adds, with no drift),
 * on a flag PostHog creates (left in PostHog on delete, and a second feature of the name refused naming the flag),
 * the update PostHog 2025-08-04 answers with 500 after storing it, a lost create taken only when the flag PostHog made
 * with it is this key's user's. (Its example's create, preview, drift, adoption, import and delete: the contract.)
 */
import * as featureFlags from "../../../src/kinds/feature-flag/endpoints";
import * as features from "../../../src/kinds/early-access-feature/endpoints";
import { EarlyAccessFeatureLifecycle, FeatureFlagLifecycle } from "../../../src/provider";
import { projectScopedSetups, versions } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Early access", (connection) => ({
  feature: new EarlyAccessFeatureLifecycle(connection),
  flag: new FeatureFlagLifecycle(connection),
}));

describe.each(versions)("PostHog %s", (version) => {
  const setup = () => setups[version]!;

  test("on a declared flag: the flag's resource sees no drift from the enrolment condition, and an update keeps it", async () => {
    const { provider, http, projectId, server } = setup();
    const flagInputs: Json = { projectId, key: `beta-${version}`, filters: { groups: [{ properties: [], rollout_percentage: 0 }] } };
    const flag = await provider.flag.create(flagInputs);
    const inputs: Json = {
      projectId,
      name: `Beta ${version}`,
      stage: "beta",
      featureFlagId: Number(flag.id),
      documentationUrl: "https://example.com/b",
    };
    expect((await provider.feature.check({}, inputs)).failures).toBeUndefined();
    const created = await provider.feature.create(inputs);
    expect(created.outs).toMatchObject({
      name: inputs["name"],
      stage: "beta",
      featureFlagId: Number(flag.id),
      featureFlagKey: `beta-${version}`,
    });
    expect((await provider.feature.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);

    // PostHog wrote the enrolment into the flag (2025-08-04 as the condition `super_groups`, today's as the marker
    // `feature_enrollment`): the flag's program did not declare it, so no drift…
    const enrolment = version === "2025-08-04" ? "super_groups" : "feature_enrollment";
    const live = await featureFlags.getFeatureFlag(http, projectId, Number(flag.id));
    expect(live.filters[enrolment]).toEqual(version === "2025-08-04" ? [expect.objectContaining({ rollout_percentage: 100 })] : true);
    const flagRead = await provider.flag.read(flag.id, flag.outs as Json);
    expect(flagRead.inputs).toEqual(flagInputs);
    expect((await provider.flag.diff(flag.id, flagRead.props as Json, flagInputs)).changes).toBe(false);
    // …and an update of the flag's conditions sends it along rather than taking it away, even from a state read
    // before the feature wrote it (no refresh since the flag's create).
    const wider = { ...flagInputs, filters: { groups: [{ properties: [], rollout_percentage: 10 }] } };
    await provider.flag.update(flag.id, flag.outs as Json, wider);
    expect((await featureFlags.getFeatureFlag(http, projectId, Number(flag.id))).filters[enrolment]).toEqual(live.filters[enrolment]);

    // An update: 2025-08-04 stores it and answers 500; read back, it is applied.
    const moved = { ...inputs, stage: "general-availability", description: "For everyone soon" };
    const updated = await provider.feature.update(created.id, created.outs as Json, moved);
    expect(updated.outs).toMatchObject({ stage: "general-availability", description: "For everyone soon" });
    const patches = await server.requests({ method: "PATCH" });
    expect(patches.at(-1)?.status).toBe(version === "2025-08-04" ? 500 : 200);

    // Another flag replaces the feature (PostHog sets it at create only).
    expect(
      (await provider.feature.diff(created.id, updated.outs as Json, { ...moved, featureFlagId: Number(flag.id) + 1000 })).replaces,
    ).toEqual(["featureFlagId"]);

    // The flag may not be deleted while the feature releases it; destroy leaves the flag, without the condition.
    await expect(provider.flag.delete(flag.id, flag.outs as Json)).rejects.toThrow(
      "Cannot delete a feature flag that is in use with early access features",
    );
    await provider.feature.delete(created.id, updated.outs as Json);
    await expect(features.getEarlyAccessFeature(http, projectId, created.id)).rejects.toThrow(/404/);
    const left = await featureFlags.getFeatureFlag(http, projectId, Number(flag.id));
    expect(left.deleted).toBe(false);
    expect(left.filters[enrolment] ?? null).toBeNull();
  });

  test("without a flag, PostHog makes one and keeps it on delete: a second feature of the name is refused, naming what to do", async () => {
    const { provider, http, projectId } = setup();
    const inputs: Json = { projectId, name: `Dark mode ${version}`, stage: "alpha" };
    const created = await provider.feature.create(inputs);
    const key = `dark-mode-${version}`;
    expect(created.outs).toMatchObject({ featureFlagKey: key });
    const flagId = (created.outs as Json)["featureFlagId"] as number;
    await provider.feature.delete(created.id, created.outs as Json);
    expect((await featureFlags.getFeatureFlag(http, projectId, flagId)).deleted).toBe(false);
    await expect(provider.feature.create(inputs)).rejects.toThrow(
      /There is already a feature flag with this key\..*Give that flag's id as `featureFlagId`/,
    );
    // The flag it left, given: the feature comes back on it.
    const again = await provider.feature.create({ ...inputs, featureFlagId: flagId });
    expect(again.outs).toMatchObject({ featureFlagId: flagId });
  });

  test("PostHog's rules are checked before anything is sent", async () => {
    const { provider, projectId } = setup();
    const { failures } = await provider.feature.check({}, { projectId, name: " ", stage: "gamma", documentationUrl: "docs/page" });
    expect(failures?.map((f) => f.reason)).toEqual([
      expect.stringContaining("name may not be blank"),
      expect.stringContaining('stage must be one of "draft", "concept", "alpha", "beta", "general-availability", "archived"'),
      expect.stringContaining("documentationUrl must be a URL"),
    ]);
  });

  test("a lost create is taken when the flag PostHog made with it is this key's user's; on a declared flag it is named, not taken", async () => {
    const { provider, server, http, projectId } = setup();
    await server.fault({ method: "POST", path: "/early_access_feature/?$", status: 502, afterCommit: true });
    const made = await provider.feature.create({ projectId, name: `Lost ${version}`, stage: "draft" });
    expect(made.outs).toMatchObject({ name: `Lost ${version}`, featureFlagKey: `lost-${version}` });

    const flag = await featureFlags.createFeatureFlag(http, projectId, {
      key: `lost-declared-${version}`,
      filters: { groups: [{ rollout_percentage: 0 }] },
    });
    await server.fault({ method: "POST", path: "/early_access_feature/?$", status: 502, afterCommit: true });
    await expect(
      provider.feature.create({ projectId, name: `Lost declared ${version}`, stage: "draft", featureFlagId: flag.id }),
    ).rejects.toThrow(/PostHog does not say who made it.*adoptId/);
  });
});
