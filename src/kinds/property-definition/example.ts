/** PropertyDefinition's example: the plan a sign-up chose, a string property of the sign-up event. */
import type { KindExample } from "../../kit/example";

export const propertyDefinitionExample: KindExample = {
  name: "plan",
  inputs: {
    name: "plan",
    type: "event",
    description: "The plan chosen at sign-up: free, team or enterprise.",
    propertyType: "String",
    tags: ["funnel"],
    verified: true,
  },
};
