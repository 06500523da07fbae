/** MessagingTemplate's example: a welcome email, its subject and body in Liquid. */
import type { KindExample } from "../../kit/example";

export const messagingTemplateExample: KindExample = {
  name: "welcome-email",
  inputs: {
    name: "Welcome email",
    description: "Sent by the onboarding workflow",
    type: "email",
    content: {
      templating: "liquid",
      email: {
        subject: "Welcome, {{ person.properties.first_name }}",
        text: "Thanks for signing up.",
        html: "<p>Thanks for signing up.</p>",
      },
    },
  },
};
