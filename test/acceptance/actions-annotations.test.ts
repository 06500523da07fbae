/**
 * posthog.Action and posthog.Annotation against a real PostHog: create, PostHog's normalisations read back without
 * change (the next preview is a no-op), drift shown as the live inputs and restored, destroy (PostHog marks both
 * deleted), and the provider's refusals before sending agreeing with PostHog's own. Everything carries the run's
 * prefix and is marked deleted afterwards.
 */
import { PostHogError, type Transport } from "../../src/client-entry";
import * as actions from "../../src/kinds/action/endpoints";
import * as annotations from "../../src/kinds/annotation/endpoints";
import type { KindModel, Json, Recorded } from "../../src/kit/lifecycle";
import { ActionLifecycle, AnnotationLifecycle } from "../../src/provider";
import { actionModel } from "../../src/kinds/action/model";
import { annotationModel } from "../../src/kinds/annotation/model";
import { acceptanceTarget, inTargetProject, type AcceptanceTarget } from "./real-posthog";

let target: AcceptanceTarget;
let client: Transport;
let projectId: number;
let actionProvider: ActionLifecycle;
let annotationProvider: AnnotationLifecycle;

beforeAll(() => {
  target = acceptanceTarget();
  const inProject = inTargetProject(target);
  ({ client, projectId } = inProject);
  const connection = inProject.connection;
  actionProvider = new ActionLifecycle(connection);
  annotationProvider = new AnnotationLifecycle(connection);
});
afterAll(async () => {
  if (!client) return;
  for (const action of await actions.listActions(client, projectId))
    if (action.name?.startsWith(target.prefix)) await actions.deleteAction(client, projectId, action.id, action.name);
  for (const note of await annotations.listAnnotations(client, projectId, { search: target.prefix }))
    await annotations.deleteAnnotation(client, projectId, note.id);
});

const named = (name: string) => `${target.prefix}${name}`;

test("an action: created, read back without change, drift as old => new, restored, destroyed", async () => {
  const inputs: Json = {
    projectId,
    name: named("signed up"),
    description: "Welcome page seen",
    steps: [{ event: "$pageview", url: "/welcome", url_matching: "contains" }, { event: "signed_up" }],
  };
  expect(actionModel.validate(inputs)).toEqual([]);
  const created = await actionProvider.create(inputs);
  const id = Number(created.id);
  const read = await actionProvider.read(created.id, created.outs as Json);
  expect(read.inputs).toEqual(inputs);
  expect((await actionProvider.diff(created.id, read.props as Json, inputs)).changes).toBe(false);

  await actions.updateAction(client, projectId, id, { name: inputs["name"] as string, description: "Edited by hand" });
  const drifted = await actionProvider.read(created.id, created.outs as Json);
  expect(drifted.inputs).toEqual({ ...inputs, description: "Edited by hand" });
  expect((await actionProvider.diff(created.id, drifted.props as Json, inputs)).changes).toBe(true);
  const restored = await actionProvider.update(created.id, drifted.props as Json, inputs);
  expect((await actions.getAction(client, projectId, id)).description).toBe("Welcome page seen");

  await actionProvider.delete(created.id, restored.outs as Json);
  expect((await actions.getAction(client, projectId, id)).deleted).toBe(true);
  expect(await actionProvider.read(created.id, restored.outs as Json)).toEqual({});
});

test("an annotation: created, read back without change, drift as old => new, restored, destroyed", async () => {
  // A naive date-time: PostHog answers the same instant in its own form, which compares equal.
  const inputs: Json = { projectId, content: named("launch"), dateMarker: "2025-01-02 09:30:00", scope: "project" };
  expect(annotationModel.validate(inputs)).toEqual([]);
  const created = await annotationProvider.create(inputs);
  const id = Number(created.id);
  const read = await annotationProvider.read(created.id, created.outs as Json);
  expect(read.inputs).toEqual(inputs);
  expect((await annotationProvider.diff(created.id, read.props as Json, inputs)).changes).toBe(false);

  await annotations.updateAnnotation(client, projectId, id, { content: named("edited by hand") });
  const drifted = await annotationProvider.read(created.id, created.outs as Json);
  expect(drifted.inputs).toEqual({ ...inputs, content: named("edited by hand") });
  const restored = await annotationProvider.update(created.id, drifted.props as Json, inputs);
  expect((await annotations.getAnnotation(client, projectId, id)).content).toBe(inputs["content"]);

  await annotationProvider.delete(created.id, restored.outs as Json);
  // PostHog hides a deleted annotation from everything but PATCH: a read finds it gone.
  await expect(annotations.getAnnotation(client, projectId, id)).rejects.toThrow();
  expect(await annotationProvider.read(created.id, restored.outs as Json)).toEqual({});
});

test("an annotation's emoji and hiddenInUserInterface: named with the version that lacks them, else applied", async () => {
  const inputs: Json = { projectId, content: named("emoji"), scope: "project", emoji: "🚀", hiddenInUserInterface: true };
  if (target.version === "2025-08-04") {
    // posthog/api/annotation.py of 2025-08-04 has neither field: it drops them unread and answers 200.
    await expect(annotationProvider.create(inputs)).rejects.toThrow(
      /no Annotation setting emoji, hiddenInUserInterface .*PostHog 2025-08-04 has no emoji, hiddenInUserInterface/,
    );
  } else {
    await expect(annotationProvider.create(inputs)).resolves.toMatchObject({ outs: { emoji: "🚀", hiddenInUserInterface: true } });
  }
});

/** Whether PostHog refuses the body a refused input would have sent (400), or takes it (then deleted again). */
async function postHogAnswer(create: () => Promise<{ id: number }>, remove: (id: number) => Promise<unknown>): Promise<number | "created"> {
  return create().then<number | "created", number>(
    async (made) => {
      await remove(made.id);
      return "created" as const;
    },
    (error: unknown) => {
      if (error instanceof PostHogError) return error.status ?? -1;
      throw error;
    },
  );
}

const refusals: Array<[string, "action" | "annotation", Json, string]> = [
  [
    "a step's unknown url_matching",
    "action",
    { name: "refused", steps: [{ event: "$pageview", url: "/x", url_matching: "fuzzy" }] },
    "steps",
  ],
  ["an annotation's deprecated recording scope", "annotation", { content: "refused", scope: "recording" }, "scope"],
  ["an annotation's date that is no date", "annotation", { content: "refused", dateMarker: "yesterday" }, "dateMarker"],
];

test.each(refusals)("%s: refused by the provider before sending, and by PostHog", async (_what, resource, extra, property) => {
  const state: Pick<KindModel<unknown, Recorded>, "validate" | "declaredSettings"> = resource === "action" ? actionModel : annotationModel;
  const inputs: Json = { projectId, ...extra, ...(resource === "action" ? { name: named(String(extra["name"])) } : {}) };
  expect(state.validate(inputs).map((f) => f.property)).toContain(property);
  const body = state.declaredSettings(inputs);
  const answer =
    resource === "action"
      ? await postHogAnswer(
          () => actions.createAction(client, projectId, body as Json & { name: string }),
          (id) => actions.deleteAction(client, projectId, id, String(body["name"])),
        )
      : await postHogAnswer(
          () => annotations.createAnnotation(client, projectId, body),
          (id) => annotations.deleteAnnotation(client, projectId, id),
        );
  expect(answer).toBe(400);
});
