/**
 * `pulumi-posthog import` end to end: an organization built on one local PostHog server (two projects, flags,
 * actions, annotations, one organization-wide), imported by the package's executable in each language, then the
 * written project run by the real Pulumi CLI: `pulumi up` adopts every object with reads only (nothing created,
 * changed or deleted in PostHog) and `pulumi preview --expect-no-changes` passes. The stacks are removed, not
 * destroyed, so that each language adopts the same organization.
 *
 * The local server answers from this process's event loop: every command runs as an asynchronous child process.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import { parse } from "yaml";
import { Transport, users } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import * as actions from "../../src/kinds/action/endpoints";
import * as annotations from "../../src/kinds/annotation/endpoints";
import * as cohorts from "../../src/kinds/cohort/endpoints";
import * as experiments from "../../src/kinds/experiment/endpoints";
import * as featureFlags from "../../src/kinds/feature-flag/endpoints";
import * as hogFunctions from "../../src/kinds/hog-function/endpoints";
import * as insights from "../../src/kinds/insight/endpoints";
import * as surveys from "../../src/kinds/survey/endpoints";
import * as accessControls from "../../src/kinds/access-control/endpoints";
import * as roles from "../../src/kinds/role/endpoints";
import * as roleMemberships from "../../src/kinds/role-membership/endpoints";
import * as invites from "../../src/kinds/organization-invite/endpoints";
import * as members from "../../src/kinds/organization-member/endpoints";
import * as proxyRecords from "../../src/kinds/proxy-record/endpoints";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { pluginSession, repoRoot, summaryWithoutSecrets, type PluginSession } from "../helpers/pulumi-cli";
import { pythonVirtualenv } from "../helpers/python-venv";

jest.setTimeout(300_000);

let server: LocalPostHog;
let http: Transport;
let session: PluginSession;
const objects: Array<{ kind: string; id: number | string }> = [];
/** A file a PostHog value names in Pulumi YAML's `fn::readFile`: its text must never reach PostHog. */
let canary: { path: string; text: string };
/** The flag whose payload names it. */
let reader: { project: number; id: number };
/** A remote configuration flag's encrypted payload, as PostHog decrypts it for a personal API key. */
const SECRET_PAYLOAD = '{"token":"remote-s3cret"}';

