/**
 * A subscription's schedule as PostHog computes it (Subscription.rrule, `set_next_delivery_date` and `summary`,
 * posthog/models/subscription.py): dateutil's rrule of `frequency`, `interval`, `count`, `start_date`, `until_date`,
 * `byweekday` and, with weekdays, `bysetpos`; the next delivery the first occurrence after now plus 15 minutes.
 */
import type { Json } from "../state/json";

const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const DAY = 86_400_000;

export interface Schedule {
  frequency: string;
  interval: number;
  count: number | null;
  /** Milliseconds since the epoch. */
  start: number;
  until: number | null;
  byweekday: readonly string[] | null;
  bysetpos: number | null;
}

/** Monday 0 … Sunday 6, as dateutil counts. */
const weekday = (ms: number) => (new Date(ms).getUTCDay() + 6) % 7;

/** The period (of `frequency`) a day is in, counted from the start's, and the first day of that period. */
function periodOf(s: Schedule, ms: number): { index: number; first: number } {
  const d = new Date(ms);
  const start = new Date(s.start);
  const months = (d.getUTCFullYear() - start.getUTCFullYear()) * 12 + d.getUTCMonth() - start.getUTCMonth();
  switch (s.frequency) {
    case "daily":
      return { index: Math.round((ms - s.start) / DAY), first: ms };
    case "weekly": {
      const monday = ms - weekday(ms) * DAY;
      return { index: Math.round((monday - (s.start - weekday(s.start) * DAY)) / (7 * DAY)), first: monday };
    }
    case "monthly":
      return { index: months, first: ms - (d.getUTCDate() - 1) * DAY };
    default:
      return {
        index: d.getUTCFullYear() - start.getUTCFullYear(),
        first: Date.UTC(d.getUTCFullYear(), 0, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()),
      };
  }
}

/** Whether a day (at the start's time of day) is an occurrence, before counting. */
function occurs(s: Schedule, ms: number): boolean {
  const { index, first } = periodOf(s, ms);
  if (index < 0 || index % s.interval !== 0) return false;
  const d = new Date(ms);
  const start = new Date(s.start);
  if (!s.byweekday || s.byweekday.length === 0) {
    if (s.frequency === "weekly") return weekday(ms) === weekday(s.start);
    if (s.frequency === "monthly") return d.getUTCDate() === start.getUTCDate();
    if (s.frequency === "yearly") return d.getUTCDate() === start.getUTCDate() && d.getUTCMonth() === start.getUTCMonth();
    return true;
  }
  const days = new Set(s.byweekday.map((w) => WEEKDAYS.indexOf(w)));
  if (!days.has(weekday(ms))) return false;
  if (s.bysetpos === null) return true;
  // The nth (or, negative, nth from the end) of the matching days of the period.
  const matching: number[] = [];
  for (let t = first; periodOf(s, t).first === first && matching.length < 400; t += DAY) if (days.has(weekday(t))) matching.push(t);
  const pick = s.bysetpos > 0 ? matching[s.bysetpos - 1] : matching[matching.length + s.bysetpos];
  return pick === ms;
}

/** The first occurrence after `after` (milliseconds), or null when the schedule has ended (dateutil's `rrule.after`). */
export function nextOccurrence(s: Schedule, after: number): number | null {
  if (!Number.isInteger(s.interval) || s.interval < 1) return null;
  let seen = 0;
  // Every day from the start, at its time of day: enough for a yearly rule's decades.
  for (let ms = s.start, n = 0; n < 40_000; ms += DAY, n++) {
    if (s.until !== null && ms > s.until) return null;
    if (!occurs(s, ms)) continue;
    seen++;
    if (s.count !== null && seen > s.count) return null;
    if (ms > after) return ms;
  }
  return null;
}

/** `Subscription.summary`: "sent every week", "sent every 2 months on the first Monday". */
export function summary(
  frequency: Json | undefined,
  interval: number,
  byweekday: readonly string[] | null,
  bysetpos: number | null,
): string {
  const unit = ({ daily: "day", weekly: "week", monthly: "month", yearly: "year" } as Record<string, string>)[String(frequency)];
  if (unit === undefined) return "sent on a schedule";
  let text = `sent every ${interval > 1 ? `${interval} ` : ""}${unit}${interval > 1 ? "s" : ""}`;
  if (byweekday && byweekday.length > 0 && bysetpos) {
    const position = ({ 1: "first", 2: "second", 3: "third", 4: "fourth", "-1": "last" } as Record<string, string>)[String(bysetpos)];
    if (position === undefined) return "sent on a schedule";
    const day = byweekday.length === 1 ? byweekday[0]!.charAt(0).toUpperCase() + byweekday[0]!.slice(1) : "day";
    text += ` on the ${position} ${day}`;
  }
  return text;
}
