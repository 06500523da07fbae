/**
 * The MessagingTemplate lifecycle over loopback against the local server: PostHog's rules checked before anything is
 * sent, naming the field and the rule (an email template's subject among them); the content PostHog completes (its
 * templating language, a design wrapping the html) compared within what the program declares; a change of content
 * sent whole; one deleted by hand gone at refresh, its delete done; PostHog 2025-08-04, which serves templates to its
 * web app only, said as such. (The example's create, preview, drift, import and delete: the contract suite.)
 */
import * as templates from "../../../src/kinds/messaging-template/endpoints";
import { MessagingTemplateLifecycle } from "../../../src/provider";
import { projectScopedSetups } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Messaging templates", (c) => new MessagingTemplateLifecycle(c));
const email = { subject: "Hello {{ person.properties.first_name }}", html: "<p>Hi</p>" };

test("PostHog's rules are checked before anything is sent, naming the field and the rule", async () => {
  const { provider, projectId, server } = setups.current!;
  await server.clearRequests();
  const failures = async (inputs: Json) =>
    ((await provider.check({}, { projectId, ...inputs })).failures ?? []).map((f) => `${f.property}: ${f.reason}`);
  expect(await failures({ content: { email } })).toEqual([expect.stringMatching(/^name: name is required: .*MessageTemplate\.name/)]);
  expect(await failures({ name: "x".repeat(401), type: "e".repeat(25) })).toEqual([
    expect.stringMatching(/^name: name must be at most 400 characters/),
    expect.stringMatching(/^type: type must be at most 24 characters/),
  ]);
  expect(await failures({ name: "Hog", content: { templating: "hog" } })).toEqual([
    expect.stringMatching(/^content: content templating must be "liquid" .*\(at templating\)$/),
  ]);
  expect(await failures({ name: "No subject", type: "email", content: { email: { html: "<p>Hi</p>" } } })).toEqual([
    expect.stringMatching(
      /^content: content\.email\.subject is required for an email template \("Subject is required for email templates\."/,
    ),
  ]);
  expect(await failures({ name: "Bad category", messageCategoryId: "general" })).toEqual([
    expect.stringMatching(/^messageCategoryId: messageCategoryId must be the UUID of a message category/),
  ]);
  // Without a type sent, PostHog's check does not apply (the model's default is not in what `validate` sees).
  expect(await failures({ name: "Fine", content: { email: { html: "<p>Hi</p>" } } })).toEqual([]);
  expect(await server.requests()).toEqual([]);
});

test("made with what PostHog adds to its content not drift; a change of content sent whole and put back after drift", async () => {
  const { provider, http, projectId, server } = setups.current!;
  const inputs = { projectId, name: "Welcome", type: "email", content: { email } };
  const created = await provider.create(inputs);
  const live = await templates.getMessagingTemplate(http, projectId, created.id);
  // PostHog fills in the templating language and a design wrapping the html.
  expect(live.content).toMatchObject({ templating: "liquid", email: { ...email, design: expect.any(Object) } });
  expect(await provider.diff(created.id, created.outs as Json, inputs)).toMatchObject({ changes: false });

  const changed = { ...inputs, content: { email: { ...email, subject: "Welcome aboard" } } };
  await server.clearRequests();
  const updated = await provider.update(created.id, created.outs as Json, changed);
  const writes = (await server.requests()).filter((r) => r.method !== "GET");
  expect(writes.map((r) => [r.method, r.bodyKeys])).toEqual([["PATCH", ["content"]]]);
  expect(await provider.diff(created.id, updated.outs as Json, changed)).toMatchObject({ changes: false });

  await templates.updateMessagingTemplate(http, projectId, created.id, { content: { email: { ...email, subject: "By hand" } } });
  const drifted = await provider.read(created.id, updated.outs as Json);
  expect(drifted.inputs).toMatchObject({ content: { email: { subject: "By hand" } } });
  expect(await provider.diff(created.id, drifted.props as Json, changed)).toMatchObject({ changes: true, replaces: [] });
});

test("one deleted by hand is gone at refresh, and its delete is done", async () => {
  const { provider, http, projectId } = setups.current!;
  const made = await provider.create({ projectId, name: "Gone" });
  await templates.deleteMessagingTemplate(http, projectId, made.id);
  await expect(templates.getMessagingTemplate(http, projectId, made.id)).rejects.toMatchObject({ isNotFound: true });
  expect(await provider.read(made.id, made.outs as Json)).toEqual({});
  await expect(provider.delete(made.id, made.outs as Json)).resolves.toBeUndefined();
});

test("a create whose answer is lost is not sent again: the error says where to look and how to adopt what was made", async () => {
  const { provider, http, projectId, server } = setups.current!;
  await server.fault({ method: "POST", path: "/messaging_templates/?$", status: 502, afterCommit: true });
  await expect(provider.create({ projectId, name: "Lost" })).rejects.toThrow(
    /may have been created: look for it among the project's messaging templates \(named "Lost"\) and adopt it with `pulumi import posthog:index:MessagingTemplate <name> \d+\/<uuid>`/,
  );
  expect((await templates.listMessagingTemplates(http, projectId)).filter((t) => t.name === "Lost")).toHaveLength(1);
});

test("PostHog 2025-08-04 serves messaging templates to its web app only: the create says so, and what to use", async () => {
  const { provider, projectId } = setups["2025-08-04"]!;
  await expect(provider.create({ projectId, name: "Welcome" })).rejects.toThrow(
    /This PostHog serves messaging templates to its web app only \(PostHog 2025-08-04 and older.*`hog_flow` scope/s,
  );
});
