/**
 * The event definition's field table: the writable fields of EnterpriseEventDefinitionSerializer
 * (ee/api/ee_event_definition.py, `Meta.fields` less `read_only_fields`; model ee/models/event_definition.py), which
 * PostHog serves to organizations with the plan feature `ingestion_taxonomy`, each with PostHog's rule and how a
 * declared value compares with what PostHog answers; and `name`, which identifies the definition (read-only there:
 * the definition is found by it, never renamed).
 * The rows the property definition's table shares (EnterprisePropertyDefinitionSerializer has the same rules) are
 * exported.
 */
import { z } from "zod";
import { type FieldDef, type LeftOut, sameJson, sameTags, TAGGING, type ApiTypes } from "../../kit/field-table";
import { article } from "../../kit/names";

const SERIALIZER = "EnterpriseEventDefinitionSerializer, ee/api/ee_event_definition.py";

/**
 * The plan feature the enterprise serializers need: without it PostHog answers a definition's PATCH with 402
 * (EventDefinitionSerializer.update, posthog/api/event_definition.py; PropertyDefinitionSerializer.update, which
 * lets a change of `property_type` alone through) and its answers lack description, owner, verified and hidden.
 */
export const INGESTION_TAXONOMY = "the `ingestion_taxonomy` plan feature (AvailableFeature.INGESTION_TAXONOMY)";

/** `name = CharField(max_length=400)` of both definition models: what ingestion names it, matched exactly. */
export const definitionName = (noun: string) => ({
  input: z
    .string({ error: "must be a string" })
    .min(1, { error: `must not be blank (PostHog names ${article(noun)} ${noun} by what ingestion received)` })
    .max(400, { error: `must be at most 400 characters (${noun === "event definition" ? "EventDefinition" : "PropertyDefinition"}.name)` }),
});

/** The rows both enterprise serializers have alike: description, tags, verified, hidden. */
export const taxonomyRows = (noun: string) =>
  ({
    description: {
      // `description = TextField(blank=True, null=True)`: no length limit.
      input: z.string({ error: "must be a string or null" }).nullable(),
      doc: `What the ${noun} means, shown in PostHog's data management and wherever it is picked. Needs ${INGESTION_TAXONOMY}.`,
    },
    tags: {
      input: z.array(z.string({ error: "must be a list of strings" }), { error: "must be a list of strings" }),
      equal: sameTags,
      planFeature: TAGGING,
      doc: "Tags; PostHog trims and lower-cases them and keeps each once (dropped without the `tagging` plan feature).",
    },
    verified: {
      input: z.boolean({ error: "must be true or false" }),
      doc: `Marked verified: part of the tracking plan. PostHog records who verified it and when; a hidden one is never verified. Needs ${INGESTION_TAXONOMY}.`,
    },
    hidden: {
      input: z.boolean({ error: "must be true, false or null" }).nullable(),
      // A definition never hidden answers null: the same as false.
      equal: (declared: unknown, live: unknown) => sameJson(declared ?? false, live ?? false),
      doc: `Hidden from PostHog's pickers (a hidden one is never verified: hiding it unverifies it). Needs ${INGESTION_TAXONOMY}.`,
    },
  }) as const satisfies Record<string, FieldDef>;

export const eventDefinitionFields = {
  name: {
    ...definitionName("event definition"),
    doc: "The event's name, exactly as the application captures it (`signed_up`): the definition of that name in the project is the one managed. Changing it manages another definition.",
  },
  ...taxonomyRows("event"),
  owner_id: {
    sentAs: "owner",
    beyondApiTypes: "sent as PostHog's `owner` (./endpoints.ts)",
    input: z
      .number({ error: "must be a user's numeric id or null" })
      .int({ error: "must be a user's numeric id or null" })
      .positive({ error: "must be a user's numeric id or null" })
      .nullable(),
    doc: `The user who owns the event (their numeric id: \`getCurrentUser().id\`, a member's), or null. PostHog refuses an id that is no user's (${SERIALIZER}, \`owner\`). Needs ${INGESTION_TAXONOMY}.`,
  },
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const eventDefinitionLeftOut: LeftOut = {
  owner: "managed as `ownerId` (the table's owner_id, sent in PostHog's name)",
  enforcement_mode: "not yet managed: today's schema enforcement of the event (allow, reject)",
  post_to_slack: "PostHog's interface's",
  default_columns: "PostHog's interface's",
};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const eventDefinitionApiTypes: ApiTypes = {
  file: "products/event_definitions/frontend/generated/api.schemas.ts",
  schemas: ["EnterpriseEventDefinitionApi"],
};
