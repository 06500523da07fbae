/**
 * Layer 3: Pulumi's own dynamic-provider host, over gRPC, with the provider exactly as `new Project(...)` hands it to
 * the engine. Needs the built lib/ (npm test builds it first): the host loads `pulumi-posthog/provider` by package name.
 */
import { SERIALIZED_PROVIDER } from "../../src/resources/project";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { ProviderHost } from "../helpers/provider-host";

let server: LocalPostHog;
let host: ProviderHost;

beforeAll(async () => {
  server = await startLocalPostHog();
  // The serialized provider `new Project(...)` puts in `__provider`.
  host = await ProviderHost.start(SERIALIZED_PROVIDER);
  await host.configure({ "posthog:host": server.url, "posthog:apiKey": server.apiKey, "posthog:organizationId": server.organizationId });
});
afterAll(async () => {
  host?.stop();
  await server?.close();
});

test("__provider is small and holds no key, token, host or local module", () => {
  const text = host.serializedProvider!;
  expect(text.length).toBeLessThan(200);
  expect(text).not.toContain(server.apiKey);
  expect(text).not.toContain("127.0.0.1");
  expect(text).not.toMatch(/phx_|phc_|posthog\.com|\/work\/|node_modules/);
  expect(text).toContain('("pulumi-posthog/provider")');
});

test("check, create, read, diff, update and delete through the real host", async () => {
  const bad = await host.check("web", {}, { name: "Web", weekStartDay: 3 });
  expect(bad.failures).toEqual([{ property: "weekStartDay", reason: expect.stringMatching(/0 \(Sunday\) or 1 \(Monday\)/) }]);

  const inputs = { name: "Through gRPC", timezone: "Europe/Amsterdam", sessionRecordingSampleRate: 0.5 };
  const checked = await host.check("web", {}, inputs);
  expect(checked.failures).toEqual([]);

  const created = await host.create("web", checked.inputs);
  expect(created.id).toMatch(/^\d+$/);
  expect(created.outs).toMatchObject({ name: "Through gRPC", timezone: "Europe/Amsterdam", sessionRecordingSampleRate: "0.50" });
  expect(created.outs["apiToken"]).toMatch(/^phc_/);
  expect(JSON.stringify(created.outs)).not.toContain(server.apiKey);

  expect(await host.diff("web", created.id, created.outs, checked.inputs)).toMatchObject({ changes: 1 /* DIFF_NONE */ });

  await server.control.patchProject(Number(created.id), { timezone: "UTC" });
  const read = await host.read("web", created.id, created.outs);
  expect(read).toMatchObject({ id: created.id, outs: { timezone: "UTC" } });
  expect(await host.diff("web", created.id, read.outs, checked.inputs)).toMatchObject({ changes: 2 /* DIFF_SOME */ });

  await server.clearRequests();
  const updated = await host.update("web", created.id, read.outs, checked.inputs);
  expect(updated).toMatchObject({ timezone: "Europe/Amsterdam" });
  const writes = (await server.requests()).filter((r) => r.method !== "GET");
  expect(writes.map((r) => [r.method, r.bodyKeys])).toEqual([["PATCH", ["timezone"]]]);

  await host.delete("web", created.id, updated);
  await expect(host.read("web", created.id, updated)).resolves.toMatchObject({ id: "" });
});

test("with no key configured (no posthog:apiKey, POSTHOG_API_KEY blank), create fails saying what to set, and sends nothing", async () => {
  // The host is started with POSTHOG_API_KEY blank, as a stack without the key runs it.
  const keyless = await ProviderHost.start(SERIALIZED_PROVIDER);
  try {
    await keyless.configure({ "posthog:host": server.url, "posthog:organizationId": server.organizationId });
    await server.clearRequests();
    await expect(keyless.create("keyless", { name: "Keyless" })).rejects.toThrow(
      /No PostHog personal API key is configured\. Run `pulumi config set --secret posthog:apiKey phx_…` or set the POSTHOG_API_KEY/,
    );
    expect(await server.requests()).toEqual([]);
  } finally {
    keyless.stop();
  }
});
