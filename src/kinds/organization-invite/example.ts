/** OrganizationInvite's example: a new colleague invited as a member. */
import type { KindExample } from "../../kit/example";

export const organizationInviteExample: KindExample = {
  name: "bo",
  inputs: { targetEmail: "bo@example.com", firstName: "Bo", level: "member", message: "Welcome to the team" },
};
