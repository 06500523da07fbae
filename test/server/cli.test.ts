/** The `pulumi-posthog-server` command as shipped (src/server/cli.ts, built to lib/server/cli.js). */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as readline from "node:readline";
import { controlClient } from "../../src/server";

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-local-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("cli", () => {
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