beforeAll(async () => {
  server = await startLocalPostHog();
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  session = await pluginSession(server, "import", { destroyOnCleanup: false });

  const org = server.organizationId;
  canary = { path: path.join(session.workDir, "credentials.json"), text: `canary-${process.pid}` };
  fs.writeFileSync(canary.path, canary.text);
  const web = await projects.createProject(http, org, { name: "Web app", timezone: "Europe/Amsterdam", anonymize_ips: true });
  await projects.updateProject(http, org, web.id, { session_recording_opt_in: true, session_recording_sample_rate: 0.5 });
  const mobile = await projects.createProject(http, org, { name: "Mobile" });
  // A project named as no TypeScript variable may be (strict mode).
  const evil = await projects.createProject(http, org, { name: "eval" });
  objects.push(
    { kind: "Project", id: web.id },
    { kind: "Project", id: mobile.id },
    { kind: "Project", id: evil.id },
    { kind: "Dashboard", id: Number(evil.primary_dashboard) },
  );
  const testers = await cohorts.createCohort(http, web.id, {
    name: "Beta testers",
    filters: {
      properties: { type: "OR", values: [{ type: "AND", values: [{ type: "person", key: "beta", operator: "exact", value: ["yes"] }] }] },
    },
  });
  const flag = await featureFlags.createFeatureFlag(http, web.id, {
    key: "new-checkout",
    name: "New checkout",
    filters: {
      groups: [
        { properties: [{ key: "email", value: "@example.com", operator: "icontains", type: "person" }], rollout_percentage: 20 },
        { properties: [{ key: "id", value: testers.id, type: "cohort" }], rollout_percentage: 100 },
      ],
      payloads: { true: '{"color": "blue"}' },
    },
    tags: ["Checkout"],
  });
  const off = await featureFlags.createFeatureFlag(http, mobile.id, {
    key: "dark-mode",
    active: false,
    filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
  });
  // Whoever may edit a flag writes what Pulumi YAML would run (read a file of the operator's, and send it to PostHog)
  // and what it would interpolate.
  const fnFlag = await featureFlags.createFeatureFlag(http, web.id, {
    key: "reads-a-file",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Pulumi YAML's interpolation, on purpose
    name: "Stack ${pulumi.stack} costs $$5",
    filters: { groups: [{ properties: [], rollout_percentage: 100 }], payloads: { true: JSON.stringify({ "fn::readFile": canary.path }) } },
  });
  reader = { project: web.id, id: fnFlag.id };
  const remote = await featureFlags.createFeatureFlag(http, web.id, {
    key: "remote-config",
    is_remote_configuration: true,
    has_encrypted_payloads: true,
    filters: { groups: [{ properties: [], rollout_percentage: 100 }], payloads: { true: SECRET_PAYLOAD } },
  });
  // Keys whose names meet: `dup-<DUP's id>` made before DUP, which then wants its name.
  const dup = await featureFlags.createFeatureFlag(http, mobile.id, {
    key: "dup",
    filters: { groups: [{ properties: [], rollout_percentage: 1 }] },
  });
  const suffixed = await featureFlags.createFeatureFlag(http, mobile.id, {
    key: `dup-${dup.id + 2}`,
    filters: { groups: [{ properties: [], rollout_percentage: 2 }] },
  });
  const upper = await featureFlags.createFeatureFlag(http, mobile.id, {
    key: "DUP",
    filters: { groups: [{ properties: [], rollout_percentage: 3 }] },
  });
  expect(upper.id).toBe(dup.id + 2);
  objects.push(
    { kind: "FeatureFlag", id: fnFlag.id },
    { kind: "FeatureFlag", id: remote.id },
    { kind: "FeatureFlag", id: dup.id },
    { kind: "FeatureFlag", id: suffixed.id },
    { kind: "FeatureFlag", id: upper.id },
  );
  const action = await actions.createAction(http, web.id, {
    name: "Signed up",
    description: "Welcome page",
    steps: [{ event: "$pageview", url: "/welcome", url_matching: "contains" }],
  });
  const note = await annotations.createAnnotation(http, web.id, {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: text that looks like Pulumi YAML's interpolation, on purpose
    content: "Checkout v2 ${released}",
    date_marker: "2025-01-02T09:00:00Z",
    scope: "project",
  });
  const everywhere = await annotations.createAnnotation(http, mobile.id, {
    content: "Company offsite",
    date_marker: "2025-02-03T00:00:00Z",
    scope: "organization",
  });
  // Each project's home dashboard is PostHog's, and declared; a flag's usage dashboard is not (PostHog makes it).
  const signups = await insights.createInsight(http, web.id, {
    name: "Signups",
    query: { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "signed_up" }] } },
    dashboards: [web.primary_dashboard],
    saved: true,
  });
  // A draft on the dashboard: read, and not declared.
  await insights.createInsight(http, web.id, {
    name: "Draft",
    query: { kind: "InsightVizNode", source: { kind: "TrendsQuery", series: [{ kind: "EventsNode", event: "draft" }] } },
    dashboards: [web.primary_dashboard],
    saved: false,
  });
  // A survey on the flag, an experiment on a flag PostHog makes for it (imported as a FeatureFlag named by key), a
  // transformation; and a destination with a secret input, which PostHog never answers: left to be declared by hand.
  const survey = await surveys.createSurvey(http, web.id, {
    name: "Checkout feedback",
    type: "popover",
    questions: [{ type: "open", question: "How was checkout?" }],
    linked_flag_id: flag.id,
  });
  const experiment = await experiments.createExperiment(http, web.id, { name: "Checkout speed", feature_flag_key: "checkout-speed" });
  const cleanup = await hogFunctions.createHogFunction(http, web.id, {
    type: "transformation",
    name: "Drop test events",
    hog: "return event",
  });
  await hogFunctions.createHogFunction(http, web.id, {
    type: "destination",
    name: "Hook",
    hog: "fetch(inputs.url, {'headers': {'Authorization': inputs.token}})",
    inputs_schema: [
      { key: "url", type: "string", required: true },
      { key: "token", type: "string", secret: true },
    ],
    inputs: { url: { value: "https://example.com/hook" }, token: { value: "s3cret" } },
  });
  objects.push(
    { kind: "Survey", id: survey.id },
    { kind: "Experiment", id: experiment.id },
    { kind: "FeatureFlag", id: Number(experiment.feature_flag?.id) },
    { kind: "HogFunction", id: cleanup.id },
    { kind: "Dashboard", id: Number(web.primary_dashboard) },
    { kind: "Dashboard", id: Number(mobile.primary_dashboard) },
    { kind: "Insight", id: signups.id },
    { kind: "Cohort", id: testers.id },
    { kind: "FeatureFlag", id: flag.id },
    { kind: "FeatureFlag", id: off.id },
    { kind: "Action", id: action.id },
    { kind: "Annotation", id: note.id },
    { kind: "Annotation", id: everywhere.id },
  );
  // The organization's own: its members (the key's user, declared at its own level, and Ana, a plain member), a
  // pending invite, a proxy record, a role holding the key's user, the role's access to the web project's flags and
  // Ana's to the web project itself.
  const me = await users.getCurrentUser(http);
  await server.control.createKey({ organizationId: server.organizationId, userEmail: "ana@example.com", level: "member" });
  const ana = (await members.findMemberByEmail(http, server.organizationId, "ana@example.com"))!;
  const invite = await invites.createInvite(http, server.organizationId, { target_email: "ben@example.com", level: 8, first_name: "Ben" });
  const proxy = await proxyRecords.createProxyRecord(http, server.organizationId, { domain: "e.example.com" });
  const role = await roles.createRole(http, server.organizationId, { name: "Editors" });
  const membership = await roleMemberships.createRoleMembership(
    http,
    { scope: server.organizationId, parent: role.id },
    { user_uuid: me.uuid },
  );
  // Only the role edits the web project's flags: a kind-wide access control entry (its id is the entry's key).
  await accessControls.putAccessControl(
    http,
    web.id,
    { resource: "feature_flag", resource_id: null, role_id: role.id, organization_member_id: null },
    "editor",
  );
  await accessControls.putAccessControl(
    http,
    web.id,
    { resource: "project", resource_id: null, role_id: null, organization_member_id: ana.membership_id },
    "admin",
  );
  objects.push(
    { kind: "OrganizationMember", id: me.uuid },
    { kind: "OrganizationMember", id: ana.id },
    { kind: "OrganizationInvite", id: invite.id },
    { kind: "ProxyRecord", id: proxy.id },
    { kind: "AccessControl", id: `project:member:${ana.membership_id}` },
    { kind: "Role", id: role.id },
    { kind: "RoleMembership", id: membership.id },
    { kind: "AccessControl", id: `feature_flag:role:${role.id}` },
  );
});

