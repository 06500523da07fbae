/**
 * A command run to its end with the peak memory of its whole process tree, the same instrument for every tool of the
 * benchmark: `pulumi` with its language host, program and provider hosts; `terraform` with its provider plugin.
 * Linux only (/proc): elsewhere the peak is left undefined.
 *
 * Every 50 ms the tree is walked from the command's pid through /proc/<pid>/task/<tid>/children (every thread: a Go
 * program forks from whichever thread runs), and each process's VmHWM (its own peak resident memory, kept by the
 * kernel) is noted. The peak of the tree is the sum of those peaks: an upper bound of what was resident at any one
 * moment, exact when, as here, the processes live through the command together. Only what a process gains in its
 * last 50 ms is missed.
 */
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const { performance } = require("node:perf_hooks");

const SAMPLE_MS = 50;

function childrenOf(pid) {
  const found = [];
  let tasks;
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return found; // gone meanwhile
  }
  for (const tid of tasks) {
    try {
      for (const child of fs.readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").split(" ")) if (child) found.push(Number(child));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return found;
}

/** The kernel's clock ticks a second (`getconf CLK_TCK`: 100 on Linux everywhere Node.js runs). */
const TICKS_PER_SECOND = 100;

/** User + system CPU time of a process so far, in ms, from /proc/<pid>/stat (its 14th and 15th fields). */
function cpuMsOf(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // The name (2nd field) is in brackets and may hold spaces: count the fields after its closing bracket.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** pid → { name, hwmKb, cpuMs } for the tree under `root`, merged into `seen`. */
function sample(root, seen) {
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.pop();
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
      const hwm = Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      const name = /^Name:\s+(.*)$/m.exec(status)?.[1] ?? "?";
      const cpuMs = cpuMsOf(pid);
      const known = seen.get(pid);
      seen.set(pid, { name, hwmKb: Math.max(hwm, known?.hwmKb ?? 0), cpuMs: Math.max(cpuMs, known?.cpuMs ?? 0) });
    } catch {
      continue; // gone meanwhile
    }
    queue.push(...childrenOf(pid));
  }
}

const measurable = process.platform === "linux" && fs.existsSync(`/proc/${process.pid}/task/${process.pid}/children`);

/**
 * Runs `command` and resolves to { status, stdout, stderr, ms, peakKb, byName, countByName, cpuMs, cpuByName }:
 * `peakKb` is the sum of the peaks of the processes of the tree, `byName` the same sum for each program name (/proc's,
 * cut at 15 characters), `countByName` how many processes of that name there were, `cpuMs` the CPU time of the whole
 * tree and `cpuByName` by program name (as last sampled: a process's last 50 ms are missed). CPU time, unlike wall
 * time, hardly moves with the load of a shared machine.
 */
function runMeasured(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], ...options });
    const seen = new Map();
    const timer = measurable && child.pid ? setInterval(() => sample(child.pid, seen), SAMPLE_MS) : undefined;
    if (timer) sample(child.pid, seen);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", (error) => {
      if (timer) clearInterval(timer);
      reject(error);
    });
    child.on("close", (status) => {
      const ms = performance.now() - started;
      if (timer) clearInterval(timer);
      const byName = {};
      const countByName = {};
      const cpuByName = {};
      for (const { name, hwmKb, cpuMs } of seen.values()) {
        byName[name] = (byName[name] ?? 0) + hwmKb;
        countByName[name] = (countByName[name] ?? 0) + 1;
        cpuByName[name] = (cpuByName[name] ?? 0) + cpuMs;
      }
      const sum = (values) => Object.values(values).reduce((total, n) => total + n, 0);
      const measured = timer ? { peakKb: sum(byName), byName, countByName, cpuMs: sum(cpuByName), cpuByName } : { peakKb: undefined };
      resolve({ status, stdout, stderr, ms, ...measured });
    });
  });
}

module.exports = { runMeasured, cpuMsOf };
