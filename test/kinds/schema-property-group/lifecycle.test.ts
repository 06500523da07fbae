/**
 * posthog.SchemaPropertyGroup and posthog.EventSchema, their own rules over loopback against the local server: bad
 * properties refused at check with PostHog's rule named, nothing sent; the properties' order and PostHog's defaults
 * are no change, a property changed by hand is drift shown in the program's form; a name taken names the group
 * holding it; a group deleted by hand while an event schema uses it takes the schema with it, and both are made again;
 * a change of group replaces the event schema; PostHog 2025-08-04 says it has no schema management. (Create, preview,
 * drift, adoption, import and delete of their examples: the contract, test/kinds/contract.test.ts.)
 */
import { Transport } from "../../../src/client-entry";
import { listEventSchemas } from "../../../src/functions";
import { useLookupConfig } from "../../../src/functions/context";
import * as eventSchemas from "../../../src/kinds/event-schema/endpoints";
import { EventSchemaLifecycle } from "../../../src/kinds/event-schema/kind";
import * as projects from "../../../src/kinds/project/endpoints";
import * as groups from "../../../src/kinds/schema-property-group/endpoints";
import { SchemaPropertyGroupLifecycle } from "../../../src/kinds/schema-property-group/kind";
import { importProjects } from "../../helpers/import-run";
import { type LocalPostHog, startLocalPostHog } from "../../helpers/local-posthog";

type Json = Record<string, unknown>;

let server: LocalPostHog;
let http: Transport;
let projectId = 0;
const connection = () => ({
  config: { host: server.url, apiKey: server.apiKey, organizationId: server.organizationId, projectId: String(projectId) },
  transport: http,
});
const groupLifecycle = () => new SchemaPropertyGroupLifecycle(connection());
const schemaLifecycle = () => new EventSchemaLifecycle(connection());

beforeAll(async () => {
  server = await startLocalPostHog();
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false, retry: { attempts: 1, baseDelayMs: 1 } });
  projectId = (await projects.createProject(http, server.organizationId, { name: "Schemas" })).id;
});
afterAll(() => server?.close());

const eventId = async (name: string) => (await server.control.seedDefinitions(projectId, { events: [{ name }] })).events[0]!.id;

test.each([
  [
    "a property type PostHog has not",
    [{ name: "p", property_type: "Array" }],
    /"DateTime", "String", "Numeric", "Boolean", "Object".*at 0\.property_type/s,
  ],
  ["a blank property name", [{ name: "  ", property_type: "String" }], /may not be blank.*validate_name/s],
  ["a name over 200 characters", [{ name: "a".repeat(201), property_type: "String" }], /200 characters or less/],
  [
    "a name twice in the group",
    [
      { name: "a", property_type: "String" },
      { name: " a", property_type: "Numeric" },
    ],
    /unique_property_group_property_name/,
  ],
  [
    "an enum on a Numeric",
    [{ name: "p", property_type: "Numeric", validation_rules: { enum: ["a"] } }],
    /Unrecognized keys for Numeric validation: enum.*validate_validation_rules/s,
  ],
  [
    "rules on a DateTime",
    [{ name: "p", property_type: "DateTime", validation_rules: { enum: ["x"] } }],
    /not supported for DateTime properties/,
  ],
  [
    "both enum and not",
    [{ name: "p", property_type: "String", validation_rules: { enum: ["a"], not: { enum: ["b"] } } }],
    /Cannot specify both 'enum' and 'not'/,
  ],
  ["an enum of numbers", [{ name: "p", property_type: "String", validation_rules: { enum: [1, 2] } }], /All 'enum' values must be strings/],
  [
    "a lower bound above the upper",
    [{ name: "p", property_type: "Numeric", validation_rules: { exclusiveMinimum: 10, maximum: 5 } }],
    /Lower bound \(exclusiveMinimum=10\) must be less than upper bound \(maximum=5\)/,
  ],
])("check refuses %s with PostHog's rule, before anything is sent", async (_what, properties, message) => {
  await server.clearRequests();
  const { failures } = await groupLifecycle().check({}, { projectId, name: "Bad", properties });
  expect(failures?.map((f) => `${f.property}: ${f.reason}`).join("\n")).toMatch(message);
  expect(await server.requests()).toEqual([]);
});

