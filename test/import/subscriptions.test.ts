/**
 * The importer and subscriptions, over loopback against the local server: a webhook's URL (as good as a password to
 * it) is never written into a program nor said, but read from a stack secret the importer names; where the plan lacks
 * `subscriptions` (PostHog's 402 to every request) they are left out, said so, and the rest imported.
 */
import { Transport } from "../../src/client-entry";
import { readOrganization } from "../../src/import";
import * as insights from "../../src/kinds/insight/endpoints";
import * as notebooks from "../../src/kinds/notebook/endpoints";
import * as projects from "../../src/kinds/project/endpoints";
import * as subscriptions from "../../src/kinds/subscription/endpoints";
import { importProjects } from "../helpers/import-run";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";

let server: LocalPostHog;
let http: Transport;

beforeAll(async () => {
  server = await startLocalPostHog();
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
});
afterAll(() => server?.close());

const HOOK = "https://zq.example.net/t/Xq7zK9vT4mW2";

test.each(["typescript", "yaml", "python"])("%s: a webhook's URL is a stack secret, never written or said", async (language) => {
  const web = await projects.createProject(http, server.organizationId, { name: `Subscriptions ${language}` });
  const insight = (await insights.createInsight(http, web.id, { name: "Sign-ups" })).id;
  const schedule = { insight, frequency: "weekly", start_date: "2025-01-06T09:00:00Z" };
  await subscriptions.createSubscription(http, web.id, { ...schedule, title: "Hook", target_type: "webhook", target_value: HOOK });
  await subscriptions.createSubscription(http, web.id, {
    ...schedule,
    title: "Mail",
    target_type: "email",
    target_value: "growth@example.com",
  });
  const { written, said } = await importProjects(server, language, web.id);
  expect(written).toContain("growth@example.com");
  expect(written).not.toContain(HOOK);
  expect(said).not.toContain(HOOK);
  expect(said).toMatch(/pulumi config set --secret \S+_hook-target_value '…' +# the webhook URL of /);
});

test("a plan without subscriptions: they are left out, said so with PostHog's 402, and the rest (a notebook) imported", async () => {
  const web = await projects.createProject(http, server.organizationId, { name: "No plan" });
  await notebooks.createNotebook(http, web.id, { title: "Review", content: { type: "doc", content: [] } });
  await server.control.patchOrganization(server.organizationId, { lackedFeatures: ["subscriptions"] });
  try {
    const progress: string[] = [];
    const found = await readOrganization(http, server.organizationId, [web.id], (line) => progress.push(line));
    expect(found.filter((f) => f.kind.name === "Notebook").map((f) => f.record["content"])).toEqual([{ type: "doc", content: [] }]);
    expect(progress).toContainEqual(expect.stringMatching(new RegExp(`^project ${web.id}: subscriptions not imported: .*402`)));
    expect(progress.at(-1)).toContain("subscriptions not readable");
  } finally {
    await server.control.patchOrganization(server.organizationId, { lackedFeatures: [] });
  }
});
