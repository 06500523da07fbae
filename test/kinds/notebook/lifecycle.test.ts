/**
 * posthog.Notebook's lifecycle over loopback against the local server, in both PostHog versions it plays: PostHog's
 * rules before anything is sent; a notebook edited in PostHog's editor (node ids added, one query changed) read back
 * as drift at the one path that changed; the version PostHog checks sent with a content change only, and an edit
 * saved in PostHog since the last read refused and said so, never overwritten; soft delete; a create whose answer is
 * lost found by its title and maker; text that is code kept as text. (Its example's create, preview, drift by title,
 * adoption, import and delete: the contract, test/kinds/contract.test.ts.)
 */
import * as notebooks from "../../../src/kinds/notebook/endpoints";
import { NotebookLifecycle } from "../../../src/provider";
import { projectScopedSetups, versions } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Notebooks", (connection) => new NotebookLifecycle(connection));

const query = (event: string) => ({ kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event }] } });
const doc = (event: string) => ({
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 1 }, content: [{ type: "text", text: "Review" }] },
    { type: "paragraph", content: [{ type: "text", text: "Sign-ups by day." }] },
    { type: "ph-query", attrs: { query: query(event) } },
  ],
});

/** The paths at which two JSON values differ, as `a.b[2].c`. */
function differingPaths(a: unknown, b: unknown, at = ""): string[] {
  if (Array.isArray(a) && Array.isArray(b)) {
    const length = Math.max(a.length, b.length);
    return Array.from({ length }, (_, i) => differingPaths(a[i], b[i], `${at}[${i}]`)).flat();
  }
  if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((k) => differingPaths((a as Json)[k], (b as Json)[k], at ? `${at}.${k}` : k));
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [at];
}

/** What PostHog's editor does to a saved document: a node id on every top-level node. */
function editedInEditor(content: ReturnType<typeof doc>): Json {
  return { ...content, content: content.content.map((node, i) => ({ ...node, attrs: { ...(node.attrs ?? {}), nodeId: `node-${i}` } })) };
}

