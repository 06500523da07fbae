/**
 * List-backed reads through the real Pulumi CLI (the dynamic-provider host): `pulumi refresh --parallel 41` of a stack of 40
 * feature flags, in a project where 100 newer flags made by hand put them on the list's second page, reads them from
 * the list's two pages, not one GET each, and shows the drift made by hand (two flags changed, one deleted) as it does
 * with GETs, the deleted flag confirmed by its own GET. With the CLI's defaults (`--parallel` 4 per CPU), a refresh and
 * a `preview --refresh` of 250 flags and 40 actions in one project cost their lists' pages and little more.
 */
import type { Stack } from "@pulumi/pulumi/automation";
import { Transport } from "../../src/client-entry";
import * as featureFlags from "../../src/kinds/feature-flag/endpoints";
import * as projects from "../../src/kinds/project/endpoints";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { pulumiSession, type PulumiSession } from "../helpers/pulumi-cli";

jest.setTimeout(300_000);

const COUNT = 40;
const MANY = { flags: 250, actions: 40 };
let server: LocalPostHog;
let session: PulumiSession;
let http: Transport;
let stack: Stack;
let projectId: number;
let manyDir: string;

beforeAll(async () => {
  server = await startLocalPostHog();
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  session = await pulumiSession(server, [], { destroyOnCleanup: false });
  projectId = (await projects.createProject(http, server.organizationId, { name: "Many flags" })).id;
  const dir = session.nodeProgram("posthog-list-reads", [
    `import * as posthog from "pulumi-posthog";`,
    `export const flagIds = Array.from({ length: ${COUNT} }, (_, i) =>`,
    `  new posthog.FeatureFlag(\`flag-\${i}\`, { key: \`flag-\${i}\`, name: \`Flag \${i}\`, active: true }).flagId);`,
  ]);
  stack = await session.stack(dir, `e2e-list-reads-${process.pid}`, { "posthog:projectId": String(projectId) });
  manyDir = session.nodeProgram("posthog-list-reads-many", [
    `import * as posthog from "pulumi-posthog";`,
    `for (let i = 0; i < ${MANY.flags}; i++) new posthog.FeatureFlag(\`flag-\${i}\`, { key: \`flag-\${i}\`, name: \`Flag \${i}\`, active: true });`,
    `for (let i = 0; i < ${MANY.actions}; i++)`,
    `  new posthog.Action(\`action-\${i}\`, { name: \`Action \${i}\`, steps: [{ event: "$pageview", url: \`/page-\${i}\`, url_matching: "contains" }] });`,
  ]);
});
afterAll(async () => {
  await session?.cleanup();
  await server?.close();
});

test("pulumi refresh of 40 flags reads the list's 2 pages, shows 2 flags changed and 1 deleted by hand, and GETs only the deleted one", async () => {
  const up = await stack.up();
  expect(up.summary.resourceChanges).toEqual({ create: COUNT + 1 });
  const ids = up.outputs["flagIds"]!.value as number[];
  // Newer flags made by hand come first in the list (newest first): the stack's are on its second page.
  for (let i = 0; i < 100; i += 20)
    await Promise.all(Array.from({ length: 20 }, (_, j) => featureFlags.createFeatureFlag(http, projectId, { key: `by-hand-${i + j}` })));
  await featureFlags.updateFeatureFlag(http, projectId, ids[3]!, { name: "Renamed by hand" });
  await featureFlags.updateFeatureFlag(http, projectId, ids[17]!, { active: false });
  await featureFlags.deleteFeatureFlag(http, projectId, ids[30]!);

  await server.clearRequests();
  // Through the Automation API: the local server answers from this process, which a synchronous CLI run would block.
  // The engine sends a refresh's reads --parallel at a time (4 per CPU by default): a drift check lets all through.
  const refresh = await stack.refresh({ parallel: COUNT + 1 });
  // The engine shows the drift as with GETs: two updated, one deleted, the rest the same.
  expect(refresh.summary.resourceChanges).toEqual({ same: COUNT - 2, update: 2, delete: 1 });
  const gets = await server.requests({ method: "GET" });
  const lists = gets.filter((r) => r.path === `/api/projects/${projectId}/feature_flags/`);
  const single = gets.filter((r) => /\/feature_flags\/\d+\/$/.test(r.path)).map((r) => Number(r.path.split("/").at(-2)));
  expect(lists.map((r) => r.query)).toEqual([{ limit: "100" }, { limit: "100", offset: "100" }]);
  expect(single).toEqual([ids[30]]);
  expect(await server.requests({ method: "PATCH" })).toEqual([]);
});

test("with the CLI's defaults, pulumi refresh and preview --refresh of 250 flags and 40 actions send their lists' 4 pages and at most 2 more requests a list, each", async () => {
  const project = (await projects.createProject(http, server.organizationId, { name: "Many flags and actions" })).id;
  const many = await session.stack(manyDir, `e2e-list-reads-many-${process.pid}`, { "posthog:projectId": String(project) });
  const resources = MANY.flags + MANY.actions;
  expect((await many.up()).summary.resourceChanges).toEqual({ create: resources + 1 });
  // The flags' list has 3 pages, the actions' one (PostHog answers it whole), and each list may cost 2 more requests.
  const most = Math.ceil(MANY.flags / 100) + 2 + (1 + 2);
  const sent = async () => {
    const requests = await server.requests();
    return { requests: requests.length, writes: requests.filter((r) => r.method !== "GET") };
  };

  await server.clearRequests();
  // No --parallel: the engine lets 4 reads per CPU through at once.
  const refresh = await many.refresh();
  expect(refresh.summary.resourceChanges).toEqual({ same: resources + 1 });
  const afterRefresh = await sent();
  expect(afterRefresh.writes).toEqual([]);
  expect(afterRefresh.requests).toBeLessThanOrEqual(most);

  await server.clearRequests();
  const preview = await many.preview({ refresh: true, expectNoChanges: true });
  expect(preview.changeSummary).toEqual({ same: resources + 1 });
  const afterPreview = await sent();
  expect(afterPreview.writes).toEqual([]);
  expect(afterPreview.requests).toBeLessThanOrEqual(most);
});
