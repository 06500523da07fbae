/**
 * The contract (test/helpers/contract.ts) through the real Pulumi CLI, and beside it what is some kinds' alone, in one
 * TypeScript program and one stack against the local server playing today's PostHog (one up, one refresh, one destroy
 * for all of them, instead of a stack each).
 *
 * The contract: every registered kind's example (src/kinds/<kind>/example.ts), the project-scoped ones in Project's
 * example: up creates all, a preview shows no change, a change made by hand to each shows as `old => new` after a
 * refresh and up puts each back, destroy deletes all. A kind registered in src/kinds/index.ts is declared here with no
 * other edit; its resource names are its example's, prefixed `contract-` (the examples below keep theirs).
 *
 * Beside it: examples/cohort-flag (a cohort of the listed companies' persons and a flag released to it by its
 * cohortId, in the provider's project) and examples/dashboard (a project with a dashboard, a text tile, a trends and a
 * HogQL insight on it and an alert on the trends insight), both imported as written, and a survey, an experiment and
 * a hog function with a secret input given in plain text (on a flag, in a project of their own). Create; drift of
 * what is theirs alone (nested values, a deleted insight, a secret input) shown as old => new by refresh and preview
 * and restored, one PATCH each; objects deleted by hand created again; destroy as PostHog deletes each; the secret
 * never in the state in plain text. The examples are type-checked by `npm run typecheck`.
 *
 * Then the contract through the provider plugin: every kind's example in one Pulumi YAML program and one stack on the
 * same server (up, a second up with no change, destroy sending what the TypeScript program's destroy sent).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { OutputMap, Stack } from "@pulumi/pulumi/automation";
import { PostHogError, Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import * as alerts from "../../src/kinds/alert/endpoints";
import * as cohorts from "../../src/kinds/cohort/endpoints";
import * as dashboards from "../../src/kinds/dashboard/endpoints";
import * as experiments from "../../src/kinds/experiment/endpoints";
import * as featureFlags from "../../src/kinds/feature-flag/endpoints";
import * as hogFunctions from "../../src/kinds/hog-function/endpoints";
import * as insights from "../../src/kinds/insight/endpoints";
import * as members from "../../src/kinds/organization-member/endpoints";
import * as surveys from "../../src/kinds/survey/endpoints";
import { MAX_JSON_DEPTH } from "../../src/kit/json";
import { ExampleLookup, ExampleRef, ExampleSecret, ExampleUser, type ExampleValue, lookup, markersIn } from "../../src/kit/example";
import { declared, yamlProgram } from "../../src/generate/example";
import { type Kind, pluralOf } from "../../src/kit/kind";
import { BESIDE_INGESTED, contractKinds, driftInput, driftValue, ingestedByExamples, postHogField } from "../helpers/contract";
import { refuseHogTemplate } from "../helpers/hog-function-faults";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { cacheDir, pluginSession, repoRoot, stepsByName, type PluginSession } from "../helpers/pulumi-cli";

jest.setTimeout(300_000);

const SECRET = `e2e-s3cr3t-${process.pid}`;
let server: LocalPostHog;
let session: PluginSession;
let http: Transport;
let stack: Stack;
let dir: string;
/** The provider's project, where examples/cohort-flag puts its cohort and flag. */
let cohortProjectId: number;
/**
 * The outputs of the last up: each kind's id (`<variable>Id`) and its scope (`<variable>Scope`), and those of the
 * objects beside the contract's.
 */
let outputs: OutputMap;

const output = <T>(name: string) => outputs[name]!.value as T;

/** A kind's example's variable in the program: its name, camelCased (`acme-users` → `acmeUsers`). */
const variable = (kind: Kind) => kind.example.name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
/** A kind's example's resource name in the program. */
const resourceName = (kind: Kind) => `contract-${kind.example.name}`;
const kindNamed = (name: string) => contractKinds.find((k) => k.name === name)!;
/** The kind whose example holds the project-scoped examples: the one whose id is their scope (Project's `projectId`). */
const home = contractKinds.find((k) => k.scope === "organization" && k.identity.output === "projectId")!;

/** An example's value as TypeScript: refs as the other example's output, secrets from the stack's configuration. */
function typescript(value: ExampleValue): string {
  if (value instanceof ExampleRef) return `${variable(kindNamed(value.kind))}.${value.output}`;
  if (value instanceof ExampleSecret) return `config.requireSecret(${JSON.stringify(value.key)})`;
  if (value instanceof ExampleUser) return `posthog.getCurrentUserOutput().apply((user) => user.${value.field}!)`;
  if (value instanceof ExampleLookup)
    return `posthog.get${value.kind}Output(${JSON.stringify(value.args)}).apply((found) => found.${value.output})`;
  if (Array.isArray(value)) return `[${value.map((v) => typescript(v)).join(", ")}]`;
  if (value !== null && typeof value === "object")
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${typescript(v as ExampleValue)}`)
      .join(", ")} }`;
  return JSON.stringify(value);
}

