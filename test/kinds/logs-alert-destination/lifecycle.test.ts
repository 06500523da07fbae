/**
 * The LogsAlertDestination lifecycle over loopback against the local server: what each type needs checked before
 * anything is sent; the webhook URL compared as PostHog answers it (scheme and host) and any change of an input a
 * replacement (PostHog updates no destination); what PostHog never answers or trims made without a failure; one
 * deleted by hand, or with its alert, gone at refresh and its delete then quiet; the secret inputs the ones the plugin
 * makes secret. (Its example's create, preview, adoption,
 * import and delete: the contract suite; the secret kept out of the state in plain text: test/e2e/contract.test.ts.)
 */
import * as alerts from "../../../src/kinds/logs-alert/endpoints";
import * as destinations from "../../../src/kinds/logs-alert-destination/endpoints";
import { logsAlertDestinationKind } from "../../../src/kinds/logs-alert-destination/kind";
import { LogsAlertDestinationLifecycle } from "../../../src/provider";
import { projectScopedSetups } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Log alert destinations", (c) => new LogsAlertDestinationLifecycle(c));
const HOOK = "https://hooks.example.com/T1/secret-part";

async function alertOf(): Promise<string> {
  const { http, projectId } = setups.current!;
  return (await alerts.createLogsAlert(http, projectId, { name: "Errors", filters: { severityLevels: ["error"] } })).id;
}

