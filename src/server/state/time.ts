/** Microsecond timestamps, as PostHog's Postgres and ClickHouse keep them, and Python-style ISO strings. */

let lastMicros = 0;

/** Current time in microseconds since the epoch, strictly increasing within this process. */
export function nowMicros(): number {
  const t = Math.floor((performance.timeOrigin + performance.now()) * 1000);
  lastMicros = t > lastMicros ? t : lastMicros + 1;
  return lastMicros;
}

/**
 * An answer's `Date` header (RFC 9110's IMF-fixdate, to the second below), read from the clock that stamps
 * `created_at`, as PostHog's are one clock (gunicorn's header and Django's `timezone.now()` both read `time.time()`): a
 * client measuring PostHog's clock by it may compare the result with those stamps.
 */
export function httpDate(): string {
  return new Date(Math.floor(performance.timeOrigin + performance.now())).toUTCString();
}

/** DRF's DateTimeField output: `isoformat()` with `+00:00` replaced by `Z`; microseconds only when non-zero. */
export function isoFromMicros(micros: number): string {
  const ms = Math.floor(micros / 1000);
  const base = new Date(ms).toISOString().slice(0, 19);
  const frac = ((micros % 1_000_000) + 1_000_000) % 1_000_000;
  return frac === 0 ? `${base}Z` : `${base}.${String(frac).padStart(6, "0")}Z`;
}

/**
 * ISO 8601 as Python's `datetime.fromisoformat` reads it (Django's parse_datetime, so DRF's DateTimeField): the
 * extended or basic date, an optional time of an hour, minutes or seconds (fraction after `.` or `,`, cut to
 * microseconds), an optional offset of hours or hours and minutes.
 */
const ISO_RE =
  /^(\d{4}-\d{2}-\d{2}|\d{8})(?:[Tt ](\d{2}(?::\d{2}(?::\d{2})?)?|\d{4}(?:\d{2})?)(?:[.,](\d+))?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** An ISO 8601 date-time as DRF's DateTimeField reads it, in microseconds; null when fromisoformat would refuse it. */
export function parseIsoMicros(text: string): number | null {
  const m = ISO_RE.exec(text.trim());
  if (m) {
    const date = m[1]!.replace(/-/g, "");
    const time = (m[2] ?? "00").replace(/:/g, "").padEnd(6, "0");
    let zone = m[4] ?? "Z";
    if (zone === "z") zone = "Z";
    if (/^[+-]\d{2}$/.test(zone)) zone += ":00";
    if (/^[+-]\d{4}$/.test(zone)) zone = `${zone.slice(0, 3)}:${zone.slice(3)}`;
    // fromisoformat refuses a day the calendar lacks (2025-02-30) and hour 24, where Date.parse rolls over.
    const [y, mo, d, h, mi, sec] = [
      date.slice(0, 4),
      date.slice(4, 6),
      date.slice(6, 8),
      time.slice(0, 2),
      time.slice(2, 4),
      time.slice(4, 6),
    ].map(Number) as [number, number, number, number, number, number];
    const day = new Date(Date.UTC(y, mo - 1, d));
    if (day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d || h > 23 || mi > 59 || sec > 59) return null;
    const iso = `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4, 6)}${zone}`;
    const ms = Date.parse(iso);
    if (Number.isNaN(ms)) return null;
    const frac = (m[3] ?? "").slice(0, 6).padEnd(6, "0");
    return ms * 1000 + Number(frac);
  }
  return null;
}

/** Parse an event timestamp into microseconds; null when it cannot be read. */
export function parseTimestampMicros(text: string): number | null {
  const iso = parseIsoMicros(text);
  if (iso !== null) return iso;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms * 1000;
}
