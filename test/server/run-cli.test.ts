/** The logic of the `pulumi-posthog-server` command (src/server/run-cli.ts): its arguments and its start line. */
import { controlClient } from "../../src/server";
import { parseArgs, runCli } from "../../src/server/run-cli";

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
});
