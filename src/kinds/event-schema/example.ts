/** EventSchema's example: the EventDefinition example's event carries the SchemaPropertyGroup example's properties. */
import { type KindExample, ref } from "../../kit/example";

export const eventSchemaExample: KindExample = {
  name: "signed-up-schema",
  inputs: {
    eventDefinitionId: ref("EventDefinition", "eventDefinitionId"),
    propertyGroupId: ref("SchemaPropertyGroup", "propertyGroupId"),
  },
};
