/**
 * The importer and log alerts, over loopback against the local server: a log alert with its destinations, whose
 * webhook URL and PagerDuty key (PostHog answers a part of each) are never written into a program nor said, but read
 * from the stack secrets the importer names; PostHog 2025-08-04, which serves no log alerts, has them left out, said
 * so, and the rest imported.
 */
import { Transport } from "../../src/client-entry";
import { readOrganization } from "../../src/import";
import * as alerts from "../../src/kinds/logs-alert/endpoints";
import * as destinations from "../../src/kinds/logs-alert-destination/endpoints";
import * as projects from "../../src/kinds/project/endpoints";
import { importProjects } from "../helpers/import-run";
import { startLocalPostHog } from "../helpers/local-posthog";

const HOOK = "https://hooks.example.com/T9QZK2/Xq7zK9vT4mW2";
const KEY = "R0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5";

test("a log alert and its destinations: the webhook URL and the PagerDuty key are stack secrets, never written or said", async () => {
  const server = await startLocalPostHog();
  try {
    const http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
    const web = await projects.createProject(http, server.organizationId, { name: "Logs" });
    const alert = await alerts.createLogsAlert(http, web.id, { name: "Checkout errors", filters: { serviceNames: ["checkout"] } });
    const where = { scope: web.id, parent: alert.id };
    await destinations.createLogsAlertDestination(http, where, { type: "webhook", webhook_url: HOOK });
    await destinations.createLogsAlertDestination(http, where, { type: "pagerduty", pagerduty_routing_key: KEY });
    const { written, said } = await importProjects(server, "typescript", web.id);
    // Both declared, each secret read from the stack's configuration (the check saw PostHog's part of it in its place).
    expect(written).toMatch(/webhookUrl: config\.requireSecret\("\S+-webhook_url"\)/);
    expect(written).toMatch(/pagerdutyRoutingKey: config\.requireSecret\("\S+-pagerduty_routing_key"\)/);
    expect(said).not.toMatch(/not declared/);
    for (const secret of [HOOK, KEY, "T9QZK2", KEY.slice(0, 8)]) {
      expect(written).not.toContain(secret);
      expect(said).not.toContain(secret);
    }
    expect(said).toMatch(/pulumi config set --secret \S+-webhook_url '…' +# the whole webhook URL/);
  } finally {
    await server.close();
  }
});

test("PostHog 2025-08-04 serves no log alerts (nor metric rules, nor endpoints): left out, said so, and the rest imported", async () => {
  const server = await startLocalPostHog({ postHogVersion: "2025-08-04" });
  try {
    const http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
    const web = await projects.createProject(http, server.organizationId, { name: "Old" });
    const progress: string[] = [];
    const found = await readOrganization(http, server.organizationId, [web.id], (line) => progress.push(line));
    expect(found.map((f) => f.kind.name)).toEqual(["Project", "Dashboard"]);
    expect(progress).toContainEqual(expect.stringMatching(new RegExp(`^project ${web.id}: log alerts not imported: .*404`)));
    expect(progress.at(-1)).toMatch(/log alerts not readable, log alert destinations not readable(,|$)/);
    // Log metric rules and endpoints are today's too (each named wherever the registry puts it).
    for (const plural of ["log metric rules", "endpoints"])
      expect(progress.at(-1)).toMatch(new RegExp(`(^|, )${plural} not readable(,|$)`));
  } finally {
    await server.close();
  }
});
