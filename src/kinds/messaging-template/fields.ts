/**
 * The messaging template's field table: the writable fields of today's MessageTemplateSerializer
 * (products/messaging/backend/api/message_templates.py in PostHog/posthog, `Meta.fields` less `read_only_fields`;
 * model products/messaging/backend/models/message_template.py), each with PostHog's rule. PostHog 2025-08-04 has the
 * serializer too (products/messaging/backend/api/message_templates.py there) but refuses it to personal API keys.
 */
import { z } from "zod";
import { type ApiTypes, type FieldDef, type LeftOut, sameTrimmed, sameWithin } from "../../kit/field-table";
import { keyFacts } from "../../kit/kind";

export const SERIALIZER = "MessageTemplateSerializer, products/messaging/backend/api/message_templates.py";

const email = z.looseObject(
  {
    subject: z
      .string({ error: "subject must be a string" })
      .min(1, { error: `subject must not be blank (EmailTemplateSerializer, ${SERIALIZER})` })
      .optional(),
    text: z.string({ error: "text must be a string" }).optional(),
    html: z.string({ error: "html must be a string" }).optional(),
    design: z.unknown().optional(),
  },
  { error: "email must be an object {subject, text, html, design} or null" },
);

export const messagingTemplateFields = {
  name: {
    input: z
      .string({ error: "must be a string" })
      .min(1, { error: `must not be blank (MessageTemplate.name, ${SERIALIZER})` })
      .max(400, { error: `must be at most 400 characters (MessageTemplate.name, ${SERIALIZER})` }),
    equal: sameTrimmed,
    doc: "The template's name, as PostHog's template library shows it (at most 400 characters; not unique).",
  },
  description: {
    input: z.string({ error: "must be a string" }),
    equal: sameTrimmed,
    doc: "What the template is for and when to use it; may be empty.",
  },
  type: {
    input: z
      .string({ error: "must be a string" })
      .max(24, { error: `must be at most 24 characters (MessageTemplate.type, ${SERIALIZER})` }),
    equal: sameTrimmed,
    doc: "The template's message channel: \"email\" (PostHog's default, and its one channel so far).",
  },
  content: {
    type: "MessagingTemplateContent",
    input: z.looseObject(
      {
        templating: z
          .literal("liquid", { error: `templating must be "liquid" (MessageTemplateContentSerializer, ${SERIALIZER})` })
          .optional(),
        email: email.nullable().optional(),
      },
      { error: "must be an object {templating, email}" },
    ),
    // Replaced whole on update. PostHog fills in what the program leaves out (`templating: "liquid"`; a `design`
    // wrapping html sent without one): compared within what the program declares.
    equal: sameWithin,
    doc: "The template's content by channel: `{templating: \"liquid\", email: {subject, text, html, design}}`. Liquid tags (`{{ person.properties.name }}`) pass through as written. An email template needs a subject; give its `html` (PostHog wraps it in a design of its own for its editor) or a `design` of PostHog's visual editor (rendered to html by PostHog, where its instance has Unlayer configured).",
  },
  message_category: {
    arg: "messageCategoryId",
    input: z
      .string({ error: "must be the UUID of a message category of the project, or null" })
      .refine((value) => keyFacts("uuid").is(value), { error: "must be the UUID of a message category of the project, or null" })
      .nullable(),
    doc: "The message category (its UUID) the template is filed under; it must be the project's.",
  },
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const messagingTemplateLeftOut: LeftOut = { deleted: "the deletion: a destroy sends `deleted: true`" };

/**
 * Where PostHog's generated API types state this kind: the copy of products/workflows/frontend/generated/
 * api.schemas.ts the fixture was read at has no MessageTemplateApi (later copies have it).
 */
export const messagingTemplateApiTypes: ApiTypes = {
  missing:
    "the copy of products/workflows/frontend/generated/api.schemas.ts the fixture reads (000c2db1) states no MessageTemplateApi; later copies of PostHog do, and a refresh of the facts from one would hold this table to them",
};
