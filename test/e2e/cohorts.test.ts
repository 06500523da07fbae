/**
 * posthog.Cohort through the real Pulumi CLI, in one stack of examples/cohort-flag (a cohort of the listed companies'
 * persons and a flag released to it by its cohortId) against one local server playing today's PostHog: create,
 * no-op preview with PostHog's form of the filters, drift shown as old => new by refresh and preview, restore in one
 * PATCH, a cohort deleted by hand created again (the flag following its new id), destroy as soft deletes.
 */
import * as path from "node:path";
import { cohorts, featureFlags, projects, Transport } from "../../src/client";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { pulumiSession, repoRoot, type PulumiSession } from "../helpers/pulumi-cli";
import type { Stack } from "@pulumi/pulumi/automation";

jest.setTimeout(300_000);

let server: LocalPostHog;
let session: PulumiSession;
let http: Transport;
let stack: Stack;
let projectId: number;

const writes = async () => (await server.requests()).filter((r) => r.method !== "GET");
const output = async (name: string) => (await stack.outputs())[name]!.value as number;
const companyFilter = (companies: string[]) => ({
  properties: {
    type: "OR",
    values: [{ type: "AND", values: [{ type: "person", key: "company", operator: "exact", value: companies }] }],
  },
});

beforeAll(async () => {
  server = await startLocalPostHog();
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  session = await pulumiSession(server);
  projectId = (await projects.createProject(http, server.organizationId, { name: "Cohorts" })).id;
  stack = await session.stack(path.join(repoRoot, "examples", "cohort-flag"), `e2e-cohorts-${process.pid}`, {
    "posthog:projectId": String(projectId),
  });
  await stack.setConfig("companies[0]", { value: "Acme" }, true);
  await stack.setConfig("companies[1]", { value: "Globex" }, true);
});
afterAll(async () => {
  await session?.cleanup();
  await server?.close();
});

test("a cohort and a flag naming it: create, no-op preview, drift as old => new, restore, deleted by hand, destroy", async () => {
  const up = await stack.up();
  expect(up.summary.resourceChanges).toMatchObject({ create: 3 });
  const cohortId = await output("cohortId");
  const cohort = await cohorts.getCohort(http, projectId, cohortId);
  // Today's PostHog stores the filters as its models dump them (negation added): the program's form compares equal.
  expect(cohort).toMatchObject({ name: "Beta customers", is_static: false, filters: companyFilter(["Acme", "Globex"]) });
  expect(JSON.stringify(cohort.filters)).toContain('"negation":false');
  const flag = await featureFlags.getFeatureFlag(http, projectId, await output("flagId"));
  expect(flag.filters.groups[0]!.properties).toMatchObject([{ key: "id", type: "cohort", value: cohortId, cohort_name: "Beta customers" }]);

  await server.clearRequests();
  await stack.preview({ expectNoChanges: true });
  expect(await writes()).toEqual([]);

  // Changed by hand: refresh, then the drift shows as old => new; up restores it with one PATCH.
  await cohorts.updateCohort(http, projectId, cohortId, { description: "Edited by hand", filters: companyFilter(["Acme", "Initech"]) });
  const refresh = await stack.refresh();
  expect(refresh.summary.resourceChanges).toMatchObject({ update: 1 });
  const preview = await stack.preview({ diff: true });
  expect(preview.stdout).toMatch(/~ description\s*: "Edited by hand" => "Persons of Acme, Globex"/);
  expect(preview.stdout).toMatch(/~ \[1\]\s*: "Initech" => "Globex"/);
  // Only the drift: PostHog's `negation: false` is not shown as a change.
  expect(preview.stdout).not.toMatch(/negation/);
  // The flag shows its cohort condition as [unknown]: a dynamic resource's update cannot tell the engine its
  // cohortId stays. `up` then writes the cohort only.
  expect(preview.stdout).toMatch(/~ value\s*: \d+ => \[unknown\]/);
  expect(preview.changeSummary).toMatchObject({ update: 2, same: 1 });
  await server.clearRequests();
  await stack.up();
  expect((await writes()).map((r) => [r.method, r.bodyKeys])).toEqual([["PATCH", ["description", "filters"]]]);

  // Today's PostHog keeps a cohort an active flag uses; with the flag deleted by hand too, up's refresh drops both
  // and up creates both again, the flag naming the new cohort's id.
  await expect(cohorts.deleteCohort(http, projectId, cohortId)).rejects.toThrow(
    /This cohort is used in 1 active feature flag\(s\): Beta for the listed companies/,
  );
  await featureFlags.deleteFeatureFlag(http, projectId, flag.id);
  await cohorts.deleteCohort(http, projectId, cohortId);
  const again = await stack.up({ refresh: true });
  expect(again.summary.resourceChanges).toMatchObject({ create: 2 });
  const newCohortId = await output("cohortId");
  expect(newCohortId).not.toBe(cohortId);
  const newFlag = await featureFlags.getFeatureFlag(http, projectId, await output("flagId"));
  expect(newFlag.filters.groups[0]!.properties).toMatchObject([{ type: "cohort", value: newCohortId }]);

  // Destroy: the flag first (the cohort it names would be refused), each marked deleted; no DELETE.
  await server.clearRequests();
  await stack.destroy();
  const deletions = (await writes()).filter((r) => /cohorts|feature_flags/.test(r.path)).map((r) => [r.path.split("/")[4], r.bodyKeys]);
  expect(deletions).toEqual([
    ["feature_flags", ["deleted"]],
    ["cohorts", ["deleted"]],
  ]);
  expect((await cohorts.getCohort(http, projectId, newCohortId)).deleted).toBe(true);
});
