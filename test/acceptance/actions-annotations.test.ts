/**
 * posthog.Action and posthog.Annotation against a real PostHog: an annotation's naive date-time and an action's Slack
 * message read back without change, the fields PostHog 2025-08-04 lacks, and the provider's refusals before sending
 * agreeing with PostHog's own. Each kind's create, a preview without change, drift shown `old => new` and put back,
 * adoption, import and destroy are the contract's Action and Annotation cases (contract.test.ts), against the same
 * PostHog. Everything carries the run's prefix and is marked deleted afterwards.
 */
import { PostHogError, type Transport } from "../../src/client-entry";
import * as actions from "../../src/kinds/action/endpoints";
import * as annotations from "../../src/kinds/annotation/endpoints";
import type { KindModel, Json, Recorded } from "../../src/kit/lifecycle";
import { ActionLifecycle, AnnotationLifecycle } from "../../src/provider";
import { actionModel } from "../../src/kinds/action/kind";
import { annotationModel } from "../../src/kinds/annotation/kind";
import { acceptanceTarget, inTargetProject, type AcceptanceTarget } from "./real-posthog";

let target: AcceptanceTarget;
let client: Transport;
let projectId: number;
let annotationProvider: AnnotationLifecycle;
let actionProvider: ActionLifecycle;

beforeAll(() => {
  target = acceptanceTarget();
  const inProject = inTargetProject(target);
  ({ client, projectId } = inProject);
  annotationProvider = new AnnotationLifecycle(inProject.connection);
  actionProvider = new ActionLifecycle(inProject.connection);
});
afterAll(async () => {
  if (!client) return;
  for (const action of await actions.listActions(client, projectId))
    if (action.name?.startsWith(target.prefix)) await actions.deleteAction(client, projectId, action.id, action.name);
  for (const note of await annotations.listAnnotations(client, projectId, { search: target.prefix }))
    await annotations.deleteAnnotation(client, projectId, note.id);
});

const named = (name: string) => `${target.prefix}${name}`;

test("an annotation's naive date-time: PostHog answers the same instant in its own form, read back without change", async () => {
  const inputs: Json = { projectId, content: named("launch"), dateMarker: "2025-01-02 09:30:00", scope: "project" };
  expect(annotationModel.validate(inputs)).toEqual([]);
  const created = await annotationProvider.create(inputs);
  const read = await annotationProvider.read(created.id, created.outs as Json);
  expect(read.inputs).toEqual(inputs);
  expect((await annotationProvider.diff(created.id, read.props as Json, inputs)).changes).toBe(false);
  await annotationProvider.delete(created.id, read.props as Json);
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

test("an action's Slack message: PostHog trims it, read back without change", async () => {
  const inputs: Json = {
    projectId,
    name: named("slack"),
    steps: [{ event: "$pageview" }],
    postToSlack: true,
    slackMessageFormat: " [action.name] was matched ",
  };
  expect(actionModel.validate(inputs)).toEqual([]);
  const created = await actionProvider.create(inputs);
  expect(await actions.getAction(client, projectId, Number(created.id))).toMatchObject({
    post_to_slack: true,
    slack_message_format: "[action.name] was matched",
  });
  const read = await actionProvider.read(created.id, created.outs as Json);
  expect(read.inputs).toEqual(inputs);
  expect((await actionProvider.diff(created.id, read.props as Json, inputs)).changes).toBe(false);
  await actionProvider.delete(created.id, read.props as Json);
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
  [
    "a Slack message beyond 1200 characters",
    "action",
    { name: "refused-slack", slackMessageFormat: "x".repeat(1201) },
    "slackMessageFormat",
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
