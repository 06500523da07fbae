/** ErrorTrackingGroupingRule's example: every timeout in one issue, assigned to the user whose key runs the program. */
import { currentUser, type KindExample } from "../../kit/example";

export const errorTrackingGroupingRuleExample: KindExample = {
  name: "timeouts",
  inputs: {
    filters: {
      type: "AND",
      values: [{ type: "AND", values: [{ key: "$exception_message", type: "event", value: "timeout", operator: "icontains" }] }],
    },
    assignee: { type: "user", id: currentUser("id") },
  },
};
