/** What PostHog holds, as a user would check it in PostHog: projects not being deleted. */
import { PostHogError, type ProjectRecord, type Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";

/**
 * The projects PostHog has and is not deleting: a deleted project stays listed until PostHog purges it, and one
 * purged between the list and its GET answers 404 (it is gone, not live).
 */
export async function liveProjects(http: Transport, organizationId: string): Promise<ProjectRecord[]> {
  const listed = await projects.listProjects(http, organizationId);
  const records = await Promise.all(
    listed.map((p) =>
      projects.getProject(http, organizationId, p.id).catch((error: unknown) => {
        if (error instanceof PostHogError && error.isNotFound) return undefined;
        throw error;
      }),
    ),
  );
  return records.filter((r): r is ProjectRecord => r !== undefined && r["is_pending_deletion"] !== true);
}
