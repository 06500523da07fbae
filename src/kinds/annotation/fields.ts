/**
 * The annotation's field table: the writable fields of today's AnnotationSerializer
 * (products/annotations/backend/api/annotation.py in PostHog/posthog, `Meta.fields` less `read_only_fields`; model
 * products/annotations/backend/models/annotation.py), each with PostHog's rule and how a declared value compares
 * with what PostHog answers. `deleted` is the lifecycle's. PostHog 2025-08-04 (posthog/api/annotation.py there) has
 * no `emoji` or `hidden_in_user_interface`, holds `content` to 400 characters and reads `dashboard_id` only.
 */
import { z } from "zod";
import { type Equality, type FieldDef, sameJson } from "../../kit/field-table";

/** `Annotation.Scope` less "recording", which AnnotationSerializer.validate refuses ("Recording scope is deprecated"). */
export const ANNOTATION_SCOPES_WRITABLE = ["dashboard_item", "dashboard", "project", "organization"] as const;

/**
 * `date_marker` as DRF's DateTimeField takes it: Django's parse_datetime (django/utils/dateparse.py), which is
 * Python's `datetime.fromisoformat` first. So besides `2025-01-02T03:04:05Z` PostHog stores a date alone (midnight),
 * the basic forms (`20250102T030405Z`), an hour alone, a comma or more than six digits in the fraction (cut to
 * microseconds), and an offset of hours alone; without an offset the time is UTC (PostHog's TIME_ZONE). Measured on
 * PostHog 2025-08-04; today's serializers use the same field. Rarer forms fromisoformat also reads (week dates, any
 * character between date and time) are refused here: docs/validation-parity.md lists them.
 */
export const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2}|\d{8})(?:[Tt ](\d{2}(?::\d{2}(?::\d{2})?)?|\d{4}(?:\d{2})?)(?:[.,](\d+))? ?(Z|z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** The date-time's fields as numbers (year, month, day, hour, minute, second, microsecond) and its offset in minutes. */
function parts(value: string): { fields: number[]; offset: number } | undefined {
  const m = DATE_TIME.exec(value);
  if (!m) return undefined;
  const date = m[1]!.replace(/-/g, "");
  const time = (m[2] ?? "").replace(/:/g, "");
  const fields = [date.slice(0, 4), date.slice(4, 6), date.slice(6, 8), time.slice(0, 2), time.slice(2, 4), time.slice(4, 6)].map((text) =>
    Number(text || "0"),
  );
  fields.push(Number((m[3] ?? "").slice(0, 6).padEnd(6, "0")));
  const zone = (m[4] ?? "Z").replace(":", "");
  const offset = /^[Zz]$/.test(zone) ? 0 : (zone[0] === "-" ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3, 5) || "0"));
  return { fields, offset };
}

/** The instant of a date-time in microseconds, a naive one read as UTC; NaN if it is none. */
function instant(value: string): number {
  const p = parts(value);
  if (!p) return Number.NaN;
  const [y, mo, d, h, mi, s, us] = p.fields as [number, number, number, number, number, number, number];
  return (Date.UTC(y, mo - 1, d, h, mi, s) - p.offset * 60_000) * 1000 + us;
}

/** Whether the calendar has that day and the clock that time (Date.UTC rolls 2025-02-30 over to March). */
export function exists(value: string): boolean {
  const p = parts(value);
  if (!p) return false;
  const [y, mo, d, h, mi, s] = p.fields as [number, number, number, number, number, number];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return (
    day.getUTCFullYear() === y &&
    day.getUTCMonth() === mo - 1 &&
    day.getUTCDate() === d &&
    h < 24 &&
    mi < 60 &&
    s < 60 &&
    Math.abs(p.offset) < 24 * 60
  );
}

/** PostHog answers `date_marker` in its own form (`2025-01-02T03:04:05Z`): the same instant compares equal (to the microsecond PostHog keeps). */
export const sameInstant: Equality = (a, b) => {
  if (typeof a === "string" && typeof b === "string" && DATE_TIME.test(a) && DATE_TIME.test(b)) return instant(a) === instant(b);
  return sameJson(a, b);
};

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
    input: z
      .string({ error: "must be an ISO 8601 date-time string or null" })
      .regex(DATE_TIME, { error: `must be an ISO 8601 date-time such as "2025-01-02T03:04:05Z" (DRF DateTimeField, ${SERIALIZER})` })
      .refine(exists, { error: "is not a date-time that exists" })
      .nullable(),
    equal: sameInstant,
    doc: 'When it happened, ISO 8601 (`"2025-01-02T03:04:05Z"`; without an offset, UTC): where charts place it. PostHog answers its own form of the same instant.',
  },
  scope: {
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
    input: z
      .string({ error: "must be a string or null" })
      .max(16, { error: "must be at most 16 characters (Annotation.emoji)" })
      .nullable(),
    equal: sameEmoji,
    doc: "An emoji shown instead of the default badge (today's PostHog only); blank means none.",
    lackedBy: ["2025-08-04"],
  },
  hidden_in_user_interface: {
    input: z.boolean({ error: "must be true, false or null" }).nullable(),
    doc: "Hidden from PostHog's charts and annotation list, still readable over the API (today's PostHog only).",
    lackedBy: ["2025-08-04"],
  },
} as const satisfies Record<string, FieldDef>;
