/**
 * A field compared within the declared shape (`sameWithin`: keys only PostHog's answer has are PostHog's) shows a
 * drifted live value in that shape, so that the engine's diff names the paths that differ, not everything PostHog or
 * its editor added (a notebook's node ids, an insight query's `version`).
 */
import { sameWithin, tableLiveForm, tableValuesEqual } from "../../src/kit/field-table";
import { z } from "zod";

const fields = { content: { input: z.unknown(), equal: sameWithin, doc: "" }, plain: { input: z.unknown(), doc: "" } };

const declared = {
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 1 } },
    { type: "ph-query", attrs: { query: { kind: "EventsNode", event: "signed_up" }, title: null } },
  ],
};
const live = {
  type: "doc",
  version: 3,
  content: [
    { type: "heading", attrs: { level: 1, nodeId: "a1" } },
    { type: "ph-query", attrs: { query: { kind: "EventsNode", event: "$pageview", math: "total" }, nodeId: "a2" } },
    { type: "paragraph", attrs: { nodeId: "a3" } },
  ],
};

test("the live value in the declared shape: declared keys only, declared nulls kept, items beyond the declared ones whole", () => {
  expect(tableValuesEqual(fields, "content", declared, live)).toBe(false);
  expect(tableLiveForm(fields, "content", declared, live)).toEqual({
    type: "doc",
    content: [
      { type: "heading", attrs: { level: 1 } },
      { type: "ph-query", attrs: { query: { kind: "EventsNode", event: "$pageview" }, title: null } },
      { type: "paragraph", attrs: { nodeId: "a3" } },
    ],
  });
});

test("only what PostHog added is no drift; a field compared as a whole shows the live value whole", () => {
  const added = {
    ...live,
    content: live.content
      .slice(0, 2)
      .map((node, i) =>
        i === 1 ? { ...node, attrs: { ...node.attrs, query: { kind: "EventsNode", event: "signed_up", math: "total" } } } : node,
      ),
  };
  expect(tableValuesEqual(fields, "content", declared, added)).toBe(true);
  expect(tableLiveForm(fields, "plain", declared, live)).toEqual(live);
});
