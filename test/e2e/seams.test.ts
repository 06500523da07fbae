/**
 * The seams (docs/seams.md) through the real Pulumi CLI: one program holding every object PostHog writes into when
 * another is made, changed or deleted (test/helpers/seams.ts), created, changed by its second version, refreshed
 * without a change, and destroyed, against one local server playing today's PostHog. After each step the test reads
 * PostHog's answers for what the seams wrote; after the destroy, that nothing the creates caused is left.
 */
import type { Stack } from "@pulumi/pulumi/automation";
import { Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { pulumiSession, type PulumiSession } from "../helpers/pulumi-cli";
import { dashboardsOf, insightTiles, othersKeys, reader, rolloutOf, type SeamIds, seamsProgram, variantKeys } from "../helpers/seams";

jest.setTimeout(300_000);

let server: LocalPostHog;
let session: PulumiSession;
let stack: Stack;
let read: ReturnType<typeof reader>;
let ids: SeamIds;

beforeAll(async () => {
  server = await startLocalPostHog();
  const http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  const projectId = (await projects.createProject(http, server.organizationId, { name: "Seams" })).id;
  read = reader(server, projectId);
  session = await pulumiSession(server, [], { destroyOnCleanup: false });
  const dir = session.nodeProgram("posthog-seams", seamsProgram("e2e"));
  stack = await session.stack(dir, `e2e-seams-${process.pid}`, { "posthog:projectId": String(projectId), "posthog-seams:v2": "false" });
});
afterAll(async () => {
  await session?.cleanup();
  await server?.close();
});

const gone = (live: { status: number; deleted?: unknown }) => live.status === 404 || live.deleted === true;

test("the first version: the experiment's flag, the survey's targeting flags, the insight's tiles, the role's entries", async () => {
  const up = await stack.up();
  ids = up.outputs["ids"]!.value as SeamIds;

  const flag = await read.flag(ids.experimentFlag);
  expect([flag.key, flag.active, variantKeys(flag)]).toEqual(["seam-checkout-e2e", false, ["control", "test"]]);
  const experiment = await read.experiment(ids.experiment);
  expect(experiment.holdout).toMatchObject({ id: ids.holdout });
  expect(experiment.saved_metrics).toEqual([expect.objectContaining({ saved_metric: ids.metric })]);

  const survey = await read.survey(ids.survey);
  expect(survey.linked_flag).toMatchObject({ id: ids.linked });
  const targeting = await read.flag((survey.targeting_flag as { id: number }).id);
  expect([JSON.stringify(targeting.filters).includes("@example.com"), targeting.active]).toEqual([true, false]);
  expect(survey.internal_targeting_flag).toMatchObject({ id: expect.any(Number) });

  expect(dashboardsOf(await read.insight(ids.insight))).toEqual([ids.dashboard, ids.other].sort((a, b) => a - b));
  expect(insightTiles(await read.dashboard(ids.dashboard))).toEqual([ids.insight]);

  expect((await read.memberships(ids.role)).map((m) => m.id)).toEqual([ids.membership]);
  expect((await read.dashboardAccess(ids.dashboard)).map((a) => [a.role, a.access_level])).toEqual([[ids.role, "editor"]]);

  // The program's flag is the experiment's as it was: PostHog wrote nothing into it; the release flag has its enrolment.
  const runFlag = await read.flag(ids.runFlag);
  expect([runFlag.active, othersKeys(runFlag).holdout]).toEqual([false, false]);
  expect((await read.experiment(ids.run)).holdout).toMatchObject({ id: ids.kept });
  expect(othersKeys(await read.flag(ids.release)).enrolment).toBe(true);
});

test("the second version: new variants and the launch reach the flag, the holdout goes, the launched survey's targeting flags change in place and turn on, the tile goes", async () => {
  const before = await read.survey(ids.survey);
  await stack.setConfig("posthog-seams:v2", { value: "true" });
  const up = await stack.up();
  const next = up.outputs["ids"]!.value as SeamIds;
  expect(next).toEqual({ ...ids, holdout: null });

  const flag = await read.flag(ids.experimentFlag);
  expect([flag.active, variantKeys(flag)]).toEqual([true, ["control", "test", "test-2"]]);
  const experiment = await read.experiment(ids.experiment);
  expect([experiment.holdout, typeof experiment.start_date]).toEqual([null, "string"]);
  expect((await read.holdout(ids.holdout!)).status).toBe(404);
  expect(experiment.saved_metrics).toEqual([expect.objectContaining({ saved_metric: ids.metric })]);
  expect((await read.metric(ids.metric)).name).toBe("Seam conversion e2e (renamed)");

  const survey = await read.survey(ids.survey);
  expect(survey.targeting_flag).toMatchObject({ id: (before.targeting_flag as { id: number }).id });
  const targeting = await read.flag((survey.targeting_flag as { id: number }).id);
  const internal = await read.flag((survey.internal_targeting_flag as { id: number }).id);
  expect([JSON.stringify(targeting.filters).includes("@example.org"), targeting.active, internal.active]).toEqual([true, true, true]);

  expect(dashboardsOf(await read.insight(ids.insight))).toEqual([ids.other]);
  expect(insightTiles(await read.dashboard(ids.dashboard))).toEqual([]);
  expect(insightTiles(await read.dashboard(ids.other))).toEqual([ids.insight]);

  // The launch turned the program's flag on and kept the holdout, whose new groups PostHog wrote into the flag; the
  // release flag's declared rollout change kept the early access feature's enrolment.
  const runFlag = await read.flag(ids.runFlag);
  expect([runFlag.active, othersKeys(runFlag).holdout]).toEqual([true, true]);
  expect((await read.experiment(ids.run)).holdout).toMatchObject({ id: ids.kept });
  const release = await read.flag(ids.release);
  expect([rolloutOf(release), othersKeys(release).enrolment]).toEqual([50, true]);
  await stack.preview({ expectNoChanges: true });
});

test("a refresh finds nothing changed: what PostHog wrote into the objects shows as no drift", async () => {
  const refresh = await stack.refresh({ expectNoChanges: true });
  expect(Object.keys(refresh.summary.resourceChanges ?? {})).toEqual(["same"]);
  await stack.preview({ expectNoChanges: true });
});

test("the destroy is accepted in Pulumi's order and leaves nothing the creates made but the experiment's flag", async () => {
  const survey = await read.survey(ids.survey);
  const targeting = [(survey.targeting_flag as { id: number }).id, (survey.internal_targeting_flag as { id: number }).id];
  // Pulumi deletes the launched experiment, then its flag and its holdout side by side: the holdout's DELETE reads the
  // flag, the flag's delete lands, and the DELETE saves the flag as it read it (PostHog's race, made certain here).
  await server.control.addFault({ method: "DELETE", path: `experiment_holdouts/${ids.kept}/`, delayMs: 3000, midway: true });
  await server.control.addFault({ method: "PATCH", path: `feature_flags/${ids.runFlag}/`, requestBody: '"deleted":true', delayMs: 800 });
  await stack.destroy();

  for (const live of [
    await read.experiment(ids.experiment),
    await read.metric(ids.metric),
    await read.survey(ids.survey),
    ...(await Promise.all(targeting.map((id) => read.flag(id)))),
    await read.flag(ids.linked),
    await read.insight(ids.insight),
    await read.dashboard(ids.dashboard),
    await read.dashboard(ids.other),
    await read.cohort(ids.base),
    await read.cohort(ids.nested),
    await read.flag(ids.cohortFlag),
    await read.role(ids.role),
    await read.flag(ids.runFlag),
    await read.holdout(ids.kept),
    await read.experiment(ids.run),
    await read.flag(ids.release),
    await read.feature(ids.feature),
  ])
    expect(gone(live)).toBe(true);
  // The flag PostHog made for the experiment outlives it, as PostHog keeps it (the Experiment page says so and how to adopt it).
  expect(gone(await read.flag(ids.experimentFlag))).toBe(false);
});
