/**
 * Preloaded into every Node.js process of a benchmarked Pulumi command (NODE_OPTIONS=--require=…/measure.js): the
 * program (the language host's `node …/cmd/run`) and the dynamic-provider host write their CPU time and memory to
 * BENCH_MEASURE_DIR when they exit. Other Node.js processes (the host's `node -e` helper) are left alone.
 */
const fs = require("node:fs");
const path = require("node:path");

const script = (process.argv[1] ?? "").replace(/\\/g, "/");
const role = /\/cmd\/run(\/|$)/.test(script) ? "program" : /\/cmd\/dynamic-provider(\/|$)/.test(script) ? "provider" : undefined;
const dir = process.env.BENCH_MEASURE_DIR;

if (role && dir) {
  const started = Date.now();
  // BENCH_CPU_PROFILE=program|provider (or both, `program,provider`): a .cpuprofile of that process
  // (NODE_OPTIONS=--cpu-prof upsets the host).
  let profiler;
  if ((process.env.BENCH_CPU_PROFILE ?? "").split(",").includes(role)) {
    const inspector = require("node:inspector");
    profiler = new inspector.Session();
    profiler.connect();
    profiler.post("Profiler.enable");
    profiler.post("Profiler.start");
  }
  // BENCH_HEAP_PROFILE=program|provider: a .heapprofile of what that process allocates, garbage included.
  let heapProfiler;
  if (process.env.BENCH_HEAP_PROFILE === role) {
    const inspector = require("node:inspector");
    heapProfiler = new inspector.Session();
    heapProfiler.connect();
    heapProfiler.post("HeapProfiler.startSampling", {
      samplingInterval: 32768,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    const usage = process.resourceUsage();
    const beforeGc = process.memoryUsage();
    if (typeof global.gc === "function") global.gc();
    const memory = process.memoryUsage();
    const sample = {
      role,
      pid: process.pid,
      wallMs: Date.now() - started,
      cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
      maxRssKb: usage.maxRSS,
      heapUsedAtExit: beforeGc.heapUsed,
      heapRetained: memory.heapUsed,
      external: memory.external,
    };
    fs.writeFileSync(path.join(dir, `${role}-${process.pid}.json`), JSON.stringify(sample));
    if (profiler) {
      profiler.post("Profiler.stop", (error, result) => {
        if (!error) fs.writeFileSync(path.join(dir, `${role}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
      });
    }
    if (heapProfiler) {
      heapProfiler.post("HeapProfiler.stopSampling", (error, result) => {
        if (!error) fs.writeFileSync(path.join(dir, `${role}-${process.pid}.heapprofile`), JSON.stringify(result.profile));
      });
    }
    if (process.env.BENCH_HEAP_SNAPSHOT === role)
      require("node:v8").writeHeapSnapshot(path.join(dir, `${role}-${process.pid}.heapsnapshot`));
  };
  process.on("exit", write);
  // The engine stops the provider host with a signal: record it, then die of that signal as before.
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.once(signal, () => {
      write();
      process.kill(process.pid, signal);
    });
  }
}
