/** LlmScoreDefinition's example: a categorical scorer reviewers rate an answer's helpfulness with. */
import type { KindExample } from "../../kit/example";

export const llmScoreDefinitionExample: KindExample = {
  name: "helpfulness",
  inputs: {
    name: "Helpfulness",
    description: "How helpful the assistant's answer was to the user",
    kind: "categorical",
    config: {
      options: [
        { key: "helpful", label: "Helpful" },
        { key: "partly-helpful", label: "Partly helpful" },
        { key: "unhelpful", label: "Unhelpful" },
      ],
      selection_mode: "single",
    },
  },
};
