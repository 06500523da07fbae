/**
 * posthog.Annotation's lifecycle over loopback against the local server, in both PostHog versions it plays: create,
 * no change after PostHog's normalisations (its form of the date), drift as the live inputs, restore, deleted by hand,
 * soft delete, a create whose answer is lost. (Its example's create, preview, drift, adoption, import and delete: the
 * contract, test/kinds/contract.test.ts.)
 */
import * as annotations from "../../../src/kinds/annotation/endpoints";
import * as dashboards from "../../../src/kinds/dashboard/endpoints";
import { AnnotationLifecycle } from "../../../src/provider";
import { projectScopedSetups, versions } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Annotations", (connection) => new AnnotationLifecycle(connection));

describe.each(versions)("PostHog %s", (version) => {
  const setup = () => setups[version]!;

  test("create, no change, drift as old => new, restore, deleted by hand, soft delete", async () => {
    const { provider, http, projectId, server } = setup();
    // A naive date with a space and milliseconds: PostHog answers the same instant in its own form.
    const inputs: Json = { projectId, content: `Release ${version}`, dateMarker: "2025-01-02 09:30:00.000", scope: "project" };
    expect((await provider.check({}, inputs)).failures).toBeUndefined();
    const created = await provider.create(inputs);
    const outs = created.outs as Json;
    expect(outs).toMatchObject({ annotationId: Number(created.id), projectId, content: inputs["content"], scope: "project" });
    const live = await annotations.getAnnotation(http, projectId, Number(created.id));
    expect(live.date_marker).not.toBe(inputs["dateMarker"]);
    expect(Date.parse(live.date_marker!)).toBe(Date.parse("2025-01-02T09:30:00Z"));

    expect((await provider.diff(created.id, outs, inputs)).changes).toBe(false);
    const read = await provider.read(created.id, outs);
    expect(read.inputs).toEqual(inputs);
    expect((await provider.diff(created.id, read.props as Json, inputs)).changes).toBe(false);

    // Drift by hand: the live inputs show the changed fields only, in PostHog's form.
    await annotations.updateAnnotation(http, projectId, Number(created.id), {
      content: "Edited by hand",
      date_marker: "2025-02-01T00:00:00Z",
    });
    const drifted = await provider.read(created.id, outs);
    const liveDate = (await annotations.getAnnotation(http, projectId, Number(created.id))).date_marker;
    expect(drifted.inputs).toEqual({ ...inputs, content: "Edited by hand", dateMarker: liveDate });
    expect((await provider.diff(created.id, drifted.props as Json, inputs)).changes).toBe(true);

    const restored = await provider.update(created.id, drifted.props as Json, inputs);
    expect(restored.outs).toMatchObject({ content: inputs["content"] });
    expect(Date.parse((await annotations.getAnnotation(http, projectId, Number(created.id))).date_marker!)).toBe(
      Date.parse("2025-01-02T09:30:00Z"),
    );

    // Deleted by hand: a refresh drops it, and a create makes it again.
    await annotations.deleteAnnotation(http, projectId, Number(created.id));
    expect(await provider.read(created.id, restored.outs as Json)).toEqual({});
    const again = await provider.create(inputs);
    expect(again.id).not.toBe(created.id);

    // Destroy marks it deleted (PATCH), never DELETE (405 for annotations).
    await provider.delete(again.id, again.outs as Json);
    await expect(annotations.getAnnotation(http, projectId, Number(again.id))).rejects.toThrow();
    expect(await server.requests({ method: "DELETE" })).toEqual([]);
  });

  test("a dashboard annotation round-trips; a dashboard of no project is PostHog's error, named", async () => {
    const { provider, http, projectId } = setup();
    const dashboard = await dashboards.createDashboard(http, projectId, { name: `Annotated ${version}` });
    const inputs: Json = { projectId, content: "On the board", scope: "dashboard", dashboardId: dashboard.id, creationType: "GIT" };
    const created = await provider.create(inputs);
    expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);
    expect((await provider.read(created.id, created.outs as Json)).inputs).toEqual(inputs);
    // Today's PostHog checks the dashboard's project; 2025-08-04 takes the id unchecked and fails its foreign key (500).
    await expect(provider.create({ ...inputs, dashboardId: 999999 })).rejects.toThrow(
      version === "2025-08-04" ? /500/ : "Dashboard not found.",
    );
  });

  test("emoji and hiddenInUserInterface: applied today; PostHog 2025-08-04 has neither, and the error names that version", async () => {
    const { provider, projectId } = setup();
    const inputs: Json = { projectId, content: `Emoji ${version}`, scope: "project", emoji: "🚀", hiddenInUserInterface: true };
    if (version === "current") {
      expect((await provider.create(inputs)).outs).toMatchObject({ emoji: "🚀", hiddenInUserInterface: true });
      return;
    }
    await expect(provider.create(inputs)).rejects.toThrow(
      'This PostHog has no Annotation setting emoji, hiddenInUserInterface (it answered without them), so they cannot be applied. This PostHog version predates them (PostHog 2025-08-04 has no emoji, hiddenInUserInterface; see "PostHog versions" in the README).',
    );
  });

  test("a create whose answer is lost is not resent: the error says how to find or adopt it", async () => {
    const { provider, server, http, projectId } = setup();
    await server.fault({ method: "POST", path: "/annotations/?$", status: 502, afterCommit: true });
    await expect(provider.create({ projectId, content: `lost-${version}`, scope: "project" })).rejects.toThrow(
      /pulumi import posthog:index:Annotation <name> \d+\/<id>/,
    );
    expect(await annotations.listAnnotations(http, projectId, { search: `lost-${version}` })).toHaveLength(1);
  });
});
