/**
 * posthog.SessionRecordingPlaylist's lifecycle over loopback against the local server, in both PostHog versions it
 * plays: PostHog's rules before anything is sent, create keyed by the short id, no change, drift as the live inputs,
 * restore with the filters PostHog needs in every update, a new type replacing it, soft delete (carrying a saved
 * filter's filters), a create whose answer is lost. (Its example's create, preview, drift, adoption, import and
 * delete: the contract, test/kinds/contract.test.ts.)
 */
import * as playlists from "../../../src/kinds/session-recording-playlist/endpoints";
import { SessionRecordingPlaylistLifecycle } from "../../../src/provider";
import { projectScopedSetups, versions } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Playlists", (connection) => new SessionRecordingPlaylistLifecycle(connection));
const FILTERS = { date_from: "-7d", filter_test_accounts: true };

describe.each(versions)("PostHog %s", (version) => {
  const setup = () => setups[version]!;

  test("PostHog's rules, before anything is sent: a type, a saved filter's filters, none on a collection", async () => {
    const { provider, projectId, server } = setup();
    const before = (await server.requests({ method: "POST" })).length;
    const failures = async (inputs: Json) => (await provider.check({}, { projectId, ...inputs })).failures ?? [];
    expect(await failures({ name: "x" })).toEqual([{ property: "type", reason: expect.stringContaining("type is required") }]);
    expect(await failures({ type: "filters" })).toEqual([
      { property: "filters", reason: expect.stringContaining('"You must provide a valid filters when creating a saved filter"') },
    ]);
    expect(await failures({ type: "filters", filters: {} })).toHaveLength(1);
    expect(await failures({ type: "collection", filters: FILTERS })).toEqual([
      { property: "filters", reason: expect.stringContaining('"You cannot create a collection with filters"') },
    ]);
    expect(await failures({ type: "saved", name: "x".repeat(401) })).toEqual([
      { property: "name", reason: expect.stringContaining("at most 400 characters") },
      { property: "type", reason: expect.stringContaining('must be "filters" (a saved filter) or "collection"') },
    ]);
    expect(await failures({ type: "collection" })).toEqual([]);
    expect(await server.requests({ method: "POST" })).toHaveLength(before);
  });

  test("create keyed by the short id, no change, drift as old => new, restore, deleted by hand, soft delete", async () => {
    const { provider, http, projectId, server } = setup();
    const inputs: Json = { projectId, name: `Rage clicks ${version}`, type: "filters", filters: FILTERS, pinned: true };
    const created = await provider.create(inputs);
    expect(created.id).toMatch(/^[0-9A-Za-z]{8}$/);
    const outs = created.outs as Json;
    expect(outs).toMatchObject({ shortId: created.id, projectId, name: inputs["name"], type: "filters", filters: FILTERS, pinned: true });
    expect(outs["playlistId"]).toEqual((await playlists.getSessionRecordingPlaylist(http, projectId, created.id)).numeric_id);
    expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);
    expect((await provider.read(`${projectId}/${created.id}`, outs)).inputs).toEqual(inputs);

    // Drift by hand: the name and the filters (a saved filter's update carries them).
    const edited = { ...FILTERS, date_from: "-30d" };
    await playlists.updateSessionRecordingPlaylist(http, projectId, created.id, { name: "Edited", filters: edited });
    const drifted = await provider.read(created.id, outs);
    expect(drifted.inputs).toEqual({ ...inputs, name: "Edited", filters: edited });
    expect((await provider.diff(created.id, drifted.props as Json, inputs)).changes).toBe(true);

    // Restoring only the pin still sends the live filters: PostHog refuses a saved filter's update without them.
    await playlists.updateSessionRecordingPlaylist(http, projectId, created.id, { pinned: false, filters: FILTERS, name: inputs["name"] });
    const unpinned = await provider.read(created.id, outs);
    const restored = await provider.update(created.id, unpinned.props as Json, inputs);
    expect(restored.outs).toMatchObject({ pinned: true });
    expect((await playlists.getSessionRecordingPlaylist(http, projectId, created.id)).pinned).toBe(true);

    // Deleted by hand: a refresh drops it.
    await playlists.deleteSessionRecordingPlaylist(http, projectId, created.id);
    expect(await provider.read(created.id, restored.outs as Json)).toEqual({});

    // Destroy marks it deleted with its filters (PATCH), never DELETE (405 for playlists).
    const again = await provider.create(inputs);
    expect(again.id).not.toBe(created.id);
    await provider.delete(again.id, again.outs as Json);
    await expect(playlists.getSessionRecordingPlaylist(http, projectId, again.id)).rejects.toThrow(/404/);
    expect(await server.requests({ method: "DELETE" })).toEqual([]);
  });

  test("a collection has no filters; a new type replaces the playlist", async () => {
    const { provider, projectId } = setup();
    const inputs: Json = { projectId, name: `Onboarding ${version}`, type: "collection", description: "Hand-picked" };
    const created = await provider.create(inputs);
    expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);
    const restored = await provider.update(created.id, created.outs as Json, { ...inputs, description: "Hand-picked sessions" });
    expect(restored.outs).toMatchObject({ description: "Hand-picked sessions", type: "collection" });
    expect(await provider.diff(created.id, created.outs as Json, { ...inputs, type: "filters", filters: FILTERS })).toMatchObject({
      changes: true,
      replaces: ["type"],
    });
    await provider.delete(created.id, created.outs as Json);
  });

  test("a create whose answer is lost after PostHog committed is found by name and time, not created twice", async () => {
    const { provider, server, http, projectId } = setup();
    const name = `lost-${version}`;
    // A playlist of that name made earlier is not taken for it.
    await playlists.createSessionRecordingPlaylist(http, projectId, { name, type: "collection" });
    await server.fault({ method: "POST", path: "/session_recording_playlists/?$", status: 502, afterCommit: true });
    const created = await provider.create({ projectId, name, type: "filters", filters: FILTERS });
    const named = (await playlists.listSessionRecordingPlaylists(http, projectId, { search: name })).filter((p) => p.name === name);
    expect(named.map((p) => p.id).sort()).toHaveLength(2);
    expect(named.filter((p) => p.id === created.id)).toHaveLength(1);
    await server.fault({ method: "POST", path: "/session_recording_playlists/?$", status: 502 });
    await expect(provider.create({ projectId, name: `never-${version}`, type: "collection" })).rejects.toThrow(
      /No session recording playlist named "never-.*" was created; run `pulumi up` again/,
    );
  });
});