describe.each(versions)("PostHog %s", (version) => {
  const setup = () => setups[version]!;

  test("PostHog's rules, before anything is sent: a title of at most 256 characters, inputs by their names", async () => {
    const { provider, projectId, server } = setup();
    const before = (await server.requests({ method: "POST" })).length;
    const failures = async (inputs: Json) => (await provider.check({}, { projectId, ...inputs })).failures ?? [];
    expect(await failures({ title: "x".repeat(257) })).toEqual([
      { property: "title", reason: expect.stringContaining("at most 256 characters (Notebook.title, NotebookSerializer") },
    ]);
    expect(await failures({ tittle: "x" })).toEqual([{ property: "tittle", reason: expect.stringContaining("Did you mean `title`?") }]);
    expect(await failures({ title: "x".repeat(256), content: doc("signed_up"), textContent: null })).toEqual([]);
    expect(await server.requests({ method: "POST" })).toHaveLength(before);
  });

  test("edited in PostHog's editor: drift is the one path that changed, not the editor's node ids; restored with the version read last", async () => {
    const { provider, http, projectId, server } = setup();
    const inputs: Json = { projectId, title: `Review ${version}`, content: doc("signed_up") };
    const created = await provider.create(inputs);
    expect(created.id).toMatch(/^[0-9A-Za-z]{1,12}$/);
    const outs = created.outs as Json;
    expect(outs).toMatchObject({ shortId: created.id, projectId, title: inputs["title"], version: 0 });
    expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);

    // Saved in the editor, node ids added: no drift.
    const live = await notebooks.getNotebook(http, projectId, created.id);
    await notebooks.updateNotebook(http, projectId, created.id, { content: editedInEditor(doc("signed_up")), version: live.version });
    const saved = await provider.read(created.id, outs);
    expect(saved.inputs).toEqual(inputs);
    expect((await provider.diff(created.id, saved.props as Json, inputs)).changes).toBe(false);

    // Then its query changed in the editor: the drift is that path alone.
    await notebooks.updateNotebook(http, projectId, created.id, { content: editedInEditor(doc("$pageview")), version: 1 });
    const drifted = await provider.read(created.id, saved.props as Json);
    expect(differingPaths(inputs, drifted.inputs)).toEqual(["content.content[2].attrs.query.source.series[0].event"]);
    expect((drifted.props as Json)["version"]).toBe(2);
    expect((await provider.diff(created.id, drifted.props as Json, inputs)).changes).toBe(true);

    // Restored: one PATCH of the content with the version read last, which PostHog then counts up.
    await server.clearRequests();
    const restored = await provider.update(created.id, drifted.props as Json, inputs);
    expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys?.sort())).toEqual([["content", "version"]]);
    expect(restored.outs).toMatchObject({ version: 3, content: doc("signed_up") });
    expect((await notebooks.getNotebook(http, projectId, created.id)).content).toEqual(doc("signed_up"));

    // A title alone is sent without the version: PostHog stores a version sent without content as it is.
    await server.clearRequests();
    const renamed = await provider.update(created.id, restored.outs as Json, { ...inputs, title: "Renamed" });
    expect((await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys)).toEqual([["title"]]);
    expect(renamed.outs).toMatchObject({ title: "Renamed", version: 3 });
    await provider.delete(created.id, renamed.outs as Json);
  });

  test("an edit saved in PostHog since the last read is never overwritten: PostHog's 409, said as what to do", async () => {
    const { provider, http, projectId } = setup();
    const inputs: Json = { projectId, title: `Conflict ${version}`, content: doc("signed_up") };
    const created = await provider.create(inputs);
    // Someone saves it after this stack's last read.
    await notebooks.updateNotebook(http, projectId, created.id, { content: doc("their_event"), version: 0 });
    await expect(provider.update(created.id, created.outs as Json, { ...inputs, content: doc("our_event") })).rejects.toThrow(
      /409.*Someone else edited the Notebook.*Someone saved notebook \w+ in PostHog since this stack last read it \(version 0\).*Run `pulumi refresh` to see their change/s,
    );
    expect((await notebooks.getNotebook(http, projectId, created.id)).content).toEqual(doc("their_event"));
    await provider.delete(created.id, created.outs as Json);
  });

  test("deleted as PostHog deletes notebooks (PATCH, never DELETE); deleted by hand, a refresh drops it", async () => {
    const { provider, http, projectId, server } = setup();
    const inputs: Json = { projectId, title: `Deleted ${version}` };
    const created = await provider.create(inputs);
    await notebooks.deleteNotebook(http, projectId, created.id);
    expect(await provider.read(created.id, created.outs as Json)).toEqual({});
    const again = await provider.create(inputs);
    await provider.delete(again.id, again.outs as Json);
    await expect(notebooks.getNotebook(http, projectId, again.id)).rejects.toThrow(/404/);
    expect(await server.requests({ method: "DELETE" })).toEqual([]);
  });

  test("a create whose answer is lost after PostHog committed is found by its title and content among the key user's notebooks, not made twice", async () => {
    const { provider, server, http, projectId } = setup();
    const title = `lost-${version}`;
    // A notebook of that title made earlier is not taken for it.
    await notebooks.createNotebook(http, projectId, { title });
    await server.fault({ method: "POST", path: "/notebooks/?$", status: 502, afterCommit: true });
    const created = await provider.create({ projectId, title, content: doc("signed_up") });
    const titled = (await notebooks.listNotebooks(http, projectId)).filter((n) => n.title === title);
    expect(titled).toHaveLength(2);
    expect(titled.filter((n) => n.id === created.id)).toHaveLength(1);
    await server.fault({ method: "POST", path: "/notebooks/?$", status: 502 });
    await expect(provider.create({ projectId, title: `never-${version}` })).rejects.toThrow(
      /No notebook titled "never-.*" was created; run `pulumi up` again/,
    );
  });

  test("text that is code is stored and read back as text, never run", async () => {
    const { provider, projectId } = setup();
    // biome-ignore lint/suspicious/noTemplateCurlyInString: text a notebook holds, which must stay text
    const hostile = '${process.exit(1)}`; require("child_process").execSync("touch /tmp/pwned"); `';
    const content = {
      type: "doc",
      content: [{ type: "paragraph", content: [{ type: "text", text: hostile }], attrs: { "fn::readFile": "/etc/passwd" } }],
    };
    const inputs: Json = { projectId, title: hostile.slice(0, 200), content, textContent: hostile };
    const created = await provider.create(inputs);
    const read = await provider.read(created.id, created.outs as Json);
    expect(read.inputs).toEqual(inputs);
    await provider.delete(created.id, created.outs as Json);
  });
});
