/** Survey's example: an NPS question shown to the FeatureFlag example's users. */
import { type KindExample, ref } from "../../kit/example";

export const surveyExample: KindExample = {
  name: "nps",
  inputs: {
    name: "NPS",
    type: "popover",
    questions: [{ type: "rating", question: "How likely are you to recommend us?", display: "number", scale: 10 }],
    linkedFlagId: ref("FeatureFlag", "flagId"),
  },
};
