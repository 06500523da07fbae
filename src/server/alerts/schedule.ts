/**
 * Today's checks of an alert's `condition`, `config` and quiet hours (PostHog 2025-08-04 had none of them):
 *
 * - `validate_and_normalize_schedule_restriction` (products/alerts/backend/scheduling.py): at most 5 blocked windows
 *   of `HH:MM` start and end, each at least 30 minutes (an overnight window when the end is earlier), not the whole
 *   day together; stored merged and sorted, `{}` or no windows as null. Any failure is "Invalid schedule restriction."
 * - `validate_alert_config` (products/alerts/backend/evaluation/validation.py), on every write with the stored values
 *   for what is not sent: the condition parses, the config has a type of its own (TrendsAlertConfig for a trends
 *   insight: the series exists, `check_ongoing_interval` only with an upper bound for absolute_value and
 *   relative_increase; HogQLAlertConfig and FunnelsAlertConfig for SQL and funnel insights, their shapes not
 *   imitated), and a threshold with a bound unless a detector is set.
 */
import { validationError } from "../drf/errors";
import { fail } from "../drf/fields";
import { pyRepr } from "../drf/py";
import { isJsonObject, type Json, type JsonObject } from "../state/json";

const DAY = 1440;

function minutes(value: string): number {
  const parts = value.trim().split(":");
  if (parts.length !== 2 || !parts.every((p) => /^\s*[+-]?\d+\s*$/.test(p))) throw new Error("Invalid HH:MM");
  const [h, m] = parts.map((p) => Number.parseInt(p, 10)) as [number, number];
  if (h < 0 || h > 23 || m < 0 || m > 59) throw new Error("Invalid HH:MM");
  return h * 60 + m;
}

const hhmm = (n: number) => `${String(Math.floor(n / 60)).padStart(2, "0")}:${String(n % 60).padStart(2, "0")}`;

function normalize(raw: Json): JsonObject | null {
  if (raw === null || (isJsonObject(raw) && Object.keys(raw).length === 0)) return null;
  if (!isJsonObject(raw)) throw new Error("not an object");
  const windows = raw.blocked_windows;
  if (windows === undefined || windows === null || (Array.isArray(windows) && windows.length === 0)) return null;
  if (!Array.isArray(windows) || windows.length > 5) throw new Error("bad windows");
  const spans: [number, number][] = [];
  for (const w of windows) {
    if (!isJsonObject(w) || w.start === undefined || w.start === null || w.end === undefined || w.end === null)
      throw new Error("bad window");
    const start = minutes(String(w.start));
    const end = minutes(String(w.end));
    if (start === end || (start < end ? end - start : DAY - start + end) < 30) throw new Error("short window");
    if (start < end) spans.push([start, end]);
    else spans.push([start, DAY], ...(end > 0 ? [[0, end] as [number, number]] : []));
  }
  const merged: [number, number][] = [];
  for (const [a, b] of spans.sort((x, y) => x[0] - y[0] || x[1] - y[1])) {
    const last = merged.at(-1);
    if (!last || last[1] < a) merged.push([a, b]);
    else last[1] = Math.max(last[1], b);
  }
  if (merged[0]![0] === 0 && merged[0]![1] >= DAY) throw new Error("whole day");
  const [first, second] = merged as [[number, number], [number, number] | undefined];
  if (merged.length === 2 && second && first[0] === 0 && second[1] === DAY && second[0] > first[1])
    return { blocked_windows: [{ start: hhmm(second[0]), end: hhmm(first[1]) }] };
  return { blocked_windows: merged.map(([a, b]) => ({ start: hhmm(a), end: b === DAY && a > 0 ? "00:00" : hhmm(b) })) };
}

/** The serializer's `validate_schedule_restriction`. */
export function scheduleRestriction(value: Json): Json {
  try {
    return normalize(value);
  } catch {
    return fail("invalid", "Invalid schedule restriction.");
  }
}

