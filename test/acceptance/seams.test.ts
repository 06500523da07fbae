/**
 * The seams (docs/seams.md) against a real PostHog, through the Pulumi CLI: the one program of
 * test/helpers/seams.ts, as the end-to-end tier runs it on the local server (test/e2e/seams.test.ts), compact: its
 * first version, its second (each shown without a change by a preview), a refresh that changes nothing, and a destroy
 * PostHog accepts in Pulumi's order, after which nothing the creates made is left but the experiment's own flag (PostHog
 * keeps it; the flag of the program's launched experiment, whose holdout goes beside it, is gone); and PostHog's refusal of
 * behavioral filters in a cohort an active flag uses, as the local server answers it. Names carry the run's prefix.
 */
import { pulumiSession, type PulumiSession } from "../helpers/pulumi-cli";
import { dashboardsOf, insightTiles, othersKeys, reader, rolloutOf, type SeamIds, seamsProgram, variantKeys } from "../helpers/seams";
import { acceptanceTarget, inTargetProject } from "./real-posthog";

jest.setTimeout(600_000);

let session: PulumiSession | undefined;
afterAll(async () => {
  await session?.cleanup();
});

test("the seams' program: created, changed, refreshed without a change, destroyed with nothing left behind", async () => {
  const target = acceptanceTarget();
  const { apiKey, projectId } = inTargetProject(target);
  const endpoint = { url: target.url, apiKey, organizationId: target.organizationId };
  const read = reader(endpoint, projectId);
  session = await pulumiSession(endpoint);
  const tag = target.prefix.replace(/[^a-z0-9-]/gi, "").toLowerCase();
  const dir = session.nodeProgram("posthog-seams", seamsProgram(tag));
  const stack = await session.stack(dir, `acceptance-seams-${process.pid}`, {
    "posthog:projectId": String(projectId),
    "posthog-seams:v2": "false",
  });

  const ids = (await stack.up()).outputs["ids"]!.value as SeamIds;
  const flag = await read.flag(ids.experimentFlag);
  expect([flag.active, variantKeys(flag)]).toEqual([false, ["control", "test"]]);
  const survey = await read.survey(ids.survey);
  const targeting = [(survey.targeting_flag as { id: number }).id, (survey.internal_targeting_flag as { id: number }).id];
  expect(survey.linked_flag).toMatchObject({ id: ids.linked });
  expect(insightTiles(await read.dashboard(ids.dashboard))).toEqual([ids.insight]);
  expect((await read.memberships(ids.role)).map((m) => m.id)).toEqual([ids.membership]);
  // 2025-08-04 writes nothing into a flag an experiment is created on; the early access feature's enrolment is its
  // `super_groups`.
  expect(othersKeys(await read.flag(ids.runFlag))).toEqual({ holdout: false, enrolment: false });
  expect(othersKeys(await read.flag(ids.release)).enrolment).toBe(true);
  await stack.preview({ expectNoChanges: true });

  await stack.setConfig("posthog-seams:v2", { value: "true" });
  await stack.up();
  const runFlag = await read.flag(ids.runFlag);
  expect([runFlag.active, othersKeys(runFlag).holdout]).toEqual([true, true]);
  const release = await read.flag(ids.release);
  expect([rolloutOf(release), othersKeys(release).enrolment]).toEqual([50, true]);
  const launched = await read.flag(ids.experimentFlag);
  expect([launched.active, variantKeys(launched)]).toEqual([true, ["control", "test", "test-2"]]);
  expect([(await read.experiment(ids.experiment)).holdout, (await read.holdout(ids.holdout!)).status]).toEqual([null, 404]);
  expect((await read.survey(ids.survey)).targeting_flag).toMatchObject({ id: targeting[0] });
  expect((await Promise.all(targeting.map((id) => read.flag(id)))).map((f) => f.active)).toEqual([true, true]);
  expect(dashboardsOf(await read.insight(ids.insight))).toEqual([ids.other]);

  await stack.preview({ expectNoChanges: true });
  await stack.refresh({ expectNoChanges: true });
  await stack.preview({ expectNoChanges: true });

  await stack.destroy();
  const gone = (live: { status: number; deleted?: unknown }) => live.status === 404 || live.deleted === true;
  const left = await Promise.all([
    read.experiment(ids.experiment),
    read.metric(ids.metric),
    read.survey(ids.survey),
    ...targeting.map((id) => read.flag(id)),
    read.flag(ids.linked),
    read.insight(ids.insight),
    read.dashboard(ids.dashboard),
    read.dashboard(ids.other),
    read.cohort(ids.base),
    read.cohort(ids.nested),
    read.flag(ids.cohortFlag),
    read.role(ids.role),
    read.flag(ids.runFlag),
    read.holdout(ids.kept),
    read.experiment(ids.run),
    read.flag(ids.release),
    read.feature(ids.feature),
  ]);
  expect(left.map(gone)).toEqual(left.map(() => true));
  expect(gone(await read.flag(ids.experimentFlag))).toBe(false);
});

test("a cohort an active flag uses may not get behavioral filters (400 behavioral_cohort_found), as the local server answers", async () => {
  const target = acceptanceTarget();
  const { apiKey, projectId } = inTargetProject(target);
  const send = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${target.url}/api/projects/${projectId}/${path}`, {
      method,
      headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const leaves = (leaf: unknown) => ({ properties: { type: "AND", values: [leaf] } });
  const person = { type: "person", key: "plan", operator: "exact", value: ["pro"] };
  const behavioral = {
    type: "behavioral",
    value: "performed_event",
    key: "$pageview",
    event_type: "events",
    time_value: 30,
    time_interval: "day",
  };
  const cohort = await send("POST", "cohorts/", { name: `${target.prefix}flagged`, filters: leaves(person) });
  const key = `${target.prefix}behavioral`.replace(/[^a-z0-9_-]/gi, "");
  const flag = await send("POST", "feature_flags/", {
    key,
    active: true,
    filters: { groups: [{ properties: [{ key: "id", type: "cohort", value: cohort.body.id }], rollout_percentage: 100 }] },
  });
  const refused = await send("PATCH", `cohorts/${cohort.body.id}/`, { filters: leaves(behavioral) });
  await send("PATCH", `feature_flags/${flag.body.id}/`, { deleted: true });
  await send("PATCH", `cohorts/${cohort.body.id}/`, { deleted: true });
  expect(refused).toEqual({
    status: 400,
    body: {
      type: "validation_error",
      code: "behavioral_cohort_found",
      detail: "Behavioral filters cannot be added to cohorts used in feature flags.",
      attr: "filters",
    },
  });
});