test("PostHog's own forms are no change: the properties in another order, their defaults left out or written out; a property changed by hand is drift, shown as the program writes it", async () => {
  const declared = {
    projectId,
    name: "Ordered",
    properties: [
      { name: "seats", property_type: "Numeric", is_required: true },
      { name: "plan", property_type: "String", validation_rules: { enum: ["free", "team"] } },
    ],
  };
  const lifecycle = groupLifecycle();
  const created = await lifecycle.create((await lifecycle.check({}, declared)).inputs!);
  const outs = created.outs as Json;
  const reordered = {
    ...declared,
    properties: [
      { name: "plan", property_type: "String", is_required: false, validation_rules: { enum: ["free", "team"] }, description: "" },
      declared.properties[0]!,
    ],
  };
  expect((await lifecycle.diff(created.id, outs, reordered)).changes).toBe(false);
  expect((await lifecycle.read(created.id, outs)).inputs).toEqual(declared);

  await groups.updateSchemaPropertyGroup(http, projectId, created.id, {
    properties: [
      { name: "seats", property_type: "String", is_required: true },
      { name: "plan", property_type: "String", validation_rules: { enum: ["free", "team"] } },
    ],
  });
  const drifted = await lifecycle.read(created.id, outs);
  expect((drifted.inputs as Json)["properties"]).toEqual([
    { name: "plan", property_type: "String", validation_rules: { enum: ["free", "team"] } },
    { name: "seats", property_type: "String", is_required: true },
  ]);
  expect((await lifecycle.diff(created.id, drifted.props as Json, declared)).changes).toBe(true);
  const restored = await lifecycle.update(created.id, drifted.props as Json, declared);
  expect((await lifecycle.diff(created.id, restored.outs as Json, declared)).changes).toBe(false);
  expect((await groups.getSchemaPropertyGroup(http, projectId, created.id)).properties.find((p) => p.name === "seats")?.property_type).toBe(
    "Numeric",
  );
});

test("a name another group holds is refused by PostHog, and the error names that group to adopt", async () => {
  const holder = await groups.createSchemaPropertyGroup(http, projectId, { name: "Taken" });
  await expect(groupLifecycle().create({ projectId, name: "Taken" })).rejects.toThrow(
    new RegExp(`A property group with this name already exists for this team.*${holder.id}.*adoptId`, "s"),
  );
});

test("a group deleted by hand while an event schema uses it takes the schema with it: a refresh finds both gone, and up makes both again; a change of group replaces the schema", async () => {
  const event = await eventId("signed_up");
  const group = groupLifecycle();
  const made = await group.create({
    projectId,
    name: "Sign-up",
    properties: [{ name: "seats", property_type: "Numeric", is_required: true }],
  });
  const schema = schemaLifecycle();
  const inputs = { projectId, eventDefinitionId: event, propertyGroupId: made.id };
  const attached = await schema.create((await schema.check({}, inputs)).inputs!);
  expect(attached.outs).toMatchObject({ eventDefinitionId: event, propertyGroupId: made.id, propertyGroupName: "Sign-up" });
  expect((await groups.getSchemaPropertyGroup(http, projectId, made.id)).events).toEqual([{ id: event, name: "signed_up" }]);

  await groups.deleteSchemaPropertyGroup(http, projectId, made.id);
  expect(await group.read(made.id, made.outs as Json)).toEqual({});
  expect(await schema.read(attached.id, attached.outs as Json)).toEqual({});
  const again = await group.create({
    projectId,
    name: "Sign-up",
    properties: [{ name: "seats", property_type: "Numeric", is_required: true }],
  });
  const reattached = await schema.create({ ...inputs, propertyGroupId: again.id });
  expect((await eventSchemas.listEventSchemas(http, projectId, { event_definition: event })).map((s) => s.id)).toEqual([reattached.id]);

  const other = await group.create({ projectId, name: "Billing" });
  expect(await schema.diff(reattached.id, reattached.outs as Json, { ...inputs, propertyGroupId: other.id })).toMatchObject({
    changes: true,
    replaces: ["propertyGroupId"],
  });
  // The same UUID in another case, or without its hyphens (DRF reads both), is the same group: no change.
  for (const form of [again.id.toUpperCase(), again.id.replace(/-/g, "")])
    expect(await schema.diff(reattached.id, reattached.outs as Json, { ...inputs, propertyGroupId: form })).toMatchObject({
      changes: false,
      replaces: [],
    });

  // Destroy, in the order a program's references give it: the schema, then the group; the event definition stays.
  await schema.delete(reattached.id, reattached.outs as Json);
  await group.delete(again.id, again.outs as Json);
  expect(await eventSchemas.listEventSchemas(http, projectId)).toEqual([]);
});

