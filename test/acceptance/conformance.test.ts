/**
 * Differential conformance: the requests of test/helpers/conformance-requests.ts, sent in order to the real PostHog
 * and to the local server in the mode that plays its version, must get the same status, error `type`/`code`/`attr`
 * and body keys. The local server's default mode (today's PostHog) must agree too wherever the answer does not depend
 * on the version, and differ where the table says today's PostHog answers otherwise (so that a stale reason shows).
 */
import { startLocalPostHog, groupIdentify, type LocalPostHog } from "../helpers/local-posthog";
import { difference, runAll, type ConformanceRequest, type Outcome, type Target } from "../helpers/conformance";
import { conformanceCases } from "../helpers/conformance-requests";
import { type AcceptanceTarget, acceptanceTarget, grants } from "./real-posthog";

const real = acceptanceTarget();
/** The local server's mode that plays the PostHog at hand: an external PostHog is taken to run today's. */
const matchingMode = real.version === "2025-08-04" ? "2025-08-04" : "current";

/**
 * What the target can be asked: requests needing a key it does not have are left out, those reading the seeded
 * groups where it has none (an external PostHog's project has none to compare), and those made "without" a scope
 * its key has (an external PostHog's key has them all).
 */
function askable(target: AcceptanceTarget): ConformanceRequest[] {
  return conformanceCases.filter(
    (c) =>
      (c.key !== "orgReadKey" || target.keys.organizationRead) &&
      (c.key !== "allKey" || target.keys.all) &&
      (target.seededGroups || !/\{groups\}\/groups/.test(c.path)) &&
      !grants(target.keyScopes, /without ([a-z_]+:(?:read|write))/.exec(c.name)?.[1]),
  );
}

/**
 * A local server set up as the target is: its key's scopes (the real backend's bootstrap makes the two others too),
 * and a project with company/acme where the target's has them.
 */
async function localTarget(server: LocalPostHog, name: string): Promise<Target> {
  const scopes = real.keyScopes;
  const keys = {
    projectKey: await server.key({ scopes }),
    orgReadKey: await server.key({ scopes: [...scopes, "organization:read"] }),
    allKey: await server.key({ scopes: ["*"] }),
  };
  const created = await fetch(`${server.url}/api/organizations/${server.organizationId}/projects/`, {
    method: "POST",
    headers: { Authorization: `Bearer ${keys.allKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Default project" }),
  });
  const project = (await created.json()) as { id: number; api_token: string };
  if (real.seededGroups) await server.capture(project.api_token, [groupIdentify("company", "acme", { name: "Acme Inc" })]);
  return { name, url: server.url, keys, organizationId: server.organizationId, groupsProjectId: project.id };
}

const servers: LocalPostHog[] = [];
const outcomes: Record<"real" | "2025-08-04" | "current", Map<string, Outcome>> = {
  real: new Map(),
  "2025-08-04": new Map(),
  current: new Map(),
};
const requests = askable(real);

beforeAll(async () => {
  const realTarget: Target = {
    name: "real",
    url: real.url,
    keys: { projectKey: real.keys.projectWrite, orgReadKey: real.keys.organizationRead ?? "", allKey: real.keys.all ?? "" },
    organizationId: real.organizationId,
    groupsProjectId: real.projectId,
  };
  const realRun = { target: realTarget, prefix: `${real.prefix}conformance`, created: {} as Record<string, number | string> };
  const locals = await Promise.all(
    (["2025-08-04", "current"] as const).map(async (mode) => {
      const server = await startLocalPostHog({ postHogVersion: mode });
      servers.push(server);
      return { mode, run: { target: await localTarget(server, mode), prefix: "conformance", created: {} } };
    }),
  );
  try {
    const [realOutcomes, ...localOutcomes] = await Promise.all([
      runAll(requests, realRun),
      ...locals.map(({ run }) => runAll(requests, run)),
    ]);
    outcomes.real = realOutcomes!;
    locals.forEach(({ mode }, i) => {
      outcomes[mode] = localOutcomes[i]!;
    });
  } finally {
    // The run deletes its scratch project itself; the others (a second one, a duplicate) are deleted here, by name:
    // the other ids it remembered are a flag's, a holdout's, …, which may be another project's number.
    for (const id of [realRun.created["second"], realRun.created["duplicate"]].filter((id) => typeof id === "number"))
      await fetch(`${real.url}/api/projects/${id}/`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${real.keys.all ?? real.apiKey}` },
      });
  }
});
afterAll(() => Promise.all(servers.map((s) => s.close())));

test(`the local server's ${matchingMode} mode answers every request as the real PostHog (${real.version})`, () => {
  const differences = requests
    .map((r) => [r.name, difference(outcomes.real.get(r.name)!, outcomes[matchingMode].get(r.name)!)] as const)
    .filter(([, d]) => d !== "")
    .map(([name, d]) => `${name}: ${d}`);
  expect(differences).toEqual([]);
});

if (matchingMode === "2025-08-04") {
  test("the local server's default mode (today's PostHog) agrees wherever the version does not matter, and differs where it does", () => {
    const wrong: string[] = [];
    for (const r of requests) {
      const d = difference(outcomes.real.get(r.name)!, outcomes.current.get(r.name)!);
      const today = conformanceCases.find((c) => c.name === r.name)!.today;
      if (today === undefined && d !== "") wrong.push(`${r.name}: ${d}`);
      if (today !== undefined && d === "") wrong.push(`${r.name}: answered as 2025-08-04 does, but the table says ${today}`);
    }
    expect(wrong).toEqual([]);
  });
}
