/** Microsecond timestamps and Python-style ISO strings (src/server/state/time.ts). */
import { isoFromMicros, parseTimestampMicros } from "../../../src/server/state/time";

test("timestamps keep microseconds", () => {
  const us = parseTimestampMicros("2024-01-02T03:04:05.123456Z");
  expect(us).toBe(Date.parse("2024-01-02T03:04:05Z") * 1000 + 123456);
  expect(isoFromMicros(us ?? 0)).toBe("2024-01-02T03:04:05.123456Z");
  expect(isoFromMicros(Date.parse("2024-01-02T03:04:05Z") * 1000)).toBe("2024-01-02T03:04:05Z");
  expect(parseTimestampMicros("2024-01-02T05:04:05+02:00")).toBe(Date.parse("2024-01-02T03:04:05Z") * 1000);
  expect(parseTimestampMicros("not a date")).toBeNull();
});
