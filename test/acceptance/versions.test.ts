/**
 * What went wrong against PostHog's own backend, as scenarios through the real Pulumi CLI and the root program. Each
 * holds against any PostHog; where the 2025-08-04 version behaves differently from today's, the branch for it says so
 * and cites that version's source.
 */
import * as http from "node:http";
import * as https from "node:https";
import type { AddressInfo } from "node:net";
import type { Stack } from "@pulumi/pulumi/automation";
import { PostHogError, type Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import { pulumiSession, repoRoot, type PulumiSession } from "../helpers/pulumi-cli";
import { acceptanceTarget, named, runProjects, transport, type AcceptanceTarget } from "./real-posthog";

let target: AcceptanceTarget;
let session: PulumiSession;
let stack: Stack;
let client: Transport;

type Declared = Record<string, unknown>;
const setProjects = (on: Stack, list: Declared[]) => on.setConfig("projects", { value: JSON.stringify(list) });
const ids = async (on: Stack = stack) => (await on.outputs())["projectIds"]!.value as Record<string, number>;
const get = (id: number) => projects.getProject(client, target.organizationId, id);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => "",
    (error: Error) => error.message,
  );
/** This run's projects PostHog has and is not deleting, with this name. */
const namedLive = async (name: string) => (await runProjects(target, name)).filter((p) => p.name === name);

beforeAll(async () => {
  target = acceptanceTarget();
  client = transport(target);
  session = await pulumiSession(target);
  stack = await session.stack(repoRoot, `acceptance-versions-${process.pid}`);
});
afterAll(async () => {
  await session?.cleanup();
});

test("1, 3: null list entries and test account filters declared on create are applied, and the next preview is clean", async () => {
  const filters = [{ key: "$host", type: "event", operator: "not_regex", value: "localhost" }];
  await setProjects(stack, [
    {
      resourceName: "lists",
      name: named(target, "Lists"),
      appUrls: ["https://app.example.com", null],
      recordingDomains: ["https://app.example.com", null],
      testAccountFilters: filters,
    },
  ]);
  const message = await failure(stack.up());
  expect(message).not.toMatch(/plan/);
  expect(message).toBe("");
  const record = await get((await ids())["lists"]!);
  expect(record.test_account_filters).toEqual(filters);
  expect((record.app_urls ?? []).filter(Boolean)).toEqual(["https://app.example.com"]);
  await stack.preview({ expectNoChanges: true });
});

test('2: an "" entry in appUrls is settled the same way before and after sending: no failing up, no endless diff', async () => {
  const declared = { resourceName: "lists", name: named(target, "Lists"), appUrls: ["https://app.example.com", ""] };
  await setProjects(stack, [declared]);
  const refused = await failure(stack.preview());
  if (refused !== "") {
    // Refused by check, before anything is sent: naming the input and PostHog's rule.
    expect(refused).toMatch(/appUrls/);
    expect(refused).toMatch(/blank|empty/i);
  } else {
    await stack.up();
    await stack.preview({ expectNoChanges: true });
  }
});

test("6: modifiers are applied whether PostHog merges or replaces them; a bad personsOnEventsMode is refused up front", async () => {
  const declared = { resourceName: "lists", name: named(target, "Lists"), modifiers: { bounceRatePageViewMode: "uniq_urls" } };
  await setProjects(stack, [declared]);
  await stack.up();
  const id = (await ids())["lists"]!;
  // Changed by hand to another key: PostHog 2025-08-04 replaces the dictionary (TeamSerializer.update of that
  // version merges only session_replay_config and survey_config), today's merges it.
  await projects.updateProject(client, target.organizationId, id, { modifiers: { personsJoinMode: "left" } });
  await stack.refresh();
  const preview = await stack.preview({ diff: true });
  if (target.version === "2025-08-04") {
    expect(preview.changeSummary).toMatchObject({ update: 1 });
    expect(preview.stdout).toMatch(/~ modifiers\s*:/);
  }
  await stack.up();
  // Only declared keys are managed: the key set by hand survives on both versions.
  expect((await get(id)).modifiers).toMatchObject({ bounceRatePageViewMode: "uniq_urls", personsJoinMode: "left" });
  await stack.preview({ expectNoChanges: true });

  await setProjects(stack, [{ ...declared, modifiers: { personsOnEventsMode: "sometimes" } }]);
  const refused = await failure(stack.preview());
  expect(refused).toMatch(/modifiers/);
  expect(refused).toMatch(/personsOnEventsMode/);
  expect((await get(id)).modifiers).toMatchObject({ bounceRatePageViewMode: "uniq_urls" });
  await setProjects(stack, [declared]);
});

