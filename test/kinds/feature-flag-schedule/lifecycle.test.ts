/**
 * posthog.FeatureFlagSchedule's lifecycle over loopback against the local server, in both PostHog versions it plays:
 * PostHog's rules before anything is sent; an update where PostHog updates (the time, the change) and a replacement
 * where it never moves a schedule (the flag); a schedule PostHog's task has run (the control route runs the due ones
 * as posthog/tasks/process_scheduled_changes.py does) is spent, not drift: its flag keeps the change, a refresh shows
 * nothing to do, a changed declaration makes a new schedule, and one deleted in PostHog is not made again; the
 * hostile cases (a flag of another project, a past date, the flag deleted by hand); a create whose answer is lost
 * found, not made twice; import. (Its example's create, preview, drift, adoption, import and delete: the contract,
 * test/kinds/contract.test.ts.)
 */
import { Transport } from "../../../src/client-entry";
import * as flags from "../../../src/kinds/feature-flag/endpoints";
import * as schedules from "../../../src/kinds/feature-flag-schedule/endpoints";
import { featureFlagScheduleKind } from "../../../src/kinds/feature-flag-schedule/kind";
import * as projects from "../../../src/kinds/project/endpoints";
import { FeatureFlagLifecycle, FeatureFlagScheduleLifecycle } from "../../../src/provider";
import { projectScopedSetups, versions } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Schedules", (connection) => new FeatureFlagScheduleLifecycle(connection));

const OFF = { operation: "update_status", value: false };
const FUTURE = "2030-01-01T00:00:00Z";
const PAST = "2020-01-01T00:00:00Z";

