/**
 * HogFunction's field table: PostHog's rules refused before anything is sent, each failure naming the field and the
 * rule (HogFunctionSerializer, posthog/api/hog_function.py; posthog/cdp/validation.py); PostHog's forms equal; a
 * secret input compared with the value declared last, never with PostHog's placeholder.
 */
import { hogFunctionModel, secretInputPaths } from "../../../src/kinds/hog-function/kind";

const schema = [
  { key: "url", type: "string", required: true },
  { key: "token", type: "string", secret: true },
];
const failures = (inputs: Record<string, unknown>) => hogFunctionModel.validate({ hog: "return event", ...inputs });

test("valid inputs pass", () => {
  expect(
    failures({
      projectId: 3,
      type: "destination",
      name: "Hook",
      description: "",
      inputsSchema: [...schema, { key: "n", type: "number" }, { key: "on", type: "boolean" }, { key: "h", type: "dictionary" }],
      inputs: {
        url: { value: "https://example.com" },
        token: { value: "t" },
        n: { value: 2 },
        on: { value: true },
        h: { value: { a: "b" } },
      },
      filters: { events: [{ id: "$pageview", type: "events" }] },
      enabled: true,
      masking: { ttl: 60, hash: "{person.id}" },
    }),
  ).toEqual([]);
  expect(failures({ hog: undefined, templateId: "template-webhook" })).toEqual([]);
  // A template brings its inputs schema: inputs alone are not refused.
  expect(failures({ hog: undefined, templateId: "template-webhook", inputs: { url: { value: "https://example.com" } } })).toEqual([]);
});

test.each([
  [{ hog: undefined }, "hog", "hog is required: the function's code, unless templateId names a template"],
  [{ hog: "x".repeat(100 * 1024 + 1) }, "hog", "at most 100 KB"],
  [{ type: "webhook" }, "type", 'must be one of "destination", "site_destination"'],
  [{ name: "n".repeat(401) }, "name", "at most 400 characters"],
  [{ inputsSchema: {} }, "inputsSchema", "must be a list of input definitions"],
  [{ inputsSchema: [{ type: "string" }] }, "inputsSchema", "inputsSchema[0].key is required"],
  [{ inputsSchema: [{ key: "a", type: "text" }] }, "inputsSchema", 'inputsSchema[0].type must be one of "string"'],
  [{ inputsSchema: [{ key: "a", type: "string", secret: "yes" }] }, "inputsSchema", "inputsSchema[0].secret must be true or false"],
  [{ inputsSchema: [{ key: " ", type: "string" }] }, "inputsSchema", "inputsSchema[0].key is required: a non-blank string"],
  [{ inputs: { url: { value: "x" } } }, "inputs", "inputs need inputsSchema"],
  [{ inputsSchema: schema, inputs: { url: { value: "x" }, other: { value: 1 } } }, "inputs", "inputs.other has no item in inputsSchema"],
  [
    { inputsSchema: schema, inputs: { token: { value: "t" } } },
    "inputs",
    "inputs.url.value is required: its inputsSchema item says required: true",
  ],
  [{ inputsSchema: schema, inputs: { url: "x" } }, "inputs", 'inputs.url must be an object such as {"value": …}'],
  [
    { inputsSchema: schema, inputs: { url: { value: 3 } } },
    "inputs",
    'inputs.url.value must be a string (its inputsSchema type is "string")',
  ],
  [{ inputsSchema: [{ key: "n", type: "number" }], inputs: { n: { value: "2" } } }, "inputs", "inputs.n.value must be a number"],
  [{ inputsSchema: [{ key: "i", type: "integration" }], inputs: { i: { value: 1.5 } } }, "inputs", "must be an Integration ID"],
  [{ inputsSchema: [{ key: "e", type: "email" }], inputs: { e: { value: { from: "a", to: "b" } } } }, "inputs", "is missing 'subject'"],
  [{ inputsSchema: schema, inputs: { url: { value: "x", templating: "jinja" } } }, "inputs", 'templating must be "hog" or "liquid"'],
  [{ filters: [] }, "filters", "must be an object"],
  [{ enabled: 1 }, "enabled", "must be true or false"],
  [{ masking: { ttl: 10, hash: "{person.id}" } }, "masking", "60"],
  [{ masking: { ttl: 60 } }, "masking", "masking.hash is required"],
  [{ templateId: "" }, "templateId", "may not be empty"],
  [{ inputSchema: [] }, "inputSchema", "Did you mean `inputsSchema`?"],
  [{ executionOrder: 32768 }, "executionOrder", "0 to 32767 (HogFunction.execution_order, a PositiveSmallIntegerField"],
  [{ executionOrder: 1.5 }, "executionOrder", "must be a whole number from 0 to 32767"],
  [{ iconUrl: 3 }, "iconUrl", "must be a string"],
  [{ mappings: {} }, "mappings", "must be a list of mappings"],
  [{ type: "transformation", mappings: [{ name: "m" }] }, "mappings", "Mappings are only allowed for destinations"],
  [{ mappings: ["m"] }, "mappings", "mappings[0] must be an object {name, inputs_schema, inputs, filters} (MappingsSerializer"],
  [{ mappings: [{ name: " " }] }, "mappings", "mappings[0].name must be a non-blank string"],
  [{ mappings: [{ event: "$pageview" }] }, "mappings", "mappings[0].event is not a mapping field"],
  [
    { mappings: [{ inputs: { a: { value: 1 } } }] },
    "mappings",
    'mappings[0].inputs need mappings[0].inputs_schema: PostHog refuses them without ("Missing inputs_schema.")',
  ],
  [
    { mappings: [{ inputs_schema: [{ key: "m", type: "text" }] }] },
    "mappings",
    'mappings[0].inputs_schema[0].type must be one of "string"',
  ],
  [
    { mappings: [{ inputs_schema: schema, inputs: { token: { value: "t" } } }] },
    "mappings",
    "mappings[0].inputs.url.value is required: its mappings[0].inputs_schema item says required: true",
  ],
  [
    { mappings: [{ name: "m" }], filters: { events: [{ id: "$pageview", type: "events" }] } },
    "filters",
    "filters.events and filters.actions are dropped by PostHog when mappings are given",
  ],
])("%j is refused on %s", (inputs, property, reason) => {
  const found = failures(inputs).filter((f) => f.property === property);
  expect(found.length).toBeGreaterThan(0);
  expect(found.map((f) => f.reason).join(" | ")).toContain(reason);
});

