/**
 * An alert's quiet hours (`schedule_restriction`: blocked local time windows), checked and put in PostHog's own form
 * as today's PostHog does it on every write (`validate_and_normalize_schedule_restriction`,
 * products/alerts/backend/scheduling.py): at most 5 windows of `HH:MM` start and end (half-open, overnight when the
 * end is earlier), each at least 30 minutes, not the whole day together; overlapping windows merged and sorted;
 * nothing, `{}` or no windows stored as null. PostHog 2025-08-04 has no quiet hours.
 */
import { z } from "zod";
import { type Equality, sameJson } from "../../kit/field-table";
import { isPlainObject } from "../../kit/json";

const MAX_WINDOWS = 5;
const MIN_MINUTES = 30;
const DAY = 1440;

export const QUIET_HOURS_SOURCE = "validate_and_normalize_schedule_restriction, products/alerts/backend/scheduling.py";

/** `_parse_hhmm`. */
function minutesOf(value: string): number {
  const s = value.trim();
  if (s.split(":").length !== 2) throw new Error("Time must be HH:MM (seconds not allowed)");
  const [h, m] = s.split(":").map((part) => (/^\s*[+-]?\d+\s*$/.test(part) ? Number.parseInt(part, 10) : Number.NaN)) as [number, number];
  if (Number.isNaN(h) || Number.isNaN(m)) throw new Error("Invalid HH:MM");
  if (h < 0 || h > 23 || m < 0 || m > 59) throw new Error("Invalid HH:MM");
  return h * 60 + m;
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** PostHog's stored form of quiet hours (null: none), or the ValueError PostHog raises for them. */
export function quietHours(raw: unknown): { value: { blocked_windows: { start: string; end: string }[] } | null } | { problem: string } {
  try {
    return { value: normalized(raw) };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}

function normalized(raw: unknown): { blocked_windows: { start: string; end: string }[] } | null {
  if (raw === null || raw === undefined) return null;
  if (!isPlainObject(raw)) throw new Error("schedule_restriction must be an object or null");
  const windows = raw["blocked_windows"];
  if (windows === null || windows === undefined || (Array.isArray(windows) && windows.length === 0)) return null;
  if (!Array.isArray(windows)) throw new Error("blocked_windows must be an array");
  if (windows.length > MAX_WINDOWS) throw new Error(`At most ${MAX_WINDOWS} blocked time windows are allowed`);
  const spans: [number, number][] = [];
  for (const [i, w] of windows.entries()) {
    if (!isPlainObject(w)) throw new Error(`blocked_windows[${i}] must be an object`);
    if (w["start"] === null || w["start"] === undefined || w["end"] === null || w["end"] === undefined)
      throw new Error(`blocked_windows[${i}] must have start and end (HH:MM)`);
    const start = minutesOf(String(w["start"]));
    const end = minutesOf(String(w["end"]));
    if (start === end) throw new Error("Start and end must differ for a blocked window");
    const span = start < end ? end - start : DAY - start + end;
    if (span < MIN_MINUTES)
      throw new Error(`blocked_windows[${i}] must span at least ${MIN_MINUTES} minutes (half-open local window [start, end))`);
    // `_expand_windows_for_coverage`: an overnight window is the evening and the morning of one day.
    if (start < end) spans.push([start, end]);
    else {
      spans.push([start, DAY]);
      if (end > 0) spans.push([0, end]);
    }
  }
  const merged: [number, number][] = [];
  for (const [a, b] of [...spans].sort((x, y) => x[0] - y[0] || x[1] - y[1])) {
    const last = merged.at(-1);
    if (!last || last[1] < a) merged.push([a, b]);
    else last[1] = Math.max(last[1], b);
  }
  if (merged[0]![0] === 0 && merged[0]![1] >= DAY) throw new Error("Leave at least one time in the day when this alert can run");
  // `_encode_merged_to_blocked_windows`: a morning and an evening together are one overnight window again.
  const [first, second] = merged;
  if (merged.length === 2 && first![0] === 0 && second![1] === DAY && second![0] > first![1])
    return { blocked_windows: [{ start: hhmm(second![0]), end: hhmm(first![1]) }] };
  return { blocked_windows: merged.map(([a, b]) => ({ start: hhmm(a), end: b === DAY && a > 0 ? "00:00" : hhmm(b) })) };
}

/** Quiet hours as PostHog stores them: declared and live compared in PostHog's form. */
export const sameQuietHours: Equality = (declared, live) => {
  const form = quietHours(declared);
  return "value" in form && sameJson(form.value, live ?? null);
};

const windowTime = z.string({ error: "must be a time HH:MM" });

/** The field's input: PostHog's shape, then its rules (a log alert's quiet hours are the same AlertScheduleRestriction). */
export const scheduleRestrictionInput = z
  .strictObject(
    {
      blocked_windows: z.array(z.strictObject({ start: windowTime, end: windowTime }), {
        error: "blocked_windows must be a list of {start, end}",
      }),
    },
    { error: "must be { blocked_windows: [{start, end}] } or null" },
  )
  .superRefine((value, ctx) => {
    const form = quietHours(value);
    if ("problem" in form)
      ctx.addIssue({ code: "custom", message: `${form.problem} ("Invalid schedule restriction.", ${QUIET_HOURS_SOURCE})` });
  })
  .nullable();
