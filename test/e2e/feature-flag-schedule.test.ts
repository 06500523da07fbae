/**
 * FeatureFlagSchedule through the real Pulumi CLI against the local server: its reference page's TypeScript example
 * as written (up, no change after); the schedule moved to a past time (an update, not a replacement); PostHog's task
 * run by the control route: the schedule is spent, not drift, and its flag keeps the change; a new change declared
 * then makes a new schedule in its place; destroy.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { Transport } from "../../src/client-entry";
import * as flags from "../../src/kinds/feature-flag/endpoints";
import * as schedules from "../../src/kinds/feature-flag-schedule/endpoints";
import * as projects from "../../src/kinds/project/endpoints";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { pulumiSession, repoRoot, type PulumiSession } from "../helpers/pulumi-cli";

jest.setTimeout(600_000);

let server: LocalPostHog;
let session: PulumiSession;
let http: Transport;

beforeAll(async () => {
  server = await startLocalPostHog();
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  session = await pulumiSession(server, [], { destroyOnCleanup: false });
});
afterAll(async () => {
  await session?.cleanup();
  await server?.close();
});

/** The reference page's TypeScript example, as a reader copies it. */
function pageExample(): string {
  const page = fs.readFileSync(path.join(repoRoot, "docs", "resources", "feature-flag-schedule.md"), "utf8");
  const found = /TypeScript \(`index\.ts`\):\n\n```ts\n([\s\S]*?)```/.exec(page);
  if (!found) throw new Error("docs/resources/feature-flag-schedule.md has no TypeScript example");
  return found[1]!;
}

test("the reference page's example as written, a past time, PostHog's run (spent, not drift), a new change, destroy", async () => {
  const example = pageExample();
  const dir = session.nodeProgram("posthog-schedule-e2e", example.trimEnd().split("\n"));
  const program = (text: string) => fs.writeFileSync(path.join(dir, "index.ts"), text);
  const stack = await session.stack(dir, "dev");

  const up = await stack.up();
  expect(up.summary.resourceChanges).toMatchObject({ create: 4 });
  const scheduleId = up.outputs["scheduleId"]!.value as number;
  await stack.preview({ expectNoChanges: true });
  const web = (await projects.listProjects(http, server.organizationId)).find((p) => p.name === "Web")!;
  const schedule = await schedules.getScheduledChange(http, web.id, scheduleId);
  expect(schedule).toMatchObject({ payload: { operation: "update_status", value: false }, scheduled_at: "2030-01-01T00:00:00Z" });
  const flagId = Number(schedule.record_id);
  expect((await flags.getFeatureFlag(http, web.id, flagId)).active).toBe(true);

  // A time already past: the same schedule, updated.
  program(example.replace('"2030-01-01T00:00:00Z"', '"2020-01-01T00:00:00Z"'));
  const moved = await stack.up();
  expect(moved.summary.resourceChanges).toMatchObject({ update: 1 });
  expect(moved.outputs["scheduleId"]!.value).toBe(scheduleId);

  // PostHog's task runs it: the flag is turned off, and nothing of it is drift.
  expect((await server.control.runScheduledChanges(web.id)).ran).toEqual([scheduleId]);
  const refresh = await stack.refresh({ expectNoChanges: true });
  expect(Object.keys(refresh.summary.resourceChanges ?? {})).toEqual(["same"]);
  await stack.preview({ expectNoChanges: true });
  expect((await schedules.getScheduledChange(http, web.id, scheduleId)).executed_at).toEqual(expect.any(String));
  expect((await flags.getFeatureFlag(http, web.id, flagId)).active).toBe(false);

  // A new change of the spent schedule is a new schedule in its place, which the next run applies.
  program(example.replace('"2030-01-01T00:00:00Z"', '"2020-01-01T00:00:00Z"').replace("value: false", "value: true"));
  const replaced = await stack.up();
  expect(replaced.summary.resourceChanges).toMatchObject({ replace: 1 });
  const next = replaced.outputs["scheduleId"]!.value as number;
  expect(next).not.toBe(scheduleId);
  await expect(schedules.getScheduledChange(http, web.id, scheduleId)).rejects.toThrow(/404/);
  expect((await server.control.runScheduledChanges(web.id)).ran).toEqual([next]);
  expect((await flags.getFeatureFlag(http, web.id, flagId)).active).toBe(true);
  await stack.preview({ expectNoChanges: true, refresh: true });

  expect((await stack.destroy()).summary.resourceChanges).toMatchObject({ delete: 4 });
});
