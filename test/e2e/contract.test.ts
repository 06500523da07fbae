/**
 * The contract (test/helpers/contract.ts) through the real Pulumi CLI: one TypeScript program declaring every
 * registered kind's example (src/kinds/<kind>/example.ts), the project-scoped ones in Project's example, against the
 * local server playing today's PostHog, in one stack: up creates all, a preview shows no change, a change made by hand
 * to each shows as `old => new` in `preview --refresh` and `up --refresh` puts each back, destroy deletes all. A kind
 * registered in src/kinds/index.ts is declared here with no other edit.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { OutputMap, Stack } from "@pulumi/pulumi/automation";
import { PostHogError, Transport } from "../../src/client-entry";
import { ExampleRef, ExampleSecret, ExampleUser, type ExampleValue } from "../../src/kit/example";
import type { Kind } from "../../src/kit/kind";
import { byHand, contractKinds, driftInput, postHogField } from "../helpers/contract";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { pulumiSession, repoRoot, type PulumiSession } from "../helpers/pulumi-cli";

jest.setTimeout(300_000);

let server: LocalPostHog;
let session: PulumiSession;
let http: Transport;
let stack: Stack;
let dir: string;
/** The outputs of the last up: each kind's id (`<variable>Id`) and its scope (`<variable>Scope`). */
let outputs: OutputMap;

/** A kind's example's variable in the program: its name, camelCased (`acme-users` → `acmeUsers`). */
const variable = (kind: Kind) => kind.example.name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const kindNamed = (name: string) => contractKinds.find((k) => k.name === name)!;
/** The kind whose example holds the project-scoped examples: the one whose id is their scope (Project's `projectId`). */
const home = contractKinds.find((k) => k.scope === "organization" && k.identity.output === "projectId")!;

/** An example's value as TypeScript: refs as the other example's output, secrets from the stack's configuration. */
function typescript(value: ExampleValue): string {
  if (value instanceof ExampleRef) return `${variable(kindNamed(value.kind))}.${value.output}`;
  if (value instanceof ExampleSecret) return `config.requireSecret(${JSON.stringify(value.key)})`;
  if (value instanceof ExampleUser) return `posthog.getCurrentUserOutput().apply((user) => user.${value.field}!)`;
  if (Array.isArray(value)) return `[${value.map((v) => typescript(v)).join(", ")}]`;
  if (value !== null && typeof value === "object")
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${typescript(v as ExampleValue)}`)
      .join(", ")} }`;
  return JSON.stringify(value);
}

function secretsOf(value: ExampleValue): ExampleSecret[] {
  if (value instanceof ExampleSecret) return [value];
  if (value === null || typeof value !== "object" || value instanceof ExampleRef || value instanceof ExampleUser) return [];
  return Object.values(value).flatMap((v) => secretsOf(v as ExampleValue));
}

const secrets = contractKinds.flatMap((k) => secretsOf(k.example.inputs as ExampleValue));

function program(): string {
  const lines = [
    `import * as pulumi from "@pulumi/pulumi";`,
    `import * as posthog from "pulumi-posthog";`,
    `const config = new pulumi.Config();`,
  ];
  for (const kind of contractKinds) {
    const v = variable(kind);
    const scope = kind.scope === "project" ? `projectId: ${variable(home)}.${home.identity.output}, ` : "";
    const inputs = typescript(kind.example.inputs as ExampleValue);
    lines.push(`const ${v} = new posthog.${kind.name}(${JSON.stringify(kind.example.name)}, { ${scope}...${inputs} });`);
    lines.push(`export const ${v}Id = ${v}.${kind.identity.output};`);
    lines.push(
      `export const ${v}Scope = ${kind.scope === "project" ? `${variable(home)}.${home.identity.output}` : `${v}.organizationId`};`,
    );
    // A nested kind's calls take its parent too (a membership's role).
    if (kind.parent) lines.push(`export const ${v}Parent = ${v}.${kind.parent.input};`);
  }
  return `${lines.join("\n")}\n`;
}

/** Where a kind's object lives and its id, as its endpoints take them. */
function located(kind: Kind): { scope: never; id: never } {
  const id = outputs[`${variable(kind)}Id`]!.value as string | number;
  const scope = outputs[`${variable(kind)}Scope`]!.value;
  const where = kind.parent ? { scope, parent: outputs[`${variable(kind)}Parent`]!.value } : scope;
  return { scope: where as never, id: id as never };
}