afterAll(async () => {
  await session?.cleanup();
  await server?.close();
});

/** `pulumi-posthog import` as a user runs it: the package's executable, configured by the environment. */
const importer = (args: string[]) =>
  session.ok(repoRoot, [path.join(repoRoot, "lib", "import", "cli.js"), "import", ...args], process.execPath);

/** The stack's secret the program reads the remote configuration flag's encrypted payload from. */
const PAYLOAD_KEY = "web_app_feature_flag_remote_config-payloads-true";

/**
 * `up` of the written project adopts every object with GETs only; the preview after it shows no change. The encrypted
 * payload is set as the next steps say, as PostHog has it.
 */
async function adoptsWithNoChange(dir: string, name: string): Promise<void> {
  // Not the session's: removed below, not destroyed, so that the objects stay in PostHog for the next language. A new
  // stack (`stack init` alone: createOrSelectStack runs a `stack select` that fails first).
  const stack = summaryWithoutSecrets(
    await LocalWorkspace.createStack(
      { stackName: `${name}-${process.pid}`, workDir: dir },
      { envVars: session.env, pulumiCommand: session.command },
    ),
  );
  try {
    await stack.setConfig(PAYLOAD_KEY, { value: SECRET_PAYLOAD, secret: true });
    await server.clearRequests();
    const up = await stack.up();
    // Every object of the organization, and the stack itself.
    expect(up.summary.resourceChanges).toEqual({ create: objects.length + 1 });
    expect((await server.requests()).filter((r) => r.method !== "GET")).toEqual([]);
    // The state's ids (no secret among them: exported without --show-secrets).
    const state = JSON.parse((await session.ok(dir, ["stack", "export", "--stack", stack.name])).stdout) as {
      deployment: { resources: Array<{ type: string; id: string }> };
    };
    const adopted = state.deployment.resources
      .filter((r) => !r.type.startsWith("pulumi:"))
      .map((r) => {
        const id = r.id.split("/").pop() as string;
        return /^\d+$/.test(id) ? Number(id) : id;
      });
    expect(adopted.sort()).toEqual(objects.map((o) => o.id).sort());
    expect((await stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: objects.length + 1 });
    // Nothing of the operator's machine reached PostHog.
    const payloads = (await featureFlags.getFeatureFlag(http, reader.project, reader.id)).filters.payloads;
    expect(JSON.stringify(payloads)).not.toContain(canary.text);
    expect(JSON.parse(String(payloads?.["true"]))).toEqual({ "fn::readFile": canary.path });
  } finally {
    // The state only: the objects stay in PostHog for the next language.
    await stack.workspace.removeStack(stack.name, { force: true });
  }
}

