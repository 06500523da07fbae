/**
 * PostHog refusing a hog function whose input its template parser cannot read: InputsItemSerializer.validate
 * (posthog/cdp/validation.py) answers 400 "Invalid template: …" on `inputs__<key>`, quoting the parser's message, which
 * quotes part of the input's value. For the e2e files that check a failure never shows a secret input.
 */
import type { LocalPostHog } from "./local-posthog";

/** The next hog function create is refused so, quoting `fragment` of input `key`; resolves to the fault's id. */
export function refuseHogTemplate(server: LocalPostHog, key: string, fragment: string): Promise<string> {
  return server.fault({
    method: "POST",
    path: "/hog_functions/$",
    status: 400,
    body: {
      type: "validation_error",
      code: "invalid_input",
      detail: `Invalid template: extraneous input '${fragment}' expecting {<EOF>, '}'}`,
      attr: `inputs__${key}`,
    },
  });
}