function secretsOf(value: ExampleValue): ExampleSecret[] {
  return markersIn(value, ExampleSecret);
}

const secrets = contractKinds.flatMap((k) => secretsOf(k.example.inputs as ExampleValue));

/** Every kind's example, as the contract declares it. */
function contractProgram(): string[] {
  const lines = [`const config = new pulumi.Config();`];
  for (const kind of contractKinds) {
    const v = variable(kind);
    // The definitions ingestion makes are taken over where ingestion made them: the configured project, seeded first;
    // what names them is declared beside them.
    const ingested = BESIDE_INGESTED.includes(kind.name);
    const scope = kind.scope === "project" && !ingested ? `projectId: ${variable(home)}.${home.identity.output}, ` : "";
    const inputs = typescript(kind.example.inputs as ExampleValue);
    lines.push(`const ${v} = new posthog.${kind.name}(${JSON.stringify(resourceName(kind))}, { ${scope}...${inputs} });`);
    lines.push(`export const ${v}Id = ${v}.${kind.identity.output};`);
    lines.push(
      `export const ${v}Scope = ${kind.scope === "project" ? (ingested ? `${v}.projectId` : `${variable(home)}.${home.identity.output}`) : `${v}.organizationId`};`,
    );
    // A nested kind's calls take its parent too (a membership's role).
    if (kind.parent) lines.push(`export const ${v}Parent = ${v}.${kind.parent.input};`);
    // The lookups of a kind whose inputs hold secrets, by id and listed: where PostHog answers one, it stays secret.
    if (kind.secretInputPaths && kind.lookups && kind.scope === "project") {
      lines.push(`export const ${v}Found = posthog.get${kind.name}Output({ projectId: ${v}Scope, ${kind.identity.output}: ${v}Id });`);
      // Listed once the object is made.
      const made = `pulumi.all([${v}Scope, ${v}Id]).apply(([scope]) => scope)`;
      lines.push(`export const ${v}Listed = posthog.list${pluralOf(kind)}Output({ projectId: ${made} });`);
    }
  }
  return lines;
}

/**
 * What is some kinds' alone: examples/cohort-flag and examples/dashboard as written, and a survey, a launched
 * experiment, a hook with a secret input and a remote configuration flag in a project of their own (13 objects).
 */
function besideProgram(): string[] {
  const example = (name: string) => JSON.stringify(path.relative(dir, path.join(repoRoot, "examples", name)));
  return [
    `import * as cohortFlag from ${example("cohort-flag")};`,
    `import * as dashboard from ${example("dashboard")};`,
    ``,
    `export const cohortId = cohortFlag.cohortId;`,
    `export const cohortFlagId = cohortFlag.flagId;`,
    `export const dashboardProjectId = dashboard.projectId;`,
    `export const dashboardId = dashboard.dashboardId;`,
    `export const viewsShortId = dashboard.viewsShortId;`,
    `export const signupsInsightId = dashboard.signupsInsightId;`,
    `export const alertId = dashboard.alertId;`,
    ``,
    `const surveysProject = new posthog.Project("surveys", { name: "Surveys" });`,
    `const surveysFlag = new posthog.FeatureFlag("checkout", {`,
    `  projectId: surveysProject.projectId,`,
    `  key: "new-checkout",`,
    `  filters: { groups: [{ rollout_percentage: 100 }], multivariate: { variants: [{ key: "control", rollout_percentage: 50 }, { key: "test", rollout_percentage: 50 }] } },`,
    `});`,
    `const survey = new posthog.Survey("nps", {`,
    `  projectId: surveysProject.projectId,`,
    `  name: "NPS",`,
    `  type: "popover",`,
    `  questions: [{ type: "rating", question: "How likely are you to recommend us?", display: "number", scale: 10 }],`,
    `  linkedFlagId: surveysFlag.flagId,`,
    `  conditions: { linkedFlagVariant: "test" },`,
    `});`,
    `const experiment = new posthog.Experiment("checkout", {`,
    `  projectId: surveysProject.projectId,`,
    `  name: "New checkout",`,
    `  description: "Faster checkout",`,
    `  featureFlagKey: surveysFlag.key,`,
    `  launched: true,`,
    `});`,
    `const hook = new posthog.HogFunction("hook", {`,
    `  projectId: surveysProject.projectId,`,
    `  type: "destination",`,
    `  name: "Hook",`,
    `  hog: "fetch(inputs.url, {'method': 'POST', 'headers': {'Authorization': inputs.token}})",`,
    `  inputsSchema: [{ key: "url", type: "string", required: true }, { key: "token", type: "string", secret: true }],`,
    `  inputs: { url: { value: "https://example.com/hook" }, token: { value: "${SECRET}" } },`,
    `  enabled: true,`,
    `});`,
    `export const surveysProjectId = surveysProject.projectId;`,
    `export const flagId = surveysFlag.flagId;`,
    `export const surveyId = survey.surveyId;`,
    `export const experimentId = experiment.experimentId;`,
    `export const experimentFlagId = experiment.featureFlagId;`,
    `export const hogFunctionId = hook.hogFunctionId;`,
    // A remote configuration flag whose payload PostHog encrypts, given in plain text: the class makes it secret.
    `const remote = new posthog.FeatureFlag("remote", {`,
    `  projectId: surveysProject.projectId,`,
    `  key: "remote-config",`,
    `  isRemoteConfiguration: true,`,
    `  hasEncryptedPayloads: true,`,
    `  filters: { groups: [{ rollout_percentage: 100 }], payloads: { true: '"${SECRET}-payload"' } },`,
    `});`,
    `export const remoteFlagId = remote.flagId;`,
  ];
}
/** The objects besideProgram() declares. */
const BESIDE = 13;

