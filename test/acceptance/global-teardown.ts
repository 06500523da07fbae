/**
 * Jest globalTeardown of the acceptance tier: whatever the tests left (a failed test's projects) is deleted by the
 * run's prefix, then the backend is stopped if this run started it.
 */
import { spawnSync } from "node:child_process";
import { sweep } from "./real-posthog";

export default async function globalTeardown(): Promise<void> {
  const provisioned = globalThis.posthogAcceptance;
  if (!provisioned) return;
  try {
    const swept = await sweep(provisioned.target);
    if (swept.length > 0) process.stderr.write(`Acceptance teardown deleted what tests left: ${swept.join(", ")}\n`);
  } finally {
    const started = provisioned.startedBackend;
    if (started) spawnSync("bash", [started.stopScript], { env: started.env, stdio: ["ignore", "ignore", "inherit"] });
  }
}
