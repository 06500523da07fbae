/** startServer and close() (src/server/index.ts): the control token kept in the state file, socket errors, closing. */
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { startServer } from "../../src/server";
import { wrap } from "./helpers";

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-local-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

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

test("garbage on the socket gets a 400 and the server keeps serving", async () => {
  const server = await startServer({ port: 0 });
  try {
    const reply = await new Promise<string>((resolve) => {
      const socket = net.connect(server.port, "127.0.0.1", () => socket.write("NOT HTTP AT ALL\r\n\r\n"));
      let data = "";
      socket.on("data", (d) => (data += d.toString()));
      socket.on("close", () => resolve(data));
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    const res = await fetch(`${server.url}/api/organizations/${server.organizationId}/projects/`, {
      headers: { Authorization: `Bearer ${server.apiKey}` },
    });
    expect(res.status).toBe(200);
  } finally {
    await server.close();
  }
});
