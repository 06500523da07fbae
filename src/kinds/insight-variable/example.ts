/** InsightVariable's example: the plan a SQL insight is cut by, `{variables.plan}` in its HogQL. */
import type { KindExample } from "../../kit/example";

export const insightVariableExample: KindExample = {
  name: "plan-variable",
  inputs: {
    name: "Plan",
    type: "List",
    values: ["free", "startup", "enterprise"],
    defaultValue: "free",
  },
};
