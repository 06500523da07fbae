/**
 * The seams (docs/seams.md) through the real Pulumi CLI: one program holding every object PostHog writes into when
 * another is made, changed or deleted (test/helpers/seams.ts), created, changed by its second version, refreshed
 * without a change, and destroyed, against one local server playing today's PostHog. After each step the test reads
 * PostHog's answers for what the seams wrote; after the destroy, that nothing the creates caused is left.
 *
 * Beside them in the same program and stack (the same commands, and one more version): FeatureFlagSchedule's
 * reference page's TypeScript example as written (up, no change after); the schedule moved to a past time (an update,
 * not a replacement); PostHog's task run by the control route: the schedule is spent, not drift, and its flag keeps
 * the change; a new change declared then makes a new schedule in its place, which the task runs too; destroy.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import { Transport } from "../../src/client-entry";
import * as flags from "../../src/kinds/feature-flag/endpoints";
import * as schedules from "../../src/kinds/feature-flag-schedule/endpoints";
import * as projects from "../../src/kinds/project/endpoints";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { pulumiSession, repoRoot, stepsByName, type PulumiSession } from "../helpers/pulumi-cli";
import { dashboardsOf, insightTiles, othersKeys, reader, rolloutOf, type SeamIds, seamsProgram, variantKeys } from "../helpers/seams";

jest.setTimeout(300_000);

let server: LocalPostHog;
let session: PulumiSession;
let stack: Stack;
let read: ReturnType<typeof reader>;
let ids: SeamIds;
let http: Transport;
let dir: string;

/** FeatureFlagSchedule's reference page's TypeScript example, as a reader copies it. */
function scheduleExample(): string {
  const page = fs.readFileSync(path.join(repoRoot, "docs", "resources", "feature-flag-schedule.md"), "utf8");
  const found = /TypeScript \(`index\.ts`\):\n\n```ts\n([\s\S]*?)```/.exec(page);
  if (!found) throw new Error("docs/resources/feature-flag-schedule.md has no TypeScript example");
  return found[1]!;
}
const example = scheduleExample();
/** The example's versions: as written, moved to a past time, then with a new change. */
const past = example.replace('"2030-01-01T00:00:00Z"', '"2020-01-01T00:00:00Z"');
const changed = past.replace("value: false", "value: true");

/**
 * The program: the seams', then the schedule's example as written but for its first line, the import of
 * pulumi-posthog the seams' program has already.
 */
function program(schedule: string): void {
  const [first, ...rest] = schedule.split("\n");
  expect(first).toBe('import * as posthog from "pulumi-posthog";');
  fs.writeFileSync(path.join(dir, "index.ts"), [...seamsProgram("e2e"), "", ...rest].join("\n"));
}

/** The schedule example's resources: its project, its flag and the schedule. */
const scheduleSteps = (steps: Map<string, string[]>) => ["web", "checkout", "checkout-off"].map((name) => steps.get(name));

/** The schedule example's project (named "Web"), the schedule's id and its flag's. */
const schedule = { projectId: 0, id: 0, flagId: 0 };

beforeAll(async () => {
  server = await startLocalPostHog();
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  const projectId = (await projects.createProject(http, server.organizationId, { name: "Seams" })).id;
  read = reader(server, projectId);
  session = await pulumiSession(server, [], { destroyOnCleanup: false });
  dir = session.nodeProgram("posthog-seams", []);
  program(example);
  stack = await session.stack(dir, `e2e-seams-${process.pid}`, { "posthog:projectId": String(projectId), "posthog-seams:v2": "false" });
});
afterAll(async () => {
  await session?.cleanup();
  await server?.close();
});

const gone = (live: { status: number; deleted?: unknown }) => live.status === 404 || live.deleted === true;

test("the first version: the experiment's flag, the survey's targeting flags, the insight's tiles, the role's entries; beside them the schedule as its page writes it, its flag untouched; a preview then shows no change", async () => {
  const steps = new Map<string, string[]>();
  const up = await stack.up({ onEvent: stepsByName(steps) });
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

  // The schedule: made as declared, its flag untouched until PostHog's task runs it.
  expect(scheduleSteps(steps)).toEqual([["create"], ["create"], ["create"]]);
  schedule.id = up.outputs["scheduleId"]!.value as number;
  schedule.projectId = (await projects.listProjects(http, server.organizationId)).find((p) => p.name === "Web")!.id;
  const scheduled = await schedules.getScheduledChange(http, schedule.projectId, schedule.id);
  expect(scheduled).toMatchObject({ payload: { operation: "update_status", value: false }, scheduled_at: "2030-01-01T00:00:00Z" });
  schedule.flagId = Number(scheduled.record_id);
  expect((await flags.getFeatureFlag(http, schedule.projectId, schedule.flagId)).active).toBe(true);
  await stack.preview({ expectNoChanges: true });
});

