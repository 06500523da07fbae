/** State persistence across restarts, and the `pulumi-posthog-server` command. */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as readline from "node:readline";
import { controlClient, startServer } from "../../src/server";
import { parseArgs, runCli } from "../../src/server/run-cli";
import { groupIdentify, wrap } from "./helpers";

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
    expect((await second.api("GET", `/api/projects/${p.id}/groups/find/?group_type_index=0&group_key=acme`)).body.group_properties).toEqual({ name: "Acme" });
    expect((await second.api("GET", second.orgPath(`${p.id}/activity/`))).body.total_count).toBe(2);
    expect((await second.api("GET", second.orgPath(), { key: extra.key })).status).toBe(200);
    expect((await second.control.getOrganization(second.server.organizationId)).ignoredSettings).toEqual(["heatmaps_opt_in"]);
    expect((await second.createProject({ name: "Next" })).id).toBe(p.id + 1);
  } finally {
    await second.server.close();
  }
});

test("PostHog Cloud's hard cap of 2000 non-demo projects applies to organizations without a plan limit", async () => {
  const statePath = path.join(dir, "cap.json");
  const first = wrap(await startServer({ port: 0, statePath }));
  await first.createProject({ name: "Seed" });
  await first.server.close();
  const state = JSON.parse(fs.readFileSync(statePath, "utf8"));
  const seed = state.projects[0];
  for (let i = 2; i <= 2000; i++) state.projects.push({ ...seed, id: i, apiToken: `${seed.apiToken}${i}`, settings: { ...seed.settings, name: `P${i}` } });
  state.nextTeamId = 2001;
  fs.writeFileSync(statePath, JSON.stringify(state));
  const second = wrap(await startServer({ port: 0, statePath }));
  try {
    const r = await second.api("POST", second.orgPath(), { body: { name: "One too many" } });
    expect([r.status, r.body.detail]).toEqual([403, "You have reached the maximum limit of 2000 projects per organization. Contact support if you'd like access to more projects."]);
    expect((await second.api("GET", `${second.orgPath()}?limit=1`)).body.count).toBe(2000);
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

test("a state file written before control tokens gets one; a token given to startServer replaces the kept one", async () => {
  const statePath = path.join(dir, "old.json");
  const first = await startServer({ port: 0, statePath });
  await first.close();
  const state = JSON.parse(fs.readFileSync(statePath, "utf8"));
  delete state.controlToken;
  fs.writeFileSync(statePath, JSON.stringify(state));
  const second = await startServer({ port: 0, statePath });
  await second.close();
  expect(second.controlToken).toMatch(/^ctl_/);
  expect(JSON.parse(fs.readFileSync(statePath, "utf8")).controlToken).toBe(second.controlToken);
  const third = await startServer({ port: 0, statePath, controlToken: "ctl_given" });
  await third.close();
  expect(third.controlToken).toBe("ctl_given");
  expect(JSON.parse(fs.readFileSync(statePath, "utf8")).controlToken).toBe("ctl_given");
});

test("close() is prompt with keep-alive connections open and idempotent", async () => {
  const server = wrap(await startServer({ port: 0 }));
  await server.api("GET", server.orgPath());
  const t = Date.now();
  await Promise.all([server.server.close(), server.server.close()]);
  expect(Date.now() - t).toBeLessThan(1000);
});

describe("cli", () => {
  test("parseArgs", () => {
    expect(parseArgs([])).toEqual({ port: 0, host: "127.0.0.1" });
    expect(parseArgs(["--port", "8010", "--state", "s.json", "--host=0.0.0.0"])).toEqual({ port: 8010, host: "0.0.0.0", statePath: "s.json" });
    expect(() => parseArgs(["--port", "x"])).toThrow(/--port/);
    expect(() => parseArgs(["--nope"])).toThrow(/unknown argument/);
    expect(() => parseArgs(["--state"])).toThrow(/needs a value/);
    expect(parseArgs(["--allowed-host", "a.test", "--allowed-host=.b.test"])).toEqual({ port: 0, host: "127.0.0.1", allowedHosts: ["a.test", ".b.test"] });
  });

  test("runCli prints exactly one JSON line with url, organizationId, apiKey and controlToken", async () => {
    let out = "";
    const server = await runCli(["--port", "0"], { write: (chunk: string) => (out += chunk) });
    try {
      expect(out.endsWith("\n")).toBe(true);
      expect(out.trim().split("\n")).toHaveLength(1);
      const info = JSON.parse(out);
      expect(Object.keys(info)).toEqual(["url", "organizationId", "apiKey", "controlToken"]);
      expect(info.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(info.apiKey).toMatch(/^phx_/);
      expect(info.controlToken).toMatch(/^ctl_/);
      expect(info.controlToken).toBe(server.controlToken);
      expect((await controlClient(info.url, info.controlToken).info()).apiKey).toBe(info.apiKey);
      const res = await fetch(`${info.url}/api/organizations/${info.organizationId}/projects/`, { headers: { Authorization: `Bearer ${info.apiKey}` } });
      expect(res.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  test("the command serves until SIGTERM, then exits 0 having saved its state", async () => {
    const statePath = path.join(dir, "cli.json");
    // The package's bin as shipped: npm test builds lib/ before the tests run.
    const child = spawn(process.execPath, [path.join(__dirname, "../../lib/server/cli.js"), "--state", statePath], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const line = await new Promise<string>((resolve, reject) => {
      readline.createInterface({ input: child.stdout }).once("line", resolve);
      child.once("exit", (code) => reject(new Error(`exited early with ${code}`)));
    });
    const info = JSON.parse(line);
    const res = await fetch(`${info.url}/api/organizations/${info.organizationId}/projects/`, {
      method: "POST",
      headers: { Authorization: `Bearer ${info.apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "From the CLI" }),
    });
    expect(res.status).toBe(201);
    expect(info.controlToken).toMatch(/^ctl_/);
    expect((await fetch(`${info.url}/_control/info`)).status).toBe(401);
    expect((await controlClient(info.url, info.controlToken).info()).controlToken).toBe(info.controlToken);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    const state = JSON.parse(fs.readFileSync(statePath, "utf8"));
    expect(state.projects.map((p: { settings: { name: string } }) => p.settings.name)).toEqual(["From the CLI"]);
    expect(state.defaultApiKey).toBe(info.apiKey);
    expect(state.controlToken).toBe(info.controlToken);
  }, 30_000);
});
