/**
 * From the measurements of bench/cli.js and bench/micro.js to the targets (in groups: docs/benchmarks.md says where
 * each comes from) and the tables of docs/benchmarks.md (between its markers; the prose around them is kept).
 */
const COMMANDS = ["up", "preview", "refresh", "update", "destroy"];
/** The commands that run the program (refresh and destroy work from the state alone). */
const PROGRAM_COMMANDS = ["up", "preview", "update"];
/** What Terraform runs for each command (bench/terraform.js). */
const TERRAFORM_COMMANDS = {
  up: "apply",
  preview: "plan",
  refresh: "apply -refresh-only",
  update: "apply",
  destroy: "destroy",
};

/** The drift checks of the flag stack (bench/cli.js, bench/terraform.js): Terraform's `plan` refreshes first. */
const { ALL_AT_ONCE, AT_LIMITS } = require("./terraform");
const DRIFT_COMMANDS = [
  `refresh ${ALL_AT_ONCE}`,
  `preview --refresh ${ALL_AT_ONCE}`,
  `refresh ${AT_LIMITS}`,
  `preview --refresh ${AT_LIMITS}`,
];
const TERRAFORM_DRIFT = (command) => (command.startsWith("refresh") ? "apply -refresh-only" : "plan");
/** The drift checks as users run them, with the CLI's defaults (`--parallel` 4 per CPU); Terraform's rows of each. */
const DEFAULT_DRIFT = ["refresh", "preview --refresh"];
const terraformRowOf = (command) => (command === "preview --refresh" ? "preview" : command);
/** What a drift check with the defaults may send over its lists' pages, per list of a project. */
const OVER_PAGES = 2;
/** PostHog's page of a list (its REST_FRAMEWORK PAGE_SIZE): a refresh of listable objects reads one per 100. */
const LIST_PAGE = 100;

