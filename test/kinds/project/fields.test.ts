/** The field table's own functions: how declared and live values compare, and what the table says of each field. */
import { projectFields, settingNames, valuesEqual, writableFields } from "../../../src/kinds/project/fields";
import { rowOf } from "../../../src/kit/field-table";

const isMergedDictionary = (field: string) => rowOf(projectFields, field)?.merged === true;
const setAfterCreate = (field: string) => rowOf(projectFields, field)?.afterCreate === true;
import { isTimezone } from "../../../src/kinds/project/rules";
import { pythonJsonLength } from "../../../src/kit/json";
import { camelCase, closestName } from "../../../src/kit/names";
import { canonicalJson } from "../../../src/kit/json";

describe("valuesEqual compares as PostHog rewrites", () => {
  test.each([
    ["session_recording_sample_rate", 0.5, "0.50", true],
    ["session_recording_sample_rate", 0.5, "0.25", false],
    ["session_recording_sample_rate", null, null, true],
    ["session_recording_sample_rate", 0, null, false],
    ["name", "  Web  ", "Web", true],
    // null entries: today's PostHog drops them, the 2025-08-04 one keeps them; both sides leave them out.
    ["app_urls", ["https://a", null], ["https://a"], true],
    ["app_urls", ["https://a"], ["https://a", null], true],
    ["recording_domains", [null, "https://r"], [null, "https://r"], true],
    ["app_urls", ["https://a", ""], ["https://a"], false],
    ["app_urls", ["https://a"], ["https://b"], false],
    ["correlation_config", { a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }, true],
    ["modifiers", { debug: true }, { debug: true, personsOnEventsMode: "disabled" }, true],
    ["modifiers", { debug: true }, { debug: false }, false],
    [
      "session_replay_config",
      { ai_config: { opt_in: true } },
      { record_canvas: true, ai_config: { opt_in: true, excluded_events: [] } },
      true,
    ],
    ["extra_settings", { a: 1 }, { a: 1, b: 2 }, false],
    ["not_a_known_field", { a: 1 }, { a: 1 }, true],
  ])("%s: declared %j, live %j → %s", (field, declared, live, equal) => {
    expect(valuesEqual(field, declared, live)).toBe(equal);
  });
});

test("the table marks merged dictionaries and the fields set after create", () => {
  expect(["modifiers", "session_replay_config", "survey_config", "logs_settings"].every(isMergedDictionary)).toBe(true);
  expect(isMergedDictionary("extra_settings")).toBe(false);
  expect(["primary_dashboard", "revenue_analytics_config", "workflows_config"].every(setAfterCreate)).toBe(true);
  expect(setAfterCreate("name")).toBe(false);
  expect(setAfterCreate("unknown_field")).toBe(false);
});

test("every writable field has a camelCase input name, and inputs are unique", () => {
  expect(settingNames.map((s) => s.api)).toEqual(writableFields);
  expect(new Set(settingNames.map((s) => s.arg)).size).toBe(settingNames.length);
  expect(camelCase("session_recording_minimum_duration_milliseconds")).toBe("sessionRecordingMinimumDurationMilliseconds");
  expect(camelCase("autocapture_web_vitals_opt_in")).toBe("autocaptureWebVitalsOptIn");
});

test("closestName finds what a misspelling meant, and nothing when nothing is close", () => {
  const names = settingNames.map((s) => s.arg);
  expect(closestName("anonymize_ips", names)).toBe("anonymizeIps");
  expect(closestName("anonymizeIP", names)).toBe("anonymizeIps");
  expect(closestName("TIMEZONE", names)).toBe("timezone");
  expect(closestName("somethingElseEntirely", names)).toBeUndefined();
});

test("pythonJsonLength measures as json.dumps: ', ' separators and \\uXXXX escapes", () => {
  expect(pythonJsonLength([])).toBe(2); // []
  expect(pythonJsonLength(["a", "b"])).toBe(10); // ["a", "b"]
  expect(pythonJsonLength(["é"])).toBe(10); // ["\u00e9"]
  expect(pythonJsonLength(["😀"])).toBe(16); // ["\ud83d\ude00"]
  expect(pythonJsonLength(['"'])).toBe(6); // ["\""]
  expect(pythonJsonLength([{ key: "a", default: "\u007f" }])).toBe(35); // [{"key": "a", "default": "\u007f"}]
});

test("isTimezone accepts pytz's names, case-sensitively", () => {
  expect(["UTC", "Europe/Amsterdam", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "US/Eastern"].every(isTimezone)).toBe(true);
  expect(["utc", "Mars/Olympus", "Europe/amsterdam", "", "Europe/Amsterdam/"].some(isTimezone)).toBe(false);
});

test("canonicalJson ignores key order at every depth", () => {
  expect(canonicalJson({ b: { d: 1, c: [2, { f: 1, e: 0 }] }, a: null })).toBe('{"a":null,"b":{"c":[2,{"e":0,"f":1}],"d":1}}');
  expect(canonicalJson(undefined)).toBe("null");
});
