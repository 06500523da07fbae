/** LogsAlertDestination's example: the LogsAlert example's notifications posted to a webhook whose URL is a stack secret. */
import { type KindExample, ref, secret } from "../../kit/example";

export const logsAlertDestinationExample: KindExample = {
  name: "checkout-errors-hook",
  inputs: {
    logsAlertId: ref("LogsAlert", "logsAlertId"),
    type: "webhook",
    webhookUrl: secret("logsAlertHookUrl", "https://hooks.example.com/T9QZK2/XWV8J3LRq7"),
  },
};