test("an event schema attached twice is refused by PostHog, naming the one that holds the pair", async () => {
  const event = await eventId("twice");
  const made = await groups.createSchemaPropertyGroup(http, projectId, { name: "Twice" });
  const first = await eventSchemas.createEventSchema(http, projectId, { event_definition: event, property_group_id: made.id });
  await expect(schemaLifecycle().create({ projectId, eventDefinitionId: event, propertyGroupId: made.id })).rejects.toThrow(
    new RegExp(`unique set.*${first.id}`, "s"),
  );
});

test("listEventSchemas takes one event's by its definition's UUID; anything else (its name) is refused before the list is asked for", async () => {
  useLookupConfig((key) => ({ "posthog:host": server.url, "posthog:apiKey": server.apiKey, "posthog:projectId": String(projectId) })[key]);
  const event = await eventId("looked_up");
  const made = await groups.createSchemaPropertyGroup(http, projectId, { name: "Looked up" });
  const schema = await eventSchemas.createEventSchema(http, projectId, { event_definition: event, property_group_id: made.id });
  expect((await listEventSchemas({ eventDefinitionId: event.toUpperCase() })).map((s) => s.eventSchemaId)).toEqual([schema.id]);
  await server.clearRequests();
  await expect(listEventSchemas({ eventDefinitionId: "looked_up" })).rejects.toThrow(
    /eventDefinitionId "looked_up" must be an event definition's UUID/,
  );
  expect(await server.requests()).toEqual([]);
});

test("pulumi-posthog import names an event schema by its group and its event, and writes an event definition it does not declare as its UUID", async () => {
  const project = (await projects.createProject(http, server.organizationId, { name: "Imported schemas" })).id;
  const event = (await server.control.seedDefinitions(project, { events: [{ name: "paid" }] })).events[0]!.id;
  const made = await groups.createSchemaPropertyGroup(http, project, {
    name: "Billing",
    properties: [{ name: "amount", property_type: "Numeric" }],
  });
  await eventSchemas.createEventSchema(http, project, { event_definition: event, property_group_id: made.id });
  const { written } = await importProjects(server, "typescript", project);
  expect(written).toContain('new posthog.EventSchema("imported_schemas_event_schema_billing_on_paid", {');
  expect(written).toContain(`eventDefinitionId: "${event}",`);
  expect(written).toMatch(/propertyGroupId: importedSchemasSchemaPropertyGroupBilling\.propertyGroupId,/);
});

test("PostHog 2025-08-04 has no schema management: a create says so, and an import imports the rest", async () => {
  const old = await startLocalPostHog({ postHogVersion: "2025-08-04" });
  try {
    const oldHttp = new Transport({ host: old.url, apiKey: old.apiKey, rateLimits: false });
    const oldProject = (await projects.createProject(oldHttp, old.organizationId, { name: "Old" })).id;
    const lifecycle = new SchemaPropertyGroupLifecycle({
      config: { host: old.url, apiKey: old.apiKey, organizationId: old.organizationId, projectId: String(oldProject) },
      transport: oldHttp,
    });
    await expect(lifecycle.create({ projectId: oldProject, name: "Any" })).rejects.toThrow(
      /Endpoint not found.*This PostHog has no schema management/s,
    );
    // An import there reads the rest, saying schema management is not served (before: the whole import failed on it).
    const { written, said } = await importProjects(old, "typescript", oldProject);
    expect(said).toMatch(/schema property groups not imported: PostHog serves no endpoint for GET .*schema_property_groups/);
    expect(said).toMatch(/event schemas not imported: PostHog serves no endpoint for GET .*event_schemas/);
    expect(written).toContain(`new posthog.Project(`);
  } finally {
    await old.close();
  }
});
