/**
 * Alert's field table: PostHog's rules refused before anything is sent (each failure names the field and the rule),
 * PostHog's expanded answer read as the ids a program writes, its threshold's added fields compared equal.
 */
import { alertModel } from "../../../src/kinds/alert/kind";
import type { Alert } from "../../../src/kinds/alert/record";
import { alertWithIds } from "../../../src/kinds/alert/fields";

const threshold = { configuration: { type: "absolute", bounds: { upper: 10 } } };
const failures = (inputs: Record<string, unknown>) =>
  alertModel.validate({ projectId: 3, insight: 5, subscribedUsers: [1], threshold, ...inputs });

test("valid inputs pass", () => {
  expect(
    failures({
      name: "Spike",
      subscribedUsers: [],
      threshold: { name: "t", configuration: { type: "percentage", bounds: { lower: 0.1, upper: null } } },
      condition: { type: "relative_increase" },
      calculationInterval: "hourly",
      enabled: false,
      skipWeekend: true,
    }),
  ).toEqual([]);
});

test.each([
  [{ insight: undefined }, "insight", "insight is required"],
  [{ subscribedUsers: undefined }, "subscribedUsers", "subscribedUsers is required"],
  [{ threshold: undefined }, "threshold", "threshold is required"],
  [{ insight: "5" }, "insight", "must be the numeric id of an insight"],
  [{ subscribedUsers: ["me"] }, "subscribedUsers", "must be user ids"],
  [{ threshold: { configuration: { type: "relative", bounds: { upper: 1 } } } }, "threshold", 'must be "absolute" or "percentage"'],
  [{ threshold: { configuration: { type: "absolute", bounds: {} } } }, "threshold", "needs a lower or an upper bound"],
  [{ threshold: { configuration: { type: "absolute", bounds: { lower: 5, upper: 1 } } } }, "threshold", "lower must not be above upper"],
  [{ threshold: { configuration: { type: "absolute", bounds: { upper: 1, middle: 2 } } } }, "threshold", "bounds"],
  [{ threshold: { configuration: { type: "absolute", bounds: { upper: "1" } } } }, "threshold", "must be a number"],
  [{ condition: { type: "above" } }, "condition", "must be one of absolute_value, relative_increase, relative_decrease"],
  [{ calculationInterval: "minutely" }, "calculationInterval", "AlertCalculationInterval"],
  [{ name: "n".repeat(256) }, "name", "at most 255 characters"],
  [{ enabled: "yes" }, "enabled", "must be true or false"],
  [{ interval: "daily" }, "interval", "Inputs are camelCase"],
])("%j is refused on %s", (inputs, property, reason) => {
  const found = failures(inputs);
  expect(found).toHaveLength(1);
  expect(found[0]!.property).toBe(property);
  expect(found[0]!.reason).toContain(reason);
});

test("PostHog's expanded insight and users are read as ids; its threshold's id, time and name are not drift", () => {
  const answer = {
    id: "0b8c5b8e-8a62-4a4c-9c1e-111111111111",
    insight: { id: 5, short_id: "AbCd1234", name: "Views" },
    subscribed_users: [
      { id: 2, email: "b@x" },
      { id: 1, email: "a@x" },
    ],
    threshold: { id: "t", created_at: "2025-01-01T00:00:00Z", name: "", configuration: { type: "absolute", bounds: { upper: 10 } } },
    condition: {},
    state: "Not firing",
    enabled: true,
    created_at: "2025-01-01T00:00:00Z",
  } as unknown as Alert;
  const record = alertWithIds(answer);
  expect(record).toMatchObject({ insight: 5, insight_short_id: "AbCd1234", subscribed_users: [2, 1] });
  expect(alertModel.valuesEqual("subscribed_users", [1, 2], record.subscribed_users)).toBe(true);
  expect(alertModel.valuesEqual("threshold", threshold, record.threshold)).toBe(true);
  expect(alertModel.valuesEqual("threshold", { configuration: { type: "absolute", bounds: { upper: 11 } } }, record.threshold)).toBe(false);
  expect(alertModel.valuesEqual("condition", { type: "absolute_value" }, record.condition)).toBe(false);
});
