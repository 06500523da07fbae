/**
 * Layer 3: Pulumi's own dynamic-provider host, over gRPC, with the provider exactly as `new Project(...)` hands it to
 * the engine. Needs the built lib/ (npm test builds it first): the host loads `pulumi-posthog/provider` by package name.
 */
import * as http from "node:http";
import { Transport } from "../../src/client-entry";
import { serializedProvider } from "../../src/resources/declared";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { liveProjects } from "../helpers/projects";
import { ProviderHost } from "../helpers/provider-host";

/** The serialized provider `new Project(...)` puts in `__provider`. */
const SERIALIZED_PROVIDER = serializedProvider("projectProvider");

let server: LocalPostHog;
let host: ProviderHost;
let client: Transport;

beforeAll(async () => {
  server = await startLocalPostHog();
  client = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
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
  expect(text).toContain("('pulumi-posthog/provider')");
  // Held twice per resource in the state, which the engine rewrites at every step: nothing JSON escapes.
  expect(JSON.stringify(text)).toBe(`"${text}"`);
});

test("check, create, read, diff, update and delete through the real host", async () => {
  const bad = await host.check("web", {}, { name: "Web", weekStartDay: 3 });
  expect(bad.failures).toEqual([{ property: "weekStartDay", reason: expect.stringMatching(/0 \(Sunday\) or 1 \(Monday\)/) }]);
  // Each property with its rule, in the one check that stops the preview, before any request. organizationId ".." would
  // take the requests out of their endpoint.
  await server.clearRequests();
  const refused = await host.check(
    "bad",
    {},
    { name: "Bad", timezone: "Mars/Olympus", sessionRecordingSampleRate: 1.5, organizationId: ".." },
  );
  expect(refused.failures.map((f) => f.reason)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/timezone must be an IANA timezone name/),
      expect.stringMatching(/sessionRecordingSampleRate must be between 0 and 1/),
      expect.stringMatching(/organizationId must be an organization UUID, `@current`, or a slug/),
    ]),
  );
  expect(await server.requests()).toEqual([]);

  const inputs = { name: "Through gRPC", timezone: "Europe/Amsterdam", sessionRecordingSampleRate: 0.5 };
  const checked = await host.check("web", {}, inputs);
  expect(checked.failures).toEqual([]);

  const created = await host.create("web", checked.inputs);
  expect(created.id).toMatch(/^\d+$/);
  expect(created.outs).toMatchObject({ name: "Through gRPC", timezone: "Europe/Amsterdam", sessionRecordingSampleRate: "0.50" });
  expect(created.outs["apiToken"]).toMatch(/^phc_/);
  expect(JSON.stringify(created.outs)).not.toContain(server.apiKey);

  expect(await host.diff("web", created.id, created.outs, checked.inputs)).toMatchObject({ changes: 1 /* DIFF_NONE */ });
  // A state written by an earlier version holds another form of the serialized provider: alone, that is no change.
  const earlier = 'exports.handler=()=>require("node:module").createRequire(process.cwd()+"/")("pulumi-posthog/provider").projectProvider;';
  expect(await host.diff("web", created.id, { ...created.outs, __provider: earlier }, checked.inputs)).toMatchObject({ changes: 1 });

  await server.control.patchProject(Number(created.id), { timezone: "UTC" });
  const read = await host.read("web", created.id, created.outs);
  expect(read).toMatchObject({ id: created.id, outs: { timezone: "UTC" } });
  expect(await host.diff("web", created.id, read.outs, checked.inputs)).toMatchObject({ changes: 2 /* DIFF_SOME */ });

  await server.clearRequests();
  const updated = await host.update("web", created.id, read.outs, checked.inputs);
  expect(updated).toMatchObject({ timezone: "Europe/Amsterdam" });
  const writes = (await server.requests()).filter((r) => r.method !== "GET");
  expect(writes.map((r) => [r.method, r.bodyKeys])).toEqual([["PATCH", ["timezone"]]]);
  // What the update put back compares equal to what was declared: the next preview has no change.
  expect(await host.diff("web", created.id, updated, checked.inputs)).toMatchObject({ changes: 1 /* DIFF_NONE */ });

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

/**
 * A refresh the provider cannot answer, as the engine meets it: the Read fails (an answer with no id would drop the
 * project from the state), and what the CLI shows of it, the error and what the host printed, names what to check and
 * carries no Node.js stack trace (Pulumi's host prints `${error}: ${error.stack}`) and no key.
 */
