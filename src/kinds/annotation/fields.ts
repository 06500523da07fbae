/**
 * The annotation's field table: the writable fields of today's AnnotationSerializer
 * (products/annotations/backend/api/annotation.py in PostHog/posthog, `Meta.fields` less `read_only_fields`; model
 * products/annotations/backend/models/annotation.py), each with PostHog's rule and how a declared value compares
 * with what PostHog answers. PostHog 2025-08-04 (posthog/api/annotation.py there) has
 * no `emoji` or `hidden_in_user_interface`, holds `content` to 400 characters and reads `dashboard_id` only.
 */
import { z } from "zod";
import { dateTimeField } from "../../kit/date-time";
import { type Equality, type FieldDef, sameJson, type ApiTypes } from "../../kit/field-table";

/** `Annotation.Scope` less "recording", which AnnotationSerializer.validate refuses ("Recording scope is deprecated"). */
export const ANNOTATION_SCOPES_WRITABLE = ["dashboard_item", "dashboard", "project", "organization"] as const;

/** AnnotationSerializer.validate_emoji stores a blank emoji as null. */
const sameEmoji: Equality = (a, b) => sameJson(a === "" ? null : a, b === "" ? null : b);

const SERIALIZER = "AnnotationSerializer, products/annotations/backend/api/annotation.py";
const id = (what: string) =>
  z.number({ error: `must be the numeric id of ${what} or null` }).int({ error: `must be the numeric id of ${what} or null` });

export const annotationFields = {
  content: {
    input: z
      .string({ error: "must be a string or null" })
      .max(8192, { error: `must be at most 8192 characters (Annotation.content; 400 in PostHog 2025-08-04) (${SERIALIZER})` })
      .nullable(),
    doc: "The text shown on charts: the change, release or incident (at most 8192 characters; 400 in PostHog 2025-08-04).",
  },
  date_marker: {
    ...dateTimeField(SERIALIZER),
    doc: 'When it happened, ISO 8601 (`"2025-01-02T03:04:05Z"`; without an offset, UTC): where charts place it. PostHog answers its own form of the same instant.',
  },
  scope: {
    apiTypesDiffer:
      "`recording` is among the types' choices but deprecated: today's AnnotationSerializer refuses it, as the types' own description says",
    type: "AnnotationScope",
    input: z.enum(ANNOTATION_SCOPES_WRITABLE, {
      error: `must be one of ${ANNOTATION_SCOPES_WRITABLE.map((s) => `"${s}"`).join(", ")} ("dashboard_item" is the insight scope; "recording" is deprecated and refused) (Annotation.Scope, ${SERIALIZER})`,
    }),
    doc: 'Where it shows: "dashboard_item" (one insight, PostHog\'s default), "dashboard", "project" or "organization" (every project of the organization).',
  },
  dashboard_item: {
    input: id("an insight of the project").nullable(),
    doc: "The insight (its numeric id) a `dashboard_item` annotation belongs to; it must be in the project.",
  },
  dashboard_id: {
    input: id("a dashboard of the project").nullable(),
    doc: "The dashboard (its numeric id) a `dashboard` annotation belongs to; it must be in the project (PostHog 2025-08-04 ignores it on write).",
  },
  creation_type: {
    input: z.enum(["USR", "GIT"], {
      error: `must be "USR" (a person's note) or "GIT" (a bot's or deployment's) (Annotation.CreationType)`,
    }),
    doc: "\"USR\" for a person's note (PostHog's default) or \"GIT\" for a bot's or a deployment's.",
  },
  emoji: {
    beyondApiTypes:
      "today's AnnotationSerializer takes it (products/annotations/backend/api/annotation.py, as this table cites); the generated types at the fixture's commit do not list it",
    input: z
      .string({ error: "must be a string or null" })
      .max(16, { error: "must be at most 16 characters (Annotation.emoji)" })
      .nullable(),
    equal: sameEmoji,
    doc: "An emoji shown instead of the default badge (today's PostHog only); blank means none.",
    lackedBy: ["2025-08-04"],
  },
  hidden_in_user_interface: {
    beyondApiTypes:
      "today's AnnotationSerializer takes it (products/annotations/backend/api/annotation.py, as this table cites); the generated types at the fixture's commit do not list it",
    input: z.boolean({ error: "must be true, false or null" }).nullable(),
    doc: "Hidden from PostHog's charts and annotation list, still readable over the API (today's PostHog only).",
    lackedBy: ["2025-08-04"],
  },
} as const satisfies Record<string, FieldDef>;

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const annotationApiTypes: ApiTypes = { file: "products/annotations/frontend/generated/api.schemas.ts", schemas: ["AnnotationApi"] };
