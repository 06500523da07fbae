/**
 * From the measurements of bench/cli.js and bench/micro.js to the targets of issue 10 and the tables of
 * docs/benchmarks.md (between its markers; the prose around them is kept).
 */
const COMMANDS = ["up", "preview", "refresh", "update", "destroy"];
/** The commands that run the program (refresh and destroy work from the state alone). */
const PROGRAM_COMMANDS = ["up", "preview", "update"];

const TARGETS = {
  fixedMs: 1000,
  cpuPerProjectMs: 10,
  memoryPerProjectKb: 100,
  stateToRecord: 2,
};

/** Least squares over (n, y): the cost per resource (slope) and the fixed cost (intercept). */
function linearFit(points) {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  const slope = sxx === 0 ? 0 : points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) / sxx;
  return { slope, intercept: my - slope * mx };
}

function rowOf(results, count, program, command) {
  return results.sizes[count]?.[program]?.find((r) => r.command === command);
}

/**
 * Per command: fixed cost and cost per resource of wall time, program CPU and program peak memory, for one program.
 * Wall time grows faster than linearly (the engine rewrites the whole state around every step), so its fixed cost is
 * the intercept of the line through the two smallest sizes; CPU and memory are fitted over every size.
 */
function costs(results, program) {
  const sizes = Object.keys(results.sizes)
    .map(Number)
    .sort((a, b) => a - b);
  const out = {};
  for (const command of COMMANDS) {
    const rows = sizes.map((n) => [n, rowOf(results, n, program, command)]).filter(([, r]) => r);
    if (rows.length < 2) continue;
    const series = (pick, upTo = rows.length) =>
      linearFit(
        rows
          .slice(0, upTo)
          .filter(([, r]) => pick(r) !== undefined)
          .map(([n, r]) => [n, pick(r)]),
      );
    out[command] = {
      wallMs: series((r) => r.ms, 2),
      cpuMs: series((r) => r.program?.cpuMs),
      rssKb: series((r) => r.program?.maxRssKb),
      heapKb: series((r) => (r.program ? r.program.heapRetained / 1024 : undefined)),
    };
  }
  return out;
}

/** Every target with its measurement: {name, value, target, ok}. */
function evaluate(results, micro) {
  const checks = [];
  const check = (name, value, target, ok) => checks.push({ name, value, target, ok });
  const sizes = Object.keys(results.sizes).map(Number);
  for (const n of sizes) {
    for (const command of COMMANDS) {
      const row = rowOf(results, n, "posthog", command);
      if (!row) continue;
      const minimum = command === "preview" ? 0 : n;
      check(`requests, ${command} of ${n} projects`, `${row.requests}`, `= ${minimum}`, row.requests === minimum);
    }
  }
  if (sizes.length >= 2 && results.sizes[sizes[0]].bare) {
    const ours = costs(results, "posthog");
    const floor = costs(results, "bare");
    for (const command of COMMANDS) {
      if (!ours[command] || !floor[command]) continue;
      const extra = ours[command].wallMs.intercept - floor[command].wallMs.intercept;
      check(`fixed cost of ${command} over the floor`, `${fmtS(extra)} s`, `≤ ${TARGETS.fixedMs / 1000} s`, extra <= TARGETS.fixedMs);
    }
    for (const command of PROGRAM_COMMANDS) {
      if (!ours[command] || !floor[command]) continue;
      const cpu = ours[command].cpuMs.slope - floor[command].cpuMs.slope;
      check(
        `program CPU per project over the floor, ${command}`,
        `${cpu.toFixed(1)} ms`,
        `≤ ${TARGETS.cpuPerProjectMs} ms`,
        cpu <= TARGETS.cpuPerProjectMs,
      );
      const memory = ours[command].rssKb.slope - floor[command].rssKb.slope;
      check(
        `program memory per project over the floor, ${command}`,
        `${memory.toFixed(0)} KB`,
        `≤ ${TARGETS.memoryPerProjectKb} KB`,
        memory <= TARGETS.memoryPerProjectKb,
      );
    }
  }
  const states = sizes.flatMap((n) =>
    COMMANDS.map((c) => rowOf(results, n, "posthog", c)?.stateBytesPerResource).filter((v) => v !== undefined),
  );
  if (states.length > 0) {
    const largest = Math.max(...states);
    const limit = TARGETS.stateToRecord * results.recordBytes;
    check(
      "state per project (largest)",
      `${fmtBytes(largest)}`,
      `≤ ${TARGETS.stateToRecord} × record = ${fmtBytes(limit)}`,
      largest <= limit,
    );
  }
  if (results.rateLimit) {
    const r = results.rateLimit;
    check(`429 answers while creating ${r.count} projects at 480/minute`, `${r.throttled}`, "= 0", r.throttled === 0);
  }
  for (const row of micro) check(row.name, `${fmtNumber(row.value)} ${row.unit}`, row.target, row.ok);
  return checks;
}

const fmtS = (ms) => (ms / 1000).toFixed(1);
const fmtMb = (kb) => (kb / 1024).toFixed(0);
const fmtBytes = (b) => (b >= 10_000 ? `${(b / 1000).toFixed(1)} KB` : `${Math.round(b)} B`);
const fmtNumber = (v) => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2));
const cell = (v) => (v === undefined ? "–" : v);

