/**
 * A date-time field as DRF's DateTimeField takes it (an annotation's `date_marker`, a survey's `start_date` and
 * `end_date`): Django's parse_datetime (django/utils/dateparse.py), which is Python's `datetime.fromisoformat` first.
 * So besides `2025-01-02T03:04:05Z` PostHog stores a date alone (midnight), the basic forms (`20250102T030405Z`), an
 * hour alone, a comma or more than six digits in the fraction (cut to microseconds), and an offset of hours alone;
 * without an offset the time is UTC (PostHog's TIME_ZONE). Measured on PostHog 2025-08-04; today's serializers use
 * the same field. Rarer forms fromisoformat also reads (week dates, any character between date and time) are refused
 * here: docs/validation-parity.md lists them.
 */
import { z } from "zod";
import { type Equality, type FieldDef, sameJson } from "./field-table";

const DATE_TIME =
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
function exists(value: string): boolean {
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

/** PostHog answers a date-time in its own form (`2025-01-02T03:04:05Z`): the same instant compares equal (to the microsecond PostHog keeps). */
const sameInstant: Equality = (a, b) => {
  if (typeof a === "string" && typeof b === "string" && DATE_TIME.test(a) && DATE_TIME.test(b)) return instant(a) === instant(b);
  return sameJson(a, b);
};

/** A nullable DateTimeField of `serializer` (named in the error, with its source file): its rule and its comparison. */
export function dateTimeField(serializer: string): Pick<FieldDef, "input" | "equal"> {
  return {
    input: z
      .string({ error: "must be an ISO 8601 date-time string or null" })
      .regex(DATE_TIME, { error: `must be an ISO 8601 date-time such as "2025-01-02T03:04:05Z" (DRF DateTimeField, ${serializer})` })
      .refine(exists, { error: "is not a date-time that exists" })
      .nullable(),
    equal: sameInstant,
  };
}