test("refresh with a key that cannot see the organization fails naming the key as PostHog shows it, and keeps the project; an unreachable host says what to check", async () => {
  const created = await host.create("kept", { name: "Kept" });
  const refresh = async (config: Record<string, string>) => {
    const other = await ProviderHost.start(SERIALIZED_PROVIDER);
    try {
      await other.configure({ "posthog:host": server.url, "posthog:organizationId": server.organizationId, ...config });
      const failure = await other.read("kept", created.id, created.outs).then(
        (answer) => new Error(`read answered ${JSON.stringify(answer.id)}`),
        (error: Error) => error,
      );
      return { message: failure.message, printed: other.stderr() };
    } finally {
      other.stop();
    }
  };
  const stackTrace = /^\s+at .+[:(]\d+:\d+\)?$/m;

  // A user who is not a member: PostHog answers 404 for everything of the organization (a key scoped to another
  // organization, answered 403, is kinds/project/lifecycle's).
  const outsider = (await server.control.createKey({ level: "none", scopes: ["project:read", "project:write"] })).key;
  const unseen = await refresh({ "posthog:apiKey": outsider });
  expect(unseen.message).toContain(
    `the personal API key ${outsider.slice(0, 4)}...${outsider.slice(-4)} cannot be shown to see organization ${server.organizationId}`,
  );
  expect(unseen.message).toContain("Nothing was changed: the project stays in the state.");
  for (const text of [unseen.message, unseen.printed]) {
    expect(text).not.toContain(outsider);
    expect(text).not.toMatch(stackTrace);
  }

  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const port = (closed.address() as { port: number }).port;
  await new Promise((resolve) => closed.close(resolve));
  const unreachable = await refresh({ "posthog:apiKey": server.apiKey, "posthog:host": `http://127.0.0.1:${port}` });
  expect(unreachable.message).toMatch(
    /Could not get an answer from PostHog for GET .* Check the host setting and that PostHog is reachable\./,
  );
  // Before, the provider's source lines followed, "at Transport.…".
  expect(unreachable.printed).toContain("Could not get an answer from PostHog");
  expect(unreachable.printed).not.toMatch(stackTrace);

  // PostHog and the key that sees it: the project is there, as the state says.
  expect((await host.read("kept", created.id, created.outs)).id).toBe(created.id);
});

/**
 * A create whose answer is lost (a 500 after PostHog committed), with a scoped key, to which PostHog refuses the
 * project's activity log (ProjectViewSet.activity declares no scope): what the engine records is what the host answers.
 * The lookup's every branch is kinds/project/lifecycle.recovery's; here the answer and the failure through gRPC.
 */
test("a lost create with a scoped key: with user:read the project is shown this user's by their current project and recorded once; without, create fails naming it with adoptProjectId and user:read", async () => {
  const hostWith = async (scopes: string[]) => {
    const scoped = await ProviderHost.start(SERIALIZED_PROVIDER);
    const apiKey = await server.key({ scopes });
    await scoped.configure({ "posthog:host": server.url, "posthog:apiKey": apiKey, "posthog:organizationId": server.organizationId });
    return scoped;
  };
  const [recovering, unread] = await Promise.all([
    hostWith(["project:read", "project:write", "user:read"]),
    hostWith(["project:read", "project:write"]),
  ]);
  const named = async (name: string) => (await liveProjects(client, server.organizationId)).filter((p) => p.name === name);
  try {
    await server.fault({ method: "POST", path: "/projects/?$", status: 500, afterCommit: true });
    const recovered = await recovering.create("scoped", { name: "Scoped key" });
    expect((await named("Scoped key")).map((p) => String(p.id))).toEqual([recovered.id]);

    await server.fault({ method: "POST", path: "/projects/?$", status: 500, afterCommit: true });
    const failure = await unread.create("unread", { name: "Unread key" }).then(
      (answer) => new Error(`create answered ${answer.id}`),
      (error: Error) => error,
    );
    const made = await named("Unread key");
    expect(made).toHaveLength(1);
    expect(failure.message).toContain(`set \`adoptProjectId: ${made[0]!.id}\``);
    expect(failure.message).toContain(
      "a key with the `user:read` scope (not limited to some projects) lets a create whose answer was lost be recovered by itself",
    );
  } finally {
    recovering.stop();
    unread.stop();
  }
});
