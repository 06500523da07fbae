/**
 * A local server safe to leave running (src/server/pipeline/guard.ts): the control token, refusing cross-site
 * control requests, and the Host check against DNS rebinding.
 */
import * as http from "node:http";
import * as net from "node:net";
import { controlClient, startServer } from "../../../src/server";
import { bearerMatches, generateControlToken, HostPolicy, hostnameOf, isLoopbackOrigin } from "../../../src/server/pipeline/guard";
import { harness, type Harness } from "../helpers";

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.server.close());
beforeEach(() => h.control.reset());

const raw: Harness["raw"] = (...args) => h.raw(...args);
const bearer = () => ({ Authorization: `Bearer ${h.server.controlToken}` });

describe("the control token", () => {
  test("a random ctl_ token per server, on RunningServer and in ServerInfo", async () => {
    expect(h.server.controlToken).toMatch(/^ctl_[A-Za-z0-9_-]{43}$/);
    const other = await startServer({ port: 0 });
    try {
      expect(other.controlToken).toMatch(/^ctl_/);
      expect(other.controlToken).not.toBe(h.server.controlToken);
    } finally {
      await other.close();
    }
    expect((await h.control.info()).controlToken).toBe(h.server.controlToken);
  });

  test("/_control/info without a token is 401, saying where the token is", async () => {
    const r = await raw("GET", "/_control/info");
    expect(r.status).toBe(401);
    expect(r.body.error).toMatch(/^no control token: send "Authorization: Bearer <controlToken>"/);
    expect(r.body.error).toContain("controlToken of the JSON line pulumi-posthog-server prints at start");
    expect(r.headers["www-authenticate"]).toMatch(/^Bearer /);
    expect(r.text).not.toContain(h.server.apiKey);
  });

  test("a wrong token, another scheme or a token with extra characters is 401", async () => {
    for (const authorization of [
      "Bearer ctl_wrong",
      `Basic ${h.server.controlToken}`,
      `Bearer ${h.server.controlToken}x`,
      `Bearer ${h.server.controlToken.slice(0, -1)}`,
      "Bearer",
      `Bearer ${h.server.apiKey}`,
    ]) {
      const r = await raw("GET", "/_control/info", { Authorization: authorization });
      expect([authorization, r.status]).toEqual([authorization, 401]);
      expect(r.body.error).toMatch(/^wrong control token/);
    }
    await expect(controlClient(h.server.url, "ctl_wrong").info()).rejects.toMatchObject({ status: 401 });
  });

  test("with the token: 200 and the server's info; every control route needs it", async () => {
    const r = await raw("GET", "/_control/info", bearer());
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      url: h.server.url,
      organizationId: h.server.organizationId,
      apiKey: h.server.apiKey,
      controlToken: h.server.controlToken,
    });
    expect((await raw("GET", "/_control/info", { Authorization: `bearer  ${h.server.controlToken}` })).status).toBe(200);
    for (const [method, path] of [
      ["POST", "/_control/keys"],
      ["POST", "/_control/reset"],
      ["GET", "/_control/requests"],
      ["DELETE", "/_control/faults"],
      ["GET", "/_control/nope"],
    ]) {
      expect([method, path, (await raw(method, path)).status]).toEqual([method, path, 401]);
    }
  });

  test("startServer({controlToken}) sets it; a token that cannot go in a header is refused", async () => {
    const given = generateControlToken();
    const server = await startServer({ port: 0, controlToken: given });
    try {
      expect(server.controlToken).toBe(given);
      expect((await controlClient(server.url, given).info()).controlToken).toBe(given);
    } finally {
      await server.close();
    }
    await expect(startServer({ port: 0, controlToken: "two words" })).rejects.toThrow(/controlToken/);
    await expect(startServer({ port: 0, controlToken: "" })).rejects.toThrow(/controlToken/);
    expect(() => controlClient(h.server.url, "")).toThrow(/controlToken/);
  });

  test("bearerMatches compares whole tokens", () => {
    expect(bearerMatches("Bearer abc", "abc")).toBe(true);
    expect(bearerMatches("Bearer abd", "abc")).toBe(false);
    expect(bearerMatches("Bearer ab", "abc")).toBe(false);
    expect(bearerMatches(undefined, "abc")).toBe(false);
    expect(bearerMatches("Bearer ", "")).toBe(false);
  });
});

