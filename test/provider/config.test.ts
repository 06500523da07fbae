/** Where the provider finds host, key and organization: stack config first, then the environment. */
import { connect, requireOrganization, resolveConfig } from "../../src/provider";

const stack = (values: Record<string, string>) => (key: string) => values[key];

test("stack config wins over the environment; blanks count as unset; the host defaults to US Cloud", () => {
  const env = { POSTHOG_HOST: "https://eu.posthog.com", POSTHOG_API_KEY: "phx_env", POSTHOG_ORGANIZATION_ID: "env-org" };
  expect(resolveConfig(stack({ "posthog:apiKey": "phx_stack", "posthog:host": " " }), env)).toEqual({
    host: "https://eu.posthog.com",
    apiKey: "phx_stack",
    organizationId: "env-org",
  });
  expect(resolveConfig(stack({}), {})).toEqual({ host: "https://us.posthog.com", apiKey: undefined, organizationId: undefined });
});

test("no key: the error says what to run", () => {
  expect(() => connect({ host: "https://us.posthog.com", apiKey: undefined, organizationId: undefined })).toThrow(
    /pulumi config set --secret posthog:apiKey phx_…` or set the POSTHOG_API_KEY/,
  );
});

test("a bad host is refused with an example of a good one", () => {
  expect(() => connect({ host: "us.posthog.com", apiKey: "phx_x", organizationId: undefined })).toThrow(
    /is not a URL\. Use for example https:\/\/us\.posthog\.com/,
  );
  expect(() => connect({ host: "ftp://x", apiKey: "phx_x", organizationId: undefined })).toThrow(/must start with https:\/\//);
});

test("the organization: the resource's own, else the configured one, else an error that says what to set", () => {
  const config = { host: "https://us.posthog.com", apiKey: "phx_x", organizationId: "configured" };
  expect(requireOrganization(config, "own")).toBe("own");
  expect(requireOrganization(config, null)).toBe("configured");
  expect(() => requireOrganization({ ...config, organizationId: undefined })).toThrow(/pulumi config set posthog:organizationId/);
});
