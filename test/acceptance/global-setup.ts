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
  const { url, organizationId, prefix, version } = provisioned.target;
  process.stderr.write(`\nAcceptance target: ${url} (PostHog ${version}), organization ${organizationId}, prefix ${prefix}\n`);
}
