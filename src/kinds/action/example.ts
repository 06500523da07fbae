/** Action's example: a pageview of the welcome page, named. */
import type { KindExample } from "../../kit/example";

export const actionExample: KindExample = {
  name: "signup",
  inputs: { name: "Signed up", steps: [{ event: "$pageview", url: "/welcome", url_matching: "contains" }] },
};