describe.each(versions)("PostHog %s", (version) => {
  const setup = () => setups[version]!;
  let serial = 0;
  /** A flag of the project, active. */
  const flag = async (projectId = setup().projectId) =>
    (await flags.createFeatureFlag(setup().http, projectId, { key: `scheduled-${version}-${++serial}`, active: true })).id;

  test("PostHog's rules, before anything is sent: the flag, the change and its time required; the change one the task can apply", async () => {
    const { provider, projectId, server } = setup();
    const before = (await server.requests({ method: "POST" })).length;
    const failures = async (inputs: Json) =>
      ((await provider.check({}, { projectId, featureFlagId: 7, payload: OFF, scheduledAt: FUTURE, ...inputs })).failures ?? []).map(
        (f) => `${f.property}: ${f.reason}`,
      );
    expect(await failures({})).toEqual([]);
    expect(await provider.check({}, { projectId, featureFlagId: 7, scheduledAt: FUTURE })).toMatchObject({
      failures: [{ property: "payload", reason: expect.stringContaining("a schedule without a change does nothing") }],
    });
    expect(await failures({ featureFlagId: "7" })).toEqual([expect.stringMatching(/^featureFlagId: .*numeric id of a feature flag/)]);
    expect(await failures({ payload: { operation: "archive", value: true } })).toEqual([
      expect.stringMatching(/^payload: .*"update_status", "add_release_condition", "update_variants".*Unrecognized operation/),
    ]);
    expect(await failures({ payload: { operation: "update_status" } })).toEqual([
      expect.stringMatching(/must have a `value`.*Invalid payload/),
    ]);
    expect(await failures({ payload: { operation: "update_status", value: "maybe" } })).toEqual([
      expect.stringMatching(/true \(enable the flag\) or false/),
    ]);
    expect(
      await failures({
        payload: {
          operation: "update_variants",
          value: {
            variants: [
              { key: "a", rollout_percentage: 50 },
              { key: "b", rollout_percentage: 49 },
            ],
            payloads: {},
          },
        },
      }),
    ).toEqual([expect.stringMatching(/rollout_percentage must sum to 100, not 99/)]);
    expect(
      await failures({
        payload: { operation: "update_variants", value: { variants: [{ key: "a", rollout_percentage: 100 }], payloads: { b: 1 } } },
      }),
    ).toEqual([expect.stringMatching(/payloads "b" name no variant/)]);
    expect(await failures({ scheduledAt: "next tuesday" })).toEqual([expect.stringMatching(/^scheduledAt: .*ISO 8601/)]);
    if (version === "current") {
      expect(await failures({ isRecurring: true })).toEqual([
        expect.stringMatching(
          /^recurrenceInterval: .*"Either recurrence_interval or cron_expression is required when is_recurring is true"/,
        ),
      ]);
      expect(await failures({ isRecurring: true, recurrenceInterval: "daily", cronExpression: "0 9 * * 1-5" })).toEqual([
        expect.stringMatching(/^cronExpression: .*"Cannot set both cron_expression and recurrence_interval"/),
      ]);
      expect(await failures({ isRecurring: true, cronExpression: "0 9 * *" })).toEqual([
        expect.stringMatching(/^cronExpression: .*standard 5-field cron expression/),
      ]);
      expect(await failures({ isRecurring: true, recurrenceInterval: "hourly" })).toEqual([
        expect.stringMatching(/^recurrenceInterval: .*"daily", "weekly", "monthly", "yearly"/),
      ]);
      expect(
        await failures({
          isRecurring: true,
          recurrenceInterval: "weekly",
          payload: { operation: "add_release_condition", value: { groups: [] } },
        }),
      ).toEqual([expect.stringMatching(/^payload: .*"Recurring schedules are not supported for add_release_condition/)]);
      expect(await failures({ isRecurring: true, recurrenceInterval: "daily", endDate: "2029-12-31T00:00:00Z" })).toEqual([
        expect.stringMatching(/^endDate: .*"End date must be after the scheduled start date."/),
      ]);
      expect(await failures({ isRecurring: true, recurrenceInterval: "yearly", endDate: "2031-01-01T00:00:00Z" })).toEqual([]);
    }
    expect(await server.requests({ method: "POST" })).toHaveLength(before);
  });

  test("created on its flag, read back without a change; its time and change updated in place, its flag replacing it", async () => {
    const { provider, http, projectId, server } = setup();
    const flagId = await flag();
    const inputs: Json = { projectId, featureFlagId: flagId, payload: OFF, scheduledAt: FUTURE };
    const created = await provider.create(inputs);
    const outs = created.outs as Json;
    expect(outs).toMatchObject({ scheduleId: Number(created.id), projectId, featureFlagId: flagId, executedAt: null, isRecurring: false });
    const read = await provider.read(created.id, outs);
    expect(read.inputs).toEqual(inputs);
    expect((await provider.diff(created.id, read.props as Json, inputs)).changes).toBe(false);

    // A later time and the opposite change: one PATCH of both, the same schedule.
    const later = { ...inputs, scheduledAt: "2031-06-01T12:00:00Z", payload: { operation: "update_status", value: true } };
    expect(await provider.diff(created.id, outs, later)).toMatchObject({ changes: true, replaces: [] });
    await server.clearRequests();
    const updated = await provider.update(created.id, outs, later);
    expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys?.sort())).toEqual([["payload", "scheduled_at"]]);
    expect(await schedules.getScheduledChange(http, projectId, Number(created.id))).toMatchObject({
      scheduled_at: "2031-06-01T12:00:00Z",
      payload: later.payload,
    });

    // Another flag: PostHog never moves a schedule ("Cannot change the target record of an existing scheduled change.").
    const other = await flag();
    expect(await provider.diff(created.id, updated.outs as Json, { ...later, featureFlagId: other })).toMatchObject({
      changes: true,
      replaces: ["featureFlagId"],
    });
    await provider.delete(created.id, updated.outs as Json);
    await expect(schedules.getScheduledChange(http, projectId, Number(created.id))).rejects.toThrow(/404/);
    expect(await provider.read(created.id, updated.outs as Json)).toEqual({});
  });

  test("run by PostHog's task, the schedule is spent, not drift: the flag keeps the change, a refresh shows nothing to do, a new declaration makes a new schedule", async () => {
    const { provider, http, projectId, server } = setup();
    const flagId = await flag();
    // A past date is PostHog's to take: the schedule runs at the task's next round.
    const inputs: Json = { projectId, featureFlagId: flagId, payload: OFF, scheduledAt: PAST };
    const created = await provider.create(inputs);
    expect((await server.control.runScheduledChanges(projectId)).ran).toEqual([Number(created.id)]);
    expect((await flags.getFeatureFlag(http, projectId, flagId)).active).toBe(false);

    const refreshed = await provider.read(created.id, created.outs as Json);
    expect(refreshed.inputs).toEqual(inputs);
    const spent = refreshed.props as Json;
    expect(spent).toMatchObject({ executedAt: expect.any(String), failureReason: null });
    expect((await provider.diff(created.id, spent, inputs)).changes).toBe(false);
    // The task's next round does nothing to it, and the flag's change stays.
    expect((await server.control.runScheduledChanges(projectId)).ran).toEqual([]);
    expect((await flags.getFeatureFlag(http, projectId, flagId)).active).toBe(false);

    // A changed declaration replaces it: a spent schedule never runs again. Today's PostHog refuses any change of it
    // ("Cannot modify a scheduled change that has already executed."), and an update sent anyway says what to do;
    // 2025-08-04 takes the PATCH, and the schedule still never runs again.
    const on = { ...inputs, payload: { operation: "update_status", value: true } };
    expect(await provider.diff(created.id, spent, on)).toMatchObject({ changes: true, replaces: ["payload"] });
    if (version === "current") {
      await expect(provider.update(created.id, spent, on)).rejects.toThrow(
        /Cannot modify a scheduled change that has already executed.*run `pulumi refresh`.*a new schedule replacing it/s,
      );
    }

    // Deleted in PostHog once spent: kept as it ran, not made again (its change would run twice).
    await schedules.deleteScheduledChange(http, projectId, Number(created.id));
    expect(await provider.read(created.id, spent)).toEqual({ id: created.id, props: spent });
    await provider.delete(created.id, spent);
  });

  if (version === "current") {
    test("a recurring schedule that ran is not drift either: PostHog moved it to its next run, the declared first run is kept and never sent back", async () => {
      const { provider, http, projectId, server } = setup();
      const flagId = await flag();
      const inputs: Json = {
        projectId,
        featureFlagId: flagId,
        payload: OFF,
        scheduledAt: PAST,
        isRecurring: true,
        recurrenceInterval: "daily",
      };
      const created = await provider.create(inputs);
      await server.control.runScheduledChanges(projectId);
      const live = await schedules.getScheduledChange(http, projectId, Number(created.id));
      expect(Date.parse(live.scheduled_at!)).toBeGreaterThan(Date.now());
      expect((await flags.getFeatureFlag(http, projectId, flagId)).active).toBe(false);

      const refreshed = await provider.read(created.id, created.outs as Json);
      expect(refreshed.inputs).toEqual(inputs);
      expect(refreshed.props).toMatchObject({ scheduledAt: PAST, executedAt: null, lastExecutedAt: expect.any(String) });
      expect((await provider.diff(created.id, refreshed.props as Json, inputs)).changes).toBe(false);
      // A change of its change is sent alone: the next run PostHog set stays.
      await server.clearRequests();
      const on = { ...inputs, payload: { operation: "update_status", value: true } };
      expect(await provider.diff(created.id, refreshed.props as Json, on)).toMatchObject({ changes: true, replaces: [] });
      await provider.update(created.id, refreshed.props as Json, on);
      expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([["payload"]]);
      expect((await schedules.getScheduledChange(http, projectId, Number(created.id))).scheduled_at).toBe(live.scheduled_at);
      await provider.delete(created.id, refreshed.props as Json);
    });
  }

  if (version === "2025-08-04") {
    test("a recurrence, which PostHog 2025-08-04 lacks (it drops the fields), fails up naming the version; the one-time schedule it made is kept in the state", async () => {
      const { provider, projectId } = setup();
      const inputs: Json = {
        projectId,
        featureFlagId: await flag(),
        payload: OFF,
        scheduledAt: FUTURE,
        isRecurring: true,
        recurrenceInterval: "daily",
      };
      const failed = await provider.create(inputs).then(
        () => undefined,
        (error: Error & { id?: string }) => error,
      );
      expect(failed?.message).toMatch(
        /no FeatureFlagSchedule setting isRecurring, recurrenceInterval.*PostHog 2025-08-04 has no isRecurring/s,
      );
      // Pulumi keeps what was made (a partial success carries its id): the next preview says so before anything is sent.
      expect(failed?.id).toEqual(expect.any(String));
    });
  }

  test("hostile: a flag of another project is refused with PostHog's words and nothing is made; the flag deleted by hand keeps its schedule, which PostHog runs on it", async () => {
    const { provider, http, projectId, server } = setup();
    const elsewhere = await projects.createProject(http, server.organizationId, { name: `Elsewhere ${version}` });
    const foreign = await flag(elsewhere.id);
    await expect(provider.create({ projectId, featureFlagId: foreign, payload: OFF, scheduledAt: FUTURE })).rejects.toThrow(
      /Feature flag not found/,
    );
    expect(await schedules.listScheduledChanges(http, projectId, { record_id: String(foreign) })).toEqual([]);

    // The flag deleted by hand: PostHog keeps the schedule, and its task finds the deleted flag (FeatureFlag.objects).
    const flagId = await flag();
    const inputs: Json = { projectId, featureFlagId: flagId, payload: OFF, scheduledAt: PAST };
    const created = await provider.create(inputs);
    await flags.deleteFeatureFlag(http, projectId, flagId);
    const read = await provider.read(created.id, created.outs as Json);
    expect(read.inputs).toEqual(inputs);
    await server.control.runScheduledChanges(projectId);
    expect((await provider.read(created.id, read.props as Json)).props).toMatchObject({
      executedAt: expect.any(String),
      failureReason: null,
    });
    await provider.delete(created.id, read.props as Json);
  });

  test("a flag another stack declares: its schedule's run shows there as drift only of what that stack declares (active), and deleting the schedule leaves the flag as it is", async () => {
    const { http, projectId, server } = setup();
    const config = { host: server.url, apiKey: server.apiKey, organizationId: server.organizationId, projectId: String(projectId) };
    const theirs = new FeatureFlagLifecycle({ config, transport: http });
    const declared: Json = { projectId, key: `theirs-${version}`, active: true };
    const made = await theirs.create(declared);
    const { provider } = setup();
    const flagId = Number(made.id);
    const ours = await provider.create({ projectId, featureFlagId: flagId, payload: OFF, scheduledAt: PAST });
    await server.control.runScheduledChanges(projectId);
    const read = await theirs.read(made.id, made.outs as Json);
    expect(read.inputs).toEqual({ ...declared, active: false });
    await provider.delete(ours.id, ours.outs as Json);
    expect(await flags.getFeatureFlag(http, projectId, flagId)).toMatchObject({ active: false, deleted: false });
  });

  test("a create whose answer is lost after PostHog committed is found among its flag's schedules, not made twice", async () => {
    const { provider, http, projectId, server } = setup();
    const flagId = await flag();
    // An earlier schedule of that flag with another time is not taken for it.
    await schedules.createScheduledChange(http, projectId, {
      record_id: String(flagId),
      model_name: "FeatureFlag",
      payload: OFF,
      scheduled_at: "2032-01-01T00:00:00Z",
    });
    await server.fault({ method: "POST", path: "/scheduled_changes/?$", status: 502, afterCommit: true });
    const created = await provider.create({ projectId, featureFlagId: flagId, payload: OFF, scheduledAt: FUTURE });
    const listed = await schedules.listScheduledChanges(http, projectId, { record_id: String(flagId) });
    expect(listed).toHaveLength(2);
    expect(listed.filter((s) => String(s.id) === created.id)).toHaveLength(1);
  });

  test("import: a live schedule is read by its id as the program would declare it; a spent one is left out of pulumi-posthog import", async () => {
    const { provider, http, projectId, server } = setup();
    const flagId = await flag();
    const live = await schedules.createScheduledChange(http, projectId, {
      record_id: String(flagId),
      model_name: "FeatureFlag",
      payload: OFF,
      scheduled_at: FUTURE,
    });
    // `pulumi import` reads with the id alone: the outputs carry what the program would declare.
    const read = await provider.read(`${projectId}/${live.id}`);
    expect(read).toMatchObject({ id: String(live.id), props: { projectId, featureFlagId: flagId, payload: OFF, scheduledAt: FUTURE } });
    const spent = await schedules.createScheduledChange(http, projectId, {
      record_id: String(flagId),
      model_name: "FeatureFlag",
      payload: OFF,
      scheduled_at: PAST,
    });
    await server.control.runScheduledChanges(projectId);
    const imported = (await featureFlagScheduleKind.importer!.list!(http, projectId, (list) => list(http, projectId))).map((s) => s.id);
    expect(imported).toContain(live.id);
    expect(imported).not.toContain(spent.id);
  });
});

test("PostHog 2025-08-04 refuses every personal API key with scopes here (INTERNAL): the kind says so with PostHog's words and names the feature_flag scope", async () => {
  const { server, projectId } = setups["2025-08-04"]!;
  const apiKey = await server.key({ scopes: ["*"] });
  const transport = new Transport({ host: server.url, apiKey, rateLimits: false, retry: { attempts: 1, baseDelayMs: 10 } });
  const provider = new FeatureFlagScheduleLifecycle({
    config: { host: server.url, apiKey, organizationId: server.organizationId, projectId: String(projectId) },
    transport,
  });
  await expect(provider.create({ projectId, featureFlagId: 1, payload: OFF, scheduledAt: FUTURE })).rejects.toThrow(
    /does not support Personal API Key access.*a later PostHog serves them to personal API keys with the `feature_flag` scope/s,
  );
});
