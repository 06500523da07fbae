#!/usr/bin/env node
/**
 * `npm run bench`: speed and memory targets, measured against the built package (lib/) and a local PostHog server on
 * 127.0.0.1. Each benchmark prints its measurement next to its target; the run fails if any target is missed.
 * Timings vary with the machine: the targets leave room for a loaded 2-core CI machine.
 */
const { performance } = require("node:perf_hooks");
const { Transport, projects, groups, collect, RateLimiter } = require("../lib/client");
const { ProjectProvider } = require("../lib/provider");
const { startServer } = require("../lib/server");

const results = [];
function report(name, value, unit, target, ok) {
  results.push(ok);
  console.log(`${ok ? "ok  " : "MISS"} ${name}: ${value.toFixed(2)} ${unit} (target ${target})`);
}

async function time(fn) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function main() {
  const server = await startServer({ port: 0 });
  const http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  const provider = new ProjectProvider({ config: { host: server.url, apiKey: server.apiKey, organizationId: server.organizationId }, transport: http });
  try {
    // 1. diff runs once per resource on every preview: it must cost nothing next to the network.
    const declared = {
      name: "Bench", timezone: "Europe/Amsterdam", anonymizeIps: true, sessionRecordingSampleRate: 0.5,
      appUrls: ["https://a.example.com", ""], modifiers: { bounceRateDurationSeconds: 30 },
      testAccountFilters: [{ key: "$host", operator: "not_regex", value: "localhost", type: "event" }],
    };
    const { id, outs } = await provider.create(declared);
    const diffs = 20_000;
    const diffMs = await time(async () => {
      for (let i = 0; i < diffs; i++) await provider.diff(id, outs, declared);
    });
    report("diff of a project with 7 declared settings", (diffMs * 1000) / diffs, "µs each", "< 100 µs", (diffMs * 1000) / diffs < 100);

    // 2. Client overhead per request (schema parsing, retries bookkeeping) over loopback, 20 at a time.
    const requests = 2_000;
    const getMs = await time(() =>
      Promise.all(Array.from({ length: 20 }, async () => {
        for (let i = 0; i < requests / 20; i++) await projects.getProject(http, server.organizationId, Number(id));
      })),
    );
    report("project GETs over loopback", requests / (getMs / 1000), "requests/s", "> 500/s", requests / (getMs / 1000) > 500);

    // 3. The limiter must not be the bottleneck when it is far from its limit.
    const limiter = new RateLimiter([{ limit: 1_000_000, windowMs: 60_000 }]);
    const slots = 100_000;
    const limiterMs = await time(async () => {
      for (let i = 0; i < slots; i++) (await limiter.acquire())();
    });
    report("limiter acquire and release", (limiterMs * 1000) / slots, "µs each", "< 20 µs", (limiterMs * 1000) / slots < 20);

    // 4. Following 50 pages of groups: memory stays bounded by a page when iterating, not by the whole list.
    const project = await projects.createProject(http, server.organizationId, { name: "Bench groups" });
    const events = Array.from({ length: 5_000 }, (_, i) => ({
      event: "$groupidentify",
      distinct_id: `d${i}`,
      properties: { $group_type: "company", $group_key: `c${i}`, $group_set: { name: `Company ${i}`, blob: "x".repeat(500) } },
    }));
    for (let i = 0; i < events.length; i += 500) {
      await fetch(`${server.url}/batch/`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ api_key: project.api_token, batch: events.slice(i, i + 500) }) });
    }
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let count = 0;
    const iterateMs = await time(async () => {
      for await (const _group of groups.iterateGroups(http, project.id, { groupTypeIndex: 0 })) {
        if (++count % 100 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
    });
    const growthMb = (peak - before) / 1024 / 1024;
    report(`iterating ${count} groups (50 pages)`, iterateMs, "ms", "< 5000 ms", iterateMs < 5000 && count === 5_000);
    report("heap growth while iterating them", growthMb, "MB", "< 64 MB", growthMb < 64);
    const all = await collect(groups.iterateGroups(http, project.id, { groupTypeIndex: 0 }));
    report("collected groups", all.length, "groups", "= 5000", all.length === 5_000);
  } finally {
    await server.close();
  }
  const missed = results.filter((ok) => !ok).length;
  console.log(`\n${results.length - missed} passed, ${missed} failed`);
  process.exit(missed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
