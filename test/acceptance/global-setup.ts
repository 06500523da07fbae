/** Jest globalSetup of the acceptance tier: the real PostHog to test against, started here if need be (real-posthog.ts). */
import { type Provisioned, provision, publish } from "./real-posthog";

declare global {
  // Read back by global-teardown.ts: Jest runs both in the same process.
  var posthogAcceptance: Provisioned | undefined;
}

export default async function globalSetup(): Promise<void> {
  const provisioned = await provision();
  globalThis.posthogAcceptance = provisioned;
  publish(provisioned.target);
  const { url, organizationId, projectId, projectMadeForRun, prefix, version, versionFrom } = provisioned.target;
  const project = `project ${projectId}${projectMadeForRun ? ` (made for this run: ${prefix}target)` : ""}`;
  process.stderr.write(
    `\nAcceptance target: ${url} (PostHog ${version}, ${versionFrom}), organization ${organizationId}, ${project}, prefix ${prefix}\n`,
  );
}
