/** ErrorTrackingAssignmentRule's example: the Role example's members get every new TypeError issue. */
import { type KindExample, ref } from "../../kit/example";

export const errorTrackingAssignmentRuleExample: KindExample = {
  name: "type-errors-to-flag-editors",
  inputs: {
    filters: {
      type: "AND",
      values: [{ type: "AND", values: [{ key: "$exception_types", type: "event", value: ["TypeError"], operator: "exact" }] }],
    },
    assignee: { type: "role", id: ref("Role", "roleId") },
  },
};
