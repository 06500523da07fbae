import { spawn } from "node:child_process";

/**
 * A command to its end, as an asynchronous child process (the local server answers from the test's own event loop):
 * its stdout and stderr as they came; fails with them unless it exited 0.
 */
export function command(cwd: string, file: string, args: string[], env: Record<string, string | undefined>): Promise<string> {
  const child = spawn(file, args, { cwd, env });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (status) =>
      status === 0 ? resolve(output) : reject(new Error(`${file} ${args.join(" ")} exited ${status}:\n${output}`)),
    );
  });
}
