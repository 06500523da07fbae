/**
 * A project's error tracking settings and spike detection configuration (ErrorTrackingSettings,
 * ErrorTrackingSpikeDetectionConfig: one per project, the kit's singletons) over loopback against the local server:
 * a create takes the project's over with one read and one PATCH of the declared fields that differ; the state holds
 * those fields alone; destroy leaves PostHog's values and sends nothing; PostHog's rules are checked before anything
 * is sent; PostHog 2025-08-04, which has neither, is said to have none. (Each example's create, preview, adoption,
 * import and release: the contract, test/kinds/contract.test.ts.)
 */
import * as settings from "../../../src/kinds/error-tracking-settings/endpoints";
import * as spikes from "../../../src/kinds/error-tracking-spike-detection-config/endpoints";
import { ErrorTrackingSettingsLifecycle, ErrorTrackingSpikeDetectionConfigLifecycle } from "../../../src/provider";
import { projectScopedSetups } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Error tracking settings", (c) => ({
  settings: new ErrorTrackingSettingsLifecycle(c),
  spikes: new ErrorTrackingSpikeDetectionConfigLifecycle(c),
}));

test("a create takes the project's settings over: one read, one PATCH of the declared fields that differ; the state holds them alone; destroy leaves them", async () => {
  const { provider, server, http, projectId } = setups.current!;
  // Set by hand before the program: the per-issue limit, which the program does not declare.
  await settings.updateErrorTrackingSettings(http, projectId, { per_issue_rate_limit_value: 50, project_rate_limit_value: 7 });
  await server.clearRequests();
  const inputs = { projectId, projectRateLimitValue: 1000, projectRateLimitBucketSizeMinutes: 60 };
  const created = await provider.settings.create(inputs);
  expect(created.id).toBe(String(projectId));
  expect((await server.requests()).map((r) => [r.method, r.path.replace(/\/\d+\//, "/x/"), r.bodyKeys])).toEqual([
    ["GET", "/api/environments/x/error_tracking/settings/retrieve_settings/", undefined],
    [
      "PATCH",
      "/api/environments/x/error_tracking/settings/update_settings/",
      ["project_rate_limit_value", "project_rate_limit_bucket_size_minutes"],
    ],
  ]);
  const { declaredInputs: _, ...outs } = created.outs as Json;
  expect(outs).toEqual({ projectId, projectRateLimitValue: 1000, projectRateLimitBucketSizeMinutes: 60 });
  expect(JSON.stringify(created.outs)).not.toContain("perIssue");

  // Drift by hand, shown old => new, put back with one PATCH of it.
  await settings.updateErrorTrackingSettings(http, projectId, { project_rate_limit_value: null });
  const drifted = await provider.settings.read(created.id, created.outs as Json);
  expect(drifted.inputs).toEqual({ ...inputs, projectRateLimitValue: null });
  await server.clearRequests();
  const restored = await provider.settings.update(created.id, drifted.props as Json, inputs);
  expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([["project_rate_limit_value"]]);
  expect((await provider.settings.diff(created.id, restored.outs as Json, inputs)).changes).toBe(false);

  await server.clearRequests();
  await provider.settings.delete(created.id, restored.outs as Json);
  expect(await server.requests({ method: "PATCH" })).toEqual([]);
  expect(await settings.getErrorTrackingSettings(http, projectId)).toEqual({
    project_rate_limit_value: 1000,
    project_rate_limit_bucket_size_minutes: 60,
    per_issue_rate_limit_value: 50,
    per_issue_rate_limit_bucket_size_minutes: null,
  });
});

test("a spike detection configuration declared as PostHog holds it is taken over with a read alone", async () => {
  const { provider, server, http, projectId } = setups.current!;
  await server.clearRequests();
  const created = await provider.spikes.create({ projectId, multiplier: 10, threshold: 500 });
  expect((await server.requests()).map((r) => r.method)).toEqual(["GET"]);
  expect(created.outs).toMatchObject({ projectId, multiplier: 10, threshold: 500 });
  const changed = await provider.spikes.update(created.id, created.outs as Json, { projectId, multiplier: 3, threshold: 500 });
  expect(changed.outs).toMatchObject({ multiplier: 3, threshold: 500 });
  expect(await spikes.getErrorTrackingSpikeDetectionConfig(http, projectId)).toEqual({
    snooze_duration_minutes: 10,
    multiplier: 3,
    threshold: 500,
  });
});

test("PostHog's rules are checked before anything is sent, naming the field and PostHog's serializer", async () => {
  const { provider, server, projectId } = setups.current!;
  await server.clearRequests();
  const failures = async (lifecycle: typeof provider.settings, inputs: Json) =>
    ((await lifecycle.check({}, { projectId, ...inputs })).failures ?? []).map((f) => f.reason);
  expect(await failures(provider.settings, { projectRateLimitValue: 0 })).toEqual([
    expect.stringMatching(/^projectRateLimitValue must be a whole number of at least 1 \(ErrorTrackingSettingsSerializer, /),
  ]);
  expect(await failures(provider.settings, { perIssueRateLimitBucketSizeMinutes: 1.5 })).toEqual([
    expect.stringMatching(/^perIssueRateLimitBucketSizeMinutes must be a whole number of at least 1/),
  ]);
  // Null removes a limit; the spike detection's numbers take no null.
  expect(await failures(provider.settings, { projectRateLimitValue: null })).toEqual([]);
  expect(await failures(provider.spikes, { threshold: null })).toEqual([
    expect.stringMatching(/^threshold must be a whole number of at least 1 \(ErrorTrackingSpikeDetectionConfigSerializer, /),
  ]);
  expect(await failures(provider.spikes, { adoptId: 3 })).toEqual([expect.stringContaining("adoptId is not an input")]);
  expect(await server.requests()).toEqual([]);
});

test("PostHog 2025-08-04 has neither: a create says so", async () => {
  const { provider, projectId } = setups["2025-08-04"]!;
  await expect(provider.settings.create({ projectId, projectRateLimitValue: 10 })).rejects.toThrow(
    "This PostHog has no error tracking settings (PostHog 2025-08-04 and older serve none)",
  );
  await expect(provider.spikes.create({ projectId, threshold: 10 })).rejects.toThrow(
    "This PostHog has no error tracking spike detection (PostHog 2025-08-04 and older serve none)",
  );
});