const TARGETS = {
  /** A TypeScript program's fixed cost over the floor's. */
  fixedMs: 500,
  /** The program's CPU per project over the floor's. */
  cpuPerProjectMs: 10,
  /** The program's peak memory per project over the floor's. */
  memoryOverFloorKb: 100,
  /** The program's peak memory per project. */
  memoryPerProjectKb: 250,
  /** State per project, compact JSON. */
  stateBytes: 1500,
  /** At 300 projects, each command at most this many times Terraform's in the same run… */
  timesTerraform: 1.5,
  /** …and the update no slower than Terraform's. */
  updateTimesTerraform: 1,
  /** A one-project YAML program through the provider plugin, each command. */
  yamlFixedMs: 2000,
  /** The flag stack's up, update and destroy at most this many times its floor's, wall and CPU time alike… */
  overFloor: 1.05,
  /** …its peak memory per flag at most this many times the floor's… */
  memoryOverFloor: 1.1,
  /** …and its refresh with the CLI's defaults within this of the floor's. */
  refreshOverFloorMs: 1000,
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

/** The sizes measured, smallest first. */
const sizesOf = (results) =>
  Object.keys(results.sizes)
    .map(Number)
    .sort((a, b) => a - b);

/**
 * Every target with its measurement: {group, name, value, target, ok, floor}. `floor` is the same measurement of the
 * floor (bare dynamic resources of the same shape, no HTTP), where the target applies to it: when the floor misses a
 * target too, what stands in the way is Pulumi's, not this provider's.
 */
function evaluate(results, micro) {
  const checks = [];
  let group = "projects";
  const check = (name, value, target, ok, floor) => checks.push({ group, name, value, target, ok, floor });
  const sizes = sizesOf(results);
  for (const n of sizes) {
    for (const command of COMMANDS) {
      const row = rowOf(results, n, "posthog", command);
      if (!row) continue;
      const minimum = command === "preview" ? 0 : n;
      check(`requests, ${command} of ${n} projects`, `${row.requests}`, `= ${minimum}`, row.requests === minimum);
    }
  }
  const hasFloor = sizes.length >= 2 && results.sizes[sizes[0]].bare;
  const ours = hasFloor ? costs(results, "posthog") : {};
  const floor = hasFloor ? costs(results, "bare") : {};
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
      `≤ ${TARGETS.memoryOverFloorKb} KB`,
      memory <= TARGETS.memoryOverFloorKb,
    );
  }
  if (results.rateLimit) {
    const r = results.rateLimit;
    check(`429 answers while creating ${r.count} projects at 480/minute`, `${r.throttled}`, "= 0", r.throttled === 0);
  }
  for (const row of micro) check(row.name, `${fmtNumber(row.value)} ${row.unit}`, row.target, row.ok);

  group = "against Terraform";
  // Against Terraform at the largest size measured (the targets are for 300 projects).
  const largest = sizes[sizes.length - 1];
  for (const command of COMMANDS) {
    const p = rowOf(results, largest, "posthog", command);
    const t = rowOf(results, largest, "terraform", command);
    if (!p || !t) continue;
    const limit = command === "update" ? TARGETS.updateTimesTerraform : TARGETS.timesTerraform;
    const times = p.ms / t.ms;
    const b = rowOf(results, largest, "bare", command);
    check(
      `${command} of ${largest} projects, against terraform ${TERRAFORM_COMMANDS[command]}`,
      `${fmtS(p.ms)} s vs ${fmtS(t.ms)} s: ${times.toFixed(2)} ×`,
      `≤ ${limit} ×`,
      times <= limit,
      b && `${fmtS(b.ms)} s: ${(b.ms / t.ms).toFixed(2)} ×`,
    );
  }
  for (const command of COMMANDS) {
    if (!ours[command] || !floor[command]) continue;
    const extra = ours[command].wallMs.intercept - floor[command].wallMs.intercept;
    check(`fixed cost of ${command} over the floor`, `${fmtS(extra)} s`, `≤ ${TARGETS.fixedMs / 1000} s`, extra <= TARGETS.fixedMs);
  }
  for (const command of PROGRAM_COMMANDS) {
    if (!ours[command]) continue;
    const memory = ours[command].rssKb.slope;
    check(
      `program memory per project, ${command}`,
      `${memory.toFixed(0)} KB`,
      `≤ ${TARGETS.memoryPerProjectKb} KB`,
      memory <= TARGETS.memoryPerProjectKb,
      floor[command] && `${floor[command].rssKb.slope.toFixed(0)} KB`,
    );
  }
  const largestState = (program) => {
    const states = sizes.flatMap((n) =>
      COMMANDS.map((c) => rowOf(results, n, program, c)?.stateBytesPerResource).filter((v) => v !== undefined),
    );
    return states.length > 0 ? Math.max(...states) : undefined;
  };
  const most = largestState("posthog");
  if (most !== undefined) {
    const floorState = largestState("bare");
    check(
      "state per project (largest)",
      fmtBytes(most),
      `≤ ${fmtBytes(TARGETS.stateBytes)}`,
      most <= TARGETS.stateBytes,
      floorState && fmtBytes(floorState),
    );
  }
  group = "flags";
  // The feature-flag stack: each command sends the fewest requests (a create, read, PATCH or soft delete per flag; a
  // refresh reads fewer where reads arrive together, answered from the list's pages).
  for (const command of COMMANDS) {
    const row = results.flags?.flags?.find((r) => r.command === command);
    if (!row) continue;
    const minimum = command === "preview" ? 0 : results.flags.count;
    const fewer = command === "refresh";
    check(
      `requests, ${command} of ${results.flags.count} feature flags`,
      `${row.requests}`,
      `${fewer ? "≤" : "="} ${minimum}`,
      fewer ? row.requests <= minimum : row.requests === minimum,
    );
  }
  group = "the floor";
  // What this package adds to Pulumi's own cost, command by command: the flag stack against its floor of the same run.
  // CPU time (every process of the command, and the local server's work for it) moves little with a shared machine's
  // load, wall time a lot.
  for (const command of ["up", "refresh", "update", "destroy"]) {
    const p = results.flags?.flags?.find((r) => r.command === command);
    const b = results.flags?.["bare-flags"]?.find((r) => r.command === command);
    if (!p || !b) continue;
    const what = `${command} of ${results.flags.count} feature flags`;
    if (command === "refresh") {
      check(
        `${what} with the defaults, over the floor`,
        `${fmtS(p.ms - b.ms)} s`,
        `≤ ${fmtS(TARGETS.refreshOverFloorMs)} s`,
        p.ms - b.ms <= TARGETS.refreshOverFloorMs,
      );
      continue;
    }
    const ratio = (a, z) => `${(a / z).toFixed(2)} ×`;
    check(`${what}: wall time ÷ the floor's`, ratio(p.ms, b.ms), `≤ ${TARGETS.overFloor} ×`, p.ms <= b.ms * TARGETS.overFloor);
    const cpu = (r) => (r.cpuMs ?? 0) + (r.serverCpuMs ?? 0);
    if (p.cpuMs !== undefined && b.cpuMs !== undefined)
      check(
        `${what}: CPU time ÷ the floor's (every process, the server's too)`,
        ratio(cpu(p), cpu(b)),
        `≤ ${TARGETS.overFloor} ×`,
        cpu(p) <= cpu(b) * TARGETS.overFloor,
      );
    if (p.peakKb && b.peakKb)
      check(
        `${what}: peak memory ÷ the floor's`,
        ratio(p.peakKb, b.peakKb),
        `≤ ${TARGETS.memoryOverFloor} ×`,
        p.peakKb <= b.peakKb * TARGETS.memoryOverFloor,
      );
  }
  group = "drift checks";
  // Drift checks of the flag stack: the list's pages, a tenth of Terraform's time at PostHog's limits, and without
  // limits within a second of the floor (the bare dynamic resources that send nothing).
  const flags = results.flags;
  // On a shared machine the floor's target is judged on the runs in turn (bench/cli.js benchInterleaved) when made:
  // the median of each, not one run of each minutes apart.
  const turns = flags?.interleaved;
  for (const command of DRIFT_COMMANDS) {
    const ours = turns?.medians.flags[command];
    const floor = turns?.medians["bare-flags"][command];
    if (ours !== undefined && floor !== undefined)
      check(
        `${command}, ${flags.count} feature flags, over the floor (medians of ${turns.repeat} runs each, in turn)`,
        `${fmtS(ours - floor)} s`,
        "≤ 1 s",
        ours - floor <= 1000,
      );
  }
  for (const command of DRIFT_COMMANDS) {
    const p = flags?.flags?.find((r) => r.command === command);
    if (!p) continue;
    const pages = Math.ceil(flags.count / LIST_PAGE);
    check(`requests, ${command} of ${flags.count} feature flags`, `${p.requests}`, `≤ ${pages}`, p.requests <= pages);
    const t = flags.terraform?.find((r) => r.command === command);
    if (command.endsWith(AT_LIMITS) && t)
      check(`${command}, ${flags.count} feature flags: Pulumi ÷ Terraform`, `${(p.ms / t.ms).toFixed(3)} ×`, "≤ 0.1 ×", p.ms <= t.ms / 10);
    const b = flags["bare-flags"]?.find((r) => r.command === command);
    if (b && !turns)
      check(`${command}, ${flags.count} feature flags, over the floor`, `${fmtS(p.ms - b.ms)} s`, "≤ 1 s", p.ms - b.ms <= 1000);
  }
  // The organization: its lists' pages in each project, plus one GET for each object whose kind cannot be listed (a
  // project, a dashboard: their lists answer a basic form), and a tenth of Terraform's time at PostHog's limits.
  const org = results.organization;
  for (const command of DRIFT_COMMANDS) {
    const p = org?.organization?.find((r) => r.command === command);
    if (!p) continue;
    const fewest = organizationRequests(org);
    const what = `${command}, an organization of ${org.count} projects (${org.resources} resources)`;
    check(`requests, ${what}`, `${p.requests}`, `≤ ${fewest}`, p.requests <= fewest);
    const t = org.terraform?.find((r) => r.command === command);
    if (command.endsWith(AT_LIMITS) && t)
      check(`${what}: Pulumi ÷ Terraform`, `${(p.ms / t.ms).toFixed(3)} ×`, "≤ 0.1 ×", p.ms <= t.ms / 10);
  }
  group = "CLI defaults";
  // The drift checks with the CLI's defaults: the engine lets 4 reads per CPU through at once, and the provider
  // answers them from the pages its operation read.
  for (const command of DEFAULT_DRIFT) {
    const p = flags?.flags?.find((r) => r.command === command);
    if (p) {
      const most = Math.ceil(flags.count / LIST_PAGE) + OVER_PAGES;
      check(`requests, ${command} of ${flags.count} feature flags with the defaults`, `${p.requests}`, `≤ ${most}`, p.requests <= most);
    }
    const o = org?.organization?.find((r) => r.command === command);
    if (o) {
      const most = organizationRequests(org) + OVER_PAGES * org.count;
      const what = `${command}, an organization of ${org.count} projects (${org.resources} resources) with the defaults`;
      check(`requests, ${what}`, `${o.requests}`, `≤ ${most}`, o.requests <= most);
    }
  }
  group = "YAML";
  for (const row of results.yaml ?? []) {
    check(
      `${row.command} of a one-project YAML program (plugin)`,
      `${(row.ms / 1000).toFixed(2)} s`,
      `≤ ${TARGETS.yamlFixedMs / 1000} s`,
      row.ms <= TARGETS.yamlFixedMs,
    );
  }
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

