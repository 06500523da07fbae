/** RoleMembership's example: the key's own user in the Role example. */
import { currentUser, type KindExample, ref } from "../../kit/example";

export const roleMembershipExample: KindExample = {
  name: "me-in-flag-editors",
  inputs: { roleId: ref("Role", "roleId"), userUuid: currentUser("uuid") },
};
