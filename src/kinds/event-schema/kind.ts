/**
 * EventSchema, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/event_schemas/`,
 * EventSchemaViewSet, posthog/api/event_schema.py), keyed by UUID, deleted with DELETE, identified as
 * `<projectId>/<uuid>`. It attaches a SchemaPropertyGroup to an event definition, once per pair (the model's
 * `unique_event_schema`). PostHog retrieves and updates none: it is read from the list, and a change of event or group
 * replaces it. It goes when its event definition or its group is deleted (both foreign keys cascade): a refresh then
 * drops it and `pulumi up` attaches the group again. PostHog 2025-08-04 has no schema management (no such endpoint).
 */
import { defineKind } from "../../kit/define-kind";
import { idField } from "../../kit/kind";
import { listedPages } from "../../kit/list-reads";
import { isUnknown } from "../../kit/unknown";
import { withoutSchemaManagement } from "../schema-property-group/kind";
import * as schemas from "./endpoints";
import { eventSchemaExample } from "./example";
import { eventSchemaFields, sameUuid, UUID } from "./fields";

const IDENTITY_INPUTS = ["eventDefinitionId", "propertyGroupId"] as const;

export const {
  kind: eventSchemaKind,
  model: eventSchemaModel,
  Lifecycle: EventSchemaLifecycle,
} = defineKind({
  name: "EventSchema",
  noun: "event schema",
  summary:
    "A property group attached to an event (PostHog's schema management): the event's schema holds the group's properties, and `pulumi-posthog types` types the event's required ones as required.",
  description:
    "A PostHog event schema: a SchemaPropertyGroup attached to an event definition, once per pair. A change of event or group replaces it. Deleted with DELETE (the event and the group stay); one gone by hand, or with its event definition or group, is attached again. Today's PostHog only (2025-08-04 has no schema management).",
  example: eventSchemaExample,
  scope: "project",
  identity: { output: "eventSchemaId", key: "uuid", doc: "The event schema's UUID in PostHog." },
  deletion: "delete",
  importInputs: ["projectId", ...IDENTITY_INPUTS],
  endpoints: {
    get: schemas.getEventSchema,
    // EventSchemaViewSet has no update: the lifecycle replaces an event schema whose event or group changes.
    update: () => Promise.reject(new Error("PostHog updates no event schema: a change of event or group replaces it.")),
    remove: schemas.deleteEventSchema,
    create: schemas.createEventSchema,
  },
  // One event schema is read from the list already (no retrieve): reads that arrive together share one pass over it.
  listReads: listedPages(schemas.eventSchemaPages),
  // A change of event or group replaces the event schema (PostHog updates none).
  inputs: (table) => ({
    ...table,
    ...Object.fromEntries(IDENTITY_INPUTS.map((input) => [input, { ...table[input]!, willReplaceOnChanges: true }])),
  }),
  outputs: { propertyGroupName: { type: "string", description: "The property group's name." } },
  fields: eventSchemaFields,
  exampleInput: "propertyGroupId",
  // Both are required: EventSchema's foreign keys are not null.
  required: {
    eventDefinitionId: "an event schema is an event's (EventSchema.event_definition)",
    propertyGroupId: "an event schema attaches a property group (EventSchema.property_group)",
  },
  // What identifies it, which every event schema has (an import reads it), and its group's name.
  fixedOutputs: (record) => ({
    eventDefinitionId: record.event_definition,
    propertyGroupId: record.property_group_id,
    propertyGroupName: record.property_group_name,
  }),
  outputTypes: {
    eventDefinitionId: { type: "string", doc: "The event definition's UUID." },
    propertyGroupId: { type: "string", doc: "The property group's UUID." },
    propertyGroupName: { type: "string", doc: "The property group's name." },
  },
  lookups: {
    list: (http, projectId, query) => schemas.listEventSchemas(http, projectId, query),
    filters: {
      eventDefinitionId: {
        spec: { type: "string", description: "One event's schemas: its definition's UUID." },
        // EventSchemaViewSet filters by it as a UUID (`event_definition_id=`), and Django's UUIDField refuses any other
        // text with an error the viewset leaves unhandled (a 500): said here, before the list is asked for.
        query: (v) => {
          const text = String(v);
          if (!UUID.test(text))
            throw new Error(
              `eventDefinitionId ${JSON.stringify(text)} must be an event definition's UUID (PostHog filters its event schemas by it as one).`,
            );
          return ["event_definition", text];
        },
      },
    },
    outputs: {
      eventDefinition: { type: "string" },
      propertyGroupId: { type: "string" },
      propertyGroupName: { type: "string" },
    },
  },
  importer: {
    list: (http, projectId) => schemas.listEventSchemas(http, projectId),
    defaults: {},
    references: [idField("event_definition", "EventDefinition"), idField("property_group_id", "SchemaPropertyGroup")],
    label: (schema) => `${schema.property_group_name} on ${schema.event_name ?? schema.event_definition}`,
  },
  /**
   * A group is attached to an event once, so a create whose answer was lost takes the pair's event schema made since
   * it was sent (PostHog records no maker), and one refused because the pair is attached already names it, to adopt.
   */
  findBy: {
    field: "property_group_id",
    find: async (http, projectId, group, sent) =>
      (await schemas.listEventSchemas(http, projectId, { event_definition: String(sent["event_definition"] ?? "").toLowerCase() })).filter(
        (s) => s.property_group_id === String(group ?? "").toLowerCase(),
      ),
    described: (group, sent) =>
      `of property group ${String(group ?? "").toLowerCase()} on event definition ${String(sent["event_definition"] ?? "").toLowerCase()}`,
    maker: async (_candidate, self) => self(),
    // The model's `unique_event_schema`, checked by the serializer's UniqueTogetherValidator ("… must make a
    // unique set.") and by its `validate` ("… is already added to this event schema").
    taken: (error) => error.status === 400 && /unique set|already added/.test(error.detail ?? ""),
    otherwise: "remove the second declaration of this group on this event",
  },
  createRefusal: withoutSchemaManagement,
  hooks: {
    readFailure: (error) => withoutSchemaManagement(error),
    /** Another event or group is another event schema: PostHog updates none (EventSchemaViewSet). */
    replaces(olds, news) {
      // Compared as the field table compares them: a UUID in another of the forms PostHog reads is the same object.
      const changed = IDENTITY_INPUTS.filter((input) => {
        const value = news[input];
        if (isUnknown(value)) return true;
        return typeof value === "string" && typeof olds[input] === "string" && !sameUuid(value, olds[input]);
      });
      return [...this.kit.replaces(olds, news), ...changed];
    },
  },
});
