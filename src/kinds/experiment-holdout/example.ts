/** ExperimentHoldout's example: a tenth of users kept out of every experiment that names it. */
import type { KindExample } from "../../kit/example";

export const experimentHoldoutExample: KindExample = {
  name: "holdout",
  inputs: {
    name: "Long-term holdout",
    description: "Never sees an experiment, to measure their sum.",
    filters: [{ properties: [], rollout_percentage: 10 }],
  },
};
