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

test("PostHog's limits are kept against PostHog Cloud, not elsewhere unless configured; a bad value names both", () => {
  const at = (host: string, values: Record<string, string> = {}, env: Record<string, string> = {}) =>
    connect(resolveConfig(stack({ "posthog:host": host, "posthog:apiKey": "phx_x", ...values }), env)).rateLimited;
  // PostHog throttles personal API keys only where RATE_LIMIT_ENABLED is set: PostHog Cloud does, self-hosted not.
  expect([at("https://us.posthog.com"), at("https://eu.posthog.com"), at("https://app.posthog.com")]).toEqual([true, true, true]);
  expect([at("https://posthog.example.com"), at("http://127.0.0.1:8000"), at("https://notposthog.com")]).toEqual([false, false, false]);
  expect(at("https://posthog.example.com", { "posthog:rateLimited": "true" })).toBe(true);
  expect(at("https://posthog.example.com", {}, { POSTHOG_RATE_LIMITED: "true" })).toBe(true);
  expect(at("https://us.posthog.com", { "posthog:rateLimited": "false" })).toBe(false);
  expect(() => at("https://us.posthog.com", { "posthog:rateLimited": "yes" })).toThrow(
    'posthog:rateLimited (or POSTHOG_RATE_LIMITED) is "yes": it must be true (keep under PostHog\'s limits of 480 requests a minute and 4800 an hour per key) or false',
  );
});