test("what each type needs is checked before anything is sent, naming the input and PostHog's rule", async () => {
  const { provider, projectId, server } = setups.current!;
  await server.clearRequests();
  const logsAlertId = await alertOf();
  const failures = async (inputs: Json) =>
    ((await provider.check({}, { projectId, logsAlertId, ...inputs })).failures ?? []).map((f) => `${f.property}: ${f.reason}`);
  expect(await failures({ type: "webhook" })).toEqual([
    expect.stringMatching(/^webhookUrl: webhookUrl is required for webhook destinations \(validate_destination_data/),
  ]);
  expect(await failures({ type: "slack", slackWorkspaceId: 3 })).toEqual([
    expect.stringMatching(/^slackChannelId: slackChannelId is required for slack destinations/),
  ]);
  expect(await failures({ type: "pagerduty" })).toEqual([
    expect.stringMatching(/^pagerdutyRoutingKey: .*required for pagerduty destinations/),
  ]);
  expect(await failures({ type: "teams", webhookUrl: "not a url" })).toEqual([
    expect.stringMatching(/^webhookUrl: .*"Enter a valid URL\."/),
  ]);
  expect(await failures({ type: "email" })).toEqual([expect.stringMatching(/^type: .*slack, webhook, teams, pagerduty/)]);
  // As Python reads `not data.get(field)`: a workspace id 0 is none.
  expect(await failures({ type: "slack", slackWorkspaceId: 0, slackChannelId: "C0123456789" })).toEqual([
    expect.stringMatching(/^slackWorkspaceId: slackWorkspaceId is required for slack destinations/),
  ]);
  // A CharField trims: a channel of spaces is blank, refused once, by its field.
  expect(await failures({ type: "slack", slackWorkspaceId: 3, slackChannelId: "   " })).toEqual([
    'slackChannelId: slackChannelId must not be blank ("This field may not be blank.", LogsAlertCreateDestinationSerializer, products/logs/backend/alerts_api.py)',
  ]);
  expect(await failures({ type: "webhook", webhookUrl: "https://example.123/hook" })).toEqual([
    expect.stringMatching(/^webhookUrl: .*Django's URLValidator/),
  ]);
  // What Django's URLValidator takes besides a public https URL.
  for (const webhookUrl of [
    "http://localhost:8080/hook",
    "ftp://files.example.com/drop",
    "http://10.0.0.1/hook",
    " https://hooks.example.com/x ",
  ])
    expect([webhookUrl, await failures({ type: "webhook", webhookUrl })]).toEqual([webhookUrl, []]);
  expect(await failures({ type: "slack", slackWorkspaceId: 3, slackChannelId: "C0123456789", slackChannelName: "#alerts" })).toEqual([]);
  // Only the alert made above: nothing of the checks was sent.
  expect((await server.requests()).filter((r) => r.method !== "GET").map((r) => r.path)).toEqual([
    `/api/projects/${projectId}/logs/alerts/`,
  ]);
});

test("a webhook destination: its URL compared as PostHog answers it, any change a replacement, made before the old one goes", async () => {
  const { provider, http, projectId } = setups.current!;
  const logsAlertId = await alertOf();
  const inputs = { projectId, logsAlertId, type: "webhook", webhookUrl: HOOK };
  const created = await provider.create(inputs);
  const outs = created.outs as Json;
  expect(created.id.split(",")).toHaveLength(4);
  expect(outs).toMatchObject({ logsAlertDestinationId: created.id, logsAlertId, type: "webhook", webhookUrl: "https://hooks.example.com" });
  expect(await provider.diff(created.id, outs, inputs)).toMatchObject({ changes: false, replaces: [] });
  expect(await provider.read(created.id, outs)).toMatchObject({ id: created.id, inputs });

  // Another path on the same host: PostHog's answer cannot show it, the program's change does.
  const other = await provider.diff(created.id, outs, { ...inputs, webhookUrl: "https://hooks.example.com/T1/rotated" });
  expect(other).toMatchObject({ changes: true, replaces: ["webhookUrl"], deleteBeforeReplace: false });
  expect(await provider.diff(created.id, outs, { ...inputs, type: "teams" })).toMatchObject({ replaces: ["type"] });

  await provider.delete(created.id, outs);
  expect((await alerts.getLogsAlert(http, projectId, logsAlertId)).destinations).toEqual([]);
});

test("a Slack channel's name (never answered) and texts with spaces around them (PostHog trims): made or adopted without a failure, then no change, read back as declared", async () => {
  const { provider, http, projectId } = setups.current!;
  const logsAlertId = await alertOf();
  for (const declared of [
    { type: "slack", slackWorkspaceId: 3, slackChannelId: "C0123456789", slackChannelName: "#alerts" },
    { type: "slack", slackWorkspaceId: 3, slackChannelId: " C0123456789 ", slackChannelName: " #alerts " },
    { type: "pagerduty", pagerdutyRoutingKey: " R0123456789abcdef " },
  ]) {
    const inputs = { projectId, logsAlertId, ...declared };
    const made = await provider.create(inputs);
    expect(await provider.diff(made.id, made.outs as Json, inputs)).toMatchObject({ changes: false });
    const read = await provider.read(made.id, made.outs as Json);
    expect(read.inputs).toEqual(inputs);
    expect(await provider.diff(made.id, read.props as Json, inputs)).toMatchObject({ changes: false });
  }
  // One made by hand, adopted with its channel's name declared: taken as it is, nothing sent.
  const slack = { slack_workspace_id: 3, slack_channel_id: "C0123456789", slack_channel_name: "#alerts" };
  const byHand = await destinations.createLogsAlertDestination(
    http,
    { scope: projectId, parent: logsAlertId },
    { type: "slack", ...slack },
  );
  const inputs = { projectId, logsAlertId, type: "slack", slackWorkspaceId: 3, slackChannelId: "C0123456789", slackChannelName: "#alerts" };
  const adopted = await provider.create({ ...inputs, adoptId: byHand.id });
  expect(adopted.id).toBe(byHand.id);
  expect(await provider.diff(adopted.id, adopted.outs as Json, inputs)).toMatchObject({ changes: false });
});

test("deleted by hand, or with its alert: gone at refresh, and a delete of what is gone succeeds", async () => {
  const { provider, http, projectId } = setups.current!;
  const logsAlertId = await alertOf();
  const where = { scope: projectId, parent: logsAlertId };
  const made = await provider.create({ projectId, logsAlertId, type: "webhook", webhookUrl: HOOK });
  await destinations.deleteLogsAlertDestination(http, where, made.id);
  expect(await provider.read(made.id, made.outs as Json)).toEqual({});
  // PostHog refuses the group as no longer the alert's: read again, it is gone.
  await expect(provider.delete(made.id, made.outs as Json)).resolves.toBeUndefined();

  const again = await provider.create({ projectId, logsAlertId, type: "webhook", webhookUrl: HOOK });
  await alerts.deleteLogsAlert(http, projectId, logsAlertId);
  expect(await provider.read(again.id, again.outs as Json)).toEqual({});
  await expect(provider.delete(again.id, again.outs as Json)).resolves.toBeUndefined();
});

test("a group PostHog holds only part of is never rewritten: the read says so", async () => {
  const { provider, http, projectId } = setups.current!;
  const logsAlertId = await alertOf();
  const made = await provider.create({ projectId, logsAlertId, type: "webhook", webhookUrl: HOOK });
  await destinations.deleteLogsAlertDestination(http, { scope: projectId, parent: logsAlertId }, made.id.split(",")[0]!);
  await expect(provider.read(made.id, made.outs as Json)).rejects.toThrow(/is no longer one group of hog functions in PostHog/);
});

test("the webhook URL and the PagerDuty key are the secret inputs; a Slack channel is not", () => {
  const paths = logsAlertDestinationKind.secretInputPaths!;
  expect(paths({ type: "webhook", webhookUrl: HOOK })).toEqual([["webhookUrl"]]);
  expect(paths({ type: "pagerduty", pagerdutyRoutingKey: "R0123456789abcdef" })).toEqual([["pagerdutyRoutingKey"]]);
  expect(paths({ type: "slack", slackWorkspaceId: 1, slackChannelId: "C0123456789" })).toEqual([]);
});