const CONDITIONS = ["absolute_value", "relative_increase", "relative_decrease"];
/** A query kind as PostHog's messages print it (`'{kind}'` of a str, or None). */
const kindText = (kind: Json | undefined) => (kind === undefined || kind === null ? "None" : String(kind));

const CONFIG_QUERY = { HogQLAlertConfig: "HogQLQuery", FunnelsAlertConfig: "FunnelsQuery" } as const;

/** The query an insight's alert watches: a node's `source` (`InsightVizNode` and the like) unwrapped once. */
function watched(query: Json | undefined): JsonObject {
  const q = isJsonObject(query) ? query : {};
  return isJsonObject(q.source) ? q.source : q;
}

/** `validate_alert_config` of today's AlertSerializer.validate, over what is sent and, for the rest, what is stored. */
export function validateAlertConfig(
  query: Json | undefined,
  values: { condition: Json | undefined; config: Json | undefined; threshold: Json | undefined; detector: Json | undefined },
  requireBounds: boolean,
): void {
  const invalid = (detail: string): never => {
    throw validationError(detail);
  };
  const { condition, config } = values;
  if (!isJsonObject(condition) || !CONDITIONS.includes(String(condition.type)))
    invalid(`Alert has invalid condition: ${pyRepr(condition ?? null)}`);
  const conditionType = String((condition as JsonObject).type);
  const type = isJsonObject(config) ? config.type : undefined;
  const q = watched(query);
  const thresholdConfig = isJsonObject(values.threshold) ? values.threshold.configuration : undefined;
  const bounds = isJsonObject(thresholdConfig) && isJsonObject(thresholdConfig.bounds) ? thresholdConfig.bounds : {};
  const c = config as JsonObject;
  /** `_validate_condition_threshold_compatibility`. */
  const compatible = () => {
    if (conditionType === "absolute_value" && isJsonObject(thresholdConfig) && thresholdConfig.type !== "absolute")
      invalid("Absolute value alerts require an absolute threshold, but a percentage threshold was configured");
  };
  if (type === "TrendsAlertConfig") {
    const extra = Object.keys(c).some((k) => !["type", "series_index", "check_ongoing_interval"].includes(k));
    const ongoing = c.check_ongoing_interval;
    if (extra || !Number.isInteger(c.series_index) || (ongoing !== undefined && ongoing !== null && typeof ongoing !== "boolean"))
      invalid(`Alert has invalid TrendsAlertConfig: ${pyRepr(c)}`);
    if (q.kind !== "TrendsQuery") invalid(`Alert's insight query kind '${kindText(q.kind)}' is not supported (only TrendsQuery)`);
    const formulas = isJsonObject(q.trendsFilter) && Array.isArray(q.trendsFilter.formulaNodes) ? q.trendsFilter.formulaNodes : [];
    const count = formulas.length > 0 ? formulas.length : Array.isArray(q.series) ? q.series.length : 0;
    if (Number(c.series_index) >= count) invalid(`series_index ${c.series_index} is out of range (query has ${count} series)`);
    compatible();
    if (ongoing === true && ["absolute_value", "relative_increase"].includes(conditionType) && typeof bounds.upper !== "number")
      invalid(`check_ongoing_interval is only supported for alert condition ${conditionType} when upper threshold is specified`);
  } else if (type === "HogQLAlertConfig" || type === "FunnelsAlertConfig") {
    const kind = CONFIG_QUERY[type];
    if (q.kind !== kind)
      invalid(`${type === "HogQLAlertConfig" ? "SQL" : "Funnel"} alert config requires a ${kind} insight, got '${kindText(q.kind)}'`);
    compatible();
  } else invalid(`Unsupported alert config type: ${pyRepr(config ?? null)}`);
  if (requireBounds && values.detector == null && typeof bounds.lower !== "number" && typeof bounds.upper !== "number")
    throw validationError("At least one threshold bound (lower or upper) must be provided.", "threshold__configuration");
}
