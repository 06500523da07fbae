/**
 * The endpoint functions of feature flags, cohorts, actions and annotations (src/kinds/feature-flag/endpoints.ts, …)
 * against the local server over loopback: every page of a list, lookups, soft delete, errors naming the object,
 * and creates that are never resent.
 */
import { collect, PostHogError, type Transport } from "../../src/client-entry";
import * as actions from "../../src/kinds/action/endpoints";
import * as annotations from "../../src/kinds/annotation/endpoints";
import * as cohorts from "../../src/kinds/cohort/endpoints";
import * as featureFlags from "../../src/kinds/feature-flag/endpoints";
import { startClientProject } from "../helpers/client-project";
import type { LocalPostHog } from "../helpers/local-posthog";

let server: LocalPostHog;
let http: Transport;
let projectId = 0;
beforeAll(async () => ({ server, http, projectId } = await startClientProject("Objects")));
afterAll(() => server.close());

const everyone = { groups: [{ properties: [], rollout_percentage: 100 }] };

test("feature flags: create, get, update, every page of the list, lookup by key, soft delete", async () => {
  const made = [];
  for (let i = 0; i < 5; i++) made.push(await featureFlags.createFeatureFlag(http, projectId, { key: `client-${i}`, filters: everyone }));
  expect(made[0]).toMatchObject({ key: "client-0", active: true, deleted: false, filters: everyone });
  expect((await featureFlags.getFeatureFlag(http, projectId, made[1].id)).key).toBe("client-1");
  expect((await featureFlags.updateFeatureFlag(http, projectId, made[1].id, { active: false })).active).toBe(false);

  await server.clearRequests();
  const all = await featureFlags.listFeatureFlags(http, projectId, {}, 2);
  expect(all.map((f) => f.key).sort()).toEqual(["client-0", "client-1", "client-2", "client-3", "client-4"]);
  expect(await server.requests({ method: "GET" })).toHaveLength(3);

  expect((await featureFlags.findFeatureFlagByKey(http, projectId, "client-3"))?.id).toBe(made[3].id);
  expect(await featureFlags.findFeatureFlagByKey(http, projectId, "client")).toBeNull();

  const deleted = await featureFlags.deleteFeatureFlag(http, projectId, made[2].id);
  expect(deleted.deleted).toBe(true);
  expect(await featureFlags.findFeatureFlagByKey(http, projectId, "client-2")).toBeNull();
  expect((await collect(featureFlags.iterateFeatureFlags(http, projectId, { active: "false" }))).map((f) => f.key)).toEqual(["client-1"]);
});

test("a refused create names the field and PostHog's rule; a missing flag names the flag and the project", async () => {
  const bad = await featureFlags.createFeatureFlag(http, projectId, { key: "no spaces" }).catch((e: unknown) => e);
  expect(bad).toBeInstanceOf(PostHogError);
  expect(bad).toMatchObject({ status: 400, code: "invalid_key", attr: "key" });
  const missing = await featureFlags.getFeatureFlag(http, projectId, 987654).catch((e: unknown) => e);
  expect((missing as Error).message).toContain(`feature flag 987654 in project ${projectId}`);
});

test("a create that fails after it may have reached PostHog is not resent", async () => {
  await server.clearRequests();
  await server.fault({ method: "POST", path: "/feature_flags/", status: 503 });
  await expect(featureFlags.createFeatureFlag(http, projectId, { key: "client-once", filters: everyone })).rejects.toMatchObject({
    kind: "ambiguous",
  });
  expect(await server.requests({ method: "POST" })).toHaveLength(1);
  // a read is retried
  await server.fault({ method: "GET", path: "/feature_flags/", status: 503 });
  expect(await featureFlags.listFeatureFlags(http, projectId)).not.toHaveLength(0);
});

test("cohorts: create, search, soft delete", async () => {
  const filters = { properties: { type: "AND", values: [{ type: "person", key: "email", operator: "icontains", value: "@acme.com" }] } };
  const c = await cohorts.createCohort(http, projectId, { name: "Acme people", filters });
  expect(c).toMatchObject({ name: "Acme people", is_static: false, filters });
  expect((await cohorts.listCohorts(http, projectId, "acme")).map((x) => x.id)).toEqual([c.id]);
  expect((await cohorts.updateCohort(http, projectId, c.id, { description: "d" })).description).toBe("d");
  expect((await cohorts.deleteCohort(http, projectId, c.id)).deleted).toBe(true);
  expect(await cohorts.listCohorts(http, projectId, "acme")).toEqual([]);
  expect((await cohorts.getCohort(http, projectId, c.id)).deleted).toBe(true);
});

test("actions: the unpaginated list, lookup by name, update and soft delete", async () => {
  const a = await actions.createAction(http, projectId, {
    name: "Checkout",
    steps: [{ event: "$pageview", url: "/checkout", url_matching: "contains" }],
  });
  expect(a.steps[0]).toMatchObject({ event: "$pageview", url: "/checkout" });
  expect((await actions.findActionByName(http, projectId, "Checkout"))?.id).toBe(a.id);
  expect((await actions.updateAction(http, projectId, a.id, { name: "Checkout", description: "d" })).description).toBe("d");
  expect((await actions.deleteAction(http, projectId, a.id, "Checkout")).deleted).toBe(true);
  expect(await actions.findActionByName(http, projectId, "Checkout")).toBeNull();
  expect((await actions.getAction(http, projectId, a.id)).deleted).toBe(true);
});

test("annotations: create, filtered list, soft delete hides it from GET", async () => {
  const a = await annotations.createAnnotation(http, projectId, {
    content: "Launch",
    date_marker: "2026-01-01T00:00:00Z",
    scope: "project",
  });
  expect(a).toMatchObject({ content: "Launch", scope: "project", date_marker: "2026-01-01T00:00:00Z" });
  expect((await annotations.listAnnotations(http, projectId, { search: "launch" })).map((x) => x.id)).toEqual([a.id]);
  expect((await annotations.updateAnnotation(http, projectId, a.id, { content: "Launched" })).content).toBe("Launched");
  expect((await annotations.deleteAnnotation(http, projectId, a.id)).deleted).toBe(true);
  await expect(annotations.getAnnotation(http, projectId, a.id)).rejects.toMatchObject({ status: 404 });
});
