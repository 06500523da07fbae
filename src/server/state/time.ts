/** Microsecond timestamps, as PostHog's Postgres and ClickHouse keep them, and Python-style ISO strings. */

let lastMicros = 0;

/** Current time in microseconds since the epoch, strictly increasing within this process. */
export function nowMicros(): number {
  const t = Math.floor((performance.timeOrigin + performance.now()) * 1000);
  lastMicros = t > lastMicros ? t : lastMicros + 1;
  return lastMicros;
}

/** DRF's DateTimeField output: `isoformat()` with `+00:00` replaced by `Z`; microseconds only when non-zero. */
export function isoFromMicros(micros: number): string {
  const ms = Math.floor(micros / 1000);
  const base = new Date(ms).toISOString().slice(0, 19);
  const frac = ((micros % 1_000_000) + 1_000_000) % 1_000_000;
  return frac === 0 ? `${base}Z` : `${base}.${String(frac).padStart(6, "0")}Z`;
}

const ISO_RE = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2}))?(?:\.(\d+))?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

/** Parse an event timestamp into microseconds; null when it cannot be read. */
export function parseTimestampMicros(text: string): number | null {
  const m = ISO_RE.exec(text.trim());
  if (m) {
    let zone = m[5] ?? "Z";
    if (zone === "z") zone = "Z";
    if (/^[+-]\d{2}$/.test(zone)) zone += ":00";
    if (/^[+-]\d{4}$/.test(zone)) zone = `${zone.slice(0, 3)}:${zone.slice(3)}`;
    const ms = Date.parse(`${m[1]}T${m[2]}:${m[3] ?? "00"}${zone}`);
    if (Number.isNaN(ms)) return null;
    const frac = (m[4] ?? "").slice(0, 6).padEnd(6, "0");
    return ms * 1000 + Number(frac);
  }
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms * 1000;
}