/** Where a kind's object lives and its id, as its endpoints take them. */
function located(kind: Kind): { scope: never; id: never } {
  const id = outputs[`${variable(kind)}Id`]!.value as string | number;
  const scope = outputs[`${variable(kind)}Scope`]!.value;
  const where = kind.parent ? { scope, parent: outputs[`${variable(kind)}Parent`]!.value } : scope;
  return { scope: where as never, id: id as never };
}

const writes = async () => (await server.requests()).filter((r) => r.method !== "GET");
/** Whether a request is to one of these projects or their objects (`/projects/<id>/`). */
const inProjects = (ids: number[]) => (r: { path: string }) => ids.some((id) => r.path.includes(`/projects/${id}/`));
/** The projects of the objects beside the contract's. */
const besideProjects = () => [cohortProjectId, output<number>("dashboardProjectId"), output<number>("surveysProjectId")];
/**
 * Whether a request is to an object beside the contract's. The ingested kinds' examples live in the configured
 * project, where ingestion seeded their definitions, with the examples that name them (BESIDE_INGESTED: event and
 * property definitions, event schemas and their groups): theirs are the contract's, not those beside it.
 */
const contractsBesideIngested = BESIDE_INGESTED.map(
  (name) => `/${pluralOf(kindNamed(name)).replace(/[A-Z]/g, (c, i) => `${i ? "_" : ""}${c.toLowerCase()}`)}/`,
);
const besides = (r: { path: string }) =>
  inProjects(besideProjects())(r) && !contractsBesideIngested.some((segment) => r.path.includes(segment));
/** The organization's id, every id in a stack's state, and each part of a scoped one (`<projectId>/<shortId>`). */
async function idsIn(of: Stack): Promise<Set<string>> {
  const { resources = [] } = (await session.state(of)).deployment as { resources?: Array<{ id?: string }> };
  return new Set([server.organizationId, ...resources.flatMap((r) => (r.id ?? "").split("/")).filter((part) => part !== "")]);
}
/**
 * A write as [method, path with each of these ids (and each number, a project's or an organization's) as `x`, body
 * keys]: the same for the same step of another object.
 */
const shape = (ids: Set<string>) => (r: { method: string; path: string; bodyKeys?: string[] | undefined }) => [
  r.method,
  r.path
    .split("/")
    .map((segment) => (ids.has(segment) || /^\d+$/.test(segment) ? "x" : segment))
    .join("/"),
  r.bodyKeys,
];
/** What the TypeScript program's destroy sent for the contract's examples, sorted: the plugin's destroy must send it too. */
let destroyedByTypeScript: unknown[][] | undefined;
/**
 * The writes to the objects beside the contract's in one of their projects (under /api/projects/<id>/), as [method,
 * object kind, body keys].
 */
const writesIn = async (projectId: number) =>
  (await writes())
    .filter((r) => r.path.startsWith(`/api/projects/${projectId}/`) && besides(r))
    .map((r) => [r.method, r.path.split("/")[4], r.bodyKeys]);
