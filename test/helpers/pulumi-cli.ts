/**
 * The real Pulumi CLI for end-to-end tests (testing layer 4), through the Automation API with a file backend in a
 * temporary directory, against a PostHog: the local server (test/e2e/) or a real one (test/acceptance/).
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { LocalWorkspace, PulumiCommand, type Stack } from "@pulumi/pulumi/automation";

export const repoRoot = path.resolve(__dirname, "..", "..");

/** The directory with pulumi, its Node.js language host and the dynamic-provider host script (npm test passes it). */
const { pulumiBin } = require("../../scripts/setup") as { pulumiBin(): string };

export interface PulumiSession {
  env: Record<string, string>;
  command: PulumiCommand;
  stateDir: string;
  /** A stack of the program in `workDir`, with its config file removed again by `cleanup`. */
  stack(workDir: string, name: string, config?: Record<string, string>): Promise<Stack>;
  /** Runs the CLI directly, as a user would type it. */
  cli(workDir: string, args: string[]): { status: number | null; stdout: string; stderr: string };
  cleanup(): Promise<void>;
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

export async function pulumiSession(server: PostHogEndpoint, pathDirs: string[] = []): Promise<PulumiSession> {
  const bin = pulumiBin();
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-state-"));
  const env = cliEnvironment(server, stateDir, [bin, ...pathDirs]);
  const command = await PulumiCommand.get({ root: path.dirname(bin), skipVersionCheck: false });
  const stacks: Stack[] = [];
  return {
    env,
    command,
    stateDir,
    async stack(workDir, name, config = {}) {
      const stack = await LocalWorkspace.createOrSelectStack({ stackName: name, workDir }, { envVars: env, pulumiCommand: command });
      for (const [key, value] of Object.entries(config)) await stack.setConfig(key, { value });
      stacks.push(stack);
      return stack;
    },
    cli(workDir, args) {
      const result = spawnSync("pulumi", args, { cwd: workDir, env: { ...process.env, ...env }, encoding: "utf8" });
      return { status: result.status, stdout: result.stdout, stderr: result.stderr };
    },
    async cleanup() {
      for (const stack of stacks) {
        await stack.destroy().catch(() => undefined);
        await stack.workspace.removeStack(stack.name, { force: true }).catch(() => undefined);
      }
      fs.rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/** The `~ setting: old => new` lines of a `preview --diff`, spaced as the README shows them. */
export function changedSettings(stdout: string): string[] {
  return stdout
    .split("\n")
    .filter((line) => /^\s*~ \w+\s*: .* => /.test(line))
    .map((line) => line.trim().replace(/\s+:/, ":"));
}