test("--dry-run prints the project and writes nothing; progress goes to stderr", async () => {
  const out = path.join(session.workDir, "dry");
  const { stdout, stderr } = await importer(["--out", out, "--language", "yaml", "--dry-run"]);
  expect(fs.existsSync(out)).toBe(false);
  expect(stdout).toContain(`--- ${path.join(out, "Pulumi.yaml")} ---`);
  expect(stdout).toContain(`--- ${path.join(out, "import.json")} ---`);
  // A string that holds Pulumi YAML's interpolation is escaped: every `$` doubled, as Pulumi YAML reads `$$` as `$`.
  expect(stdout).toContain('content: "Checkout v2 $${released}"');
  expect(stdout).toContain('name: "Stack $${pulumi.stack} costs $$$$5"');
  // The payload naming a file is its JSON text, never a map Pulumi YAML would run.
  expect(stdout).not.toMatch(/^\s*"?fn::/im);
  expect(stdout).toContain(`"true": ${JSON.stringify(JSON.stringify({ "fn::readFile": canary.path }))}`);
  expect(stderr).toContain('note: web_app_feature_flag_reads_a_file: filters.payloads.true holds a key beginning "fn::"');
  // The encrypted payload is not in the program: a secret of the stack, named.
  expect(stdout).not.toContain("remote-s3cret");
  expect(stderr).toContain(
    `note: web_app_feature_flag_remote_config: the encrypted payload of "true" is a secret in PostHog: not written; the program reads it from the stack's secret ${PAYLOAD_KEY}`,
  );
  // Every object read and not declared is named, with why, and counted as such.
  expect(stderr).toMatch(/^project \d+: hog function "Hook" \(id [0-9a-f-]+\) not declared: its secret input token PostHog never answers/m);
  expect(stderr).toMatch(/^project \d+: insight "Draft" \(id \d+\) not declared: unsaved \(saved: false\)/m);
  const counts = stderr.split("\n").filter((line) => /^\d+ projects|^\[\d\/\d\]/.test(line));
  // The kinds this organization has none of, in registry order, then its access controls.
  const none =
    "0 batch exports, 0 hog flows, 0 warehouse saved queries, 0 warehouse view links, 0 external data sources, " +
    "0 session recording playlists, 0 early access features, 0 experiment holdouts, 0 experiment saved metrics, " +
    "0 event definitions, 0 property definitions";
  const after =
    "0 notebooks, 0 subscriptions, 0 insight variables, 0 error tracking assignment rules, 0 error tracking grouping rules, " +
    "0 error tracking suppression rules";
  expect(counts).toEqual([
    `3 projects in organization ${server.organizationId}`,
    expect.stringMatching(
      new RegExp(
        `^\\[1/3\\] project \\d+ "Web app": 4 feature flags, 2 annotations, 1 action, 1 cohort, 1 dashboard, 2 insights \\(1 not declared\\), 0 alerts, 1 survey, 1 experiment, 2 hog functions \\(1 not declared\\), ${none}, 2 access controls, ${after}$`,
      ),
    ),
    expect.stringMatching(
      new RegExp(
        `^\\[2/3\\] project \\d+ "Mobile": 4 feature flags, 1 annotation, 0 actions, 0 cohorts, 1 dashboard, 0 insights, 0 alerts, 0 surveys, 0 experiments, 0 hog functions, ${none}, 0 access controls, ${after}$`,
      ),
    ),
    expect.stringMatching(
      new RegExp(
        `^\\[3/3\\] project \\d+ "eval": 0 feature flags, 1 annotation, 0 actions, 0 cohorts, 1 dashboard, 0 insights, 0 alerts, 0 surveys, 0 experiments, 0 hog functions, ${none}, 0 access controls, ${after}$`,
      ),
    ),
  ]);
  // The organization-wide annotation is in every project's list, and declared once.
  expect(stdout.match(/type: posthog:index:Annotation/g)).toHaveLength(2);
});

test("--out naming a file, or a directory that is not empty, is refused before anything is read", async () => {
  const dir = session.program("taken", { "notes.txt": "mine\n" });
  await server.clearRequests();
  for (const [out, message] of [
    [path.join(dir, "notes.txt"), "is a file, not a directory"],
    [dir, "is not empty (notes.txt): name a new or empty directory, or pass --force"],
  ] as const) {
    const { status, stderr } = await session.run(
      repoRoot,
      [path.join(repoRoot, "lib", "import", "cli.js"), "import", "--out", out],
      process.execPath,
    ).done;
    expect(status).toBe(1);
    expect(stderr).toContain(`--out ${out} ${message}`);
  }
  expect(await server.requests()).toEqual([]);
  expect(fs.readdirSync(dir)).toEqual(["notes.txt"]);
});

test("TypeScript: the written program adopts the organization; up changes nothing in PostHog; then no change", async () => {
  const dir = path.join(session.workDir, "typescript");
  const { stdout } = await importer(["--out", dir]);
  expect(stdout).toContain("npm install");
  // The next steps say which secret to set, as PostHog has it.
  expect(stdout).toContain(`pulumi config set --secret ${PAYLOAD_KEY} '…'`);
  expect(fs.readdirSync(dir).sort()).toEqual(["Pulumi.yaml", "index.ts", "package.json", "tsconfig.json"]);
  const program = fs.readFileSync(path.join(dir, "index.ts"), "utf8");
  expect(program).toContain('export const webAppFeatureFlagNewCheckout = new posthog.FeatureFlag("web_app_feature_flag_new_checkout", {');
  expect(program).toContain("  projectId: webApp.projectId,");
  // The flag's cohort condition names the imported cohort's output, not its number.
  expect(program).toMatch(/value: webAppCohortBetaTesters\.cohortId/);
  // And an insight's dashboard names the imported Dashboard.
  expect(program).toMatch(/dashboards: \[\s*webAppDashboardMyAppDashboard\.dashboardId,\s*\]/);
  // An experiment names its flag by key; a hog function with a secret input is left out (PostHog never answers it).
  expect(program).toContain("featureFlagKey: webAppFeatureFlagCheckoutSpeed.key,");
  expect(program).not.toContain('name: "Hook"');
  // Names that met (dup, DUP, dup-<DUP's id>) are three; a project named eval is no strict-mode variable.
  const dupNames = program.match(/new posthog\.FeatureFlag\("mobile_feature_flag_dup[^"]*"/g) ?? [];
  expect(new Set(dupNames).size).toBe(3);
  expect(program).toContain('export const eval_ = new posthog.Project("eval_", {');
  // The encrypted payload is read from the stack's secret.
  expect(program).toContain(`true: config.requireSecret("${PAYLOAD_KEY}"),`);
  expect(program).not.toContain("remote-s3cret");
  // Defaults and what PostHog computes are not declared.
  expect(program).not.toMatch(/active: true|evaluationRuntime|apiToken|createdAt/);
  // What `npm install` of package.json's dependencies gives: this checkout as pulumi-posthog.
  fs.mkdirSync(path.join(dir, "node_modules"));
  fs.symlinkSync(repoRoot, path.join(dir, "node_modules", "pulumi-posthog"));
  await adoptsWithNoChange(dir, "typescript");
});

test("YAML: the plugin's types, adopted by up; then no change", async () => {
  const dir = path.join(session.workDir, "yaml");
  await importer(["--out", dir, "--language", "yaml"]);
  // No map Pulumi YAML would run: no key beginning fn:: anywhere.
  const keys = (value: unknown): string[] =>
    Array.isArray(value)
      ? value.flatMap(keys)
      : value !== null && typeof value === "object"
        ? Object.entries(value).flatMap(([k, v]) => [k, ...keys(v)])
        : [];
  const program = fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8");
  expect(keys(parse(program)).filter((k) => k.toLowerCase().startsWith("fn::"))).toEqual([]);
  expect(program).not.toContain("remote-s3cret");
  const imports = JSON.parse(fs.readFileSync(path.join(dir, "import.json"), "utf8")) as { resources: Array<{ type: string; id: string }> };
  expect(imports.resources.map((r) => r.type)).toContain("posthog:index:FeatureFlag");
  await adoptsWithNoChange(dir, "yaml");
});

test("Python: the plugin's generated SDK, adopted by up; then no change", async () => {
  const dir = path.join(session.workDir, "python");
  await importer(["--out", dir, "--language", "python"]);
  expect(fs.readFileSync(path.join(dir, "__main__.py"), "utf8")).not.toContain("remote-s3cret");
  const sdk = await session.pythonSdk(dir);
  // The shared virtualenv holds Pulumi's Python SDK; this project's own virtualenv reads it, and the SDK generated
  // here, through .pth files (nothing is installed in the shared one, which test/languages/plugin.test.ts installs into).
  const shared = await pythonVirtualenv();
  await session.ok(dir, ["-m", "venv", "--without-pip", "venv"], "python3");
  const sitePackages = (venv: string) => {
    const lib = path.join(venv, "lib");
    return path.join(lib, fs.readdirSync(lib).find((d) => d.startsWith("python"))!, "site-packages");
  };
  const site = sitePackages(path.join(dir, "venv"));
  fs.writeFileSync(path.join(site, "0-sdk.pth"), `${sdk}\n`);
  fs.writeFileSync(path.join(site, "1-pulumi.pth"), `${sitePackages(shared)}\n`);
  // The SDK reads its version from its package's metadata (importlib.metadata, in its _utilities): what `pip install`
  // would record, since nothing is installed here.
  const metadata = path.join(site, "pulumi_posthog-1.0.0.dist-info");
  fs.mkdirSync(metadata);
  fs.writeFileSync(path.join(metadata, "METADATA"), "Metadata-Version: 2.1\nName: pulumi_posthog\nVersion: 1.0.0\n");
  await adoptsWithNoChange(dir, "python");
});
