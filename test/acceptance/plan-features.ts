/**
 * Plan features for the acceptance tier: an organization of its own whose plan has them, granted as PostHog's own
 * tests grant them (`Organization.available_product_features`, posthog/models/organization.py), through Django in the
 * local backend (./grant-features.py with the backend's settings, env.sh). A PostHog the tier reaches only over its
 * API (an external target) cannot be given features: `undefined`, and the tests that need them say so and skip.
 * The same Django run may seed event and property definitions (`seed`), which only ingestion makes.
 */
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { type AcceptanceTarget, backendScripts } from "./real-posthog";

export interface FeaturedOrganization {
  organizationId: string;
  projectId: number;
  /** The definitions `seed` asked for, each with its UUID. */
  seeded: SeededDefinition[];
}

/** Definitions to make in a project as ingestion makes them: `projectId` null, the featured organization's own. */
export interface DefinitionSeed {
  projectId: number | null;
  events?: string[];
  properties?: Array<{ name: string; type: "event" | "person" | "group"; groupTypeIndex?: number; propertyType?: string }>;
}

export interface SeededDefinition {
  projectId: number;
  name: string;
  id: string;
  /** Property definitions only. */
  type?: "event" | "person" | "group";
  groupTypeIndex?: number | null;
}

/**
 * The organization named `name` with `features` on its plan, its backend user an owner, one project, and the
 * definitions `seed` asks for (idempotent).
 */
export function organizationWithFeatures(
  target: AcceptanceTarget,
  name: string,
  features: readonly string[],
  seed: readonly DefinitionSeed[] = [],
): FeaturedOrganization | undefined {
  if (!target.account) return undefined;
  const what = `Granting ${features.join(", ")}`;
  return djangoRun(what, path.join(__dirname, "grant-features.py"), [
    target.account.email,
    name,
    features.join(","),
    JSON.stringify(seed),
  ]) as FeaturedOrganization;
}

/**
 * A script of this folder run with Django in the local backend (PostHog's source tree, env.sh's settings), for what
 * PostHog's API cannot make there; its last line of output is JSON, answered parsed. Django's start takes a minute or
 * more on this machine's two cores.
 */
export function djangoRun(what: string, script: string, args: readonly string[]): unknown {
  const env = path.join(backendScripts(), "env.sh");
  const result = spawnSync(
    "bash",
    ["-c", 'source "$1" && shift && cd "$PH_SRC" && "$VENV/bin/python" "$@"', "django", env, script, ...args],
    {
      encoding: "utf8",
      timeout: 600_000,
    },
  );
  const last = result.stdout.trim().split("\n").at(-1) ?? "";
  if (result.status !== 0 || !last.startsWith("{"))
    throw new Error(`${what} failed (exit ${result.status ?? result.signal}): ${result.stderr.split("\n").slice(-10).join("\n")}`);
  return JSON.parse(last);
}