test("the second version: new variants and the launch reach the flag, the holdout goes, the launched survey's targeting flags change in place and turn on, the tile goes; the schedule moved to a past time is the same schedule, updated, and PostHog's task runs it", async () => {
  const before = await read.survey(ids.survey);
  await stack.setConfig("posthog-seams:v2", { value: "true" });
  program(past);
  const steps = new Map<string, string[]>();
  const up = await stack.up({ onEvent: stepsByName(steps) });
  const next = up.outputs["ids"]!.value as SeamIds;
  expect(next).toEqual({ ...ids, holdout: null });
  expect(scheduleSteps(steps)).toEqual([["same"], ["same"], ["update"]]);
  expect(up.outputs["scheduleId"]!.value).toBe(schedule.id);

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

  // PostHog's task runs the schedule, now due: the flag is turned off.
  expect((await server.control.runScheduledChanges(schedule.projectId)).ran).toEqual([schedule.id]);
  await stack.preview({ expectNoChanges: true });
});

test("a refresh finds nothing changed: what PostHog wrote into the objects shows as no drift, nor does the spent schedule, whose flag keeps its change", async () => {
  const refresh = await stack.refresh({ expectNoChanges: true });
  expect(Object.keys(refresh.summary.resourceChanges ?? {})).toEqual(["same"]);
  await stack.preview({ expectNoChanges: true });
  expect((await schedules.getScheduledChange(http, schedule.projectId, schedule.id)).executed_at).toEqual(expect.any(String));
  expect((await flags.getFeatureFlag(http, schedule.projectId, schedule.flagId)).active).toBe(false);
});

test("a new change of the spent schedule is a new schedule in its place, which PostHog's task runs; nothing else changes, and a preview with a refresh then shows no change", async () => {
  program(changed);
  const steps = new Map<string, string[]>();
  const replaced = await stack.up({ onEvent: stepsByName(steps) });
  expect(replaced.summary.resourceChanges).toEqual({ replace: 1, same: expect.any(Number) });
  expect(steps.get("checkout-off")).toContain("replace");
  const next = replaced.outputs["scheduleId"]!.value as number;
  expect(next).not.toBe(schedule.id);
  await expect(schedules.getScheduledChange(http, schedule.projectId, schedule.id)).rejects.toThrow(/404/);
  expect((await server.control.runScheduledChanges(schedule.projectId)).ran).toEqual([next]);
  expect((await flags.getFeatureFlag(http, schedule.projectId, schedule.flagId)).active).toBe(true);
  schedule.id = next;
  await stack.preview({ expectNoChanges: true, refresh: true });
});

test("the destroy is accepted in Pulumi's order and leaves nothing the creates made but the experiment's flag; the schedule is deleted, its flag and project with it", async () => {
  const survey = await read.survey(ids.survey);
  const targeting = [(survey.targeting_flag as { id: number }).id, (survey.internal_targeting_flag as { id: number }).id];
  // Pulumi deletes the launched experiment, then its flag and its holdout side by side: the holdout's DELETE reads the
  // flag, the flag's delete lands, and the DELETE saves the flag as it read it (PostHog's race, made certain here).
  await server.control.addFault({ method: "DELETE", path: `experiment_holdouts/${ids.kept}/`, delayMs: 3000, midway: true });
  await server.control.addFault({ method: "PATCH", path: `feature_flags/${ids.runFlag}/`, requestBody: '"deleted":true', delayMs: 800 });
  const steps = new Map<string, string[]>();
  const destroyed = await stack.destroy({ onEvent: stepsByName(steps) });
  expect(Object.keys(destroyed.summary.resourceChanges ?? {})).toEqual(["delete"]);
  expect(scheduleSteps(steps)).toEqual([["delete"], ["delete"], ["delete"]]);
  await expect(schedules.getScheduledChange(http, schedule.projectId, schedule.id)).rejects.toThrow(/404/);

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
