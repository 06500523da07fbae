/**
 * The LogsView lifecycle over loopback against the local server: PostHog's rules (its serializer's and its column
 * serializer's) checked before anything is sent, naming the field and the rule; names and columns as PostHog trims
 * them; drift by hand shown and put back; one deleted by hand gone at refresh; PostHog 2025-08-04, which has no saved
 * logs views, said as such. (The example's create, preview, import and delete: the contract suite.)
 */
import * as views from "../../../src/kinds/logs-view/endpoints";
import { LogsViewLifecycle } from "../../../src/kinds/logs-view/kind";
import { projectScopedSetups } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Logs views", (c) => new LogsViewLifecycle(c));

test("PostHog's rules are checked before anything is sent, naming the field and the rule", async () => {
  const { provider, projectId, server } = setups.current!;
  await server.clearRequests();
  const failures = async (inputs: Json) =>
    ((await provider.check({}, { projectId, ...inputs })).failures ?? []).map((f) => `${f.property}: ${f.reason}`);
  expect(await failures({})).toEqual([expect.stringMatching(/^name: .*LogsViewSerializer/)]);
  expect(await failures({ name: "  " })).toEqual([expect.stringMatching(/^name: name must not be blank \(LogsViewSerializer/)]);
  expect(await failures({ name: "a".repeat(401) })).toEqual([expect.stringMatching(/^name: name must be at most 400 characters/)]);
  expect(await failures({ name: "v", columns: [{ id: "c", type: "custom" }] })).toEqual([
    expect.stringMatching(/^columns: .*a custom column needs an expression \("Custom columns require an expression\."/),
  ]);
  expect(await failures({ name: "v", columns: [{ id: "c", type: "body" }] })).toEqual([
    expect.stringMatching(
      /^columns: .*must be one of timestamp, level, source, trace_id, span_id, person, session, pattern, message, custom/,
    ),
  ]);
  expect(await failures({ name: "v", columns: [{ id: "c", type: "level", width: 2001 }] })).toEqual([
    expect.stringMatching(/^columns: .*must be at most 2000 pixels/),
  ]);
  expect(await failures({ name: "v", columns: [{ id: "c", type: "level", colour: "red" }] })).toEqual([
    expect.stringMatching(/^columns: .*drops any other key/),
  ]);
  expect(await failures({ name: "v", filters: ["error"] })).toEqual([expect.stringMatching(/^filters: filters must be an object/)]);
  expect(await failures({ name: "v", columns: null, pinned: false, filters: {} })).toEqual([]);
  expect(await server.requests()).toEqual([]);
});

test("names and columns as PostHog trims them: no change after up; drifted by hand, shown and put back; deleted by hand, gone", async () => {
  const { provider, http, projectId } = setups.current!;
  const inputs = {
    projectId,
    name: "  Errors  ",
    columns: [{ id: " time ", type: "timestamp", name: " When " }],
    filters: { severityLevels: ["error"] },
    pinned: false,
  };
  const created = await provider.create(inputs);
  expect(created.outs).toMatchObject({ shortId: created.id, name: "Errors", columns: [{ id: "time", type: "timestamp", name: "When" }] });
  expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);

  await views.updateLogsView(http, projectId, created.id, { pinned: true, filters: { serviceNames: ["api"] } });
  const drifted = await provider.read(created.id, created.outs as Json);
  expect(drifted.inputs).toMatchObject({ pinned: true, filters: { serviceNames: ["api"] } });
  const restored = await provider.update(created.id, drifted.props as Json, inputs);
  expect(await views.getLogsView(http, projectId, created.id)).toMatchObject({ pinned: false, filters: { severityLevels: ["error"] } });
  expect((await provider.diff(created.id, restored.outs as Json, inputs)).changes).toBe(false);

  await views.deleteLogsView(http, projectId, created.id);
  expect(await provider.read(created.id, restored.outs as Json)).toEqual({});
});

test("PostHog 2025-08-04 has no saved logs views: the create says so, and what to use", async () => {
  const { provider, projectId } = setups["2025-08-04"]!;
  await expect(provider.create({ projectId, name: "Errors" })).rejects.toThrow(
    /This PostHog has no saved logs views \(PostHog 2025-08-04 and older serve none\): use today's PostHog .*`logs:write`/,
  );
});
