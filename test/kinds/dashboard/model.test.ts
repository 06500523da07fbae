/**
 * Dashboard's field table: PostHog's rules refused before anything is sent, text tiles compared by what the program
 * declares, and the `tiles` a PATCH sends to make the live text tiles the declared ones.
 */
import { dashboardModel } from "../../../src/kinds/dashboard/kind";
import { withTextTiles } from "../../../src/kinds/dashboard/fields";
import type { Dashboard } from "../../../src/kinds/dashboard/record";
import { textTilesOf, textTileWrites } from "../../../src/kinds/dashboard/fields";

const failures = (inputs: Record<string, unknown>) => dashboardModel.validate({ projectId: 3, ...inputs });

test("valid inputs pass", () => {
  expect(
    failures({
      name: "Web",
      description: "",
      pinned: true,
      tags: ["web"],
      restrictionLevel: 37,
      textTiles: [{ body: "# Hello" }, { body: "x", layouts: { sm: { x: 0, y: 0, w: 6, h: 2 } }, color: null }],
    }),
  ).toEqual([]);
});

test.each([
  [{ name: "n".repeat(401) }, "name", "at most 400 characters"],
  [{ pinned: "yes" }, "pinned", "must be true or false"],
  [{ restrictionLevel: 30 }, "restrictionLevel", "must be 21 (everyone in the project can edit) or 37"],
  [{ restrictionLevel: "21" }, "restrictionLevel", "Dashboard.RestrictionLevel"],
  [{ textTiles: {} }, "textTiles", "must be a list of text tiles"],
  [{ textTiles: [{ body: 5 }] }, "textTiles", "must be the tile's text (markdown) (at 0.body)"],
  [{ textTiles: [{ text: "x" }] }, "textTiles", "textTiles"],
  [{ textTiles: [{ body: "x", layouts: [] }] }, "textTiles", "positions per breakpoint"],
  [{ tags: [1] }, "tags", "must be a list of strings"],
  [{ restrictionLevl: 21 }, "restrictionLevl", "Did you mean `restrictionLevel`?"],
])("%j is refused on %s", (inputs, property, reason) => {
  const found = failures(inputs);
  expect(found).toHaveLength(1);
  expect(found[0]!.property).toBe(property);
  expect(found[0]!.reason).toContain(reason);
});

const record = {
  id: 1,
  name: "d",
  pinned: false,
  created_at: "",
  deleted: false,
  restriction_level: 21,
  tiles: [
    { id: 9, insight: null, text: { id: 4, body: "second" }, layouts: { sm: { x: 0, y: 0 } }, color: "blue" },
    { id: 7, insight: null, text: { id: 3, body: "first" }, layouts: {}, color: null },
    { id: 8, insight: { id: 5 }, text: null, layouts: {}, color: null },
  ],
} as unknown as Dashboard;

test("the record's text tiles, in the order they were made, without the insights' tiles", () => {
  expect(withTextTiles(record).text_tiles).toEqual([
    { body: "first", layouts: {}, color: null },
    { body: "second", layouts: { sm: { x: 0, y: 0 } }, color: "blue" },
  ]);
});

test("text tiles compare by body, and by layouts and color where declared", () => {
  const live = withTextTiles(record).text_tiles;
  expect(dashboardModel.valuesEqual("text_tiles", [{ body: "first" }, { body: "second" }], live)).toBe(true);
  expect(dashboardModel.valuesEqual("text_tiles", [{ body: "first" }, { body: "second", color: "blue" }], live)).toBe(true);
  expect(dashboardModel.valuesEqual("text_tiles", [{ body: "first" }, { body: "second", color: "red" }], live)).toBe(false);
  expect(dashboardModel.valuesEqual("text_tiles", [{ body: "first", layouts: { sm: {} } }, { body: "second" }], live)).toBe(false);
  expect(dashboardModel.valuesEqual("text_tiles", [{ body: "first" }], live)).toBe(false);
  expect(dashboardModel.valuesEqual("text_tiles", [], [])).toBe(true);
});

test("the PATCH's tiles change the first in place, create the missing, delete the extra", () => {
  const live = textTilesOf(record);
  expect(textTileWrites([{ body: "one", layouts: { sm: { x: 1 } } }], live)).toEqual([
    { id: 7, text: { id: 3, body: "one" }, layouts: { sm: { x: 1 } } },
    { id: 9, text: { id: 4, body: "second" }, deleted: true },
  ]);
  expect(textTileWrites([{ body: "a" }, { body: "b" }, { body: "c", color: "red" }], live)[2]).toEqual({
    text: { body: "c" },
    color: "red",
  });
});

test("text tiles follow the create in a PATCH (PostHog's create ignores tiles)", () => {
  expect(dashboardModel.setAfterCreate("text_tiles")).toBe(true);
  expect(dashboardModel.setAfterCreate("name")).toBe(false);
});
