/**
 * The ProductTour lifecycle over loopback against the local server: PostHog's rules checked before anything is sent,
 * naming the field and the rule; what PostHog writes into other objects, all of it the tour's: its internal targeting
 * flag (made with autoLaunch, on while the tour runs, holding the targeting under the tour's own exclusions, deleted
 * with the tour), a survey step's survey (made once, kept through later updates, ended when the tour is deleted);
 * steps as PostHog normalizes them; a draft saved in PostHog never discarded unseen; a lost create found by its name;
 * PostHog 2025-08-04, which has no product tours.
 */
import * as flags from "../../../src/kinds/feature-flag/endpoints";
import * as tours from "../../../src/kinds/product-tour/endpoints";
import { ProductTourLifecycle } from "../../../src/kinds/product-tour/kind";
import * as surveys from "../../../src/kinds/survey/endpoints";
import { projectScopedSetups } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Product tours", (c) => new ProductTourLifecycle(c));
const email = { key: "email", type: "person", operator: "icontains", value: "@example.com" };

test("PostHog's rules are checked before anything is sent, naming the field and the rule", async () => {
  const { provider, projectId, server } = setups.current!;
  await server.clearRequests();
  const failures = async (inputs: Json) =>
    ((await provider.check({}, { projectId, name: "t", ...inputs })).failures ?? []).map((f) => `${f.property}: ${f.reason}`);
  expect(await failures({ content: { type: "announcement", steps: [{ id: "a" }, { id: "b" }] } })).toEqual([
    expect.stringMatching(/^content: .*"Announcements must have exactly 1 step\."/),
  ]);
  expect(await failures({ content: { steps: [{ id: "a" }], conditions: { linkedFlagVariant: "test" } } })).toEqual([
    expect.stringMatching(/^content: content\.conditions\.linkedFlagVariant needs linkedFlagId/),
  ]);
  expect(
    await failures({
      startDate: "2026-01-01T00:00:00Z",
      content: {
        steps: [
          { id: "a", elementTargeting: "manual" },
          { id: "b", type: "element" },
        ],
      },
    }),
  ).toEqual([
    expect.stringMatching(/^content: step 1 .*"Step 1 is missing an element selector"/),
    expect.stringMatching(/^content: step 2 .*"Step 2 requires an element to be selected"/),
  ]);
  // The same steps in a draft (no start date) are PostHog's to keep.
  expect(await failures({ content: { steps: [{ id: "a", elementTargeting: "manual" }] } })).toEqual([]);
  expect(await failures({ targetingFlagFilters: { groups: [{ properties: [email] }] } })).toEqual([
    expect.stringMatching(/^targetingFlagFilters: targetingFlagFilters needs autoLaunch: true/),
  ]);
  expect(await failures({ name: " " })).toEqual([expect.stringMatching(/^name: name must not be blank/)]);
  expect(await server.requests()).toEqual([]);
});

test("its internal targeting flag: made with autoLaunch, on once launched, the targeting kept under the tour's exclusions, gone with the tour", async () => {
  const { provider, http, projectId } = setups.current!;
  const inputs = {
    projectId,
    name: "Welcome tour",
    autoLaunch: true,
    content: { steps: [{ id: "s", selector: "#go", useManualSelector: true }], displayFrequency: "until_interacted" },
    targetingFlagFilters: { groups: [{ properties: [email] }] },
  };
  const created = await provider.create(inputs);
  const key = (created.outs as Json)["internalTargetingFlagKey"] as string;
  expect(key).toMatch(/^product-tour-targeting-welcome-tour-[0-9a-f]{8}$/);
  // PostHog's normalized step (`elementTargeting` derived) is the declared one.
  expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);
  const flagId = (await tours.getProductTour(http, projectId, created.id)).internal_targeting_flag!.id;
  const flag = await flags.getFeatureFlag(http, projectId, flagId);
  expect(flag.key).toBe(key);
  expect(flag).toMatchObject({ active: false, name: "Product Tour: Welcome tour" });
  const groups = (flag.filters as { groups: Array<{ properties: Array<{ key: string }> }> }).groups;
  expect(groups.map((g) => g.properties.map((p) => p.key))).toEqual([
    [`$product_tour_completed/${created.id}`, `$product_tour_dismissed/${created.id}`, "email"],
  ]);

  const launched = { ...inputs, startDate: "2026-01-01T00:00:00Z" };
  const updated = await provider.update(created.id, created.outs as Json, launched);
  expect((await flags.getFeatureFlag(http, projectId, flag.id)).active).toBe(true);
  expect((await provider.diff(created.id, updated.outs as Json, launched)).changes).toBe(false);
  // A refresh reads the targeting back as declared, the tour's own exclusions left out.
  expect((await provider.read(created.id, updated.outs as Json)).inputs).toEqual(launched);

  await provider.delete(created.id, updated.outs as Json);
  await expect(tours.getProductTour(http, projectId, created.id)).rejects.toMatchObject({ isNotFound: true });
  await expect(flags.getFeatureFlag(http, projectId, flag.id)).rejects.toMatchObject({ isNotFound: true });
});

