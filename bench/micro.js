/**
 * The provider's own code, without Pulumi: diff, the client over loopback, the limiter, pagination and a drift check's
 * reads answered from a list (all at once, and as the engine's default --parallel lets them through), against the built package (`lib`, given) and an in-process local PostHog server. Each
 * returns its measurement and target.
 */
const path = require("node:path");
const { performance } = require("node:perf_hooks");
const { declaredFlag } = require("./declared");

async function time(fn) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** The micro benchmarks of the package built in `lib`; rows of {name, value, unit, target, ok}. */
async function benchMicro(lib) {
  const { Transport, groups, collect, RateLimiter } = require(path.join(lib, "client"));
  const projects = require(path.join(lib, "kinds", "project", "endpoints"));
  const { ProjectLifecycle, FeatureFlagLifecycle } = require(path.join(lib, "provider"));
  const { startServer, controlClient } = require(path.join(lib, "server"));
  const rows = [];
  const report = (name, value, unit, target, ok) => rows.push({ name, value, unit, target, ok });

  const server = await startServer({ port: 0 });
  const http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  const provider = new ProjectLifecycle({
    config: { host: server.url, apiKey: server.apiKey, organizationId: server.organizationId },
    transport: http,
  });
  try {
    // 1. diff runs once per resource on every preview: it must cost nothing next to the network.
    const declared = {
      name: "Bench",
      timezone: "Europe/Amsterdam",
      anonymizeIps: true,
      sessionRecordingSampleRate: 0.5,
      appUrls: ["https://a.example.com"],
      modifiers: { bounceRateDurationSeconds: 30 },
      testAccountFilters: [{ key: "$host", operator: "not_regex", value: "localhost", type: "event" }],
    };
    const { id, outs } = await provider.create(declared);
    for (let i = 0; i < 1_000; i++) await provider.diff(id, outs, declared); // warm up
    const diffs = 20_000;
    const diffMs = await time(async () => {
      for (let i = 0; i < diffs; i++) await provider.diff(id, outs, declared);
    });
    const diffUs = (diffMs * 1000) / diffs;
    report("diff of a project with 7 declared settings", diffUs, "µs each", "< 100 µs", diffUs < 100);

    // 2. Client overhead per request (schema parsing, retries bookkeeping) over loopback, 20 at a time.
    const requests = 2_000;
    const getMs = await time(() =>
      Promise.all(
        Array.from({ length: 20 }, async () => {
          for (let i = 0; i < requests / 20; i++) await projects.getProject(http, server.organizationId, Number(id));
        }),
      ),
    );
    const perSecond = requests / (getMs / 1000);
    report("project GETs over loopback", perSecond, "requests/s", "> 500/s", perSecond > 500);

    // 3. The limiter must not be the bottleneck when it is far from its limit.
    const limiter = new RateLimiter([{ limit: 1_000_000, windowMs: 60_000 }]);
    const slots = 100_000;
    const limiterMs = await time(async () => {
      for (let i = 0; i < slots; i++) (await limiter.acquire())();
    });
    const slotUs = (limiterMs * 1000) / slots;
    report("limiter acquire and release", slotUs, "µs each", "< 20 µs", slotUs < 20);

    // 4. Following 50 pages of groups: memory stays bounded by a page when iterating, not by the whole list.
    const project = await projects.createProject(http, server.organizationId, { name: "Bench groups" });
    const events = Array.from({ length: 5_000 }, (_, i) => ({
      event: "$groupidentify",
      distinct_id: `d${i}`,
      properties: { $group_type: "company", $group_key: `c${i}`, $group_set: { name: `Company ${i}`, blob: "x".repeat(500) } },
    }));
    for (let i = 0; i < events.length; i += 500) {
      await fetch(`${server.url}/batch/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ api_key: project.api_token, batch: events.slice(i, i + 500) }),
      });
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

    // 5. A drift check's 1,000 flag reads arriving together, answered from the list's pages, then the
    // refresh's diff of each: this package's share of the time over Pulumi's floor (the server runs in this process
    // too, so its pages count here as well).
    // Each command is an operation of its own (a lifecycle of its own, as a provider host starts one): the pages one
    // reads answer its later reads only.
    const operation = () =>
      new FeatureFlagLifecycle({
        config: { host: server.url, apiKey: server.apiKey, organizationId: server.organizationId },
        transport: http,
      });
    const flags = operation();
    const made = [];
    for (let i = 0; i < 1_000; i += 20)
      made.push(
        ...(await Promise.all(Array.from({ length: 20 }, (_, j) => flags.create({ ...declaredFlag(i + j, 0), projectId: project.id })))),
      );
    const readAll = () => {
      const refresh = operation();
      return Promise.all(made.map(({ id, outs }) => refresh.read(id, outs)));
    };
    await readAll(); // warm up
    let read = [];
    const readMs = await time(async () => {
      read = await readAll();
    });
    report("1000 flag reads answered from their list (10 pages)", readMs, "ms", "< 1000 ms", readMs < 1000);
    const diffMsFlags = await time(() => Promise.all(read.map((r, i) => flags.diff(made[i].id, r.props, made[i].outs))));
    const flagDiffUs = (diffMsFlags * 1000) / made.length;
    report("diff of each refreshed flag", flagDiffUs, "µs each", "< 100 µs", flagDiffUs < 100);

    // 6. The same reads let through 8 at a time, in the order the flags were made (the list's last page
    // first), as the engine sends a refresh's with its default --parallel on 2 cores: the pages the first batch's pass
    // reads answer the rest at once.
    const control = controlClient(server.url, server.controlToken);
    const refresh = operation();
    const queue = [...made];
    await control.clearRequests();
    const began = Date.now();
    const defaultsMs = await time(() =>
      Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) await refresh.read(next.id, next.outs);
        }),
      ),
    );
    const logged = await control.requests();
    const sent = logged.length;
    report("the same 1000 reads 8 at a time (the default --parallel on 2 cores)", defaultsMs, "ms", "< 1000 ms", defaultsMs < 1000);
    report("their requests (10 pages)", sent, "requests", "≤ 12", sent <= 12);
    // Reads that arrive together start their pass at once, not after a silence (which was at least 100 ms).
    const firstPageMs = Date.parse(logged[0]?.at ?? "") - began;
    report("their first page asked for after", firstPageMs, "ms", "< 50 ms", firstPageMs < 50);
  } finally {
    await server.close();
  }
  return rows;
}

module.exports = { benchMicro };