describe("cross-site control requests", () => {
  test("a text/plain POST to /_control/keys, even with the token, is 415 and creates nothing", async () => {
    const before = await h.control.createKey({});
    for (const contentType of [
      "text/plain",
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ]) {
      const r = await raw("POST", "/_control/keys", { ...bearer(), "Content-Type": contentType }, JSON.stringify({ level: "owner" }));
      expect([contentType, r.status]).toEqual([contentType, 415]);
      expect(r.body.error).toMatch(/application\/json/);
    }
    // No body but a non-JSON content type, and a body without any content type: refused too.
    expect((await raw("POST", "/_control/keys", { ...bearer(), "Content-Type": "text/plain" })).status).toBe(415);
    expect((await raw("POST", "/_control/keys", bearer(), "{}")).status).toBe(415);
    // No user (and so no key) was made in between.
    expect((await h.control.createKey({})).userId).toBe(before.userId + 1);
  });

  test("JSON bodies pass; body-less requests need no content type", async () => {
    const r = await raw("POST", "/_control/keys", { ...bearer(), "Content-Type": "application/json; charset=utf-8" }, "{}");
    expect(r.status).toBe(201);
    expect((await raw("POST", "/_control/reset", bearer())).status).toBe(200);
    expect((await raw("DELETE", "/_control/faults", bearer())).status).toBe(204);
  });

  test("a foreign Origin is 403, with or without the token; a loopback Origin passes", async () => {
    const json = { ...bearer(), "Content-Type": "application/json" };
    for (const origin of ["http://evil.example", "https://evil.example:8010", "null", "http://127.0.0.1.evil.example"]) {
      const r = await raw("POST", "/_control/keys", { ...json, Origin: origin }, "{}");
      expect([origin, r.status]).toEqual([origin, 403]);
      expect(r.body.error).toMatch(/^cross-origin control request refused/);
      expect((await raw("GET", "/_control/info", { Origin: origin })).status).toBe(403);
    }
    for (const origin of ["http://localhost:3000", "http://127.0.0.1:8010", "https://[::1]"]) {
      expect([origin, (await raw("POST", "/_control/keys", { ...json, Origin: origin }, "{}")).status]).toEqual([origin, 201]);
    }
  });

  test("isLoopbackOrigin", () => {
    expect(isLoopbackOrigin("http://localhost")).toBe(true);
    expect(isLoopbackOrigin("http://127.5.6.7:1")).toBe(true);
    expect(isLoopbackOrigin("file://")).toBe(false);
    expect(isLoopbackOrigin("http://localhost.evil.example")).toBe(false);
  });
});

describe("the Host check", () => {
  test("Host: evil.example on an /api/ request is Django's DisallowedHost 400, and is not logged", async () => {
    await h.control.clearRequests();
    const r = await raw("GET", h.orgPath(), { Host: "evil.example", Authorization: `Bearer ${h.server.apiKey}` });
    expect([r.status, r.text]).toEqual([400, "Bad Request (400)"]);
    expect(r.headers["content-type"]).toMatch(/^text\/plain/);
    expect(await h.control.requests()).toEqual([]);
  });

  test("every path is checked: control (even with the token), capture, health, unknown", async () => {
    for (const path of ["/_control/info", "/batch/", "/_health", "/nope", `/api/projects/1/groups/`]) {
      const r = await raw("GET", path, { Host: `evil.example:${h.server.port}`, ...bearer() });
      expect([path, r.status, r.text]).toEqual([path, 400, "Bad Request (400)"]);
    }
  });

  test("loopback names and addresses pass, with any port", async () => {
    const auth = { Authorization: `Bearer ${h.server.apiKey}` };
    for (const host of [
      `localhost:${h.server.port}`,
      "localhost",
      "LOCALHOST:1",
      `127.0.0.1:${h.server.port}`,
      "127.0.0.2",
      `[::1]:${h.server.port}`,
      "localhost.",
    ]) {
      expect([host, (await raw("GET", h.orgPath(), { ...auth, Host: host })).status]).toEqual([host, 200]);
    }
    for (const host of [
      "localhost.evil.example",
      "127.0.0.1.nip.io",
      "10.0.0.1",
      "[::2]",
      "evil.example:80@localhost",
      "local host",
      "0.0.0.0",
    ]) {
      expect([host, (await raw("GET", h.orgPath(), { ...auth, Host: host })).status]).toEqual([host, 400]);
    }
  });

  test("an HTTP/1.0 request without a Host header passes", async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(h.server.port, "127.0.0.1", () => socket.write("GET /_health HTTP/1.0\r\n\r\n"));
      let data = "";
      socket.on("data", (d) => (data += d.toString()));
      socket.on("close", () => resolve(data));
      socket.on("error", reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 200/);
  });

  test("allowedHosts adds names (any port) and domains; the bound host is accepted", async () => {
    const server = await startServer({ port: 0, allowedHosts: ["posthog.test", ".dev.example"] });
    const { port } = server;
    const get = (host: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get({ hostname: "127.0.0.1", port, path: "/_health", headers: { Host: host }, agent: false }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
          .on("error", reject);
      });
    try {
      expect(await get(`posthog.test:${port}`)).toBe(200);
      expect(await get("a.b.dev.example")).toBe(200);
      expect(await get("dev.example")).toBe(200);
      expect(await get("other.test")).toBe(400);
      expect(await get("xdev.example")).toBe(400);
    } finally {
      await server.close();
    }
    await expect(startServer({ port: 0, allowedHosts: ["not a host"] })).rejects.toThrow(/allowedHosts/);
  });

  test("HostPolicy and hostnameOf", () => {
    expect(hostnameOf("LocalHost:8010")).toBe("localhost");
    expect(hostnameOf("[0:0:0:0:0:0:0:1]:1")).toBe("[::1]");
    expect(hostnameOf("a/b")).toBeNull();
    expect(new HostPolicy("192.168.1.5").allows("192.168.1.5:8010")).toBe(true);
    expect(new HostPolicy("0.0.0.0").allows("0.0.0.0")).toBe(false);
    expect(new HostPolicy("::1").allows("[::1]:8010")).toBe(true);
    expect(new HostPolicy("127.0.0.1", ["*"]).allows("evil.example")).toBe(true);
    expect(new HostPolicy("127.0.0.1").allows(undefined)).toBe(true);
  });
});