test("6: a project whose modifiers were broken by hand (PostHog 2025-08-04 stores a bad mode, then answers 500): a clear error", async () => {
  const id = (await ids())["lists"]!;
  const written = await projects.updateProject(client, target.organizationId, id, { modifiers: { personsOnEventsMode: "sometimes" } }).then(
    () => 200,
    (error: unknown) => (error instanceof PostHogError ? error.status : undefined),
  );
  if (target.version !== "2025-08-04" && written === 400) {
    // Today's PostHog refuses the value itself (posthog/api/team.py validate_modifiers): nothing breaks.
    expect((await get(id)).modifiers).toMatchObject({ bounceRatePageViewMode: "uniq_urls" });
    return;
  }
  try {
    const message = await failure(stack.refresh());
    expect(message).toMatch(new RegExp(`\\b${id}\\b`));
    expect(message).toMatch(/500/);
    expect(message).toMatch(/personsOnEventsMode/);
    expect(message).not.toMatch(/<!DOCTYPE|<html/i);
  } finally {
    // The PATCH is saved before PostHog fails to answer it: setting a good value by hand repairs the project.
    await projects.updateProject(client, target.organizationId, id, { modifiers: {} }).catch(() => undefined);
  }
  await stack.refresh();
  await stack.up();
  expect((await get(id)).modifiers).toMatchObject({ bounceRatePageViewMode: "uniq_urls" });
});

test("7: a project of the same name made by hand: PostHog 2025-08-04 takes the create (a second project), today's refuses it clearly", async () => {
  const name = named(target, "Twin");
  const handmade = await projects.createProject(client, target.organizationId, { name });
  await setProjects(stack, [{ resourceName: "twin", name }]);
  const message = await failure(stack.up());
  if (target.version === "2025-08-04" || message === "") {
    // posthog/api/project.py of 2025-08-04 has no duplicate-name check.
    expect(message).toBe("");
    const twins = await namedLive(name);
    expect(twins.map((p) => p.id).sort()).toEqual([handmade.id, (await ids())["twin"]!].sort());
  } else {
    expect(message).toMatch(/already exists/);
    expect(message).toContain(String(handmade.id));
  }
  await setProjects(stack, []);
  await stack.up();
  await projects.deleteProject(client, target.organizationId, handmade.id);
});

/**
 * A proxy in front of the target that forwards every request but drops the answer to the first project create:
 * PostHog made the project, the provider never heard.
 */
async function losingFirstCreate(): Promise<{ url: string; lost: () => number; close: () => Promise<void> }> {
  const upstream = new URL(target.url);
  const send = upstream.protocol === "https:" ? https.request : http.request;
  let lost = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const forwarded = send(
        new URL(req.url ?? "/", upstream),
        { method: req.method, headers: { ...req.headers, host: upstream.host } },
        (answer) => {
          const body: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => body.push(chunk));
          answer.on("end", () => {
            if (req.method === "POST" && /\/projects\/?$/.test(req.url ?? "") && lost === 0) {
              lost++;
              req.socket.destroy();
              return;
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(body));
          });
        },
      );
      forwarded.on("error", () => res.destroy());
      forwarded.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    lost: () => lost,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/*
 * Whose a project found after a lost create is: PostHog refuses its activity log to every scoped personal API key
 * (ProjectViewSet.activity declares no scope, posthog/api/project.py), so what shows it is this create's is the current
 * project of the key's user (`/api/users/@me/`, scope `user:read`), which the create set to it.
 */
test("7: a create whose answer was lost is found, not made twice, though this PostHog would accept a second of that name", async () => {
  const proxy = await losingFirstCreate();
  // A key with user:read, as automatic recovery needs (an external target's one key is taken to have it).
  const proxied = await pulumiSession({ ...target, url: proxy.url, apiKey: target.keys.all ?? target.apiKey });
  try {
    const lossy = await proxied.stack(repoRoot, `acceptance-lost-create-${process.pid}`);
    const name = named(target, "Lost answer");
    await setProjects(lossy, [{ resourceName: "lost", name, timezone: "Asia/Tokyo" }]);
    expect(await failure(lossy.up())).toBe("");
    expect(proxy.lost()).toBe(1);
    const made = await namedLive(name);
    expect(made).toHaveLength(1);
    expect((await ids(lossy))["lost"]).toBe(made[0]!.id);
    expect(await get(made[0]!.id)).toMatchObject({ timezone: "Asia/Tokyo" });
  } finally {
    await proxied.cleanup();
    await proxy.close();
  }
});

test("7: with a key lacking user:read, a lost create names the project, adoptProjectId and user:read, and makes no second", async () => {
  // Only the local backend's keys are known to differ in scope: an external target gives one key.
  if (target.keys.all === undefined) return;
  const proxy = await losingFirstCreate();
  const proxied = await pulumiSession({ ...target, url: proxy.url, apiKey: target.keys.projectWrite });
  try {
    const lossy = await proxied.stack(repoRoot, `acceptance-lost-create-unread-${process.pid}`);
    const name = named(target, "Lost unread");
    await setProjects(lossy, [{ resourceName: "lost", name }]);
    const message = await failure(lossy.up());
    expect(proxy.lost()).toBe(1);
    const made = await namedLive(name);
    expect(made).toHaveLength(1);
    expect(message).toContain(`that this create did not make (project ${made[0]!.id} `);
    expect(message).toContain("API key missing required scope 'user:read'");
    expect(message).toContain(
      "a key with the `user:read` scope (not limited to some projects) lets a create whose answer was lost be recovered by itself",
    );
    expect(message).toContain(`set \`adoptProjectId: ${made[0]!.id}\``);
    expect((await lossy.outputs())["projectIds"]?.value ?? {}).toEqual({});
  } finally {
    await proxied.cleanup();
    await proxy.close();
  }
});
