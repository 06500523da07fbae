/** What PostHog holds, as a user would check it in PostHog: projects not being deleted. */
import { projects, type ProjectRecord, type Transport } from "../../src/client";

/** The projects PostHog has and is not deleting: a deleted project stays listed until PostHog purges it. */
export async function liveProjects(http: Transport, organizationId: string): Promise<ProjectRecord[]> {
  const listed = await projects.listProjects(http, organizationId);
  const records = await Promise.all(listed.map((p) => projects.getProject(http, organizationId, p.id)));
  return records.filter((r) => r["is_pending_deletion"] !== true);
}
