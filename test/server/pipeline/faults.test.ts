/**
 * Injected faults (src/server/pipeline/faults.ts): statuses, delays, dropped connections, answers after the write,
 * and path and request-body patterns compiled by RE2, which cannot stall the server.
 */
import { harness, type Harness } from "../helpers";

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.server.close());
beforeEach(async () => {
  await h.control.reset();
  await h.control.setThrottle({ enabled: false });
});

const raw: Harness["raw"] = (...args) => h.raw(...args);
const bearer = () => ({ Authorization: `Bearer ${h.server.controlToken}` });

describe("faults", () => {
  test("status with the default body and Retry-After, for `count` requests, then the real answer", async () => {
    await h.control.addFault({ path: "/projects/?$", status: 503, count: 2 });
    for (let i = 0; i < 2; i++) {
      const r = await h.api("GET", h.orgPath());
      expect([r.status, r.headers.get("retry-after")]).toEqual([503, "1"]);
      expect(r.body).toEqual({
        type: "server_error",
        code: "database_unavailable",
        detail: "We couldn't reach the database just now. Please try again in a moment.",
        attr: null,
      });
    }
    expect((await h.api("GET", h.orgPath())).status).toBe(200);
  });

  test("429 with retryAfter, custom bodies, method and path filters, in order of creation", async () => {
    const p = await h.createProject({ name: "Faulty" });
    await h.control.addFault({ method: "PATCH", path: `/projects/${p.id}/?$`, status: 429, retryAfter: 7 });
    await h.control.addFault({ method: "PATCH", status: 500, body: { custom: true } });
    expect((await h.api("GET", h.orgPath(`${p.id}/`))).status).toBe(200);
    const throttled = await h.api("PATCH", h.orgPath(`${p.id}/`), { body: { name: "x" } });
    expect([throttled.status, throttled.headers.get("retry-after"), throttled.body.detail]).toEqual([
      429,
      "7",
      "Request was throttled. Expected available in 7 seconds.",
    ]);
    const custom = await h.api("PATCH", h.orgPath(`${p.id}/`), { body: { name: "x" } });
    expect([custom.status, custom.body]).toEqual([500, { custom: true }]);
    expect((await h.api("PATCH", h.orgPath(`${p.id}/`), { body: { name: "y" } })).body.name).toBe("y");
  });

  test("delayMs alone delays the real answer; with a status it delays the fault", async () => {
    await h.control.addFault({ delayMs: 200 });
    let t = Date.now();
    expect((await h.api("GET", h.orgPath())).status).toBe(200);
    expect(Date.now() - t).toBeGreaterThanOrEqual(190);
    await h.control.addFault({ delayMs: 100, status: 504 });
    t = Date.now();
    expect((await h.api("GET", h.orgPath())).status).toBe(504);
    expect(Date.now() - t).toBeGreaterThanOrEqual(90);
  });

  test("drop destroys the connection without a response (logged with status 0)", async () => {
    await h.control.addFault({ drop: true });
    await expect(h.api("GET", h.orgPath())).rejects.toThrow();
    expect((await h.api("GET", h.orgPath())).status).toBe(200);
    const log = await h.control.requests();
    expect(log.map((e) => e.status)).toEqual([0, 200]);
    expect(log[0].fault).toMatch(/^fault-/);
  });

  test("afterCommit: the write happens, then the fault answers (status or drop)", async () => {
    await h.control.addFault({ method: "POST", status: 502, afterCommit: true });
    const r = await h.api("POST", h.orgPath(), { body: { name: "Committed" } });
    expect(r.status).toBe(502);
    expect((await h.api("GET", h.orgPath())).body.results.map((p: { name: string }) => p.name)).toEqual(["Committed"]);
    await h.control.addFault({ method: "POST", drop: true, afterCommit: true });
    await expect(h.api("POST", h.orgPath(), { body: { name: "Dropped but made" } })).rejects.toThrow();
    expect((await h.api("GET", h.orgPath())).body.count).toBe(2);
  });

  test("faults apply to /api/ only, can be listed and cleared; an invalid path regex is a 400", async () => {
    await h.control.addFault({ status: 500, count: 5 });
    expect((await h.control.faults())[0]).toMatchObject({ status: 500, remaining: 5 });
    expect((await fetch(`${h.server.url}/_health`)).status).toBe(200);
    await h.control.clearFaults();
    expect(await h.control.faults()).toEqual([]);
    expect((await h.api("GET", h.orgPath())).status).toBe(200);
    await expect(h.control.addFault({ path: "(" })).rejects.toMatchObject({ status: 400 });
  });
});

