/**
 * EventSchema, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/event_schemas/`,
 * EventSchemaViewSet, posthog/api/event_schema.py), keyed by UUID, deleted with DELETE, identified as
 * `<projectId>/<uuid>`. It attaches a SchemaPropertyGroup to an event definition, once per pair (the model's
 * `unique_event_schema`). PostHog retrieves and updates none: it is read from the list, and a change of event or group
 * replaces it. It goes when its event definition or its group is deleted (both foreign keys cascade): a refresh then
 * drops it and `pulumi up` attaches the group again. PostHog 2025-08-04 has no schema management (no such endpoint).
 */
import type { PostHogError, Transport } from "../../client";
import type { ProviderConfig } from "../../kit/config";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import { idField, type Kind, type ObjectId } from "../../kit/kind";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import type { Json } from "../../kit/lifecycle";
import { listedPages } from "../../kit/list-reads";
import { kindNames } from "../../kit/tokens";
import { isUnknown } from "../../kit/unknown";
import { withoutSchemaManagement } from "../schema-property-group/kind";
import * as schemas from "./endpoints";
import { eventSchemaExample } from "./example";
import { eventSchemaFields, sameUuid, UUID } from "./fields";
import { type EventSchemaRecord, eventSchemaModel } from "./model";
import type { EventSchema } from "./record";

const NOUN = "event schema";
const PLACEMENT = { scope: "project", key: "uuid" } as const;
const IDENTITY_INPUTS = ["eventDefinitionId", "propertyGroupId"] as const;

/** The schema's inputs: a change of event or group replaces the event schema (PostHog updates none). */
function inputs() {
  const specs = tableInputs(eventSchemaFields, NOUN, PLACEMENT);
  return { ...specs, ...Object.fromEntries(IDENTITY_INPUTS.map((input) => [input, { ...specs[input]!, willReplaceOnChanges: true }])) };
}

export const eventSchemaKind: Kind<"project", EventSchemaRecord> = {
  ...kindNames("EventSchema"),
  example: eventSchemaExample,
  noun: NOUN,
  scope: "project",
  identity: { output: "eventSchemaId", key: "uuid" },
  deletion: "delete",
  importInputs: ["projectId", ...IDENTITY_INPUTS],
  api: projectScopedApi<EventSchema, string>({
    get: schemas.getEventSchema,
    // EventSchemaViewSet has no update: the lifecycle replaces an event schema whose event or group changes.
    update: () => Promise.reject(new Error("PostHog updates no event schema: a change of event or group replaces it.")),
    remove: schemas.deleteEventSchema,
  }),
  // One event schema is read from the list already (no retrieve): reads that arrive together share one pass over it.
  listReads: listedPages(schemas.eventSchemaPages),
  schema: () => ({
    description:
      "A PostHog event schema: a SchemaPropertyGroup attached to an event definition, once per pair. A change of event or group replaces it. Deleted with DELETE (the event and the group stay); one gone by hand, or with its event definition or group, is attached again. Today's PostHog only (2025-08-04 has no schema management).",
    inputs: inputs(),
    outputs: tableOutputs(
      eventSchemaFields,
      NOUN,
      {
        eventSchemaId: { type: "string", description: "The event schema's UUID in PostHog." },
        propertyGroupName: { type: "string", description: "The property group's name." },
      },
      PLACEMENT,
    ),
    required: ["eventSchemaId", "projectId", ...IDENTITY_INPUTS, "propertyGroupName"],
  }),
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
  model: eventSchemaModel,
  lifecycle: () => new EventSchemaLifecycle(),
  importer: projectScopedImport<EventSchema>(eventSchemaFields, {
    list: (http, projectId) => schemas.listEventSchemas(http, projectId),
    defaults: {},
    references: [idField("event_definition", "EventDefinition"), idField("property_group_id", "SchemaPropertyGroup")],
    label: (schema) => `${schema.property_group_name} on ${schema.event_name ?? schema.event_definition}`,
  }),
};

/**
 * The EventSchema lifecycle: the kit's field-table lifecycle with its create, never resent blindly. A group is
 * attached to an event once, so a create whose answer was lost takes the pair's event schema made since it was sent
 * (PostHog records no maker), and one refused because the pair is attached already names it, to adopt.
 */
export class EventSchemaLifecycle extends FieldTableLifecycle<EventSchema> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(eventSchemaKind, eventSchemaModel, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<EventSchemaRecord> {
    const event = String(body["event_definition"] ?? "").toLowerCase();
    const group = String(body["property_group_id"] ?? "").toLowerCase();
    try {
      const made = await this.createOnce(projectId, body, () => schemas.createEventSchema(this.http(), projectId, body), {
        find: async () =>
          (await schemas.listEventSchemas(this.http(), projectId, { event_definition: event })).filter(
            (s) => s.property_group_id === group,
          ),
        described: `of property group ${group} on event definition ${event}`,
        maker: async (_candidate, self) => self(),
        // The model's `unique_event_schema`, checked by the serializer's UniqueTogetherValidator ("… must make a
        // unique set.") and by its `validate` ("… is already added to this event schema").
        taken: (error) => error.status === 400 && /unique set|already added/.test(error.detail ?? ""),
        otherwise: "remove the second declaration of this group on this event",
      });
      return { ...made, project_id: projectId };
    } catch (error) {
      throw withoutSchemaManagement(error) ?? error;
    }
  }

  protected override readFailure(error: PostHogError, _scope: number, _id: ObjectId, _props: Json): Error | undefined {
    return withoutSchemaManagement(error);
  }

  /** Another event or group is another event schema: PostHog updates none (EventSchemaViewSet). */
  protected override replaces(olds: Json, news: Json): string[] {
    // Compared as the field table compares them: a UUID in another of the forms PostHog reads is the same object.
    const changed = IDENTITY_INPUTS.filter((input) => {
      const value = news[input];
      if (isUnknown(value)) return true;
      return typeof value === "string" && typeof olds[input] === "string" && !sameUuid(value, olds[input]);
    });
    return [...super.replaces(olds, news), ...changed];
  }
}
