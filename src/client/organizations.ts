/** The organization endpoint (posthog/api/organization.py, OrganizationViewSet): only what the provider needs. */
import { z } from "zod";
import { organizationSegment } from "./paths";
import type { Transport } from "./transport";

const organizationSchema = z.looseObject({ id: z.string(), name: z.string() });
export type Organization = z.output<typeof organizationSchema>;

/** Needs the `organization:read` scope; PostHog answers 404 to a user who is not a member. */
export async function getOrganization(http: Transport, organizationId: string): Promise<Organization> {
  return http.request({
    method: "GET",
    path: `/api/organizations/${organizationSegment(organizationId)}/`,
    schema: organizationSchema,
    subject: `organization ${organizationId}`,
  });
}
