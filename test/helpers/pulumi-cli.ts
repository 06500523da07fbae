/**
 * The real Pulumi CLI for end-to-end tests (testing layer 4), through the Automation API with a file backend in a
 * temporary directory, against a PostHog: the local server (test/e2e/) or a real one (test/acceptance/).
 */
import { type ChildProcess, execFile, spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import {
  type Deployment,
  type EngineEvent,
  LocalWorkspace,
  type OutputMap,
  PulumiCommand,
  Stack,
  type UpdateKind,
  type UpdateSummary,
} from "@pulumi/pulumi/automation";

export const repoRoot = path.resolve(__dirname, "..", "..");

/**
 * The directory with pulumi, its Node.js language host and the dynamic-provider host script (npm test passes it); the
 * directory holding the provider plugin; those of the YAML and Python language hosts.
 */
const { pulumiBin, pluginBin, languageHostBins } = require("../../scripts/setup") as {
  pulumiBin(): string;
  pluginBin(): string;
  languageHostBins(): { yaml: string; python: string };
};

export interface PulumiSession {
  env: Record<string, string>;
  command: PulumiCommand;
  stateDir: string;
  /** A stack of the program in `workDir`, with its config file removed again by `cleanup`. */
  stack(workDir: string, name: string, config?: Record<string, string>): Promise<Stack>;
  /** The stacks stack() made, destroyed and removed by `cleanup`. */
  stacks: Stack[];
  /**
   * The stack's state as the backend stores it, its secrets still encrypted: `pulumi stack export`, without the
   * passphrase's slow key derivation that Stack.exportStack (--show-secrets) costs in each run.
   */
  state(stack: Stack): Promise<Deployment>;
  /** Runs the CLI directly, as a user would type it. */
  cli(workDir: string, args: string[]): { status: number | null; stdout: string; stderr: string };
  /**
   * A TypeScript program of these lines (`index.ts`) with its Pulumi.yaml naming the Pulumi project `project`, in a
   * directory of its own under the checkout (so that it finds @pulumi/pulumi and pulumi-posthog), removed by `cleanup`.
   */
  nodeProgram(project: string, lines: string[]): string;
  cleanup(): Promise<void>;
}

export interface SessionOptions {
  /**
   * False for a PostHog thrown away after the test file (the local server): `cleanup` then removes each stack's
   * configuration file and the backend's directory without destroying what it made, which would cost a `pulumi destroy`
   * (the CLI and the provider's host) per stack and check nothing, and without a CLI run at all. True (the default) for
   * a PostHog that stays, such as the acceptance tier's.
   */
  destroyOnCleanup?: boolean;
}

/** Where the CLI's provider sends its requests: the local server (a LocalPostHog is one) or a real PostHog. */
export interface PostHogEndpoint {
  url: string;
  apiKey: string;
  organizationId: string;
}

/** What every CLI run of the tests needs: these directories first on PATH, a file backend, the PostHog to use. */
export function cliEnvironment(server: PostHogEndpoint, stateDir: string, pathDirs: string[]): Record<string, string> {
  return {
    PATH: [...pathDirs, process.env["PATH"]].join(path.delimiter),
    PULUMI_BACKEND_URL: `file://${stateDir}`,
    PULUMI_CONFIG_PASSPHRASE: "end-to-end tests",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    // `npm run typecheck` type-checks the programs once; the CLI runs them transpiled only.
    PULUMI_NODEJS_TRANSPILE_ONLY: "true",
    POSTHOG_HOST: server.url,
    POSTHOG_API_KEY: server.apiKey,
    POSTHOG_ORGANIZATION_ID: server.organizationId,
  };
}

/**
 * What the Automation API reads after each up, refresh and destroy, in CLI runs of their own: the update's summary
 * (`pulumi stack history`, with --show-secrets: the passphrase's deliberately slow key derivation, for values no test
 * reads) and, after an up, the outputs (`pulumi stack output --json`, twice: masked, then with --show-secrets). Both
 * are in the run's own engine events (its summary event's change counts; the stack resource's outputs, each secret
 * as Pulumi's secret signature with its ciphertext masked): taken from there, and the outputs read with the CLI
 * (--show-secrets) only when one of them holds a secret. The summary carries what the events say (the kind, the
 * result, the change counts); no test reads its message, environment or config.
 */
export function summaryWithoutSecrets(stack: Stack): Stack {
  /** What the events of the run in progress said: the Automation API asks for it once the run has ended. */
  let seen: { summary?: UpdateSummary; outputs?: Record<string, unknown> } | undefined;
  const listen = (kind: UpdateKind, onEvent?: (event: EngineEvent) => void) => {
    const run: NonNullable<typeof seen> = {};
    const startTime = new Date();
    seen = run;
    return (event: EngineEvent) => {
      const step = event.resOutputsEvent?.metadata;
      if (step?.type === "pulumi:pulumi:Stack") run.outputs = step.new?.outputs ?? {};
      if (event.summaryEvent) {
        const { resourceChanges } = event.summaryEvent;
        run.summary = {
          kind,
          startTime,
          endTime: new Date(),
          result: "succeeded",
          message: "",
          environment: {},
          config: {},
          version: 0,
          resourceChanges,
        };
      }
      onEvent?.(event);
    };
  };
  const after = <T>(promise: Promise<T>) => promise.finally(() => (seen = undefined));
  stack.up = (options) => after(Stack.prototype.up.call(stack, { ...options, onEvent: listen("update", options?.onEvent) }));
  stack.refresh = (options) => after(Stack.prototype.refresh.call(stack, { ...options, onEvent: listen("refresh", options?.onEvent) }));
  stack.destroy = (options) => after(Stack.prototype.destroy.call(stack, { ...options, onEvent: listen("destroy", options?.onEvent) }));
  stack.info = async () => seen?.summary ?? Stack.prototype.info.call(stack, false);
  stack.outputs = async () => (seen?.outputs === undefined ? outputsDecryptedOnlyIfSecret(stack) : outputsOf(stack, seen.outputs));
  return stack;
}

/**
 * The stack's outputs as Stack.outputs answers them, which runs `pulumi stack output --json` twice, once masked (to
 * tell the secret ones) and once with --show-secrets (the passphrase's key derivation, a CLI run of its own). The
 * masked run alone, when it shows no secret: its values are then the plain ones.
 */
async function outputsDecryptedOnlyIfSecret(stack: Stack): Promise<OutputMap> {
  return outputsOf(stack, JSON.parse((await stackOutput(stack)).stdout) as Record<string, unknown>);
}

/** Pulumi's signature of a secret value, as engine events show one: `{ [SECRET_SIG]: …, ciphertext: "[secret]" }`. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";

/**
 * The outputs, from a masked form (`stack output --json`'s, a secret as "[secret]"; or the events', a secret as its
 * signature), decrypted with one more CLI run only if one holds a secret.
 */
async function outputsOf(stack: Stack, masked: Record<string, unknown>): Promise<OutputMap> {
  // A secret anywhere in an output masks it there: only outputs with no mask at all are the plain ones.
  if (!JSON.stringify(masked).includes('"[secret]"'))
    return Object.fromEntries(Object.entries(masked).map(([key, value]) => [key, { value, secret: false }]));
  const secret = (value: unknown) => value === "[secret]" || (value !== null && typeof value === "object" && SECRET_SIG in value);
  const plain = JSON.parse((await stackOutput(stack, "--show-secrets")).stdout) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(plain).map(([key, value]) => [key, { value, secret: secret(masked[key]) }]));
}

