/** DRF's fields as PostHog's serializers use them (src/server/drf/fields.ts). */
import { parseDecimal } from "../../../src/server/drf/fields";

test("Decimal parsing keeps Python's digit tuple", () => {
  expect(parseDecimal("0.50")).toEqual({ negative: false, digits: "50", exponent: -2 });
  expect(parseDecimal("00.5")).toEqual({ negative: false, digits: "5", exponent: -1 });
  expect(parseDecimal("1e2")).toEqual({ negative: false, digits: "1", exponent: 2 });
  expect(parseDecimal(".5")).toEqual({ negative: false, digits: "5", exponent: -1 });
  expect(parseDecimal("NaN")).toBe("nan");
  expect(parseDecimal("-Infinity")).toBe("inf");
  expect(parseDecimal("abc")).toBeNull();
  expect(parseDecimal(".")).toBeNull();
});
