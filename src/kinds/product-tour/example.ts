/** ProductTour's example: a two-step onboarding tour that shows itself to users on the dashboard page. */
import type { KindExample } from "../../kit/example";

export const productTourExample: KindExample = {
  name: "onboarding-tour",
  inputs: {
    name: "Onboarding tour",
    description: "Welcome new users to their dashboard",
    content: {
      steps: [
        { id: "welcome", type: "modal", title: "Welcome!", description: "A quick look around." },
        { id: "new-dashboard", selector: "#new-dashboard", elementTargeting: "manual", title: "Dashboards", description: "Make one here." },
      ],
      conditions: { url: "/dashboard", urlMatchType: "contains" },
      displayFrequency: "until_interacted",
    },
    autoLaunch: true,
    targetingFlagFilters: { groups: [{ properties: [{ key: "email", type: "person", operator: "icontains", value: "@example.com" }] }] },
  },
};
