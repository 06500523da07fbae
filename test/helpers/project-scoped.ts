/**
 * One local server per PostHog version it plays, each with a project and a provider of a project-scoped resource
 * connected to it: the setup every project-scoped resource's provider test shares. Registers its own beforeAll and
 * afterAll; `setups[version]` is filled once they have run.
 */
import { Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import type { ProviderConfig } from "../../src/provider";
import type { PostHogVersion } from "../../src/server";
import { startLocalPostHog, type LocalPostHog } from "./local-posthog";

export interface ProjectScopedSetup<P> {
  server: LocalPostHog;
  provider: P;
  http: Transport;
  projectId: number;
}

export const versions = ["current", "2025-08-04"] as const;

export function projectScopedSetups<P>(
  projectName: string,
  provider: (connection: { config: ProviderConfig; transport: Transport }) => P,
): Partial<Record<PostHogVersion, ProjectScopedSetup<P>>> {
  const setups: Partial<Record<PostHogVersion, ProjectScopedSetup<P>>> = {};
  beforeAll(async () => {
    for (const version of versions) {
      const server = await startLocalPostHog({ postHogVersion: version });
      const http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false, retry: { attempts: 2, baseDelayMs: 10 } });
      const project = await projects.createProject(http, server.organizationId, { name: `${projectName} ${version}` });
      const config: ProviderConfig = {
        host: server.url,
        apiKey: server.apiKey,
        organizationId: server.organizationId,
        projectId: String(project.id),
      };
      setups[version] = { server, http, projectId: project.id, provider: provider({ config, transport: http }) };
    }
  });
  afterAll(() => Promise.all(Object.values(setups).map((s) => s.server.close())));
  return setups;
}
