/** EventDefinition's example: a tracking plan's first step, described, verified, tagged and owned. */
import { currentUser, type KindExample } from "../../kit/example";

export const eventDefinitionExample: KindExample = {
  name: "signed-up",
  inputs: {
    name: "signed_up",
    description: "A visitor created an account: the first step of the sign-up funnel.",
    tags: ["funnel"],
    verified: true,
    ownerId: currentUser("id"),
  },
};
