/** Project's example: the project every other kind's example is declared in. */
import type { KindExample } from "../../kit/example";

export const projectExample: KindExample = {
  name: "web",
  inputs: { name: "Web", timezone: "Europe/Amsterdam", anonymizeIps: true },
};