const exported = () => {
  const result = session.cli(dir, ["stack", "export", "--stack", stack.name]);
  expect(result.status).toBe(0);
  return result.stdout;
};
const companyFilter = (companies: string[]) => ({
  properties: {
    type: "OR",
    values: [{ type: "AND", values: [{ type: "person", key: "company", operator: "exact", value: companies }] }],
  },
});
/** What a `--diff` shows of the resource named `name`: from its URN to the next resource. */
function shown(stdout: string, name: string): string {
  const lines = stdout.split("\n");
  const start = lines.findIndex((line) => line.trim().startsWith("[urn=") && line.trim().endsWith(`::${name}]`));
  expect(start).toBeGreaterThan(0);
  const end = lines.findIndex((line, i) => i > start && /^\s*[-+~]*\s*[\w-]+:[\w/:-]+: \(/.test(line));
  return lines.slice(start, end < 0 ? undefined : end).join("\n");
}
const quoted = (text: string) => JSON.stringify(text).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

beforeAll(async () => {
  server = await startLocalPostHog();
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  // The member the examples name (OrganizationMember's, found by email).
  await server.control.createKey({ organizationId: server.organizationId, userEmail: "ana@example.com", level: "member" });
  // The local server goes with the file: nothing to destroy after the last case.
  session = await pluginSession(server, "contract-plugin", { destroyOnCleanup: false });
  cohortProjectId = (await projects.createProject(http, server.organizationId, { name: "Cohorts" })).id;
  await server.control.seedDefinitions(cohortProjectId, ingestedByExamples);
  dir = cacheDir("contract");
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: posthog-contract\nruntime: nodejs\nmain: index.ts\n");
  fs.writeFileSync(
    path.join(dir, "index.ts"),
    [
      `import * as pulumi from "@pulumi/pulumi";`,
      `import * as posthog from "pulumi-posthog";`,
      ...contractProgram(),
      ``,
      ...besideProgram(),
      ``,
    ].join("\n"),
  );
  stack = await session.stack(dir, `e2e-contract-${process.pid}`);
  // One `pulumi config set-all --path`: the provider's project, the examples' secrets, and examples/cohort-flag's own
  // configuration as its README sets it (a list, by path).
  await stack.setAllConfig(
    {
      "posthog:projectId": { value: String(cohortProjectId) },
      ...Object.fromEntries(secrets.map((secret) => [secret.key, { value: secret.sample, secret: true }])),
      "companies[0]": { value: "Acme" },
      "companies[1]": { value: "Globex" },
    },
    true,
  );
});
afterAll(async () => {
  await session?.cleanup();
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** What the first up made, for the steps after it. */
const made = { cohortId: 0, cohortFlagId: 0, signupsId: 0, surveyId: "" };

test("up creates every kind's example and, beside them, the cohort in PostHog's form and the flag naming it; the dashboard's tiles where placed and its alert; the survey, the launched experiment on the program's flag; no secret plain in the state", async () => {
  const up = await stack.up();
  // The stack, every kind's example, and the 13 beside them: examples/cohort-flag: 2; examples/dashboard: 5; the
  // surveys' project, flag, survey, experiment, hook, and the remote configuration flag.
  expect(up.summary.resourceChanges).toEqual({ create: 1 + contractKinds.length + BESIDE });
  outputs = up.outputs;
  // The examples' secrets (a hook's token) and the plain-text hook input are in the state encrypted only, and in no
  // output (the lookups' results among them) or anything up printed.
  const state = exported();
  const shownOutputs = session.cli(dir, ["stack", "output", "--json", "--stack", stack.name]);
  expect(shownOutputs.status).toBe(0);
  for (const text of [state, shownOutputs.stdout, up.stdout, up.stderr]) {
    for (const secret of secrets) expect(text).not.toContain(secret.sample);
    expect(text).not.toContain(SECRET);
  }
  // PostHog answers a hog flow's action inputs (its token among them): its lookups' results are secrets, which hold it.
  const flow = variable(kindNamed("HogFlow"));
  for (const found of [`${flow}Found`, `${flow}Listed`]) {
    expect(outputs[found]!.secret).toBe(true);
    expect(JSON.stringify(outputs[found]!.value)).toContain("example-crm-token");
  }

  // Today's PostHog stores the filters as its models dump them (negation added): the program's form compares equal.
  made.cohortId = output<number>("cohortId");
  const cohort = await cohorts.getCohort(http, cohortProjectId, made.cohortId);
  expect(cohort).toMatchObject({ name: "Beta customers", is_static: false, filters: companyFilter(["Acme", "Globex"]) });
  expect(JSON.stringify(cohort.filters)).toContain('"negation":false');
  made.cohortFlagId = output<number>("cohortFlagId");
  const cohortFlag = await featureFlags.getFeatureFlag(http, cohortProjectId, made.cohortFlagId);
  expect(cohortFlag.filters.groups[0]!.properties).toMatchObject([
    { key: "id", type: "cohort", value: made.cohortId, cohort_name: "Beta customers" },
  ]);

  const projectId = output<number>("dashboardProjectId");
  const board = await dashboards.getDashboard(http, projectId, output<number>("dashboardId"));
  expect(board).toMatchObject({ name: "Traffic", pinned: true, tags: ["web"] });
  const onBoard = board.tiles!.filter((t) => t.insight).map((t) => t.insight!.name);
  expect(onBoard.sort()).toEqual(["Page views", "Sign-ups this week"]);
  expect(board.tiles!.find((t) => t.text)?.text?.body).toContain("## Traffic");
  // Ordered by their layouts: the text tile on top, then the two insights side by side.
  expect(board.tiles!.map((t) => t.layouts?.["sm"])).toEqual([
    { x: 0, y: 0, w: 12, h: 2 },
    { x: 0, y: 2, w: 8, h: 5 },
    { x: 8, y: 2, w: 4, h: 5 },
  ]);
  made.signupsId = output<number>("signupsInsightId");
  const [views] = await insights.listInsights(http, projectId, { short_id: output<string>("viewsShortId") });
  expect(await alerts.getAlert(http, projectId, output<string>("alertId"))).toMatchObject({
    insight: { id: views!.id },
    calculation_interval: "daily",
  });

  const surveysProjectId = output<number>("surveysProjectId");
  const flagId = output<number>("flagId");
  made.surveyId = output<string>("surveyId");
  expect(await surveys.getSurvey(http, surveysProjectId, made.surveyId)).toMatchObject({ name: "NPS", linked_flag_id: flagId });
  // PostHog ran the experiment on the program's flag, launched.
  expect(output<number>("experimentFlagId")).toBe(flagId);
  expect((await experiments.getExperiment(http, surveysProjectId, output<number>("experimentId"))).start_date).toEqual(expect.any(String));
  expect((await hogFunctions.getHogFunction(http, surveysProjectId, output<string>("hogFunctionId"))).inputs?.["token"]).toEqual({
    secret: true,
  });
  // The encrypted payload reached PostHog (which answers it decrypted to a personal API key), secret in the state.
  const remote = await featureFlags.getFeatureFlag(http, surveysProjectId, output<number>("remoteFlagId"));
  expect(remote.filters.payloads).toEqual({ true: `"${SECRET}-payload"` });
});

test("a preview right after up shows no change and sends no write", async () => {
  await server.clearRequests();
  await stack.preview({ expectNoChanges: true });
  expect(await writes()).toEqual([]);
});

test("values PostHog would lose or refuse stop the preview in the program, naming each path; nothing is sent: NaN in a condition, a payload 6,000 levels deep", async () => {
  // Before: NaN passed check and PostHog stored null; the deep payload cost the SDK's serialization 35-40 s and
  // about 4 GB before a bare `RangeError: Maximum call stack size exceeded`.
  // A program of this flag alone: it stops before anything else would be registered.
  const program = fs.readFileSync(path.join(dir, "index.ts"), "utf8");
  fs.writeFileSync(
    path.join(dir, "index.ts"),
    [
      `import * as posthog from "pulumi-posthog";`,
      `let deep: unknown = 1;`,
      `for (let i = 0; i < 6000; i++) deep = [deep];`,
      `new posthog.FeatureFlag("bad", { key: "bad", filters: { groups: [{ properties: [], rollout_percentage: Number.NaN }], payloads: { true: deep as never } } });`,
    ].join("\n"),
  );
  await server.clearRequests();
  try {
    const message = await stack.preview().then(
      () => "",
      (error: Error) => error.message,
    );
    expect(message).toMatch(/posthog\.FeatureFlag "bad": filters\.groups\[0\]\.rollout_percentage is NaN: JSON cannot carry NaN/);
    expect(message).toMatch(
      new RegExp(`filters\\.payloads\\.true(\\[0\\])+… is nested deeper than ${MAX_JSON_DEPTH} levels of lists and objects`),
    );
    expect(message).not.toMatch(/Maximum call stack/);
  } finally {
    fs.writeFileSync(path.join(dir, "index.ts"), program);
  }
  expect(await writes()).toEqual([]);
});

test("changed by hand: every kind's example (its first plain string input) and, beside them, nested values, a deleted insight and a hook; refresh, then preview shows each drift as old => new; up restores each with one PATCH of what drifted and creates the deleted insight again on its dashboard", async () => {
  // The contract's: each kind's first plain string input (as the fast cases drift it); a kind PostHog changes nothing
  // of in place (an invite, a proxy record, a role membership) is left as it is.
  const drifted = contractKinds.flatMap((kind) => {
    const input = driftInput(kind);
    if (input === undefined) return [];
    const old = kind.example.inputs[input] as string;
    return [{ kind, input, field: postHogField(kind, input), old, edited: driftValue(kind, input, old) }];
  });
  for (const { kind, field, edited } of drifted) {
    const { scope, id } = located(kind);
    await kind.api.update(http, scope, id, { [field]: edited });
  }
  // Beside them: the cohort's description and companies; the dashboard's description, the trends insight's name, the
  // alert's bound, and the HogQL insight deleted; the hook disabled.
  const projectId = output<number>("dashboardProjectId");
  const dashboardId = output<number>("dashboardId");
  const surveysProjectId = output<number>("surveysProjectId");
  const [views] = await insights.listInsights(http, projectId, { short_id: output<string>("viewsShortId") });
  await cohorts.updateCohort(http, cohortProjectId, made.cohortId, {
    description: "Edited by hand",
    filters: companyFilter(["Acme", "Initech"]),
  });
  await dashboards.updateDashboard(http, projectId, dashboardId, { description: "Edited by hand" });
  await insights.updateInsight(http, projectId, views!.id, { name: "Renamed by hand" });
  await alerts.updateAlert(http, projectId, output<string>("alertId"), {
    threshold: { configuration: { type: "absolute", bounds: { upper: 5 } } },
  });
  await insights.deleteInsight(http, projectId, made.signupsId);
  // The hook's secret, never answered, is no drift.
  await hogFunctions.updateHogFunction(http, surveysProjectId, output<string>("hogFunctionId"), { enabled: false });

  // Refresh: every kind's example; beside them the cohort, the dashboard, the insight, the alert and the hook; the
  // deleted insight dropped.
  expect((await stack.refresh()).summary.resourceChanges).toMatchObject({ update: drifted.length + 5, delete: 1 });
  expect(exported()).not.toContain(SECRET);
  const steps = new Map<string, string[]>();
  const preview = await stack.preview({ diff: true, onEvent: stepsByName(steps) });
  for (const { input, old, edited } of drifted) {
    expect(preview.stdout).toMatch(new RegExp(`~ ${input}\\s*: ${quoted(edited)} => ${quoted(old)}`));
  }
  // Every drifted kind changes. The kinds in the project may show as replaced: in a preview the project's update leaves
  // its projectId not known yet (Pulumi's dynamic-provider host passes no `stables` from diff), which `up` then finds
  // unchanged.
  for (const { kind } of drifted) {
    expect({ kind: kind.name, changes: steps.get(resourceName(kind))!.some((op) => op === "update" || op === "replace") }).toEqual({
      kind: kind.name,
      changes: true,
    });
  }
  expect(preview.stdout).toMatch(/~ description\s*: "Edited by hand" => "Persons of Acme, Globex"/);
  expect(preview.stdout).toMatch(/~ \[1\]\s*: "Initech" => "Globex"/);
  // Only the drift: PostHog's `negation: false` is not shown as a change.
  expect(shown(preview.stdout, "beta-customers")).not.toMatch(/negation/);
  // The cohort's flag shows its condition as [unknown]: a dynamic resource's update cannot tell the engine its
  // cohortId stays. `up` then writes the cohort only.
  expect(preview.stdout).toMatch(/~ value\s*: \d+ => \[unknown\]/);
  expect(preview.stdout).toMatch(/~ description\s*: "Edited by hand" => "Page views and sign-ups of the web app"/);
  expect(preview.stdout).toMatch(/~ name\s*: "Renamed by hand" => "Page views"/);
  expect(preview.stdout).toMatch(/~ upper\s*: 5 => 10000/);
  expect(preview.stdout).toMatch(/~ enabled\s*: false => true/);
  // Beside the contract's: updated, the cohort and its flag, the dashboard, the insight, the alert, the hook; the
  // same, the two projects, the surveys' flag, the survey, the experiment and the remote configuration flag.
  const beside = {
    "beta-customers": ["update"],
    "customer-beta": ["update"],
    traffic: ["update"],
    "page-views": ["update"],
    "views-spike": ["update"],
    hook: ["update"],
    signups: ["create"],
    web: ["same"],
    surveys: ["same"],
    // The surveys' flag and the experiment (both "checkout").
    checkout: ["same", "same"],
    nps: ["same"],
    remote: ["same"],
  };
  expect(Object.fromEntries(Object.keys(beside).map((name) => [name, steps.get(name)]))).toEqual(beside);

  await server.clearRequests();
  const restored = await stack.up();
  // The same: the stack, the six beside them that did not drift, and the cohort's flag the preview showed [unknown].
  expect(restored.summary.resourceChanges).toEqual({
    update: drifted.length + 5,
    create: 1,
    same: 8 + contractKinds.length - drifted.length,
  });
  outputs = restored.outputs;
  for (const { kind, field, old } of drifted) {
    const { scope, id } = located(kind);
    expect({ kind: kind.name, [field]: ((await kind.api.get(http, scope, id)) as Record<string, unknown>)[field] }).toEqual({
      kind: kind.name,
      [field]: old,
    });
  }
  const all = await writes();
  // The contract's: one PATCH each, of the drifted field alone, with what PostHog needs in every update of the kind
  // (its model's `alwaysSent`: a saved filter playlist's filters); an access control's one PUT (PostHog's upsert)
  // names its target (`resource`, `role`) beside the drifted level.
  const sentAlong = (kind: Kind, field: string) =>
    ((kind.model?.spec as { alwaysSent?: readonly string[] } | undefined)?.alwaysSent ?? []).filter((f) => f !== field);
  const target = new Set(["resource", "role", "organization_member"]);
  expect(
    all
      .filter((r) => !besides(r))
      .map((r) => (r.method === "PUT" ? ["PATCH", (r.bodyKeys ?? []).filter((key) => !target.has(key))] : [r.method, r.bodyKeys]))
      .sort(),
  ).toEqual(drifted.map(({ kind, field }) => ["PATCH", [field, ...sentAlong(kind, field)]]).sort());
  expect(
    all
      .filter(besides)
      .map((r) => [r.method, r.path.replace(/\/\d+\/|\/[0-9a-f-]{36}\//g, "/x/"), r.bodyKeys])
      .sort(),
  ).toEqual([
    ["PATCH", "/api/projects/x/alerts/x/", ["threshold"]],
    ["PATCH", "/api/projects/x/cohorts/x/", ["description", "filters"]],
    ["PATCH", "/api/projects/x/dashboards/x/", ["description"]],
    ["PATCH", "/api/projects/x/dashboards/x/", ["tiles"]],
    ["PATCH", "/api/projects/x/hog_functions/x/", ["enabled"]],
    ["PATCH", "/api/projects/x/insights/x/", ["name"]],
    ["POST", "/api/projects/x/insights/", ["saved", "name", "description", "query", "dashboards"]],
  ]);
  const again = output<number>("signupsInsightId");
  expect(again).not.toBe(made.signupsId);
  expect((await insights.getInsight(http, projectId, again)).dashboards).toEqual([dashboardId]);
});

test("deleted by hand: the cohort with its flag (PostHog keeps a cohort an active flag uses) and the survey (DELETE); up --refresh creates them again, the flag naming the new cohort", async () => {
  await expect(cohorts.deleteCohort(http, cohortProjectId, made.cohortId)).rejects.toThrow(
    /This cohort is used in 1 active feature flag\(s\): Beta for the listed companies/,
  );
  await featureFlags.deleteFeatureFlag(http, cohortProjectId, made.cohortFlagId);
  await cohorts.deleteCohort(http, cohortProjectId, made.cohortId);
  await surveys.deleteSurvey(http, output<number>("surveysProjectId"), made.surveyId);

  const again = await stack.up({ refresh: true });
  expect(again.summary.resourceChanges).toMatchObject({ create: 3 });
  outputs = again.outputs;
  expect(output<number>("cohortId")).not.toBe(made.cohortId);
  const newFlag = await featureFlags.getFeatureFlag(http, cohortProjectId, output<number>("cohortFlagId"));
  expect(newFlag.filters.groups[0]!.properties).toMatchObject([{ type: "cohort", value: output<number>("cohortId") }]);
  expect(output<string>("surveyId")).not.toBe(made.surveyId);
});

test("destroy deletes every kind's example, and each beside them as PostHog does: the cohort's flag before the cohort; the alert, then the insights and the dashboard; the survey with DELETE", async () => {
  const dashboardProjectId = output<number>("dashboardProjectId");
  const surveysProjectId = output<number>("surveysProjectId");
  const ids = await idsIn(stack);
  await server.clearRequests();
  const destroyed = await stack.destroy();
  expect(destroyed.summary.resourceChanges).toEqual({ delete: 1 + contractKinds.length + BESIDE });
  destroyedByTypeScript = (await writes())
    .filter((r) => !besides(r))
    .map(shape(ids))
    .sort();
  // A released kind (a member's level) stays in PostHog: destroy only stops managing it.
  for (const kind of contractKinds)
    expect({ kind: kind.name, gone: await gone(kind) }).toEqual({ kind: kind.name, gone: kind.deletion !== "release" });

  // The flag first (the cohort it names would be refused), each marked deleted; no DELETE.
  expect(await writesIn(cohortProjectId)).toEqual([
    ["PATCH", "feature_flags", ["deleted"]],
    ["PATCH", "cohorts", ["deleted"]],
  ]);
  expect((await cohorts.getCohort(http, cohortProjectId, output<number>("cohortId"))).deleted).toBe(true);

  // The alert DELETEd first, the insights and the dashboard marked deleted.
  const deleted = await writesIn(dashboardProjectId);
  expect(deleted[0]).toEqual(["DELETE", "alerts", undefined]);
  expect(deleted.filter((w) => w[1] === "insights")).toEqual([
    ["PATCH", "insights", ["deleted"]],
    ["PATCH", "insights", ["deleted"]],
  ]);
  expect(deleted.filter((w) => w[1] === "dashboards")).toEqual([["PATCH", "dashboards", ["deleted"]]]);

  // The survey with DELETE, the experiment and the hog function marked deleted; the experiment's flag is the
  // program's, deleted as a FeatureFlag is (with the remote configuration flag), before their project.
  const surveysWrites = await writesIn(surveysProjectId);
  expect(surveysWrites.filter((w) => w[1] === "surveys")).toEqual([["DELETE", "surveys", undefined]]);
  expect(surveysWrites.filter((w) => w[1] === "experiments")).toEqual([["PATCH", "experiments", ["deleted"]]]);
  expect(surveysWrites.filter((w) => w[1] === "hog_functions")).toEqual([["PATCH", "hog_functions", ["deleted"]]]);
  expect(surveysWrites.filter((w) => w[1] === "feature_flags")).toEqual([
    ["PATCH", "feature_flags", ["deleted"]],
    ["PATCH", "feature_flags", ["deleted"]],
  ]);
});

/**
 * The contract through the provider plugin, as Pulumi YAML, Python, Go and Java programs and `pulumi-posthog import`'s
 * YAML output use it: every kind's example in one YAML program (src/generate/example.ts writes it as the reference
 * pages do), beside them a member whose membership destroy ends (`removeOnDelete`), on the same server after the
 * TypeScript program's destroy. The engine hands a plugin's diff, update and delete the outputs, which keep no copy of
 * the declared inputs: a second up must still change nothing (an external data source compared its declared tables
 * with PostHog's and was replaced), and destroy send what the TypeScript program's sent.
 */
describe("through the provider plugin (Pulumi YAML)", () => {
  const member = "removed@example.com";
  let yaml: Stack;

  beforeAll(async () => {
    await server.control.createKey({ organizationId: server.organizationId, userEmail: member, level: "member" });
    // The TypeScript program's destroy deleted the definitions ingestion made: ingestion makes them again.
    await server.control.seedDefinitions(cohortProjectId, ingestedByExamples);
    const objects = contractKinds.map((kind) => {
      const object = declared(kind);
      // As in the TypeScript program: taken over in the configured project, where they were seeded, with what names them.
      if (!BESIDE_INGESTED.includes(kind.name)) return object;
      const { projectId: _, ...inputs } = object.inputs;
      return { ...object, inputs };
    });
    objects.push({
      kind: kindNamed("OrganizationMember"),
      name: "removed-on-delete",
      inputs: {
        userUuid: lookup("removedMember", "OrganizationMember", { email: member }, "userUuid"),
        level: "member",
        removeOnDelete: true,
      },
    });
    const program = session.program("yaml", { "Pulumi.yaml": yamlProgram("posthog-plugin-contract", objects, {}) });
    yaml = await session.stack(program, `e2e-plugin-contract-${process.pid}`);
    await yaml.setAllConfig({
      "posthog:projectId": { value: String(cohortProjectId) },
      ...Object.fromEntries(secrets.map((secret) => [secret.key, { value: secret.sample, secret: true }])),
    });
  });

  test("up creates every kind's example; a second up changes nothing and sends no write (an external data source with its tables is not replaced)", async () => {
    const up = await yaml.up();
    expect(up.summary.resourceChanges).toEqual({ create: 1 + contractKinds.length + 1 });
    await server.clearRequests();
    const again = await yaml.up();
    expect(again.summary.resourceChanges).toEqual({ same: 1 + contractKinds.length + 1 });
    expect(await writes()).toEqual([]);
  });

  test("destroy sends what the TypeScript program's destroy sent, and ends the membership of the member with removeOnDelete", async () => {
    expect(destroyedByTypeScript).toBeDefined();
    const ids = await idsIn(yaml);
    await server.clearRequests();
    const destroyed = await yaml.destroy();
    expect(destroyed.summary.resourceChanges).toEqual({ delete: 1 + contractKinds.length + 1 });
    expect((await writes()).map(shape(ids)).sort()).toEqual(
      [...destroyedByTypeScript!, ["DELETE", `/api/organizations/x/members/x/`, undefined]].sort(),
    );
    await expect(members.findMemberByEmail(http, server.organizationId, member)).resolves.toBeNull();
  });
});

test("no failure names a secret: a hog function whose inputs PostHog keeps otherwise (a typo), one PostHog refuses quoting part of its secret input", async () => {
  const token = `tok{en-${SECRET}}`;
  const hostile = (name: string) =>
    [
      `new posthog.HogFunction(${JSON.stringify(name)}, {`,
      `  projectId: ${cohortProjectId},`,
      `  type: "transformation",`,
      `  name: ${JSON.stringify(name)},`,
      `  hog: "return event",`,
      `  inputsSchema: [{ key: "token", type: "string", secret: true }, { key: "note", type: "string" }],`,
      `  inputs: { token: { value: ${JSON.stringify(token)} }, note: { valeu: "typo" } },`,
      `});`,
    ].join("\n");
  fs.writeFileSync(
    path.join(dir, "index.ts"),
    [`import * as posthog from "pulumi-posthog";`, hostile("typo"), hostile("refused"), ""].join("\n"),
  );
  const fragment = token.slice(4, 14);
  await refuseHogTemplate(server, "token", fragment);
  const failure = await stack.up({ continueOnError: true }).then(
    () => new Error("up succeeded"),
    (error: Error) => error,
  );
  expect(failure.message).toMatch(/PostHog accepted but did not apply inputs \(declared .*\[secret\]/);
  expect(failure.message).toMatch(/extraneous input '\[secret\]'/);
  expect(failure.message).not.toContain(fragment.slice(2, 8));
  expect(failure.message).not.toContain(SECRET.slice(0, 6));
});

/** Deleted as PostHog deletes it: not found, marked deleted, or (a project) being deleted. */
async function gone(kind: Kind): Promise<boolean> {
  const { scope, id } = located(kind);
  try {
    const record = (await kind.api.get(http, scope, id)) as Record<string, unknown>;
    // PostHog deletes no score definition: destroy archives it (src/kinds/llm-score-definition/kind.ts).
    const archived = kind.name === "LlmScoreDefinition" && record["archived"] === true;
    return record["deleted"] === true || record["is_pending_deletion"] === true || archived;
  } catch (error) {
    if (error instanceof PostHogError && error.isNotFound) return true;
    throw error;
  }
}
