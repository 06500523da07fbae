/**
 * The lookups of the product configuration kinds against the local server (today's PostHog), as a program calls them
 * (`get<Name>`, `list<Plural>` and their Output forms): early access features by id and by stage, holdouts, saved
 * metrics, insight variables by code name, replay playlists by type and pin, notebooks by their text, and
 * subscriptions by insight, a webhook's a secret result. Each finds what PostHog holds and leaves out what it deleted.
 */
import { Transport } from "../../src/client-entry";
import * as posthog from "../../src";
import { useLookupConfig } from "../../src/functions/context";
import * as features from "../../src/kinds/early-access-feature/endpoints";
import * as featureFlags from "../../src/kinds/feature-flag/endpoints";
import * as holdouts from "../../src/kinds/experiment-holdout/endpoints";
import * as insights from "../../src/kinds/insight/endpoints";
import * as metrics from "../../src/kinds/experiment-saved-metric/endpoints";
import * as notebooks from "../../src/kinds/notebook/endpoints";
import * as playlists from "../../src/kinds/session-recording-playlist/endpoints";
import * as projects from "../../src/kinds/project/endpoints";
import * as subscriptions from "../../src/kinds/subscription/endpoints";
import * as variables from "../../src/kinds/insight-variable/endpoints";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";

let server: LocalPostHog;
let http: Transport;
let projectId: number;

beforeAll(async () => {
  server = await startLocalPostHog();
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  projectId = (await projects.createProject(http, server.organizationId, { name: "Product lookups" })).id;
  useLookupConfig((key) => ({ "posthog:host": server.url, "posthog:apiKey": server.apiKey })[key]);
});
afterAll(() => server?.close());

const isSecret = (output: unknown) => (output as { isSecret: Promise<boolean> }).isSecret;
const value = <T>(output: { apply: (f: (v: T) => unknown) => unknown }) => new Promise<T>((resolve) => output.apply(resolve));

test("early access features: by id with the flag PostHog made, and by stage", async () => {
  const flag = await featureFlags.createFeatureFlag(http, projectId, {
    key: "beta-search",
    filters: { groups: [{ rollout_percentage: 0 }] },
  });
  const beta = await features.createEarlyAccessFeature(http, projectId, { name: "Search", stage: "beta", feature_flag_id: flag.id });
  const alpha = await features.createEarlyAccessFeature(http, projectId, { name: "Dark mode", stage: "alpha" });
  expect(await posthog.getEarlyAccessFeature({ projectId, earlyAccessFeatureId: beta.id })).toMatchObject({
    earlyAccessFeatureId: beta.id,
    projectId,
    name: "Search",
    stage: "beta",
    featureFlag: expect.objectContaining({ id: flag.id, key: "beta-search" }),
  });
  expect((await posthog.listEarlyAccessFeatures({ projectId, stage: "beta" })).map((f) => f.name)).toEqual(["Search"]);
  expect((await posthog.listEarlyAccessFeatures({ projectId })).map((f) => f.name).sort()).toEqual(["Dark mode", "Search"]);
  const found = posthog.getEarlyAccessFeatureOutput({ projectId, earlyAccessFeatureId: alpha.id });
  expect(await value(found)).toMatchObject({ name: "Dark mode", featureFlag: expect.objectContaining({ key: "dark-mode" }) });
  await features.deleteEarlyAccessFeature(http, projectId, alpha.id);
  expect((await posthog.listEarlyAccessFeatures({ projectId })).map((f) => f.name)).toEqual(["Search"]);
});

test("holdouts and saved metrics: by id and listed", async () => {
  const holdout = await holdouts.createExperimentHoldout(http, projectId, {
    name: "Long-term",
    filters: [{ properties: [], rollout_percentage: 10 }],
  });
  const metric = await metrics.createExperimentSavedMetric(http, projectId, {
    name: "Conversion",
    query: { kind: "ExperimentMetric", metric_type: "funnel", series: [{ kind: "EventsNode", event: "paid" }] },
  });
  expect(await posthog.getExperimentHoldout({ projectId, holdoutId: holdout.id })).toMatchObject({
    holdoutId: holdout.id,
    name: "Long-term",
    filters: [expect.objectContaining({ rollout_percentage: 10, variant: `holdout-${holdout.id}` })],
  });
  expect((await posthog.listExperimentHoldouts({ projectId })).map((h) => h.holdoutId)).toEqual([holdout.id]);
  expect(await posthog.getExperimentSavedMetric({ projectId, savedMetricId: metric.id })).toMatchObject({
    savedMetricId: metric.id,
    name: "Conversion",
    query: expect.objectContaining({ metric_type: "funnel" }),
  });
  expect((await posthog.listExperimentSavedMetrics({ projectId })).map((m) => m.name)).toEqual(["Conversion"]);
});

