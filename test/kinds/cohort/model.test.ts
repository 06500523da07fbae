/**
 * Cohort's field table: PostHog's rules for a dynamic cohort's filters refused before anything is sent (each failure
 * names the field, the path in the filters and the rule), a static cohort declared without filters, and the form
 * today's PostHog stores filters in (negation defaulted, nulls dropped, pydantic's integers, its bytecode) equal.
 */
import { cohortModel } from "../../../src/kinds/cohort/kind";
import { normalCohortFilters } from "../../../src/kinds/cohort/fields";

const failures = (inputs: Record<string, unknown>) => cohortModel.validate({ name: "Customers", ...inputs });
const group = (...values: unknown[]) => ({ properties: { type: "OR", values: [{ type: "AND", values }] } });
const person = { type: "person", key: "company", operator: "exact", value: ["Acme"] };

test("valid inputs pass: person, cohort and behavioral filters in nested groups", () => {
  expect(
    failures({
      projectId: 3,
      description: "",
      filters: group(
        person,
        { type: "person", key: "email", operator: "is_set" },
        { type: "cohort", key: "id", value: 12, negation: true },
        { type: "cohort", key: "id", value: "12" },
        {
          type: "behavioral",
          key: "$pageview",
          value: "performed_event",
          event_type: "events",
          time_value: 30,
          time_interval: "day",
          event_filters: [{ type: "event", key: "$browser", value: "Chrome", operator: "exact" }],
        },
        { type: "behavioral", key: 7, value: "performed_event", event_type: "actions", time_value: "30", negation: "false" },
        { type: "OR", values: [] },
      ),
    }),
  ).toEqual([]);
  expect(failures({ isStatic: true, description: "Uploaded by hand" })).toEqual([]);
});

test.each([
  [{ name: undefined }, "name", "name is required"],
  [{ name: " " }, "name", "may not be blank"],
  [{ name: "n".repeat(401) }, "name", "at most 400 characters"],
  [{ description: "d".repeat(1001) }, "description", "at most 1000 characters"],
  [{ isStatic: "yes" }, "isStatic", "must be true or false"],
  [{ filters: [] }, "filters", "must be an object"],
  [{ filters: {} }, "filters", "filters must contain properties"],
  [{ filters: { properties: { type: "AND", values: [] }, groups: [] } }, "filters", "filters.groups is not a key of a cohort's filters"],
  [{ filters: { properties: { type: "XOR", values: [] } } }, "filters", 'filters.properties.type must be "AND" or "OR"'],
  [{ filters: { properties: { type: "AND" } } }, "filters", "filters.properties.values must be a list"],
  [{ filters: { properties: [] } }, "filters", "filters.properties must be a group"],
  [{ filters: group("email") }, "filters", "filters.properties.values[0].values[0] must be a group or a filter"],
  [{ filters: group({ type: "event", key: "x" }) }, "filters", 'values[0].type must be "AND", "OR" (a group) or "person"'],
  [{ filters: group({ key: "x" }) }, "filters", "got null"],
  [{ filters: group({ type: "person", key: "email" }) }, "filters", "is missing value, operator (Missing required keys for person filter)"],
  [{ filters: group({ type: "person", key: "email", value: "x" }) }, "filters", "is missing operator"],
  [{ filters: group({ type: "person", value: "x", operator: "exact" }) }, "filters", "is missing key"],
  [{ filters: group({ ...person, label: "x" }) }, "filters", "values[0].label is not a field of a person filter"],
  [{ filters: group({ type: "cohort", key: "id" }) }, "filters", "is missing value (Missing required keys for cohort filter)"],
  [{ filters: group({ type: "cohort", key: "name", value: 3 }) }, "filters", 'key must be "id"'],
  [{ filters: group({ type: "cohort", key: "id", value: 1.5 }) }, "filters", "value must be an integer"],
  [{ filters: group({ type: "cohort", key: "id", value: 3, negation: "maybe" }) }, "filters", "negation must be true or false"],
  [{ filters: group({ ...person, negation: null }) }, "filters", "values[0].negation may not be null"],
  [{ filters: group({ type: "behavioral", key: "$pageview", value: "performed_event" }) }, "filters", "is missing event_type"],
  [
    { filters: group({ type: "behavioral", key: "$pageview", value: "performed_event", event_type: "events", time_value: "a month" }) },
    "filters",
    "time_value must be an integer",
  ],
  [
    {
      filters: group({
        type: "behavioral",
        key: "x",
        value: "performed_event",
        event_type: "events",
        event_filters: [{ type: "person", key: "a", value: 1 }],
      }),
    },
    "filters",
    'event_filters[0].type must be "event", "element" or "hogql"',
  ],
  [{ filters: group(person), isStatic: true }, "filters", "filters cannot be declared with isStatic: true"],
  [{ isStatc: true }, "isStatc", "Did you mean `isStatic`?"],
])("%j is refused on %s", (inputs, property, reason) => {
  const found = failures(inputs);
  expect(found).toHaveLength(1);
  expect(found[0]!.property).toBe(property);
  expect(found[0]!.reason).toContain(reason);
});

