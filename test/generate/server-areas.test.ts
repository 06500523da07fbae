/**
 * The local server's areas are its folders: src/server/areas.ts is generated from them (src/server/pipeline/
 * area-index.ts, `npm run docs`), and what the server routes and stores follows from each folder's `area`, so that a
 * new folder is served and stored by being there.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { areas } from "../../src/server/areas";
import { areaFolders, areasModule } from "../../src/server/pipeline/area-index";
import { Router } from "../../src/server/pipeline/router";
import { Store } from "../../src/server/state/store";

const server = path.join(__dirname, "..", "..", "src", "server");

test("src/server/areas.ts is what the folders generate (run `npm run docs`)", () => {
  const folders = areaFolders(server);
  expect(folders).toEqual(expect.arrayContaining(["projects", "feature-flags", "annotations", "groups"]));
  expect(folders).not.toContain("pipeline");
  expect(fs.readFileSync(path.join(server, "areas.ts"), "utf8")).toBe(areasModule(folders));
});

test("each collection is kept by one area, and every route is reached by its own paths in either PostHog", () => {
  const collections = areas.flatMap((area) => area.collections ?? []);
  expect(new Set(collections).size).toBe(collections.length);
  expect(collections).toEqual(expect.arrayContaining(["featureFlags", "dashboardTiles", "eventDefinitions"]));
  // The router answers with the first route that matches: an area's route may not hide another area's.
  for (const version of ["current", "2025-08-04"] as const) {
    const routes = areas.flatMap((area) => area.routes(version));
    const router = new Router(routes);
    const hidden = routes.filter((route) => router.match(route.pattern.replace(/:\w+/g, "x1"))?.route.pattern !== route.pattern);
    expect(hidden.map((route) => route.pattern)).toEqual([]);
  }
});

test("the store refuses a collection no area keeps", () => {
  const store = Store.open(undefined, ["featureFlags"]);
  expect(store.objects("featureFlags")).toEqual([]);
  expect(() => store.objects("featureFlag")).toThrow('no area of the local server keeps a collection "featureFlag"');
});
