/**
 * posthog.Notebook and posthog.Subscription against a real PostHog: a notebook read back without change, edited as
 * PostHog's editor saves it (node ids, one query changed) read back as drift at that one path, PostHog's version
 * check refusing a stale content (the provider says so and overwrites nothing), restored, deleted by PATCH; a
 * subscription refused by a plan without `subscriptions` (402, every request, reads too) with PostHog's reason and what
 * to do, nothing created, as the local server plays it. The notebook's create, a preview without change, drift of its
 * title, adoption, import and destroy are the contract's case (contract.test.ts); the subscription's there asserts the
 * refusal. Everything carries the run's prefix and is marked deleted afterwards.
 */
import { PostHogError, Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import * as notebooks from "../../src/kinds/notebook/endpoints";
import { notebookModel } from "../../src/kinds/notebook/kind";
import * as subscriptions from "../../src/kinds/subscription/endpoints";
import { subscriptionModel } from "../../src/kinds/subscription/model";
import type { Json } from "../../src/kit/lifecycle";
import { NotebookLifecycle, SubscriptionLifecycle } from "../../src/provider";
import { startLocalPostHog } from "../helpers/local-posthog";
import { acceptanceTarget, inTargetProject, named, type AcceptanceTarget } from "./real-posthog";

let target: AcceptanceTarget;
let client: Transport;
let projectId: number;
let connection: ReturnType<typeof inTargetProject>["connection"];

beforeAll(() => {
  target = acceptanceTarget();
  ({ client, projectId, connection } = inTargetProject(target));
});
afterAll(async () => {
  if (!client) return;
  for (const notebook of await notebooks.listNotebooks(client, projectId, { user: "true" }))
    if (notebook.title?.startsWith(target.prefix)) await notebooks.deleteNotebook(client, projectId, notebook.id);
});

const doc = (event: string, nodeIds = false) => ({
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 1, ...(nodeIds && { nodeId: "a1" }) }, content: [{ type: "text", text: "Review" }] },
    { type: "paragraph", ...(nodeIds && { attrs: { nodeId: "a2" } }), content: [{ type: "text", text: "Sign-ups by day." }] },
    {
      type: "ph-query",
      attrs: {
        ...(nodeIds && { nodeId: "a3", height: null }),
        query: { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event }] } },
      },
    },
  ],
});

test("a notebook: read back without change; edited as the editor saves it, drift at the one path that changed; a stale version refused, nothing overwritten; restored; deleted by PATCH", async () => {
  const provider = new NotebookLifecycle(connection);
  const inputs: Json = { projectId, title: named(target, "weekly review"), content: doc("signed_up"), textContent: "Review" };
  const created = await provider.create(inputs);
  expect(created.id).toMatch(/^[0-9A-Za-z]{1,12}$/);
  expect(created.outs).toMatchObject({ shortId: created.id, version: 0 });
  const read = await provider.read(`${projectId}/${created.id}`, created.outs as Json);
  expect(read.inputs).toEqual(inputs);
  expect((await provider.diff(created.id, read.props as Json, inputs)).changes).toBe(false);

  // Saved by the editor: node ids, then a changed query.
  await notebooks.updateNotebook(client, projectId, created.id, { content: doc("signed_up", true), version: 0 });
  expect((await provider.diff(created.id, (await provider.read(created.id, read.props as Json)).props as Json, inputs)).changes).toBe(
    false,
  );
  await notebooks.updateNotebook(client, projectId, created.id, { content: doc("$pageview", true), version: 1 });
  const drifted = await provider.read(created.id, read.props as Json);
  const content = (drifted.inputs as Json)["content"] as ReturnType<typeof doc>;
  expect(content).toEqual(doc("$pageview"));
  expect((drifted.props as Json)["version"]).toBe(2);

  // A content change from the state read before those saves: its version (0) is stale, PostHog refuses it (measured),
  // the provider says what to do.
  await expect(provider.update(created.id, read.props as Json, { ...inputs, content: doc("purchase") })).rejects.toThrow(
    /409.*Someone else edited the Notebook.*Run `pulumi refresh` to see their change/s,
  );
  expect((await notebooks.getNotebook(client, projectId, created.id)).content).toEqual(doc("$pageview", true));
  const restored = await provider.update(created.id, drifted.props as Json, inputs);
  expect(restored.outs).toMatchObject({ version: 3, content: doc("signed_up") });

  await provider.delete(created.id, restored.outs as Json);
  await expect(notebooks.getNotebook(client, projectId, created.id)).rejects.toThrow(/404/);
});

test("a notebook's title of 257 characters: refused before sending, and by PostHog", async () => {
  const title = "x".repeat(257);
  expect(notebookModel.validate({ projectId, title })).not.toEqual([]);
  const refusal = notebooks.createNotebook(client, projectId, { title });
  await expect(refusal).rejects.toBeInstanceOf(PostHogError);
  await expect(refusal).rejects.toThrow(/400.*no more than 256 characters/);
});

test("a subscription where the plan lacks `subscriptions`: 402 to every request, said with what to do; nothing created; the local server answers alike", async () => {
  const provider = new SubscriptionLifecycle(connection);
  const inputs: Json = {
    projectId,
    title: named(target, "weekly"),
    dashboardId: 1,
    targetType: "email",
    targetValue: "growth@example.com",
    frequency: "weekly",
    startDate: "2025-01-06T09:00:00Z",
  };
  expect(subscriptionModel.validate(inputs)).toEqual([]);
  await expect(provider.create(inputs)).rejects.toThrow(
    /402.*premium PostHog offering.*`subscriptions` feature \(AvailableFeature\.SUBSCRIPTIONS.*or remove the subscription from the program/s,
  );
  // Reads too: nothing can have been made, and nothing is listed.
  const real = await subscriptions.listSubscriptions(client, projectId).catch((error: PostHogError) => error);
  expect(real).toBeInstanceOf(PostHogError);
  expect((real as PostHogError).status).toBe(402);

  const local = await startLocalPostHog({ postHogVersion: "2025-08-04" });
  try {
    await local.control.patchOrganization(local.organizationId, { lackedFeatures: ["subscriptions"] });
    const localHttp = new Transport({ host: local.url, apiKey: local.apiKey, rateLimits: false });
    const localProject = await projects.createProject(localHttp, local.organizationId, { name: "Subscriptions" });
    const answer = await fetch(`${local.url}/api/projects/${localProject.id}/subscriptions/`, {
      headers: { Authorization: `Bearer ${local.apiKey}` },
    });
    const realAnswer = await fetch(`${target.url}/api/projects/${projectId}/subscriptions/`, {
      headers: { Authorization: `Bearer ${connection.config.apiKey}` },
    });
    expect([answer.status, await answer.json()]).toEqual([realAnswer.status, await realAnswer.json()]);
  } finally {
    await local.close();
  }
});
