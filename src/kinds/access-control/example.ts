/** AccessControl's example: the members of the Role example edit the project's feature flags, whatever the default. */
import { type KindExample, ref } from "../../kit/example";

export const accessControlExample: KindExample = {
  name: "flag-editors-edit-flags",
  inputs: { resource: "feature_flag", accessLevel: "editor", roleId: ref("Role", "roleId") },
};