function table(header, rows) {
  return [
    `| ${header.join(" | ")} |`,
    `| ${header.map((_, i) => (i === 0 ? "---" : "---:")).join(" | ")} |`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");
}

/** The generated part of docs/benchmarks.md. */
function renderMarkdown(results, micro, checks, environment) {
  const out = [];
  out.push(
    `Measured ${environment.date} on ${environment.machine}; Node.js ${environment.node}, Pulumi CLI ${environment.pulumi}, @pulumi/pulumi ${environment.sdk}; load average ${environment.loadBefore} before, ${environment.loadAfter} after; the whole run took ${environment.minutes} minutes.`,
  );
  out.push("");
  out.push("### Targets");
  out.push("");
  out.push(
    table(
      ["Target", "Measured", "Wanted", "Result"],
      checks.map((c) => [c.name, c.value, c.target, c.ok ? "ok" : "**missed**"]),
    ),
  );
  for (const n of Object.keys(results.sizes).map(Number)) {
    out.push("");
    const repeats = rowOf(results, n, "posthog", "up")?.repeats;
    out.push(`### ${n} projects${repeats ? ` (each number the median of ${repeats} runs)` : ""}`);
    out.push("");
    const rows = COMMANDS.map((command) => {
      const p = rowOf(results, n, "posthog", command);
      const b = rowOf(results, n, "bare", command);
      const r = rowOf(results, n, "raw", command);
      const minimum = command === "preview" ? 0 : n;
      return [
        command,
        cell(p && fmtS(p.ms)),
        cell(b && fmtS(b.ms)),
        cell(r && fmtS(r.ms)),
        cell(p && `${p.requests} (${minimum})`),
        cell(p?.program && fmtS(p.program.cpuMs)),
        cell(b?.program && fmtS(b.program.cpuMs)),
        cell(p?.program && fmtMb(p.program.maxRssKb)),
        cell(b?.program && fmtMb(b.program.maxRssKb)),
        cell(p?.provider && fmtS(p.provider.cpuMs)),
        cell(b?.provider && fmtS(b.provider.cpuMs)),
        cell(p?.stateBytesPerResource && fmtBytes(p.stateBytesPerResource)),
        cell(b?.stateBytesPerResource && fmtBytes(b.stateBytesPerResource)),
      ];
    });
    out.push(
      table(
        [
          "Command",
          "Wall s",
          "Floor wall s",
          "Raw script s",
          "Requests (minimum)",
          "Program CPU s",
          "Floor program CPU s",
          "Program peak MB",
          "Floor program peak MB",
          "Provider host CPU s",
          "Floor host CPU s",
          "State per project",
          "Floor state",
        ],
        rows,
      ),
    );
  }
  const ours = costs(results, "posthog");
  const floor = costs(results, "bare");
  if (Object.keys(ours).length > 0 && Object.keys(floor).length > 0) {
    out.push("");
    out.push("### Fixed cost and cost per project");
    out.push("");
    out.push(
      "Wall time: the line through the two smallest sizes (it grows faster than linearly). Program CPU and memory: least " +
        "squares over every size. Peak memory is the process's maximum resident set, garbage not yet collected included; " +
        "live heap is what a full garbage collection leaves at exit.",
    );
    out.push("");
    out.push(
      table(
        [
          "Command",
          "Fixed s",
          "Floor fixed s",
          "Per project ms",
          "Floor per project ms",
          "Program CPU per project ms",
          "Floor ms",
          "Program peak memory per project KB",
          "Floor KB",
          "Program live heap per project KB",
          "Floor KB",
        ],
        COMMANDS.filter((c) => ours[c] && floor[c]).map((c) => {
          const runsProgram = PROGRAM_COMMANDS.includes(c);
          return [
            c,
            fmtS(ours[c].wallMs.intercept),
            fmtS(floor[c].wallMs.intercept),
            ours[c].wallMs.slope.toFixed(1),
            floor[c].wallMs.slope.toFixed(1),
            runsProgram ? ours[c].cpuMs.slope.toFixed(1) : "–",
            runsProgram ? floor[c].cpuMs.slope.toFixed(1) : "–",
            runsProgram ? ours[c].rssKb.slope.toFixed(0) : "–",
            runsProgram ? floor[c].rssKb.slope.toFixed(0) : "–",
            runsProgram ? ours[c].heapKb.slope.toFixed(0) : "–",
            runsProgram ? floor[c].heapKb.slope.toFixed(0) : "–",
          ];
        }),
      ),
    );
  }
  if (results.rateLimit) {
    const r = results.rateLimit;
    out.push("");
    out.push("### Creates at PostHog's real limit (480/minute, 4800/hour per key)");
    out.push("");
    out.push(
      table(
        ["Projects", "Wall s", "Creates per minute", "Requests (minimum)", "429 answers", "Fewest seconds the limit allows"],
        [
          [
            String(r.count),
            fmtS(r.ms),
            ((r.count / r.ms) * 60_000).toFixed(0),
            `${r.requests} (${r.minimum})`,
            String(r.throttled),
            String(r.count > 480 ? 60 : 0),
          ],
        ],
      ),
    );
  }
  out.push("");
  out.push("### The provider's own code (no Pulumi)");
  out.push("");
  out.push(
    table(
      ["Benchmark", "Measured", "Target"],
      micro.map((m) => [m.name, `${fmtNumber(m.value)} ${m.unit}`, m.target]),
    ),
  );
  out.push("");
  out.push(`Record PostHog returns for one project (compact JSON): ${results.recordBytes} bytes.`);
  return out.join("\n");
}

module.exports = { evaluate, renderMarkdown, costs, linearFit, TARGETS, COMMANDS };
