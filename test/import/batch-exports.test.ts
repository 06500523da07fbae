/**
 * The importer and batch exports, over loopback against the local server playing PostHog 2025-08-04 (which answers an
 * HTTP destination's token, its secret fields written as the set of the letters of "token"): the programs it writes,
 * in every language, and what it says while it reads, hold none of a destination's credentials; the destination is
 * declared without them (PostHog keeps those it holds: it merges a config on update).
 */
import { Transport } from "../../src/client-entry";
import * as batchExports from "../../src/kinds/batch-export/endpoints";
import * as projects from "../../src/kinds/project/endpoints";
import { importProjects } from "../helpers/import-run";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";

let server: LocalPostHog;

beforeAll(async () => {
  server = await startLocalPostHog({ postHogVersion: "2025-08-04" });
});
afterAll(() => server?.close());

const TOKEN = "Hq2-tK7-zP4";
const PASSWORD = "Zq7-xK9-vT4";

test.each(["typescript", "yaml", "python"])("%s: no credential of a destination is written or said", async (language) => {
  const http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  const web = await projects.createProject(http, server.organizationId, { name: `Exports ${language}` });
  await batchExports.createBatchExport(http, web.id, {
    name: "Hook",
    interval: "hour",
    destination: { type: "HTTP", config: { url: "https://example.com/in", token: TOKEN } },
  });
  await batchExports.createBatchExport(http, web.id, {
    name: "Warehouse",
    interval: "day",
    destination: {
      type: "Postgres",
      config: { host: "db.example.com", port: 5432, database: "analytics", user: "ldr_acct", password: PASSWORD },
    },
  });
  // PostHog itself answers the HTTP token in this version: the provider must leave it out.
  expect(
    await fetch(`${server.url}/api/projects/${web.id}/batch_exports/`, { headers: { Authorization: `Bearer ${server.apiKey}` } }).then(
      (r) => r.text(),
    ),
  ).toContain(TOKEN);

  const { written, said } = await importProjects(server, language, web.id);
  expect(written).toContain("db.example.com");
  expect(written).toContain("https://example.com/in");
  for (const secret of [TOKEN, PASSWORD, "ldr_acct"]) {
    expect(written).not.toContain(secret);
    expect(said).not.toContain(secret);
  }
});
