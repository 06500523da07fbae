/**
 * "Machines" for team tests: each one a working copy of this repository's root program at its own path, with its
 * own PULUMI_HOME (login, selected stack, logs), running the real Pulumi CLI as a person or a CI runner would type
 * it. Commands run as asynchronous child processes: the local PostHog server lives in the jest process and must
 * keep answering while they run.
 *
 * A working copy holds what a clone of the repository holds for the program (Pulumi.yaml, package.json,
 * examples/projects-from-config/), plus what `npm ci && npm run build` would leave there: lib/ (copied from this
 * repository's build) and node_modules (hard links to this repository's, a real directory like `npm ci` makes,
 * or a copy across file systems). Not a symlink: Node records the real paths of the modules it loads, so a
 * node_modules symlink would put this repository's path into the state's source positions.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout then stderr. */
  output: string;
}

export interface Running {
  pid: number;
  done: Promise<CliResult>;
}

export interface Machine {
  name: string;
  /** The working copy. */
  dir: string;
  /** Its PULUMI_HOME. */
  home: string;
  env: Record<string, string>;
  /** Starts `pulumi ARGS` in the working copy. */
  start(args: string[], env?: Record<string, string>): Running;
  /** Runs `pulumi ARGS` in the working copy to its end. */
  pulumi(args: string[], env?: Record<string, string>): Promise<CliResult>;
  /** Runs a shell script with `bash -eo pipefail` (what GitHub Actions runs `shell: bash` steps with). */
  bash(script: string, env?: Record<string, string>): Promise<CliResult>;
  /** The working copy's Pulumi.<stack>.yaml. */
  stackFile(stack: string): string;
}

/** The files of the repository the root program needs; node_modules and lib come as `npm ci && npm run build` would. */
export async function workingCopy(repoRoot: string, dir: string): Promise<void> {
  fs.mkdirSync(path.join(dir, "examples"), { recursive: true });
  for (const file of ["Pulumi.yaml", "package.json"]) fs.copyFileSync(path.join(repoRoot, file), path.join(dir, file));
  fs.cpSync(path.join(repoRoot, "examples", "projects-from-config"), path.join(dir, "examples", "projects-from-config"), {
    recursive: true,
  });
  fs.cpSync(path.join(repoRoot, "lib"), path.join(dir, "lib"), { recursive: true });
  const linked = await exec("cp", ["-al", path.join(repoRoot, "node_modules"), path.join(dir, "node_modules")], {
    cwd: dir,
    env: process.env as Record<string, string>,
  });
  if (linked.code !== 0) {
    fs.rmSync(path.join(dir, "node_modules"), { recursive: true, force: true });
    await fs.promises.cp(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"), { recursive: true, verbatimSymlinks: true });
  }
}

/**
 * A machine: PATH with the Pulumi CLI directory first, its own PULUMI_HOME, and nothing inherited that would steer
 * the CLI or the provider (PULUMI_*, POSTHOG_*, PG* variables of the test's own environment are dropped).
 */
export function machine(name: string, dir: string, home: string, cliBin: string, env: Record<string, string>): Machine {
  fs.mkdirSync(home, { recursive: true });
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !/^(PULUMI_|POSTHOG_|PG)/.test(entry[0]),
    ),
  );
  const base: Record<string, string> = {
    ...inherited,
    PATH: `${cliBin}${path.delimiter}${process.env["PATH"]}`,
    PULUMI_HOME: home,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    // `npm run typecheck` type-checks the program once; the CLI runs it transpiled only.
    PULUMI_NODEJS_TRANSPILE_ONLY: "true",
    ...env,
  };
  const self: Machine = {
    name,
    dir,
    home,
    env: base,
    start(args, extra = {}) {
      return run("pulumi", args, { cwd: dir, env: { ...self.env, ...extra } });
    },
    pulumi: (args, extra) => self.start(args, extra).done,
    bash: (script, extra = {}) => exec("bash", ["-eo", "pipefail", "-c", script], { cwd: dir, env: { ...self.env, ...extra } }),
    stackFile: (stack) => path.join(dir, `Pulumi.${stack}.yaml`),
  };
  return self;
}

const TIMEOUT_MS = 180_000;

function run(command: string, args: string[], options: { cwd: string; env: Record<string, string> }): Running {
  const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), TIMEOUT_MS);
  const done = new Promise<CliResult>((resolve) => {
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ code: null, stdout, stderr: `${stderr}${error.message}`, output: `${stdout}${stderr}${error.message}` });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, output: `${stdout}${stderr}` });
    });
  });
  return { pid: child.pid ?? -1, done };
}

const exec = (command: string, args: string[], options: { cwd: string; env: Record<string, string> }) => run(command, args, options).done;
