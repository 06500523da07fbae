/** OrganizationMember's example: a person who already belongs, found by email, kept a plain member (a change of level is made in place). */
import { type KindExample, lookup } from "../../kit/example";

export const organizationMemberExample: KindExample = {
  name: "ana",
  inputs: { userUuid: lookup("anaMember", "OrganizationMember", { email: "ana@example.com" }, "userUuid"), level: "member" },
};
