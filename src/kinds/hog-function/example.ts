/** HogFunction's example: a webhook destination whose token is a stack secret. */
import { type KindExample, secret } from "../../kit/example";

export const hogFunctionExample: KindExample = {
  name: "webhook",
  inputs: {
    type: "destination",
    name: "Webhook",
    hog: "fetch(inputs.url, {'method': 'POST', 'headers': {'Authorization': inputs.token}, 'body': event})",
    inputsSchema: [
      { key: "url", type: "string", required: true },
      { key: "token", type: "string", secret: true },
    ],
    inputs: { url: { value: "https://example.com/hook" }, token: { value: secret("hookToken", "example-token") } },
    enabled: true,
  },
};
