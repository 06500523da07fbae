/**
 * posthog.SessionRecordingPlaylist against a real PostHog, and what a personal API key may not do there: a saved
 * filter keyed by its short id read back without change, its update and delete carrying the filters PostHog requires,
 * the provider's refusals before sending agreeing with PostHog's own; and group types' display names, which PostHog
 * lets no personal API key with scopes set (why there is no posthog.GroupType); posthog.InsightVariable, which PostHog
 * 2025-08-04 refuses to every such key (today's asks for `insight_variable`), its refusal said with what to do. The
 * playlist's create, a preview without change,
 * drift shown `old => new` and put back, adoption, import and destroy are the contract's case (contract.test.ts).
 * Everything carries the run's prefix and is marked deleted afterwards.
 */
import { PostHogError, type Transport } from "../../src/client-entry";
import * as playlists from "../../src/kinds/session-recording-playlist/endpoints";
import { sessionRecordingPlaylistModel } from "../../src/kinds/session-recording-playlist/kind";
import type { Json } from "../../src/kit/lifecycle";
import * as variables from "../../src/kinds/insight-variable/endpoints";
import { InsightVariableLifecycle, SessionRecordingPlaylistLifecycle } from "../../src/provider";
import { acceptanceTarget, inTargetProject, named, type AcceptanceTarget } from "./real-posthog";

let target: AcceptanceTarget;
let client: Transport;
let projectId: number;
let provider: SessionRecordingPlaylistLifecycle;
let connection: ReturnType<typeof inTargetProject>["connection"];

beforeAll(() => {
  target = acceptanceTarget();
  const inProject = inTargetProject(target);
  ({ client, projectId, connection } = inProject);
  provider = new SessionRecordingPlaylistLifecycle(inProject.connection);
});
afterAll(async () => {
  if (!client) return;
  for (const playlist of await playlists.listSessionRecordingPlaylists(client, projectId, { search: target.prefix }))
    await playlists.deleteSessionRecordingPlaylist(client, projectId, playlist.id);
});

const FILTERS = { date_from: "-7d", filter_test_accounts: true };

test("a saved filter: keyed by its short id, read back without change; a change of its pin carries its filters; deleted by PATCH", async () => {
  const inputs: Json = { projectId, name: named(target, "rage clicks"), type: "filters", filters: FILTERS, pinned: true };
  const created = await provider.create(inputs);
  expect(created.id).toMatch(/^[0-9A-Za-z]{1,12}$/);
  const read = await provider.read(`${projectId}/${created.id}`, created.outs as Json);
  expect(read.inputs).toEqual(inputs);
  expect((await provider.diff(created.id, read.props as Json, inputs)).changes).toBe(false);
  // PostHog refuses an update of a saved filter without filters ("You cannot remove all filters …"): measured here.
  await expect(playlists.updateSessionRecordingPlaylist(client, projectId, created.id, { pinned: false })).rejects.toThrow(
    "You cannot remove all filters when updating a saved filter",
  );
  const updated = await provider.update(created.id, read.props as Json, { ...inputs, pinned: false });
  expect(updated.outs).toMatchObject({ pinned: false, filters: FILTERS });
  await provider.delete(created.id, updated.outs as Json);
  await expect(playlists.getSessionRecordingPlaylist(client, projectId, created.id)).rejects.toThrow(/404/);
});

/** Whether PostHog refuses a create's body (400), or takes it (then deleted again). */
async function refused(body: Json): Promise<boolean> {
  try {
    const made = await playlists.createSessionRecordingPlaylist(client, projectId, body);
    await playlists.deleteSessionRecordingPlaylist(client, projectId, made.id);
    return false;
  } catch (error) {
    if (error instanceof PostHogError && error.status === 400) return true;
    throw error;
  }
}

test.each([
  ["no type", {}, { name: "x" }],
  ["a saved filter without filters", { type: "filters" }, { name: "x", type: "filters" }],
  ["a collection with filters", { type: "collection", filters: FILTERS }, { name: "x", type: "collection", filters: FILTERS }],
  ["a name of 401 characters", { type: "collection", name: "x".repeat(401) }, { type: "collection", name: "x".repeat(401) }],
])("%s: refused before sending, and by PostHog", async (_what, inputs, body) => {
  expect(sessionRecordingPlaylistModel.validate({ projectId, name: named(target, "refused"), ...inputs })).not.toEqual([]);
  expect(await refused(body)).toBe(true);
});

test("group types' display names: PostHog refuses a personal API key with scopes (update_metadata declares none), so no GroupType", async () => {
  const apiKey = target.keys.all ?? target.apiKey;
  const response = await fetch(`${target.url}/api/projects/${projectId}/groups_types/update_metadata`, {
    method: "PATCH",
    headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
    body: JSON.stringify([{ group_type_index: 0, name_singular: "Company" }]),
  });
  expect(response.status).toBe(403);
  expect(JSON.stringify(await response.json())).toContain("does not support Personal API Key access");
});

test("InsightVariable: PostHog 2025-08-04 refuses every personal API key with scopes (INTERNAL): the error says what to do; today's takes `insight_variable`", async () => {
  const variable = new InsightVariableLifecycle(connection);
  const inputs: Json = { projectId, name: named(target, "plan"), type: "List", values: ["free", 2], defaultValue: "free" };
  if (target.version === "2025-08-04") {
    const refusal = variable.create(inputs);
    await expect(refusal).rejects.toThrow("This action does not support Personal API Key access");
    await expect(refusal).rejects.toThrow(
      "leave it out of the program (such a key may not read it either), or use today's PostHog with a key that has the `insight_variable:write` scope",
    );
    // Nothing was made, nor can a list be read with such a key.
    await expect(variables.listInsightVariables(client, projectId)).rejects.toMatchObject({ status: 403 });
    return;
  }
  const created = await variable.create(inputs);
  expect((await variable.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);
  await variable.delete(created.id, created.outs as Json);
});
