/**
 * The opening the client's endpoint tests share: a local PostHog, a Transport to it (no rate limiter, quick retries)
 * and a fresh project in it.
 */
import { Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import { type LocalPostHog, startLocalPostHog } from "./local-posthog";

export interface ClientProject {
  server: LocalPostHog;
  http: Transport;
  projectId: number;
}

export async function startClientProject(projectName: string): Promise<ClientProject> {
  const server = await startLocalPostHog();
  const http = new Transport({
    host: server.url,
    apiKey: server.apiKey,
    rateLimits: false,
    retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 },
  });
  const projectId = (await projects.createProject(http, server.organizationId, { name: projectName })).id;
  return { server, http, projectId };
}
