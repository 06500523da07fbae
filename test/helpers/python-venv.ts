/**
 * The virtualenv with Pulumi's Python SDK that the Python end-to-end tests share (test/languages/plugin.test.ts,
 * test/languages/import.test.ts), kept beside the language hosts' builds between runs. Built in a directory of its own and
 * renamed into place when complete, so that two test files starting at once never use a half-built one.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** The pulumi package on PyPI: the generated SDK needs >= 3.269; this is the version of the Node.js SDK here. */
export const PYTHON_PULUMI = "3.270.0";

function run(file: string, args: string[]): Promise<void> {
  const child = spawn(file, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (status) => (status === 0 ? resolve() : reject(new Error(`${file} ${args.join(" ")} exited ${status}:\n${output}`))));
  });
}

export async function pythonVirtualenv(): Promise<string> {
  const cache =
    process.env["PULUMI_POSTHOG_CACHE"] ?? path.join(process.env["XDG_CACHE_HOME"] ?? path.join(os.homedir(), ".cache"), "pulumi-posthog");
  const venv = path.join(cache, `python-venv-pulumi-${PYTHON_PULUMI}`);
  const marker = path.join(venv, ".ready");
  if (fs.existsSync(marker)) return venv;
  // A directory without the marker is what a run killed mid-build before the rename existed left.
  fs.rmSync(venv, { recursive: true, force: true });
  const building = `${venv}.building-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(cache, { recursive: true });
  await run("python3", ["-m", "venv", building]);
  // wheel: the generated SDK is a setup.py package, built here without pip's isolated (downloaded) build tools.
  await run(path.join(building, "bin", "python"), [
    "-m",
    "pip",
    "install",
    "--quiet",
    "--disable-pip-version-check",
    `pulumi==${PYTHON_PULUMI}`,
    "wheel",
  ]);
  fs.writeFileSync(path.join(building, ".ready"), `pulumi==${PYTHON_PULUMI} wheel\n`);
  try {
    // The virtualenv's python finds its packages from where it is (pyvenv.cfg beside it): it may move.
    fs.renameSync(building, venv);
  } catch {
    // Another test file finished first: use its virtualenv.
    fs.rmSync(building, { recursive: true, force: true });
  }
  if (!fs.existsSync(marker)) throw new Error(`${venv} was not built`);
  return venv;
}
