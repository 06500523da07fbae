/**
 * The contract every registered kind keeps (test/helpers/contract.ts), through its hosted provider over loopback
 * against the local server, in both PostHog versions the server plays: today's and 2025-08-04's. A kind registered in
 * src/kinds/index.ts is a case here with no other edit.
 */
import { Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import { contractCases, ContractRun, ingestedByExamples, refusedBy2025_08_04 } from "../helpers/contract";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { versions } from "../helpers/project-scoped";

describe.each(versions)("PostHog %s", (version) => {
  let server: LocalPostHog;
  let run: ContractRun;
  beforeAll(async () => {
    server = await startLocalPostHog({ postHogVersion: version });
    const http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false, retry: { attempts: 2, baseDelayMs: 10 } });
    const project = await projects.createProject(http, server.organizationId, { name: "Contract" });
    // The member the examples name (OrganizationMember's, found by email): someone who belongs, not the key's user.
    await server.control.createKey({ organizationId: server.organizationId, userEmail: "ana@example.com", level: "member" });
    // The definitions the examples take over, as ingestion would have made them.
    await server.control.seedDefinitions(project.id, ingestedByExamples);
    run = new ContractRun({ url: server.url, apiKey: server.apiKey, organizationId: server.organizationId, projectId: project.id, http });
  });
  afterAll(() => server?.close());

  contractCases({
    postHog: version === "current" ? "today's PostHog" : `PostHog ${version}`,
    run: () => run,
    ...(version === "2025-08-04" ? { refused: refusedBy2025_08_04 } : {}),
    requests: () => ({
      clear: () => server.clearRequests(),
      writes: async () => (await server.requests()).filter((r) => r.method !== "GET").map(({ method, bodyKeys }) => ({ method, bodyKeys })),
    }),
  });
});