describe("fault patterns: path and request body", () => {
  const quick = async (path: string) => {
    const t = Date.now();
    const r = await h.api("GET", path);
    return { status: r.status, ms: Date.now() - t };
  };

  test("(a+)+$ cannot stall the server: long aaaa…b paths are answered at once", async () => {
    expect((await h.control.addFault({ path: "(a+)+$", status: 418, count: 5 })).id).toMatch(/^fault-/);
    // 30 a's take a backtracking engine about ten seconds; RE2 takes microseconds.
    const short = await quick(`/api/${"a".repeat(30)}b`);
    expect(short.status).toBe(404);
    expect(short.ms).toBeLessThan(1000);
    const long = await quick(`/api/${"a".repeat(5000)}b`);
    expect(long.status).toBe(404);
    expect(long.ms).toBeLessThan(1000);
    expect((await quick("/_health")).ms).toBeLessThan(1000);
    // The pattern still works as a pattern.
    expect((await quick(`/api/${"a".repeat(5000)}`)).status).toBe(418);
  });

  test("JavaScript syntax RE2 does not have is refused with a 400 naming path and the rule", async () => {
    for (const pattern of ["(a)\\1", "(?=a)b", "(?<!a)b", "(", "a{1001}", "x".repeat(1001)]) {
      const r = await raw(
        "POST",
        "/_control/faults",
        { ...bearer(), "Content-Type": "application/json" },
        JSON.stringify({ path: pattern, status: 500 }),
      );
      expect([pattern.slice(0, 20), r.status]).toEqual([pattern.slice(0, 20), 400]);
      expect(r.body.error).toMatch(/^path: /);
    }
    const r = await raw(
      "POST",
      "/_control/faults",
      { ...bearer(), "Content-Type": "application/json" },
      JSON.stringify({ path: "(a)\\1" }),
    );
    expect(r.body.error).toMatch(/RE2 patterns, matched in linear time: no backreferences or lookaround/);
    expect(await h.control.faults()).toEqual([]);
  });

  test("requestBody: each create meets the fault whose pattern its body matches, others and bodiless GETs none", async () => {
    await h.control.addFault({
      method: "POST",
      requestBody: '"name":\\s*"Garbled"',
      status: 201,
      body: "<html>proxy</html>",
      afterCommit: true,
    });
    await h.control.addFault({ method: "POST", requestBody: '"name":\\s*"Failed \\d"', status: 503, count: 2 });
    await h.control.addFault({ requestBody: "never sent", status: 500 });
    const answers = [];
    for (const name of ["Failed 1", "Plain", "Garbled", "Failed 2", "Failed 3"]) {
      const r = await h.api("POST", h.orgPath(), { body: { name } });
      answers.push([name, r.status]);
    }
    expect(answers).toEqual([
      ["Failed 1", 503],
      ["Plain", 201],
      ["Garbled", 201],
      ["Failed 2", 503],
      ["Failed 3", 201],
    ]);
    expect((await h.api("GET", h.orgPath())).body.results.map((p: { name: string }) => p.name).sort()).toEqual([
      "Failed 3",
      "Garbled",
      "Plain",
    ]);
    expect((await h.control.requests()).map((e) => e.fault !== undefined)).toEqual([true, false, true, true, false, false]);
    expect((await h.control.faults()).map((f) => f.requestBody)).toEqual(["never sent"]);
  });

  test("an invalid requestBody pattern is a 400 naming requestBody", async () => {
    const r = await raw(
      "POST",
      "/_control/faults",
      { ...bearer(), "Content-Type": "application/json" },
      JSON.stringify({ requestBody: "(?=a)b", status: 500 }),
    );
    expect([r.status, r.body.error]).toEqual([400, expect.stringMatching(/^requestBody: .*RE2 patterns/)]);
    expect(await h.control.faults()).toEqual([]);
  });

  test("JavaScript escapes RE2 spells otherwise still work (\\/, \\d, \\u)", async () => {
    const p = await h.createProject({ name: "Faulted" });
    await h.control.addFault({ path: "\\/projects\\/\\d+\\/?$", status: 503 });
    await h.control.addFault({ path: "\\u0070rojects/?$", status: 502 });
    expect((await h.api("GET", h.orgPath(`${p.id}/`))).status).toBe(503);
    expect((await h.api("GET", h.orgPath())).status).toBe(502);
  });
});
