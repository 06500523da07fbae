/** LlmEvaluation's example: an LLM judge of whether answers address the question, on half of the support bot's generations. */
import type { KindExample } from "../../kit/example";

export const llmEvaluationExample: KindExample = {
  name: "answers-the-question",
  inputs: {
    name: "Answers the question",
    description: "Fails answers that do not address what the user asked",
    enabled: true,
    evaluationType: "llm_judge",
    evaluationConfig: { prompt: "Pass if the assistant's answer addresses the user's question; fail if it does not." },
    outputType: "boolean",
    outputConfig: { allows_na: true },
    conditions: [
      {
        id: "support-bot",
        rollout_percentage: 50,
        properties: [{ key: "$ai_span_name", type: "event", operator: "exact", value: "support-bot" }],
      },
    ],
    modelConfiguration: { provider: "openai", model: "gpt-4o-mini" },
  },
};