/** `pulumi stack output --json` of the stack, with these flags. */
function stackOutput(stack: Stack, ...flags: string[]): Promise<{ stdout: string }> {
  const { pulumiCommand, workDir, envVars } = stack.workspace;
  return promisify(execFile)(pulumiCommand.command, ["stack", "output", "--json", ...flags, "--stack", stack.name], {
    cwd: workDir,
    env: { ...process.env, ...envVars },
    maxBuffer: 256 * 1024 * 1024,
  });
}

/** A directory under the checkout's .cache (so that programs there find this package and its dependencies). */
export function cacheDir(name: string): string {
  fs.mkdirSync(path.join(repoRoot, ".cache"), { recursive: true });
  return fs.mkdtempSync(path.join(repoRoot, ".cache", `e2e-${name}-`));
}

export async function pulumiSession(
  server: PostHogEndpoint,
  pathDirs: string[] = [],
  { destroyOnCleanup = true }: SessionOptions = {},
): Promise<PulumiSession> {
  const bin = pulumiBin();
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-state-"));
  const env = cliEnvironment(server, stateDir, [bin, ...pathDirs]);
  const command = await PulumiCommand.get({ root: path.dirname(bin), skipVersionCheck: false });
  const stacks: Stack[] = [];
  const programs: string[] = [];
  return {
    env,
    command,
    stateDir,
    stacks,
    async stack(workDir, name, config = {}) {
      const args = { stackName: name, workDir };
      const options = { envVars: env, pulumiCommand: command };
      // `stack init` alone for a new stack (createOrSelectStack runs `stack select` first, which fails for every stack
      // but one a test makes again), and `stack select` only when it exists.
      const stack = await LocalWorkspace.createStack(args, options).catch(() => LocalWorkspace.selectStack(args, options));
      // One `pulumi config set-all` for every key, not a CLI run each.
      if (Object.keys(config).length > 0)
        await stack.setAllConfig(Object.fromEntries(Object.entries(config).map(([key, value]) => [key, { value }])));
      stacks.push(stack);
      return summaryWithoutSecrets(stack);
    },
    async state(stack) {
      // Not spawnSync, as cli() is: the event loop, where the local server answers, is not held.
      const { stdout } = await promisify(execFile)("pulumi", ["stack", "export", "--stack", stack.name], {
        cwd: stack.workspace.workDir,
        env: { ...process.env, ...stack.workspace.envVars },
        maxBuffer: 256 * 1024 * 1024,
      });
      return JSON.parse(stdout) as Deployment;
    },
    cli(workDir, args) {
      const result = spawnSync("pulumi", args, { cwd: workDir, env: { ...process.env, ...env }, encoding: "utf8" });
      return { status: result.status, stdout: result.stdout, stderr: result.stderr };
    },
    nodeProgram(project, lines) {
      const dir = cacheDir(project);
      programs.push(dir);
      fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: ${project}\nruntime: nodejs\nmain: index.ts\n`);
      fs.writeFileSync(path.join(dir, "index.ts"), [...lines, ""].join("\n"));
      return dir;
    },
    async cleanup() {
      for (const stack of stacks) {
        if (!destroyOnCleanup) {
          // Nothing to destroy: the stack's configuration file goes, and its state with the backend below, without a
          // `pulumi stack rm` run per stack (whose second run for two stacks of one name in two directories failed and
          // left the second directory's configuration file behind).
          fs.rmSync(path.join(stack.workspace.workDir, `Pulumi.${stack.name}.yaml`), { force: true });
          continue;
        }
        // `pulumi stack rm` without --force refuses a stack that still has resources: one a test emptied goes in one
        // CLI run, and only the others are destroyed first.
        const removed = await stack.workspace.removeStack(stack.name).then(
          () => true,
          () => false,
        );
        if (removed) continue;
        await stack.destroy().catch(() => undefined);
        await stack.workspace.removeStack(stack.name, { force: true }).catch(() => undefined);
      }
      fs.rmSync(stateDir, { recursive: true, force: true });
      for (const dir of programs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The steps an engine event stream announces, by resource name (a replacement's several steps, all of them). */
export const stepsByName = (steps: Map<string, string[]>) => (event: EngineEvent) => {
  const step = event.resourcePreEvent?.metadata;
  if (!step) return;
  const name = step.urn.split("::").pop()!;
  steps.set(name, [...(steps.get(name) ?? []), step.op]);
};

/** The `~ setting: old => new` lines of a `preview --diff`, spaced as the README shows them. */
export function changedSettings(stdout: string): string[] {
  return stdout
    .split("\n")
    .filter((line) => /^\s*~ \w+\s*: .* => /.test(line))
    .map((line) => line.trim().replace(/\s+:/, ":"));
}

export interface CommandResult {
  status: number | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr as they came. */
  output: string;
}

/**
 * A session for the provider plugin (`pulumi-resource-posthog`) from other Pulumi languages and for the programs
 * `pulumi-posthog import` writes (test/languages/plugin.test.ts and import.test.ts, test/e2e/import.test.ts): the plugin and the YAML and
 * Python language hosts on PATH, programs in a directory of their own under the checkout (so that a Node.js program
 * finds @pulumi/pulumi in its node_modules), and commands run as asynchronous child processes: the local server
 * answers from the test's own event loop, which a synchronous child would block.
 */
export interface PluginSession extends PulumiSession {
  /** Where program() puts programs. */
  workDir: string;
  /** The plugin's executable (a link to the built lib/plugin/serve.js). */
  plugin: string;
  /** A directory `name` under workDir holding these files (copied from a file when given its path). */
  program(name: string, files: Record<string, string | { from: string }>): string;
  /** A command as a user types it (`pulumi` unless `file` is given), in its own process group (so that it can be killed as a terminal would). */
  run(cwd: string, args: string[], file?: string, env?: Record<string, string>): { child: ChildProcess; done: Promise<CommandResult> };
  /** run() to its end; fails with the command's output unless it succeeded. */
  ok(cwd: string, args: string[], file?: string, env?: Record<string, string>): Promise<CommandResult>;
  /** The Python SDK of the plugin, made by `pulumi package gen-sdk` into `dir`/sdk; returns `dir`/sdk/python. */
  pythonSdk(dir: string): Promise<string>;
}

export async function pluginSession(server: PostHogEndpoint, name: string, options: SessionOptions = {}): Promise<PluginSession> {
  const hosts = languageHostBins();
  const plugin = path.join(pluginBin(), "pulumi-resource-posthog");
  const session = await pulumiSession(server, [hosts.yaml, hosts.python, path.dirname(plugin)], options);
  const workDir = cacheDir(name);
  const run: PluginSession["run"] = (cwd, args, file = "pulumi", env = {}) => {
    const child = spawn(file, args, { cwd, env: { ...process.env, ...session.env, ...env }, detached: true });
    const text = { stdout: "", stderr: "", output: "" };
    for (const stream of ["stdout", "stderr"] as const) {
      child[stream].on("data", (chunk: Buffer) => {
        text[stream] += chunk.toString();
        text.output += chunk.toString();
      });
    }
    const done = new Promise<CommandResult>((resolve, reject) => {
      child.on("error", reject);
      child.on("close", (status) => resolve({ status, ...text }));
    });
    return { child, done };
  };
  const ok: PluginSession["ok"] = async (cwd, args, file = "pulumi", env = {}) => {
    const result = await run(cwd, args, file, env).done;
    if (result.status !== 0) throw new Error(`${file} ${args.join(" ")} exited ${result.status}:\n${result.output}`);
    return result;
  };
  return {
    ...session,
    workDir,
    plugin,
    program(dirName, files) {
      const dir = path.join(workDir, dirName);
      fs.mkdirSync(dir, { recursive: true });
      for (const [file, content] of Object.entries(files)) {
        fs.writeFileSync(path.join(dir, file), typeof content === "string" ? content : fs.readFileSync(content.from));
      }
      return dir;
    },
    run,
    ok,
    async pythonSdk(dir) {
      const generated = await ok(dir, ["package", "gen-sdk", plugin, "--language", "python", "--out", "sdk"]);
      if (!generated.output.includes("SDK has been written to"))
        throw new Error(`pulumi package gen-sdk wrote no SDK:\n${generated.output}`);
      return path.join(dir, "sdk", "python");
    },
    async cleanup() {
      // `pulumi import` protects what it records: unprotected first, so that the session's destroy removes it.
      if (options.destroyOnCleanup !== false)
        for (const stack of session.stacks)
          await run(stack.workspace.workDir, ["state", "unprotect", "--all", "--yes", "--stack", stack.name]).done;
      await session.cleanup();
      fs.rmSync(workDir, { recursive: true, force: true });
    },
  };
}
