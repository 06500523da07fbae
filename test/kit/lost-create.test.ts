/**
 * A create whose answer was lost never takes what it cannot show it made (src/kit/lost-create.ts), for every kind whose
 * recovery looks up by key or name: another stack (another user's personal API key) holds a flag, an action, a survey,
 * a cohort and an experiment under the identity this program declares; this program's POST is answered 502 by a proxy
 * and never reaches PostHog. The create fails naming the object and `adoptId` instead of recording it; where PostHog
 * keeps the identity unique, the create PostHog refuses names the holder too; `adoptId` takes it over when meant. An
 * object of this key's own user, made seconds before, is told apart by PostHog's clock, measured from its answers; with
 * no Date header to measure it by, nothing found is taken.
 */
import * as nodeHttp from "node:http";
import { Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import {
  ActionLifecycle,
  CohortLifecycle,
  ExperimentLifecycle,
  FeatureFlagLifecycle,
  type ProviderConfig,
  SurveyLifecycle,
} from "../../src/provider";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { versions } from "../helpers/project-scoped";

type Json = Record<string, unknown>;
type Connection = { config: ProviderConfig; transport: Transport };
interface Lifecycle {
  create(inputs: Json): Promise<{ id: string; outs?: Json }>;
}

const filters = {
  properties: { type: "OR", values: [{ type: "AND", values: [{ type: "person", key: "company", operator: "exact", value: ["Acme"] }] }] },
};
const questions = [{ type: "rating", question: "How likely are you to recommend us?", display: "number", scale: 10 }];

/** Each kind, its POST path, what a program declares, whether PostHog refuses a second one with that identity. */
const kinds: Array<{ name: string; noun: string; path: string; make: (c: Connection) => Lifecycle; inputs: Json; unique: boolean }> = [
  {
    name: "FeatureFlag",
    noun: "feature flag",
    path: "/feature_flags/?$",
    make: (c) => new FeatureFlagLifecycle(c),
    inputs: { key: "shared-key" },
    unique: true,
  },
  {
    name: "Action",
    noun: "action",
    path: "/actions/?$",
    make: (c) => new ActionLifecycle(c),
    inputs: { name: "Shared action" },
    unique: true,
  },
  {
    name: "Survey",
    noun: "survey",
    path: "/surveys/?$",
    make: (c) => new SurveyLifecycle(c),
    inputs: { name: "Shared survey", type: "popover", questions },
    unique: true,
  },
  {
    name: "Cohort",
    noun: "cohort",
    path: "/cohorts/?$",
    make: (c) => new CohortLifecycle(c),
    inputs: { name: "Shared cohort", filters },
    unique: false,
  },
  {
    name: "Experiment",
    noun: "experiment",
    path: "/experiments/?$",
    make: (c) => new ExperimentLifecycle(c),
    inputs: { name: "Shared experiment", featureFlagKey: "shared-experiment" },
    unique: false,
  },
];

describe.each(versions)("PostHog %s", (version) => {
  let server: LocalPostHog;
  let ours: Connection;
  let theirs: Connection;
  let projectId: number;

  beforeAll(async () => {
    server = await startLocalPostHog({ postHogVersion: version });
    const connection = (apiKey: string): Connection => {
      const transport = new Transport({ host: server.url, apiKey, rateLimits: false, retry: { attempts: 2, baseDelayMs: 10 } });
      return { transport, config: { host: server.url, apiKey, organizationId: server.organizationId, projectId: undefined } };
    };
    ours = connection(server.apiKey);
    theirs = connection(await server.key({}));
    projectId = (await projects.createProject(ours.transport, server.organizationId, { name: "Shared" })).id;
  });
  afterAll(() => server.close());

  test.each(kinds)("$name: another stack's object is named with adoptId, never recorded; adoptId takes it over", async (kind) => {
    const inputs = { projectId, ...kind.inputs };
    const provider = kind.make(ours);

    // The proxy holds the POST, then answers 502: PostHog never sees it. The other stack's object is made meanwhile,
    // after this create was sent, so that only who made it tells it apart (an older one is named for its age: the
    // case after this one).
    await server.fault({ method: "POST", path: kind.path, status: 502, delayMs: 500 });
    const lostCreate = provider.create(inputs).then(
      (r) => `recorded ${r.id}`,
      (e: Error) => e.message,
    );
    while ((await server.control.faults()).length > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const theirId = (await kind.make(theirs).create(inputs)).id;
    const lost = await lostCreate;
    expect(lost).toContain(`${kind.noun} ${theirId} (created `);
    expect(lost).toMatch(/it was made by \S+, not by the user of this personal API key/);
    // Surveys are keyed by UUID, the others by number.
    const adopt = `set \`adoptId: ${kind.name === "Survey" ? JSON.stringify(theirId) : theirId}\``;
    expect(lost).toContain(adopt);

    // Where PostHog keeps the identity unique, its refusal of this create names the holder and adoptId too.
    if (kind.unique) {
      const refused = await provider.create(inputs).then(
        (r) => `recorded ${r.id}`,
        (e: Error) => e.message,
      );
      expect(refused).toContain(`PostHog already has ${kind.noun === "action" ? "an" : "a"} ${kind.noun}`);
      expect(refused).toContain(`${kind.noun} ${theirId} (created `);
      expect(refused).toContain(adopt);
    }

    // Meant: adoptId takes the same object over.
    expect((await provider.create({ ...inputs, adoptId: theirId })).id).toBe(theirId);
  });

  // Made by this key's user and holding what the create sends, it can be told apart only by when it was made: PostHog's
  // clock, measured from its answers' Date header, shows it older than the create (allowing minutes of difference
  // between the clocks took it, and this stack's destroy then deleted the other stack's object).
  test("another stack's objects of this key's user, seconds old: a lost create (never reaching PostHog) names each with adoptId, records none", async () => {
    const declared = kinds.map((kind) => {
      const inputs: Json = { projectId, ...kind.inputs, [kind.name === "FeatureFlag" ? "key" : "name"]: `seconds-old-${kind.name}` };
      if (kind.name === "Experiment") inputs["featureFlagKey"] = "seconds-old-experiment";
      return { kind, inputs };
    });
    const theirIds = await Promise.all(
      declared.map(({ kind, inputs }) =>
        kind
          .make(ours)
          .create(inputs)
          .then((r) => r.id),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    for (const [i, { kind, inputs }] of declared.entries()) {
      await server.fault({ method: "POST", path: kind.path, status: 502 });
      const lost = await kind
        .make(ours)
        .create(inputs)
        .then(
          (r) => `recorded ${r.id}`,
          (e: Error) => e.message,
        );
      expect(lost).toContain(`${kind.noun} ${theirIds[i]} (created `);
      expect(lost).toMatch(/it was created before this create was sent \(\S+ by PostHog's clock, at the earliest\)/);
      expect(lost).toContain(`set \`adoptId: ${kind.name === "Survey" ? JSON.stringify(theirIds[i]) : theirIds[i]}\``);
    }
  });

  // A key without `user:read` cannot read its own user (/api/users/@me/), so nothing shows whose an object is: even the
  // object this create made is named, with what to do and which scope lets such a create be recovered by itself.
  test.each(kinds)(
    "$name: with a key lacking user:read, the object a lost create made is named with adoptId and user:read, sent once",
    async (kind) => {
      const apiKey = await server.key({
        scopes: ["project:read", "feature_flag:write", "action:write", "survey:write", "cohort:write", "experiment:write"],
      });
      const transport = new Transport({ host: server.url, apiKey, rateLimits: false, retry: { attempts: 2, baseDelayMs: 10 } });
      const provider = kind.make({
        transport,
        config: { host: server.url, apiKey, organizationId: server.organizationId, projectId: undefined },
      });
      const inputs: Json = { projectId, ...kind.inputs, [kind.name === "FeatureFlag" ? "key" : "name"]: `unreadable-${kind.name}` };
      if (kind.name === "Experiment") inputs["featureFlagKey"] = "unreadable-experiment";
      await server.clearRequests();
      await server.fault({ method: "POST", path: kind.path, status: 502, afterCommit: true });
      const lost = await provider.create(inputs).then(
        (r) => `recorded ${r.id}`,
        (e: Error) => e.message,
      );
      expect(lost).toContain("who made it could not be checked: this personal API key may not read its own user");
      expect(lost).toContain("API key missing required scope 'user:read'");
      expect(lost).toContain(
        "a key with the `user:read` scope (not limited to some projects) lets a create whose answer was lost be recovered by itself",
      );
      expect(lost).toMatch(/set `adoptId: \S+`/);
      expect(await server.requests({ method: "POST", path: new RegExp(kind.path) })).toHaveLength(1);
    },
  );
});

// Without a Date header in PostHog's answers (a proxy that strips it), nothing tells how PostHog's clock stands against
// this machine's: no found object can be shown to be made since the create was sent, so none is taken, this create's
// own included; each is named with why and adoptId.
test("answers without a Date header: the object a lost create made is named with why and adoptId, never taken", async () => {
  const server = await startLocalPostHog();
  const proxy = nodeHttp.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const answer = await fetch(`${server.url}${req.url}`, {
        method: req.method,
        headers: { authorization: String(req.headers.authorization), "content-type": "application/json" },
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      });
      res.sendDate = false;
      res.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text());
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  try {
    const host = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
    const transport = new Transport({ host, apiKey: server.apiKey, rateLimits: false, retry: { attempts: 2, baseDelayMs: 10 } });
    const config = { host, apiKey: server.apiKey, organizationId: server.organizationId, projectId: undefined };
    const projectId = (await projects.createProject(transport, server.organizationId, { name: "Undated" })).id;
    await server.fault({ method: "POST", path: "/feature_flags/?$", status: 502, afterCommit: true });
    const lost = await new FeatureFlagLifecycle({ config, transport }).create({ projectId, key: "undated" }).then(
      (r) => `recorded ${r.id}`,
      (e: Error) => e.message,
    );
    expect(lost).toMatch(/feature flag (\d+) \(created [^)]*\): PostHog's answers did not say its time \(no Date header\)/);
    expect(lost).toMatch(/set `adoptId: \d+`/);
  } finally {
    await new Promise((resolve) => proxy.close(resolve));
    await server.close();
  }
});
