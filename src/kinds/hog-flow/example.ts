/**
 * HogFlow's example: a draft workflow that, on each sign-up, calls a webhook whose token is a stack secret, then exits.
 * Drafts are checked by PostHog only where a check needs nothing else (a function action's template is looked for
 * when the flow is activated).
 */
import { type KindExample, secret } from "../../kit/example";

export const hogFlowExample: KindExample = {
  name: "onboarding",
  inputs: {
    name: "Onboarding",
    description: "Welcome each new user",
    status: "draft",
    actions: [
      {
        id: "trigger_node",
        name: "Sign-up",
        type: "trigger",
        config: { type: "event", filters: { events: [{ id: "signed_up", name: "signed_up", type: "events", order: 0 }] } },
      },
      {
        id: "action_webhook",
        name: "Tell the CRM",
        type: "function",
        config: {
          template_id: "template-webhook",
          inputs: { url: { value: "https://example.com/crm" }, token: { value: secret("crmToken", "example-crm-token") } },
        },
      },
      { id: "exit_node", name: "Exit", type: "exit", config: { reason: "Default exit" } },
    ],
    edges: [
      { from: "trigger_node", to: "action_webhook", type: "continue" },
      { from: "action_webhook", to: "exit_node", type: "continue" },
    ],
  },
};
