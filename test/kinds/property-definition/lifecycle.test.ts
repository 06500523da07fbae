/**
 * posthog.PropertyDefinition's own rules over loopback against the local server: a create takes the definition of its
 * name, type and group type over (a person's `email` is not an event's); where there is none, no PostHog can create
 * one and the error says how PostHog makes it for that type; a group property names its group type and no other
 * does, refused at check; `propertyType` alone is written without `ingestion_taxonomy`; an import by id alone reads
 * the type PostHog's answers do not say; another type replaces. (Its example's lifecycle: the contract,
 * test/kinds/contract.test.ts.)
 */
import { Transport } from "../../../src/client-entry";
import * as definitions from "../../../src/kinds/property-definition/endpoints";
import { PropertyDefinitionLifecycle } from "../../../src/kinds/property-definition/kind";
import * as projects from "../../../src/kinds/project/endpoints";
import { type LocalPostHog, startLocalPostHog } from "../../helpers/local-posthog";

type Json = Record<string, unknown>;

let server: LocalPostHog;
let projectId = 0;
const connection = () => ({
  config: { host: server.url, apiKey: server.apiKey, organizationId: server.organizationId, projectId: String(projectId) },
  // A client of its own: nothing remembered from another's reads.
  transport: new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false, retry: { attempts: 1, baseDelayMs: 1 } }),
});
const lifecycle = () => new PropertyDefinitionLifecycle(connection());

beforeAll(async () => {
  server = await startLocalPostHog();
  projectId = (await projects.createProject(connection().transport, server.organizationId, { name: "Properties" })).id;
  await server.control.seedDefinitions(projectId, {
    properties: [
      { name: "email", type: "event", propertyType: "String" },
      { name: "email", type: "person", propertyType: "String" },
      { name: "industry", type: "group", groupTypeIndex: 2 },
    ],
  });
});
afterAll(() => server?.close());

test("a create takes the definition of its name and type over; an import by id alone reads its type", async () => {
  const person = await lifecycle().create({ projectId, name: "email", type: "person", description: "Login email" });
  const group = await lifecycle().create({ projectId, name: "industry", type: "group", groupTypeIndex: 2, propertyType: "String" });
  const listed = await definitions.listPropertyDefinitions(connection().transport, projectId, { type: "person", search: "email" });
  expect(person.id).toBe(listed[0]!.id);
  expect(person.outs).toMatchObject({ type: "person", groupTypeIndex: null, description: "Login email" });
  // `pulumi import` reads by the id alone, with a client that never listed it.
  expect((await lifecycle().read(`${projectId}/${group.id}`)).props).toMatchObject({ name: "industry", type: "group", groupTypeIndex: 2 });
  const event = await lifecycle().read(
    `${projectId}/${(await definitions.listPropertyDefinitions(connection().transport, projectId, { type: "event", search: "email" }))[0]!.id}`,
  );
  expect(event.props).toMatchObject({ type: "event", groupTypeIndex: null });
});

test.each([
  ["person", { type: "person" }, /Set the person property "plan" on someone/],
  ["group", { type: "group", groupTypeIndex: 0 }, /Send a group identify \(`\$groupidentify`\) for that group type setting "plan"/],
  ["event", {}, /Send one event carrying the property "plan"/],
])("where there is no %s definition, the error says how PostHog makes one", async (_type, place, message) => {
  await expect(lifecycle().create({ projectId, name: "plan", ...place })).rejects.toThrow(message);
  await expect(lifecycle().create({ projectId, name: "plan", ...place })).rejects.toThrow(/PostHog makes definitions when events arrive/);
});

test.each([
  [{ name: "x", type: "group" }, 'groupTypeIndex is required for a "group" property'],
  [{ name: "x", type: "person", groupTypeIndex: 1 }, 'groupTypeIndex is only for a "group" property'],
  [{ name: "x", type: "group", groupTypeIndex: 5 }, "groupTypeIndex must be a group type's index, 0 to 4"],
  [{ name: "x", propertyType: "Text" }, 'propertyType must be one of "String", "Numeric", "Boolean", "DateTime", "Duration" or null'],
  [{ name: "x", type: "session" }, 'type must be "event", "person" or "group"'],
])("refused at check: %j", async (inputs, reason) => {
  const checked = await lifecycle().check({}, { projectId, ...inputs });
  expect(checked.failures?.map((f) => f.reason).join(" ")).toContain(reason);
});

test("without ingestion_taxonomy, propertyType alone is written; with a description beside it, PostHog's 402 is met by writing propertyType alone and recording the description as not applicable", async () => {
  await server.control.patchOrganization(server.organizationId, { lackedFeatures: ["ingestion_taxonomy"] });
  try {
    const typed = await lifecycle().create({ projectId, name: "email", type: "event", propertyType: "Numeric" });
    expect(typed.outs).toMatchObject({ propertyType: "Numeric", isNumerical: true });
    const inputs: Json = { projectId, name: "email", type: "event", propertyType: "DateTime", description: "x" };
    const failure = await lifecycle()
      .create(inputs)
      .then(
        () => undefined,
        (error: Error & { properties?: Json }) => error,
      );
    expect(failure?.message).toMatch(
      /^PostHog cannot apply description to this property definition: where the plan lacks the `ingestion_taxonomy` plan feature .* refuses to write anything but propertyType \(alone\) \(402.*PostHog 2025-08-04 judges the plan of the organization the key's user has selected in PostHog/,
    );
    expect(failure?.properties).toMatchObject({ propertyType: "DateTime" });
    const live = await definitions.listPropertyDefinitions(connection().transport, projectId, { type: "event", search: "email" });
    expect(live[0]).toMatchObject({ property_type: "DateTime" });
    // Recorded: the next preview says it before sending anything, rather than an update PostHog refuses again.
    await expect(lifecycle().diff(String(typed.id), failure?.properties ?? {}, inputs)).rejects.toThrow(
      /PostHog cannot apply description .*\(as the last `pulumi up` or refresh found\)/,
    );
  } finally {
    await server.control.patchOrganization(server.organizationId, { lackedFeatures: [] });
  }
});

test("another type, group type or name is another definition: it replaces; an undeclared type is an event's", async () => {
  const inputs: Json = { projectId, name: "email" };
  const made = await lifecycle().create(inputs);
  const outs = made.outs as Json;
  expect((await lifecycle().diff(made.id, outs, inputs)).changes).toBe(false);
  expect((await lifecycle().diff(made.id, outs, { ...inputs, type: "event" })).changes).toBe(false);
  expect(await lifecycle().diff(made.id, outs, { ...inputs, type: "person" })).toMatchObject({ replaces: ["type"] });
  expect(await lifecycle().diff(made.id, outs, { ...inputs, name: "mail" })).toMatchObject({ replaces: ["name"] });
});