test("PostHog's additions compare equal: input order and bytecode, schema defaults, compiled filters and masking", () => {
  const inputs = { url: { value: "https://example.com" }, token: { value: "t" } };
  const live = { url: { value: "https://example.com", order: 0, bytecode: ["_H", 1] }, token: { secret: true } };
  expect(hogFunctionModel.valuesEqual("inputs", inputs, live)).toBe(true);
  expect(hogFunctionModel.valuesEqual("inputs", inputs, { ...live, url: { value: "https://other.example.com" } })).toBe(false);
  // A secret declared but absent from PostHog is drift.
  expect(hogFunctionModel.valuesEqual("inputs", inputs, { url: live.url })).toBe(false);
  expect(
    hogFunctionModel.valuesEqual(
      "inputs_schema",
      [{ key: "url", type: "string" }],
      [{ key: "url", type: "string", required: false, secret: false, hidden: false }],
    ),
  ).toBe(true);
  expect(hogFunctionModel.valuesEqual("inputs_schema", [{ key: "url", type: "string" }], [{ key: "url", type: "number" }])).toBe(false);
  expect(hogFunctionModel.valuesEqual("filters", { events: [] }, { events: [], source: "events", bytecode: ["_H"] })).toBe(true);
  expect(hogFunctionModel.valuesEqual("masking", { ttl: 60, hash: "x" }, { ttl: 60, hash: "x", threshold: null, bytecode: [] })).toBe(true);
});

test("mappings compare as the function's own fields do; none, [] and null are alike", () => {
  const declared = [
    { name: "m", inputs_schema: [{ key: "url", type: "string" }], inputs: { url: { value: "u" } }, filters: { events: [] } },
  ];
  const live = [
    {
      name: "m",
      inputs_schema: [{ key: "url", type: "string", required: false, secret: false, hidden: false }],
      inputs: { url: { value: "u", order: 0, bytecode: ["_H", 1, 32, "u"] } },
      filters: { events: [], source: "events", bytecode: ["_H"] },
    },
  ];
  expect(hogFunctionModel.valuesEqual("mappings", declared, live)).toBe(true);
  expect(hogFunctionModel.valuesEqual("mappings", declared, [{ ...live[0], name: "n" }])).toBe(false);
  expect(hogFunctionModel.valuesEqual("mappings", declared, [...live, ...live])).toBe(false);
  expect(hogFunctionModel.valuesEqual("mappings", [], null)).toBe(true);
  expect(hogFunctionModel.valuesEqual("mappings", null, live)).toBe(false);
  expect(failures({ mappings: declared, executionOrder: 0, iconUrl: "/static/x.png" })).toEqual([]);
});

test("a transformation's declared order goes along when it is enabled again, so that PostHog does not put it last", () => {
  const declared = { enabled: true, execution_order: 2, name: "t" };
  const live: Record<string, unknown> = { enabled: false, execution_order: 2, name: "t" };
  expect(hogFunctionModel.differingSettings(declared, (field) => live[field])).toEqual({ enabled: true, execution_order: 2 });
  expect(hogFunctionModel.differingSettings({ enabled: true, name: "u" }, (field) => live[field])).toEqual({ enabled: true, name: "u" });
});

test("a secret is compared with the value declared last: unchanged is no change, a new one is", () => {
  const declared = { inputsSchema: schema, inputs: { url: { value: "u" }, token: { value: "old" } } };
  const olds = {
    hogFunctionId: "x",
    inputsSchema: schema,
    inputs: { url: { value: "u", order: 0 }, token: { secret: true } },
    declaredInputs: declared,
  };
  expect(hogFunctionModel.settingsChanged(olds, { ...declared })).toBe(false);
  expect(hogFunctionModel.settingsChanged(olds, { ...declared, inputs: { url: { value: "u" }, token: { value: "new" } } })).toBe(true);
  expect(hogFunctionModel.outputValue(olds, "inputs")).toEqual({ url: { value: "u", order: 0 }, token: { value: "old" } });
});

test("where the secrets are: inputs.<key> of each schema item marked secret that has a value", () => {
  expect(secretInputPaths({ inputsSchema: schema, inputs: { url: { value: "u" }, token: { value: "t" } } })).toEqual([["inputs", "token"]]);
  expect(secretInputPaths({ inputsSchema: schema, inputs: { url: { value: "u" } } })).toEqual([]);
  // Without a schema (a template's), every input is kept secret.
  expect(secretInputPaths({ templateId: "template-webhook", inputs: { token: { value: "t" } } })).toEqual([["inputs"]]);
  expect(secretInputPaths({ inputsSchema: schema })).toEqual([]);
  // A mapping's secret is answered by PostHog as given: the mappings are kept out of messages whole.
  expect(secretInputPaths({ mappings: [{ inputs_schema: schema, inputs: { token: { value: "t" } } }] })).toEqual([["mappings"]]);
  expect(secretInputPaths({ mappings: [{ inputs_schema: [{ key: "url", type: "string" }] }] })).toEqual([]);
});
