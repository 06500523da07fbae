/** The state file (src/server/state/store.ts): all kept across restarts, owner-only, written soon after each change. */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startServer } from "../../../src/server";
import { groupIdentify, wrap } from "../helpers";

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-local-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("close() persists everything; a restart from the file has the same organization, keys, control token and data", async () => {
  const statePath = path.join(dir, "nested", "state.json");
  const first = wrap(await startServer({ port: 0, statePath }));
  const p = await first.createProject({ name: "Persisted", timezone: "Europe/Berlin" });
  await first.control.capture(p.api_token, [groupIdentify("company", "acme", { name: "Acme" })]);
  await first.api("PATCH", first.orgPath(`${p.id}/`), { body: { anonymize_ips: true } });
  const extra = await first.control.createKey({ scopes: ["project:read"] });
  await first.control.patchOrganization(first.server.organizationId, { ignoredSettings: ["heatmaps_opt_in"] });
  const before = (await first.api("GET", first.orgPath(`${p.id}/`))).body;
  await first.server.close();
  expect(fs.readdirSync(path.dirname(statePath))).toEqual(["state.json"]);
  // It holds the default key and the control token in clear: readable by its owner only.
  expect(fs.statSync(statePath).mode & 0o077).toBe(0);

  const second = wrap(await startServer({ port: 0, statePath }));
  try {
    expect(second.server.organizationId).toBe(first.server.organizationId);
    expect(second.server.apiKey).toBe(first.server.apiKey);
    expect(second.server.controlToken).toBe(first.server.controlToken);
    expect((await second.api("GET", second.orgPath(`${p.id}/`))).body).toEqual(before);
    expect((await second.api("GET", `/api/projects/${p.id}/groups/find/?group_type_index=0&group_key=acme`)).body.group_properties).toEqual(
      { name: "Acme" },
    );
    expect((await second.api("GET", second.orgPath(`${p.id}/activity/`))).body.total_count).toBe(2);
    expect((await second.api("GET", second.orgPath(), { key: extra.key })).status).toBe(200);
    expect((await second.control.getOrganization(second.server.organizationId)).ignoredSettings).toEqual(["heatmaps_opt_in"]);
    expect((await second.createProject({ name: "Next" })).id).toBe(p.id + 1);
  } finally {
    await second.server.close();
  }
});

test("state is written shortly after every change, without waiting for close()", async () => {
  const statePath = path.join(dir, "live.json");
  const server = wrap(await startServer({ port: 0, statePath }));
  try {
    await server.createProject({ name: "Written soon" });
    await new Promise((r) => setTimeout(r, 100));
    expect(fs.readFileSync(statePath, "utf8")).toContain("Written soon");
  } finally {
    await server.server.close();
  }
});

test("a state file written before the dashboards API keeps its dashboards, served by it, and their ids", async () => {
  const statePath = path.join(dir, "legacy-dashboards.json");
  const first = wrap(await startServer({ port: 0, statePath }));
  const p = await first.createProject({ name: "Legacy" });
  await first.server.close();
  // Rewrite the file as the older layout had it: dashboards apart, with their own counter.
  const state = JSON.parse(fs.readFileSync(statePath, "utf8"));
  const [primary] = state.objects.dashboards;
  state.dashboards = [{ id: primary.id, teamId: primary.teamId, name: primary.fields.name }];
  state.nextDashboardId = primary.id + 5;
  state.objects.dashboards = [];
  delete state.nextObjectIds.dashboards;
  fs.writeFileSync(statePath, JSON.stringify(state));

  const second = wrap(await startServer({ port: 0, statePath }));
  try {
    const list = await second.api("GET", `/api/projects/${p.id}/dashboards/`);
    expect(list.body.results.map((d: { id: number; name: string }) => [d.id, d.name])).toEqual([[p.primary_dashboard, "My App Dashboard"]]);
    expect((await second.api("POST", `/api/projects/${p.id}/dashboards/`, { body: {} })).body.id).toBe(primary.id + 5);
  } finally {
    await second.server.close();
  }
});
