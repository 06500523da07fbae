/** Unit tests of the Python-compatibility helpers, tokens, timezones, and the pipeline's last-resort 500. */
import * as http from "node:http";
import * as net from "node:net";
import type { AddressInfo } from "node:net";
import { ActivityLog } from "../../src/server/projects/activity";
import type { ApiRoute } from "../../src/server/pipeline/api";
import { App } from "../../src/server/pipeline/app";
import { DeletionQueue } from "../../src/server/projects/deletion";
import { DemoData } from "../../src/server/projects/demo-data";
import { parseDecimal } from "../../src/server/drf/fields";
import { Faults } from "../../src/server/pipeline/faults";
import { decodeGroupsCursor, encodeGroupsCursor } from "../../src/server/groups/routes";
import { HostPolicy } from "../../src/server/pipeline/guard";
import { pyJsonDumps, pyQuotePlus, pyRepr, removeQueryParam, replaceQueryParam } from "../../src/server/drf/py";
import { RequestLog } from "../../src/server/pipeline/request-log";
import { Store } from "../../src/server/state/store";
import { Throttle } from "../../src/server/pipeline/throttle";
import { isoFromMicros, parseTimestampMicros } from "../../src/server/state/time";
import { isValidTimezone } from "../../src/server/projects/timezones";
import { BASE57, generatePersonalApiKey, generateProjectToken } from "../../src/server/state/tokens";
import { startServer } from "../../src/server";

test("pyJsonDumps matches Python's json.dumps defaults", () => {
  expect(pyJsonDumps({ c: 1620000000000000, k: "org:42" })).toBe('{"c": 1620000000000000, "k": "org:42"}');
  expect(pyJsonDumps(["é", "\u0001", 'q"', [1.5, null, true]])).toBe('["\\u00e9", "\\u0001", "q\\"", [1.5, null, true]]');
  expect(pyJsonDumps("😀")).toBe('"\\ud83d\\ude00"');
});

test("query helpers sort keys and quote like Python", () => {
  expect(pyQuotePlus("a b/c:d=é~")).toBe("a+b%2Fc%3Ad%3D%C3%A9~");
  expect(replaceQueryParam("http://h/p/?search=a b&limit=5", "offset", 10)).toBe("http://h/p/?limit=5&offset=10&search=a+b");
  expect(removeQueryParam("http://h/p/?offset=5&limit=5", "offset")).toBe("http://h/p/?limit=5");
  expect(removeQueryParam("http://h/p/?offset=5", "offset")).toBe("http://h/p/");
  expect(pyRepr(["a", { b: true }])).toBe("['a', {'b': True}]");
});

test("Decimal parsing keeps Python's digit tuple", () => {
  expect(parseDecimal("0.50")).toEqual({ negative: false, digits: "50", exponent: -2 });
  expect(parseDecimal("00.5")).toEqual({ negative: false, digits: "5", exponent: -1 });
  expect(parseDecimal("1e2")).toEqual({ negative: false, digits: "1", exponent: 2 });
  expect(parseDecimal(".5")).toEqual({ negative: false, digits: "5", exponent: -1 });
  expect(parseDecimal("NaN")).toBe("nan");
  expect(parseDecimal("-Infinity")).toBe("inf");
  expect(parseDecimal("abc")).toBeNull();
  expect(parseDecimal(".")).toBeNull();
});

test("timestamps keep microseconds", () => {
  const us = parseTimestampMicros("2024-01-02T03:04:05.123456Z");
  expect(us).toBe(Date.parse("2024-01-02T03:04:05Z") * 1000 + 123456);
  expect(isoFromMicros(us ?? 0)).toBe("2024-01-02T03:04:05.123456Z");
  expect(isoFromMicros(Date.parse("2024-01-02T03:04:05Z") * 1000)).toBe("2024-01-02T03:04:05Z");
  expect(parseTimestampMicros("2024-01-02T05:04:05+02:00")).toBe(Date.parse("2024-01-02T03:04:05Z") * 1000);
  expect(parseTimestampMicros("not a date")).toBeNull();
});

test("tokens: phc_ + 44 base57 characters, phx_ + 48 or 49", () => {
  const alphabet = new Set(BASE57);
  expect(BASE57).toHaveLength(57);
  for (let i = 0; i < 200; i++) {
    const t = generateProjectToken();
    expect(t.startsWith("phc_") && t.length === 48).toBe(true);
    expect([...t.slice(4)].every((c) => alphabet.has(c))).toBe(true);
    expect([52, 53]).toContain(generatePersonalApiKey().length);
  }
});

test("timezones: IANA names and properly cased aliases, exact case", () => {
  for (const ok of ["UTC", "Europe/Amsterdam", "America/Argentina/Buenos_Aires", "US/Pacific", "Asia/Kolkata", "Asia/Calcutta", "Etc/GMT+5", "GMT", "EST5EDT"]) {
    expect([ok, isValidTimezone(ok)]).toEqual([ok, true]);
  }
  for (const bad of ["utc", "europe/amsterdam", "America/NEW_YORK", "Mars/Olympus", "+05:00", ""]) {
    expect([bad, isValidTimezone(bad)]).toEqual([bad, false]);
  }
});

test("groups cursor round trip; garbage and the old {c, i} format decode to null", () => {
  const c = encodeGroupsCursor(1620000000123456, "org:42");
  expect(decodeGroupsCursor(c)).toEqual({ c: 1620000000123456, k: "org:42" });
  expect(decodeGroupsCursor(Buffer.from('{"c": 1620000000123, "k": "x"}').toString("base64url"))).toEqual({ c: 1620000000123000, k: "x" });
  expect(decodeGroupsCursor(Buffer.from('{"c": 1, "i": 2}').toString("base64"))).toBeNull();
  expect(decodeGroupsCursor("%%%")).toBeNull();
});

test("an unexpected exception in a handler is PostHog's 500 body, and the server goes on", async () => {
  const store = Store.open();
  const demo = new DemoData(store, 0);
  const services = { store, activity: new ActivityLog(store), demo, deletion: new DeletionQueue(store, demo, 0) };
  const boom: ApiRoute = {
    pattern: "/api/boom",
    detail: false,
    scopeObject: "project",
    methods: { GET: { name: "list", handler: () => { throw new TypeError("kaput"); } } },
    scopeTeam: () => null,
    scopeOrganization: () => { throw new Error("unused"); },
  };
  const log = new RequestLog();
  const app = new App({
    services, routes: [boom], faults: new Faults(), throttle: new Throttle(), log,
    info: () => ({ url: "", organizationId: "", apiKey: "", controlToken: "ctl_unit" }), controlToken: "ctl_unit", hosts: new HostPolicy("127.0.0.1"),
    resetThrottle: () => undefined, maxBodyBytes: 1024,
  });
  const server = http.createServer((req, res) => app.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${url}/api/boom/`, { headers: { Authorization: `Bearer ${store.state.defaultApiKey}` } });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ type: "server_error", code: "error", detail: "A server error occurred.", attr: null });
    }
    expect(log.list()[0]).toMatchObject({ status: 500, error: "kaput" });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
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
    const res = await fetch(`${server.url}/api/organizations/${server.organizationId}/projects/`, { headers: { Authorization: `Bearer ${server.apiKey}` } });
    expect(res.status).toBe(200);
  } finally {
    await server.close();
  }
});
