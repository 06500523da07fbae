/** Link's example: a short link to the pricing page, for a campaign. */
import type { KindExample } from "../../kit/example";

export const linkExample: KindExample = {
  name: "pricing",
  inputs: {
    redirectUrl: "https://example.com/pricing?utm_source=newsletter",
    shortLinkDomain: "phog.gg",
    shortCode: "example-pricing",
    description: "The newsletter's pricing link",
  },
};