beforeAll(async () => {
  server = await startLocalPostHog();
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  session = await pulumiSession(server);
  fs.mkdirSync(path.join(repoRoot, ".cache"), { recursive: true });
  dir = fs.mkdtempSync(path.join(repoRoot, ".cache", "e2e-contract-"));
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: posthog-contract\nruntime: nodejs\nmain: index.ts\n");
  fs.writeFileSync(path.join(dir, "index.ts"), program());
  stack = await session.stack(dir, `e2e-contract-${process.pid}`);
  for (const secret of secrets) await stack.setConfig(secret.key, { value: secret.sample, secret: true });
});
afterAll(async () => {
  await session?.cleanup();
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("every kind's example through the CLI: up creates each, preview shows no change, drift made by hand shows old => new per kind and up --refresh puts each back, destroy deletes each", async () => {
  const up = await stack.up();
  expect(up.summary.resourceChanges).toEqual({ create: contractKinds.length + 1 });
  outputs = up.outputs;
  // The examples' secrets (a hook's token) are in the state encrypted only.
  const state = session.cli(dir, ["stack", "export", "--stack", stack.name]);
  expect(state.status).toBe(0);
  for (const secret of secrets) expect(state.stdout).not.toContain(secret.sample);

  await server.clearRequests();
  await stack.preview({ expectNoChanges: true });
  expect((await server.requests()).filter((r) => r.method !== "GET")).toEqual([]);

  // By hand in PostHog: each kind's first plain string input (as the fast cases drift it); a kind PostHog updates
  // nothing of (a role membership) has none.
  const drifted = contractKinds
    .filter((kind) => driftInput(kind) !== undefined)
    .map((kind) => {
      const input = driftInput(kind)!;
      const old = kind.example.inputs[input] as string;
      return { kind, input, field: postHogField(kind, input), old };
    });
  for (const { kind, field, old } of drifted) {
    const { scope, id } = located(kind);
    await kind.api.update(http, scope, id, { [field]: byHand(old) });
  }
  const preview = await stack.preview({ refresh: true, diff: true });
  for (const { input, old } of drifted) {
    expect(preview.stdout).toMatch(new RegExp(`~ ${input}\\s*: ${quoted(byHand(old))} => ${quoted(old)}`));
  }
  // Every kind changes. The kinds in the project show as replaced: in a preview the project's update leaves its
  // projectId not known yet (Pulumi's dynamic-provider host passes no `stables` from diff), which `up` then finds unchanged.
  const { update = 0, replace = 0 } = preview.changeSummary;
  // So do the nested kinds, whose parent's id the update of the parent leaves not known yet.
  expect(update + replace).toBe(drifted.length + contractKinds.filter((kind) => kind.parent).length);

  await server.clearRequests();
  const restored = await stack.up({ refresh: true });
  expect(restored.summary.resourceChanges).toEqual({ update: drifted.length, same: 1 + contractKinds.length - drifted.length });
  outputs = restored.outputs;
  for (const { kind, field, old } of drifted) {
    const { scope, id } = located(kind);
    expect({ kind: kind.name, [field]: ((await kind.api.get(http, scope, id)) as Record<string, unknown>)[field] }).toEqual({
      kind: kind.name,
      [field]: old,
    });
  }
  // One PATCH each, of the drifted field alone.
  const patches = (await server.requests({ method: "PATCH" })).map((r) => r.bodyKeys);
  expect(patches.sort()).toEqual(drifted.map(({ field }) => [field]).sort());

  const destroyed = await stack.destroy();
  expect(destroyed.summary.resourceChanges).toEqual({ delete: contractKinds.length + 1 });
  for (const kind of contractKinds) expect({ kind: kind.name, gone: await gone(kind) }).toEqual({ kind: kind.name, gone: true });
});

const quoted = (text: string) => JSON.stringify(text).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Deleted as PostHog deletes it: not found, marked deleted, or (a project) being deleted. */
async function gone(kind: Kind): Promise<boolean> {
  const { scope, id } = located(kind);
  try {
    const record = (await kind.api.get(http, scope, id)) as Record<string, unknown>;
    return record["deleted"] === true || record["is_pending_deletion"] === true;
  } catch (error) {
    if (error instanceof PostHogError && error.isNotFound) return true;
    throw error;
  }
}