/**
 * One stack side by side, a row per command: `rowsOf(command)` gives that command's rows of Pulumi + provider (`p`),
 * the floor (`b`) and Terraform (`t`); each column is a header and its cell from those rows.
 */
function sideBySide(rowsOf, hasPeer, columns) {
  return table(
    ["Command", ...columns.map(([header]) => header)],
    COMMANDS.map((command) => {
      const rows = rowsOf(command);
      return [
        hasPeer ? `${command} (terraform ${TERRAFORM_COMMANDS[command]})` : command,
        ...columns.map(([, value]) => value(rows, command)),
      ];
    }),
  );
}

/** A measure's columns for the programs named: "<title>: Pulumi", "Floor", "Terraform"; "–" where a row lacks it. */
function measured(title, value, programs = ["p", "b", "t"]) {
  const headers = { p: `${title}: Pulumi`, b: "Floor", t: "Terraform" };
  return programs.map((who) => [headers[who], (rows) => cell(rows[who] && value(rows[who]))]);
}

/**
 * The side-by-side columns of a stack of `count` resources, each a `unit` ("project"): wall times, requests against
 * the fewest the command needs, peak memory, `more`, and the state per resource.
 */
function sideBySideColumns(count, unit, more = []) {
  return [
    ["Pulumi + provider s", ({ p }) => cell(p && fmtS(p.ms))],
    ["Floor s", ({ b }) => cell(b && fmtS(b.ms))],
    ["Terraform s", ({ t }) => cell(t && fmtS(t.ms))],
    ["Pulumi ÷ Terraform", ({ p, t }) => cell(p && t && `${(p.ms / t.ms).toFixed(1)} ×`)],
    ["Requests: Pulumi (minimum)", ({ p }, command) => cell(p && `${p.requests} (${command === "preview" ? 0 : count})`)],
    ["Terraform", ({ t }) => cell(t && String(t.requests))],
    ...measured("Peak MB", (r) => r.peakKb && fmtMb(r.peakKb)),
    ...more,
    ...measured(`State per ${unit}`, (r) => r.stateBytesPerResource && fmtBytes(r.stateBytesPerResource)),
  ];
}

