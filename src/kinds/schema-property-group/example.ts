/** SchemaPropertyGroup's example: what every sign-up carries, its plan required and its seat count a number. */
import type { KindExample } from "../../kit/example";

export const schemaPropertyGroupExample: KindExample = {
  name: "sign-up-properties",
  inputs: {
    name: "Sign-up",
    description: "What every sign-up event carries.",
    properties: [
      { name: "plan", property_type: "String", is_required: true, validation_rules: { enum: ["free", "team", "enterprise"] } },
      { name: "seats", property_type: "Numeric", is_required: true, validation_rules: { minimum: 1 } },
      { name: "referrer", property_type: "String" },
    ],
  },
};
