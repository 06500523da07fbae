/** The logic of the `pulumi-posthog-server` command (src/server/run-cli.ts): its arguments and its start line. */
import { controlClient } from "../../src/server";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { exposureWarning, parseArgs, runCli } from "../../src/server/run-cli";

describe("cli", () => {
  test("parseArgs", () => {
    expect(parseArgs([])).toEqual({ port: 0, host: "127.0.0.1" });
    expect(parseArgs(["--port", "8010", "--state", "s.json", "--host=0.0.0.0"])).toEqual({
      port: 8010,
      host: "0.0.0.0",
      statePath: "s.json",
    });
    expect(() => parseArgs(["--port", "x"])).toThrow(/--port/);
    expect(() => parseArgs(["--nope"])).toThrow(/unknown argument/);
    expect(() => parseArgs(["--state"])).toThrow(/needs a value/);
    expect(parseArgs(["--allowed-host", "a.test", "--allowed-host=.b.test"])).toEqual({
      port: 0,
      host: "127.0.0.1",
      allowedHosts: ["a.test", ".b.test"],
    });
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
      const res = await fetch(`${info.url}/api/organizations/${info.organizationId}/projects/`, {
        headers: { Authorization: `Bearer ${info.apiKey}` },
      });
      expect(res.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  test.each([
    ["0.0.0.0", /--host 0\.0\.0\.0 binds every network interface of this machine, so other machines can reach the server/],
    ["::", /binds every network interface/],
    ["[::]", /binds every network interface/],
    ["192.168.1.20", /--host 192\.168\.1\.20 binds 192\.168\.1\.20, an address other than loopback/],
    ["example.com", /binds example\.com, an address other than loopback/],
  ])("--host %s warns that other machines can reach it, and says to use 127.0.0.1", (host, warning) => {
    expect(exposureWarning(host)).toMatch(warning);
    expect(exposureWarning(host)).toMatch(/Use --host 127\.0\.0\.1 \(the default\)/);
  });

  test.each(["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]", "LOCALHOST", "::ffff:127.0.0.1"])(
    "--host %s is loopback: no warning",
    (host) => {
      expect(exposureWarning(host)).toBeUndefined();
    },
  );

  test("runCli writes the warning to stderr, not into the JSON line on stdout", async () => {
    let out = "";
    let err = "";
    const server = await runCli(
      ["--host", "0.0.0.0"],
      { write: (chunk: string) => (out += chunk) },
      { write: (chunk: string) => (err += chunk) },
    );
    try {
      expect(err).toMatch(/^pulumi-posthog-server: warning: --host 0\.0\.0\.0 binds every network interface/);
      expect(Object.keys(JSON.parse(out))).toEqual(["url", "organizationId", "apiKey", "controlToken"]);
    } finally {
      await server.close();
    }
  });

  test.each([
    ["empty", "", /^The state file .*empty\.json is empty, so it holds no server state\. Move it away or delete it/],
    ["blank", " \n", /is empty/],
    ["truncated", '{"version":1,"secret":"ab', /^The state file .*truncated\.json is not valid JSON \(.*\)\. Move it away or delete it/],
    ["foreign", "[1, 2]", /is not a pulumi-posthog local server state file \(version 1\)\. Move it away/],
  ])("a --state file that is %s stops the start with an error naming the file and what to do", async (name, content, message) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-state-"));
    try {
      const file = path.join(dir, `${name}.json`);
      fs.writeFileSync(file, content);
      await expect(runCli(["--state", file], { write: () => true }, { write: () => true })).rejects.toThrow(message);
      expect(fs.readFileSync(file, "utf8")).toBe(content);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a --state that is a directory stops the start with an error naming it and what to do", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-state-"));
    try {
      await expect(runCli(["--state", dir], { write: () => true }, { write: () => true })).rejects.toThrow(
        /^The state file .* could not be read \(EISDIR.*\)\. Move it away or delete it/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