test("a survey step's survey: made once, kept (not remade) by the next updates, ended when the tour is deleted", async () => {
  const { provider, http, projectId } = setups.current!;
  const step = { id: "rate", title: "How was it?", survey: { type: "rating", questionText: "How helpful was this?", scale: 5 } };
  const inputs = { projectId, name: "Tour with a survey", content: { steps: [step] } };
  const created = await provider.create(inputs);
  const made = (await tours.getProductTour(http, projectId, created.id)).content as { steps: Array<Json> };
  const surveyId = made.steps[0]!["linkedSurveyId"] as string;
  expect(await surveys.getSurvey(http, projectId, surveyId)).toMatchObject({ type: "api", end_date: null });
  expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);

  const renamed = { ...inputs, content: { steps: [{ ...step, title: "Was it useful?" }] } };
  const updated = await provider.update(created.id, created.outs as Json, renamed);
  const after = (await tours.getProductTour(http, projectId, created.id)).content as { steps: Array<Json> };
  expect(after.steps[0]).toMatchObject({ title: "Was it useful?", linkedSurveyId: surveyId });
  expect((await surveys.listSurveys(http, projectId)).filter((s) => s.type === "api")).toHaveLength(1);

  await provider.delete(created.id, updated.outs as Json);
  expect((await surveys.getSurvey(http, projectId, surveyId)).end_date).toEqual(expect.any(String));
});

test("a draft saved in PostHog's editor is never discarded unseen: the update is refused, naming it, nothing written", async () => {
  const { provider, http, projectId, server } = setups.current!;
  const inputs = { projectId, name: "Drafted tour", description: "live" };
  const created = await provider.create(inputs);
  await http.request({
    method: "PATCH",
    path: `/api/projects/${projectId}/product_tours/${created.id}/draft/`,
    body: { description: "draft" },
  });
  const drifted = await provider.read(created.id, created.outs as Json);
  expect(drifted.props).toMatchObject({ hasDraft: true });
  await server.clearRequests();
  await expect(provider.update(created.id, created.outs as Json, { ...inputs, description: "changed" })).rejects.toThrow(
    /holds a draft saved in PostHog's editor and not published: an update would discard it/,
  );
  expect((await server.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  expect(await tours.getProductTour(http, projectId, created.id)).toMatchObject({ description: "live", has_draft: true });
});

test("a create whose answer was lost finds its tour by name (unique among live tours), never making a second", async () => {
  const { provider, http, projectId, server } = setups.current!;
  const inputs = { projectId, name: "Lost answer tour", description: "once" };
  await server.fault({ method: "POST", path: "/product_tours/?$", status: 502, afterCommit: true });
  const created = await provider.create(inputs);
  const live = (await tours.listProductTours(http, projectId)).filter((t) => t.name === "Lost answer tour").map((t) => t.id);
  expect(live).toEqual([created.id]);
});

test("PostHog 2025-08-04 has no product tours: the create says so", async () => {
  const { provider, projectId } = setups["2025-08-04"]!;
  await expect(provider.create({ projectId, name: "t" })).rejects.toThrow(
    /This PostHog has no product tours \(PostHog 2025-08-04 and older serve none\): use today's PostHog .*`product_tour:write`/,
  );
});