test("insight variables: by the code name HogQL knows them by; a code name none has is named", async () => {
  const variable = await variables.createInsightVariable(http, projectId, { name: "Minimum revenue", type: "Number", default_value: 100 });
  expect(await posthog.getInsightVariable({ projectId, codeName: "minimum_revenue" })).toMatchObject({
    variableId: variable.id,
    name: "Minimum revenue",
    codeName: "minimum_revenue",
    defaultValue: 100,
  });
  expect(await posthog.getInsightVariable({ projectId, variableId: variable.id })).toMatchObject({ codeName: "minimum_revenue" });
  await expect(posthog.getInsightVariable({ projectId, codeName: "maximum_revenue" })).rejects.toThrow(
    /has no insight variable with codeName "maximum_revenue"/,
  );
  expect((await posthog.listInsightVariables({ projectId })).map((v) => v.codeName)).toEqual(["minimum_revenue"]);
});

test("replay playlists by type and pin, notebooks by their text; deleted ones are not found", async () => {
  const saved = await playlists.createSessionRecordingPlaylist(http, projectId, {
    name: "Checkout errors",
    type: "filters",
    filters: { date_from: "-7d", filter_group: { type: "AND", values: [{ type: "AND", values: [] }] } },
  });
  const pinned = await playlists.createSessionRecordingPlaylist(http, projectId, { name: "Onboarding", type: "collection", pinned: true });
  expect((await posthog.listSessionRecordingPlaylists({ projectId, type: "collection" })).map((p) => p.name)).toEqual(["Onboarding"]);
  expect((await posthog.listSessionRecordingPlaylists({ projectId, pinned: false })).map((p) => p.name)).toEqual(["Checkout errors"]);
  expect(await posthog.getSessionRecordingPlaylist({ projectId, shortId: saved.short_id })).toMatchObject({
    shortId: saved.short_id,
    numericId: saved.numeric_id,
    type: "filters",
  });
  await playlists.deleteSessionRecordingPlaylist(http, projectId, pinned.short_id);
  await expect(posthog.getSessionRecordingPlaylist({ projectId, shortId: pinned.short_id })).rejects.toMatchObject({ isNotFound: true });
  expect((await posthog.listSessionRecordingPlaylists({ projectId })).map((p) => p.name)).toEqual(["Checkout errors"]);

  const review = await notebooks.createNotebook(http, projectId, {
    title: "Weekly review",
    content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Churn went down" }] }] },
  });
  await notebooks.createNotebook(http, projectId, { title: "Launch plan", content: { type: "doc", content: [] } });
  expect((await posthog.listNotebooks({ projectId, search: "review" })).map((n) => n.title)).toEqual(["Weekly review"]);
  expect(await posthog.getNotebook({ projectId, shortId: review.short_id })).toMatchObject({
    title: "Weekly review",
    content: { type: "doc", content: [expect.objectContaining({ type: "paragraph" })] },
  });
});

test("subscriptions by insight; one to a webhook is a secret result (its URL is as good as a password), one by email is not", async () => {
  const insight = (await insights.createInsight(http, projectId, { name: "Sign-ups" })).id;
  const other = (await insights.createInsight(http, projectId, { name: "Revenue" })).id;
  const schedule = { frequency: "weekly", start_date: "2025-01-06T09:00:00Z" };
  const hook = await subscriptions.createSubscription(http, projectId, {
    ...schedule,
    insight,
    title: "Hook",
    target_type: "webhook",
    target_value: "https://hooks.example.net/Xq7zK9vT4mW2",
  });
  const mail = await subscriptions.createSubscription(http, projectId, {
    ...schedule,
    insight: other,
    title: "Mail",
    target_type: "email",
    target_value: "growth@example.com",
  });
  expect((await posthog.listSubscriptions({ projectId, insightId: insight })).map((s) => s.subscriptionId)).toEqual([hook.id]);
  expect(await posthog.getSubscription({ projectId, subscriptionId: mail.id })).toMatchObject({ title: "Mail", insight: other });
  expect(await isSecret(posthog.getSubscriptionOutput({ projectId, subscriptionId: hook.id }))).toBe(true);
  expect(await isSecret(posthog.getSubscriptionOutput({ projectId, subscriptionId: mail.id }))).toBe(false);
  expect(await isSecret(posthog.listSubscriptionsOutput({ projectId }))).toBe(true);
  expect(await isSecret(posthog.listSubscriptionsOutput({ projectId, insightId: other }))).toBe(false);
});