test("every failure of the filters cites PostHog's models", () => {
  const [failure] = failures({ filters: group({ type: "person", key: "email" }) });
  expect(failure!.reason).toContain("CohortFilters and its pydantic models, posthog/api/cohort.py");
});

test("filters whose values are not known yet (another resource's output) are checked later", () => {
  expect(failures({ filters: group({ type: "cohort", key: "id", value: "04da6b54-80e4-46f7-96ec-b56ff0331ba9" }) })).toEqual([]);
});

test("today's stored form of the filters compares equal: negation false, nulls dropped, pydantic's integers, bytecode", () => {
  const declared = group(
    person,
    { type: "cohort", key: "id", value: "12" },
    {
      type: "behavioral",
      key: "$pageview",
      value: "performed_event",
      event_type: "events",
      time_value: "30",
      time_interval: "day",
      operator: null,
    },
  );
  const stored = {
    properties: {
      type: "OR",
      values: [
        {
          type: "AND",
          values: [
            { ...person, negation: false, bytecode: ["_H", 1], conditionHash: "abc" },
            { type: "cohort", key: "id", value: 12, negation: false },
            {
              type: "behavioral",
              key: "$pageview",
              value: "performed_event",
              event_type: "events",
              time_value: 30,
              time_interval: "day",
              negation: false,
              bytecode_error: "Unsupported behavioral filter for realtime bytecode",
            },
          ],
        },
      ],
    },
  };
  expect(cohortModel.valuesEqual("filters", declared, stored)).toBe(true);
  expect(normalCohortFilters(declared)).toEqual(normalCohortFilters(stored));
});

test.each([
  ["another value", { ...person, value: ["Globex"] }],
  ["another operator", { ...person, operator: "icontains" }],
  ["negated", { ...person, negation: true }],
])("a filter with %s is a change", (_what, changed) => {
  expect(cohortModel.valuesEqual("filters", group(person), group(changed))).toBe(false);
});

test("AND and OR, and the order of values, matter", () => {
  const [a, b] = [person, { type: "person", key: "email", operator: "is_set" }];
  expect(cohortModel.valuesEqual("filters", group(a, b), group(b, a))).toBe(false);
  expect(cohortModel.valuesEqual("filters", group(a), { properties: { type: "AND", values: [{ type: "AND", values: [a] }] } })).toBe(false);
});

test("drifted filters are shown in the program's form: PostHog's negation and bytecode left out where not declared", () => {
  const declared = group(person, { ...person, key: "plan", negation: false });
  const live = group(
    { ...person, value: ["Globex"], negation: false, bytecode: ["_H"], conditionHash: "x" },
    { ...person, key: "plan", negation: false },
    { type: "person", key: "email", operator: "is_set", negation: false },
  );
  const shown = cohortModel.liveInputs({ name: "Customers", filters: declared }, { filters: live } as never)["filters"];
  expect(shown).toEqual(
    group(
      { ...person, value: ["Globex"] },
      { ...person, key: "plan", negation: false },
      { type: "person", key: "email", operator: "is_set" },
    ),
  );
});