/** "name (count) MB, …" for the process tree of a command, largest first. */
function processesOf(row) {
  if (!row?.treeKb) return "–";
  return Object.entries(row.treeKb)
    .sort(([, a], [, b]) => b - a)
    .map(([name, kb]) => `${name}${row.treeCount?.[name] > 1 ? ` (${row.treeCount[name]})` : ""} ${fmtMb(kb)}`)
    .join(", ");
}

/** Wall time per project between the two largest sizes (where the fixed cost weighs least), for one program. */
function perProjectAtScale(results, program, command) {
  const sizes = sizesOf(results);
  if (sizes.length < 2) return undefined;
  const [a, b] = sizes.slice(-2);
  const ra = rowOf(results, a, program, command);
  const rb = rowOf(results, b, program, command);
  return ra && rb ? (rb.ms - ra.ms) / (b - a) : undefined;
}

/** The generated part of docs/benchmarks.md. */
function renderMarkdown(results, micro, checks, environment) {
  const out = [];
  const sizes = sizesOf(results);
  const peer = environment.terraform
    ? `; Terraform ${environment.terraform} with PostHog's provider ${environment.terraformProvider}, -parallelism=10 (Pulumi's default parallelism here: ${environment.pulumiParallel})`
    : `; Terraform not measured: ${results.peerMissing ?? "not asked for"}`;
  out.push(
    `Measured ${environment.date} on ${environment.machine}; Node.js ${environment.node}, Pulumi CLI ${environment.pulumi}, @pulumi/pulumi ${environment.sdk}${peer}; load average ${environment.loadBefore} before, ${environment.loadAfter} after; the whole run took ${environment.minutes} minutes.`,
  );
  out.push("");
  out.push("### Targets");
  out.push("");
  const met = checks.filter((c) => c.ok).length;
  out.push(`${met} of ${checks.length} targets met.`);
  out.push("");
  out.push(
    table(
      ["Group", "Target", "Measured", "The floor (Pulumi alone)", "Wanted", "Result"],
      checks.map((c) => [c.group, c.name, c.value, cell(c.floor), c.target, c.ok ? "ok" : "**missed**"]),
    ),
  );

  for (const n of sizes) {
    out.push("");
    const repeats = rowOf(results, n, "posthog", "up")?.repeats;
    const median = repeats ? ` (each number the median of ${repeats} runs)` : "";
    out.push(`### ${n} projects: Pulumi and Terraform side by side${median}`);
    out.push("");
    out.push(
      sideBySide(
        (command) => ({
          p: rowOf(results, n, "posthog", command),
          b: rowOf(results, n, "bare", command),
          t: rowOf(results, n, "terraform", command),
        }),
        Boolean(results.sizes[n].terraform),
        sideBySideColumns(n, "project"),
      ),
    );
    out.push("");
    out.push(`#### ${n} projects: Pulumi in detail`);
    out.push("");
    const rows = COMMANDS.map((command) => {
      const p = rowOf(results, n, "posthog", command);
      const b = rowOf(results, n, "bare", command);
      const r = rowOf(results, n, "raw", command);
      return [
        command,
        cell(p && fmtS(p.ms)),
        cell(b && fmtS(b.ms)),
        cell(r && fmtS(r.ms)),
        cell(p?.program && fmtS(p.program.cpuMs)),
        cell(b?.program && fmtS(b.program.cpuMs)),
        cell(p?.program && fmtMb(p.program.maxRssKb)),
        cell(b?.program && fmtMb(b.program.maxRssKb)),
        cell(p?.provider && fmtS(p.provider.cpuMs)),
        cell(b?.provider && fmtS(b.provider.cpuMs)),
      ];
    });
    out.push(
      table(
        [
          "Command",
          "Wall s",
          "Floor wall s",
          "Raw script s",
          "Program CPU s",
          "Floor program CPU s",
          "Program peak MB",
          "Floor program peak MB",
          "Provider host CPU s",
          "Floor host CPU s",
        ],
        rows,
      ),
    );
  }

  if (results.flags?.flags) out.push("", ...flagsTable(results.flags), "", ...driftTable(results.flags));
  if (results.flags?.interleaved) out.push("", ...turnsTable(results.flags));
  if (results.organization?.organization) out.push("", ...organizationTable(results.organization));

  const ours = costs(results, "posthog");
  const floor = costs(results, "bare");
  const theirs = costs(results, "terraform");
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
          "Terraform fixed s",
          "Per project ms",
          "Floor per project ms",
          "Terraform per project ms",
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
            cell(theirs[c] && fmtS(theirs[c].wallMs.intercept)),
            ours[c].wallMs.slope.toFixed(1),
            floor[c].wallMs.slope.toFixed(1),
            cell(theirs[c]?.wallMs.slope.toFixed(1)),
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

  // Where the time per project goes: checkpoints, the engine with a dynamic provider, this provider, the work itself.
  if (sizes.length >= 2 && rowOf(results, sizes[0], "posthog-skip-checkpoints", "up")) {
    const [a, b] = sizes.slice(-2);
    out.push("");
    out.push(`### Where the time per project goes (between ${a} and ${b} projects)`);
    out.push("");
    out.push(
      `Wall time per project, the difference between ${a} and ${b} projects divided by ${b - a}. "Checkpoints": what ` +
        "PULUMI_SKIP_CHECKPOINTS=true saves (the engine then writes the state once, at the end, instead of around every " +
        'step). "Engine": the floor without checkpoints, bare dynamic resources that send no request. "This provider": ' +
        "the real program over the floor, both without checkpoints.",
    );
    out.push("");
    const ms = (v) => cell(v === undefined ? undefined : v.toFixed(1));
    out.push(
      table(
        [
          "Command",
          "Pulumi + provider ms",
          "of which checkpoints",
          "Without checkpoints",
          "Engine (floor without checkpoints)",
          "This provider",
          "Floor with checkpoints",
          "Terraform ms",
          "Raw script ms",
        ],
        COMMANDS.map((c) => {
          const p = perProjectAtScale(results, "posthog", c);
          const pSkip = perProjectAtScale(results, "posthog-skip-checkpoints", c);
          const bSkip = perProjectAtScale(results, "bare-skip-checkpoints", c);
          return [
            c,
            ms(p),
            ms(p !== undefined && pSkip !== undefined ? p - pSkip : undefined),
            ms(pSkip),
            ms(bSkip),
            ms(pSkip !== undefined && bSkip !== undefined ? pSkip - bSkip : undefined),
            ms(perProjectAtScale(results, "bare", c)),
            ms(perProjectAtScale(results, "terraform", c)),
            ms(perProjectAtScale(results, "raw", c)),
          ];
        }),
      ),
    );
    out.push("");
    out.push(`Wall time at ${b} projects, s:`);
    out.push("");
    const at = (program, c) => cell(rowOf(results, b, program, c) && fmtS(rowOf(results, b, program, c).ms));
    out.push(
      table(
        [
          "Command",
          "Pulumi + provider",
          "Same, PULUMI_SKIP_CHECKPOINTS",
          "Floor",
          "Floor, PULUMI_SKIP_CHECKPOINTS",
          "Terraform",
          "Raw script",
        ],
        COMMANDS.map((c) => [
          c,
          at("posthog", c),
          at("posthog-skip-checkpoints", c),
          at("bare", c),
          at("bare-skip-checkpoints", c),
          at("terraform", c),
          at("raw", c),
        ]),
      ),
    );
  }

  // What each process of a command holds at its peak, at the largest size.
  const n = sizes[sizes.length - 1];
  const byProcess = (program, c) => processesOf(rowOf(results, n, program, c));
  if (n !== undefined && rowOf(results, n, "posthog", "up")?.treeKb) {
    out.push("");
    out.push(`### Peak memory by process, ${n} projects (MB; processes of one name added up, their number in brackets)`);
    out.push("");
    out.push(
      table(
        ["Command", "Pulumi + provider", "Floor", "Terraform"],
        COMMANDS.map((c) => [c, byProcess("posthog", c), byProcess("bare", c), byProcess("terraform", c)]),
      ),
    );
  }

  if (results.yaml) {
    out.push("");
    const repeats = results.yaml[0]?.repeats;
    out.push(`### A YAML program through the provider plugin, one project${repeats ? ` (each number the median of ${repeats} runs)` : ""}`);
    out.push("");
    out.push(
      table(
        ["Command", "Wall s", "Requests", "Peak MB (whole command)", "By process, MB", "State per project"],
        results.yaml.map((r) => [
          r.command,
          (r.ms / 1000).toFixed(2),
          String(r.requests),
          cell(r.peakKb && fmtMb(r.peakKb)),
          processesOf(r),
          cell(r.stateBytesPerResource && fmtBytes(r.stateBytesPerResource)),
        ]),
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

/** The stack of feature flags: Pulumi + provider, its floor and Terraform's posthog_feature_flag. */
function flagsTable(flags) {
  const n = flags.count;
  const rowsOf = (command) => {
    const [p, b, t] = ["flags", "bare-flags", "terraform"].map((program) => flags[program]?.find((r) => r.command === command));
    return { p, b, t };
  };
  const programPeak = measured("Program peak MB", (r) => r.program && fmtMb(r.program.maxRssKb), ["p", "b"]);
  return [
    `### ${n} feature flags in one stack: Pulumi, the floor and Terraform side by side`,
    "",
    sideBySide(rowsOf, Boolean(flags.terraform), sideBySideColumns(n, "flag", programPeak)),
    "",
    "The floor: the same stack as bare dynamic resources returning the outputs FeatureFlag keeps of one real flag record (no HTTP). Terraform: " +
      "`posthog_feature_flag` with the same key, name, active and filters (its `filters` is JSON text), -parallelism=10; " +
      "its requests as counted above (it reads each flag before an update and a destroy).",
    "",
    `### ${n} feature flags: CPU time by process (s), Pulumi + provider against the floor`,
    "",
    cpuTable(rowsOf, Boolean(flags.terraform)),
    "",
    "CPU time (user + system) of each process of the command, as /proc last showed it (bench/process-tree.js): the engine " +
      "(`pulumi`), the program (`refresh` and `destroy` run none) and the dynamic-provider host (measured at their exit, " +
      "bench/measure.js), and the local server's work for the command (the floor sends it nothing). Unlike wall time, it " +
      "hardly moves with a shared machine's load.",
  ];
}

/** Each command's CPU time by process, this package's stack beside its floor (and Terraform's whole). */
function cpuTable(rowsOf, hasPeer) {
  const s = (ms) => (ms === undefined ? "–" : fmtS(ms));
  const engine = (r) => r?.treeCpuMs?.["pulumi"];
  const total = (r) => r && (r.cpuMs ?? 0) + (r.serverCpuMs ?? 0);
  return table(
    [
      "Command",
      "Engine: Pulumi",
      "Floor",
      "Program: Pulumi",
      "Floor",
      "Provider host: Pulumi",
      "Floor",
      "Local server",
      "All: Pulumi",
      "Floor",
      "Pulumi ÷ floor",
      ...(hasPeer ? ["Terraform (all)"] : []),
    ],
    COMMANDS.map((command) => {
      const { p, b, t } = rowsOf(command);
      return [
        command,
        s(engine(p)),
        s(engine(b)),
        s(p?.program?.cpuMs),
        s(b?.program?.cpuMs),
        s(p?.provider?.cpuMs),
        s(b?.provider?.cpuMs),
        s(p?.serverCpuMs),
        s(total(p)),
        s(total(b)),
        cell(p && b && total(b) && `${(total(p) / total(b)).toFixed(2)} ×`),
        ...(hasPeer ? [s(t?.cpuMs)] : []),
      ];
    }),
  );
}

/** The drift checks of the flag stack, with and without PostHog's limits: Pulumi, the floor and Terraform. */
function driftTable(flags) {
  const n = flags.count;
  const rowOf = (program, command) => flags[program]?.find((r) => r.command === command);
  const hasPeer = Boolean(flags.terraform);
  return [
    `### Drift checks of ${n} feature flags, without limits and at PostHog's (480/minute)`,
    "",
    table(
      ["Command", "Pulumi + provider s", "Floor s", "Terraform s", "Pulumi ÷ Terraform", "Requests: Pulumi (list pages)", "Terraform"],
      [...DEFAULT_DRIFT, ...DRIFT_COMMANDS].map((command) => {
        const [p, b, t] = [rowOf("flags", command), rowOf("bare-flags", command), rowOf("terraform", terraformRowOf(command))];
        const ended = t?.status !== undefined && t.status !== 0 && !(command.startsWith("preview") && t.status === 2);
        return [
          hasPeer ? `${command} (terraform ${TERRAFORM_DRIFT(command)})` : command,
          cell(p && fmtS(p.ms)),
          cell(b && fmtS(b.ms)),
          cell(t && `${fmtS(t.ms)}${ended ? ` (exit ${t.status})` : ""}`),
          cell(p && t && `${(p.ms / t.ms).toFixed(2)} ×`),
          cell(p && `${p.requests} (${Math.ceil(n / LIST_PAGE)})`),
          cell(t && `${t.requests}${t.throttled ? `, ${t.throttled} answered 429` : ""}`),
        ];
      }),
    ),
    "",
    "Reads of one kind in one project that arrive together are answered from its list, 100 to a page (src/kit/list-reads.ts); " +
      "The first two rows keep the CLI's defaults (the engine sends a refresh's reads 4 per CPU at a time, and the provider answers them from the pages its operation read); the others run with --parallel above the stack's size; " +
      "Terraform's provider reads each flag by its GET. At 480/minute the local server throttles as PostHog Cloud does and the " +
      "provider keeps the limits (posthog:rateLimited); the limit's window is shared with the commands just before.",
  ];
}

/** The flag stack's drift checks and its floor's, run in turn (bench/cli.js benchInterleaved): every run and the medians. */
function turnsTable(flags) {
  const { count, repeat, runs, medians } = flags.interleaved;
  const times = (rows) => rows.map((r) => fmtS(r.ms)).join(", ");
  return [
    `### Drift checks of ${count} feature flags and of the floor, in turn (${repeat} rounds, without limits)`,
    "",
    table(
      [
        "Command",
        "Pulumi + provider s (each run)",
        "Floor s (each run)",
        "Median: Pulumi + provider s",
        "Median: floor s",
        "Over the floor s",
        "Requests: Pulumi (each run)",
      ],
      Object.keys(runs.flags).map((command) => [
        command,
        times(runs.flags[command]),
        times(runs["bare-flags"][command]),
        fmtS(medians.flags[command]),
        fmtS(medians["bare-flags"][command]),
        fmtS(medians.flags[command] - medians["bare-flags"][command]),
        runs.flags[command].map((r) => r.requests).join(", "),
      ]),
    ),
    "",
    "Both stacks up at once; each round runs each command on the one, then on the other, the order swapped every round, " +
      "so that the load of a shared machine falls on both alike.",
  ];
}

/**
 * The fewest requests a drift check of the organization needs: each project's flag, cohort and action lists (actions
 * answer whole, one page), and one GET for each project and each dashboard.
 */
function organizationRequests({ count, perProject: [flags, cohorts, actions, dashboards] }) {
  const pages = (n) => (n > 0 ? Math.ceil(n / LIST_PAGE) : 0);
  return count * (pages(flags) + pages(cohorts) + (actions > 0 ? 1 : 0) + 1 + dashboards);
}

/** The drift checks of the organization, with and without PostHog's limits: Pulumi and Terraform. */
function organizationTable(org) {
  const rowOf = (program, command) => org[program]?.find((r) => r.command === command);
  const [flags, cohorts, actions, dashboards] = org.perProject;
  return [
    `### Drift checks of an organization: ${org.count} projects of ${flags} flags, ${cohorts} cohorts, ${actions} actions and ${dashboards} dashboards`,
    "",
    table(
      ["Command", "Pulumi + provider s", "Terraform s", "Pulumi ÷ Terraform", "Requests: Pulumi (fewest)", "Terraform"],
      [...COMMANDS.slice(0, 2), ...DEFAULT_DRIFT, ...DRIFT_COMMANDS].map((command) => {
        const [p, t] = [rowOf("organization", command), rowOf("terraform", terraformRowOf(command))];
        const ended = t?.status !== undefined && t.status !== 0 && !(command.startsWith("preview") && t.status === 2);
        return [
          command,
          cell(p && fmtS(p.ms)),
          cell(t && `${fmtS(t.ms)}${ended ? ` (exit ${t.status})` : ""}`),
          cell(p && t && `${(p.ms / t.ms).toFixed(2)} ×`),
          cell(p && `${p.requests}${[...DEFAULT_DRIFT, ...DRIFT_COMMANDS].includes(command) ? ` (${organizationRequests(org)})` : ""}`),
          cell(t && `${t.requests}${t.throttled ? `, ${t.throttled} answered 429` : ""}`),
        ];
      }),
    ),
    "",
    `${org.resources} Pulumi resources. Terraform declares the same projects, flags, actions and dashboards (its provider ` +
      "1.0.13 has no cohort, so its stack is smaller) and reads each object by its GET; Pulumi's refresh and preview " +
      "--refresh keep the CLI's defaults, its drift checks run with --parallel above the stack's size, and all read " +
      "flags, cohorts and actions from their lists, projects and dashboards by GET. The fewest requests: each list's " +
      "pages in each project, and one GET per project and per dashboard.",
  ];
}

module.exports = { evaluate, renderMarkdown, costs, linearFit, TARGETS, COMMANDS, TERRAFORM_COMMANDS };
