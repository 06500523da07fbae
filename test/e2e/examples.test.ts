/**
 * The examples through the real Pulumi CLI, and the package as users get it: `npm pack`, installed into a fresh
 * Pulumi project outside the repository. The examples that run in an existing stack's configuration share one stack
 * (one program importing each as written): one up, one preview, one up --refresh, one destroy for all of them.
 * The local server goes with the file: a stack whose destroy would check nothing another does not is left to it.
 * Beside the examples, one small stack of flags other objects write into (an early access feature's enrolment, an
 * experiment's holdout), changed after those writes.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { Transport } from "../../src/client-entry";
import * as projects from "../../src/kinds/project/endpoints";
import * as actions from "../../src/kinds/action/endpoints";
import * as annotations from "../../src/kinds/annotation/endpoints";
import * as featureFlags from "../../src/kinds/feature-flag/endpoints";
import * as dashboards from "../../src/kinds/dashboard/endpoints";
import * as insights from "../../src/kinds/insight/endpoints";
import * as accessControls from "../../src/kinds/access-control/endpoints";
import * as roles from "../../src/kinds/role/endpoints";
import * as features from "../../src/kinds/early-access-feature/endpoints";
import * as surveys from "../../src/kinds/survey/endpoints";
import * as experiments from "../../src/kinds/experiment/endpoints";
import * as holdouts from "../../src/kinds/experiment-holdout/endpoints";
import * as metrics from "../../src/kinds/experiment-saved-metric/endpoints";
import { groupIdentify, startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { pulumiSession, repoRoot, type PulumiSession } from "../helpers/pulumi-cli";

jest.setTimeout(600_000);

let server: LocalPostHog;
let session: PulumiSession;
let http: Transport;

beforeAll(async () => {
  // PostHog purges deleted projects in the background; here long enough after a destroy to read what was in them.
  server = await startLocalPostHog({ deletionPurgeMs: 120_000 });
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  session = await pulumiSession(server, [], { destroyOnCleanup: false });
});
afterAll(async () => {
  await session?.cleanup();
  await server?.close();
});

/** The examples one stack runs together: each one's program imported as written, its outputs as `<key><Output>`. */
const together = {
  first: { example: "first-program", outputs: ["projectId", "flagId", "dashboardId", "insightShortId"] },
  groups: { example: "groups", outputs: ["groupProperties", "groupCount", "groupTypes", "industries"] },
  companies: { example: "flags-for-companies", outputs: ["flagId", "flagProjectId", "companies"] },
  checkout: { example: "flags-actions-annotations", outputs: ["flagId", "actionId", "annotationId"] },
  team: { example: "team", outputs: ["projectId", "sandboxProjectId", "engineeringRoleId", "analyticsRoleId"] },
  beta: {
    example: "beta-programme",
    outputs: ["projectId", "betaFeatureId", "optInFlagKey", "surveyId", "experimentId", "experimentFlagId"],
  },
};

test("examples/first-program (the README's, `npm run demo`'s), groups, flags-for-companies, flags-actions-annotations, team and beta-programme in one stack: up creates each example's objects and reads its lookups (the team's members found by email join its roles; only Engineering edits the app's flags, dashboards and insights; the beta's feature releases its flag, its survey asks that flag's users, its experiment runs outside the holdout on two saved metrics); a preview shows no change; a flag and the beta's stage changed by hand show old => new on up --refresh --diff, and a role deleted by hand is shown gone with its membership and entry, the same up puts all back while a new posthog:projectId moves the flag, action and annotation of the provider's project; destroy deletes each, the beta's flag after its feature", async () => {
  // examples/groups: the groups of a project of their own.
  const groupsProject = await projects.createProject(http, server.organizationId, { name: "Groups example" });
  await server.capture(groupsProject.api_token, [
    ...Array.from({ length: 120 }, (_, i) => groupIdentify("company", `c${i}`, { name: `C${i}`, industry: i % 3 ? "retail" : "finance" })),
    groupIdentify("company", "acme", { name: "Acme Inc", industry: "finance", seats: 40 }),
    groupIdentify("workspace", "w1", { name: "Main" }),
  ]);
  // examples/flags-for-companies and examples/flags-actions-annotations: the provider's project, then another.
  const companies = [
    groupIdentify("company", "globex", { name: "Globex", industry: "finance" }),
    groupIdentify("company", "acme", { name: "Acme Inc", industry: "finance" }),
    groupIdentify("company", "initech", { name: "Initech", industry: "retail" }),
  ];
  const [first, second] = [
    await projects.createProject(http, server.organizationId, { name: "Companies" }),
    await projects.createProject(http, server.organizationId, { name: "Companies, moved" }),
  ];
  for (const p of [first, second]) await server.capture(p.api_token, companies);
  // examples/team: the people its roles name by email, in the organization already (people join through invites).
  for (const userEmail of ["ana@example.com", "ben@example.com", "cy@example.com"])
    await server.control.createKey({ organizationId: server.organizationId, userEmail, level: "member" });

  // nodeProgram's directory is .cache/<its own>, two levels under the checkout.
  const dir = session.nodeProgram(
    "posthog-examples",
    Object.entries(together).flatMap(([key, { example, outputs }]) => [
      `import * as ${key} from ${JSON.stringify(path.join("..", "..", "examples", example))};`,
      ...outputs.map((name) => `export const ${key}${name[0]!.toUpperCase()}${name.slice(1)} = ${key}.${name};`),
    ]),
  );
  const stack = await session.stack(dir, `e2e-examples-${process.pid}`, {
    // Each example's own configuration (its stack's namespace is this program's).
    projectId: String(groupsProject.id),
    groupType: "company",
    groupKey: "acme",
    industry: "finance",
    "posthog:projectId": String(first.id),
    engineers: JSON.stringify(["ana@example.com", "cy@example.com"]),
    analysts: JSON.stringify(["ben@example.com"]),
  });
  const up = await stack.up();
  // The stack; first-program: a project, a flag, a dashboard, an insight; flags-for-companies: a flag;
  // flags-actions-annotations: a flag, an action, an annotation; team: two roles, three memberships, two projects and
  // seven access control entries; beta-programme: a project, a flag, an early access feature, a survey, a holdout, two
  // saved metrics and an experiment.
  expect(up.summary.resourceChanges).toEqual({ create: 31 });
  const value = <T>(name: string) => up.outputs[name]!.value as T;

  // examples/first-program: a project, a flag, a dashboard with an insight.
  const [projectId, flagId] = [value<number>("firstProjectId"), value<number>("firstFlagId")];
  expect(await projects.getProject(http, server.organizationId, projectId)).toMatchObject({ name: "Web app", anonymize_ips: true });
  const flag = await featureFlags.getFeatureFlag(http, projectId, flagId);
  expect(flag).toMatchObject({ key: "new-checkout", deleted: false });
  expect(flag.filters.groups?.[0]?.rollout_percentage).toBe(20);
  const board = await dashboards.getDashboard(http, projectId, value("firstDashboardId"));
  expect(board.name).toBe("Web traffic");
  const insight = board.tiles?.find((tile) => tile.insight)?.insight as { id: number } | undefined;
  expect(insight).toBeDefined();
  expect(await insights.getInsight(http, projectId, insight!.id)).toMatchObject({
    name: "Page views",
    short_id: value("firstInsightShortId"),
  });

  // examples/groups: a group's properties read through the lookups.
  expect(value("groupsGroupProperties")).toEqual({ name: "Acme Inc", industry: "finance", seats: 40 });
  expect(value("groupsGroupCount")).toBe(121);
  expect(value("groupsGroupTypes")).toEqual(["company", "workspace"]);
  expect(value("groupsIndustries")).toEqual([
    { name: "retail", count: 80 },
    { name: "finance", count: 41 },
  ]);

  // examples/flags-for-companies: a flag rolled out to the companies a lookup finds.
  expect(value("companiesCompanies")).toEqual(["acme", "globex"]);
  const companiesFlagId = value<number>("companiesFlagId");
  const companiesFlag = await featureFlags.getFeatureFlag(http, first.id, companiesFlagId);
  expect(companiesFlag).toMatchObject({ key: "industry-beta", active: true, deleted: false });
  expect(companiesFlag.filters).toMatchObject({
    aggregation_group_type_index: 0,
    groups: [
      {
        properties: [{ key: "$group_key", type: "group", group_type_index: 0, operator: "exact", value: ["acme", "globex"] }],
        rollout_percentage: 100,
      },
    ],
  });

  // examples/flags-actions-annotations: a multivariate flag with payloads, an action and an annotation.
  const checkout = {
    flagId: value<number>("checkoutFlagId"),
    actionId: value<number>("checkoutActionId"),
    annotationId: value<number>("checkoutAnnotationId"),
  };
  const checkoutFlag = await featureFlags.getFeatureFlag(http, first.id, checkout.flagId);
  expect(checkoutFlag.filters.multivariate?.variants.map((v) => [v.key, v.rollout_percentage])).toEqual([
    ["control", 50],
    ["one-page", 50],
  ]);
  // PostHog keeps payloads as JSON text.
  expect(JSON.parse(String(checkoutFlag.filters.payloads?.["one-page"]))).toEqual({ steps: 1, banner: "Faster checkout" });
  expect(await actions.getAction(http, first.id, checkout.actionId)).toMatchObject({
    name: "Completed purchase",
    steps: [{ event: "$pageview", url: "/checkout/done", url_matching: "contains" }, { event: "purchase" }],
  });
  expect(await annotations.getAnnotation(http, first.id, checkout.annotationId)).toMatchObject({
    content: "Checkout layout test starts",
    scope: "project",
  });

  // examples/team: each role holds the members its emails name; everyone views the app's flags, dashboards and
  // insights and Engineering edits them; Analytics administers its sandbox.
  const team = { engineering: value<string>("teamEngineeringRoleId"), analytics: value<string>("teamAnalyticsRoleId") };
  const membersOf = async (roleId: string) =>
    ((await roles.getRole(http, server.organizationId, roleId)).members ?? []).map((m) => (m["user"] as { email: string }).email).sort();
  expect(await membersOf(team.engineering)).toEqual(["ana@example.com", "cy@example.com"]);
  expect(await membersOf(team.analytics)).toEqual(["ben@example.com"]);
  const entriesOf = async (project: number) =>
    (await accessControls.listAccessControls(http, project))
      .map((e) => [
        e.resource,
        e.access_level,
        e.role_id === team.engineering ? "engineering" : e.role_id === team.analytics ? "analytics" : e.role_id,
      ])
      .sort();
  expect(await entriesOf(value("teamProjectId"))).toEqual(
    [
      ["dashboard", "editor", "engineering"],
      ["dashboard", "viewer", null],
      ["feature_flag", "editor", "engineering"],
      ["feature_flag", "viewer", null],
      ["insight", "editor", "engineering"],
      ["insight", "viewer", null],
    ].sort(),
  );
  expect(await entriesOf(value("teamSandboxProjectId"))).toEqual([["project", "admin", "analytics"]]);

  // examples/beta-programme: the feature releases the program's flag, to which PostHog added the opt-in condition; the
  // survey asks that flag's users; the experiment, on a flag PostHog made, keeps the holdout's users out and measures
  // the two saved metrics.
  const beta = {
    projectId: value<number>("betaProjectId"),
    featureId: value<string>("betaBetaFeatureId"),
    experimentId: value<number>("betaExperimentId"),
  };
  expect(await projects.getProject(http, server.organizationId, beta.projectId)).toMatchObject({ name: "Shop" });
  const feature = await features.getEarlyAccessFeature(http, beta.projectId, beta.featureId);
  expect(feature).toMatchObject({
    name: "One-page checkout",
    stage: "beta",
    documentation_url: "https://example.com/docs/one-page-checkout",
  });
  const betaFlagId = feature.feature_flag!.id;
  expect(value("betaOptInFlagKey")).toBe("checkout-beta");
  const betaFlag = await featureFlags.getFeatureFlag(http, beta.projectId, betaFlagId);
  expect(betaFlag).toMatchObject({ key: "checkout-beta", deleted: false });
  expect(betaFlag.filters.groups?.[0]?.rollout_percentage).toBe(0);
  expect(betaFlag.filters["feature_enrollment"]).toBe(true);
  expect((await surveys.getSurvey(http, beta.projectId, value("betaSurveyId"))).linked_flag_id).toBe(betaFlagId);
  const experiment = await experiments.getExperiment(http, beta.projectId, beta.experimentId);
  const [holdout] = await holdouts.listExperimentHoldouts(http, beta.projectId);
  expect(holdout).toMatchObject({ name: "Long-term holdout" });
  expect(experiment.holdout_id).toBe(holdout!.id);
  const metricNames = new Map((await metrics.listExperimentSavedMetrics(http, beta.projectId)).map((m) => [m.id, m.name]));
  expect(experiment.saved_metrics?.map((link) => [metricNames.get(link.saved_metric), link.metadata])).toEqual([
    ["Checkout conversion", { type: "primary" }],
    ["Revenue per user", { type: "secondary" }],
  ]);
  const experimentFlag = await featureFlags.getFeatureFlag(http, beta.projectId, value("betaExperimentFlagId"));
  expect(experimentFlag.filters["holdout"]).toEqual({ id: holdout!.id, exclusion_percentage: 10 });

  // What each example declared is what PostHog answered: no change.
  await stack.preview({ expectNoChanges: true });

  // As the demo does: the flag rolled out to everyone in PostHog's UI (its API), outside the program. And the
  // provider's project changed: the objects that take theirs from it are replaced there and deleted from the old one.
  await featureFlags.updateFeatureFlag(http, projectId, flagId, {
    filters: { ...flag.filters, groups: [{ ...flag.filters.groups![0]!, rollout_percentage: 100 }] },
  });
  await stack.setConfig("posthog:projectId", { value: String(second.id) });
  // examples/team: the Analytics role deleted in PostHog's UI, which takes its membership and its sandbox entry with it
  // (on_delete=CASCADE, ee/models/rbac/role.py and access_control.py).
  await roles.deleteRole(http, server.organizationId, team.analytics);
  // examples/beta-programme: the feature moved on in PostHog's UI.
  await features.updateEarlyAccessFeature(http, beta.projectId, beta.featureId, { stage: "general-availability" });
  // One `up --refresh --diff` shows what the refresh finds (the flag's rollout as changed by hand) and what the update
  // does, and puts it back.
  const putBack = await stack.up({ refresh: true, diff: true });
  expect(putBack.stdout).toMatch(/~ rollout_percentage\s*: 20 => 100/);
  expect(putBack.stdout).toMatch(/~ rollout_percentage\s*: 100 => 20/);
  expect(putBack.stdout).toMatch(/~ stage\s*: "beta" => "general-availability"/);
  expect(putBack.stdout).toMatch(/~ stage\s*: "general-availability" => "beta"/);
  // The role, its membership and its entry: gone, so created again.
  expect(putBack.stdout).toMatch(/\+ \S*posthog:Role: \(create\)[\s\S]*?name\s*: "Analytics"/);
  expect(putBack.summary.resourceChanges).toEqual({ update: 2, replace: 4, create: 3, same: 22 });
  const analytics = putBack.outputs["teamAnalyticsRoleId"]!.value as string;
  team.analytics = analytics;
  expect(analytics).not.toBe(value("teamAnalyticsRoleId"));
  expect(await membersOf(analytics)).toEqual(["ben@example.com"]);
  expect(await entriesOf(value("teamSandboxProjectId"))).toEqual([["project", "admin", "analytics"]]);
  expect((await featureFlags.getFeatureFlag(http, projectId, flagId)).filters.groups?.[0]?.rollout_percentage).toBe(20);
  expect((await features.getEarlyAccessFeature(http, beta.projectId, beta.featureId)).stage).toBe("beta");
  const moved = (name: string) => putBack.outputs[name]!.value as number;
  expect(moved("companiesFlagProjectId")).toBe(second.id);
  expect(await featureFlags.getFeatureFlag(http, second.id, moved("companiesFlagId"))).toMatchObject({
    key: "industry-beta",
    deleted: false,
  });
  expect(await featureFlags.getFeatureFlag(http, second.id, moved("checkoutFlagId"))).toMatchObject({
    key: "checkout-layout",
    deleted: false,
  });
  expect(await actions.getAction(http, second.id, moved("checkoutActionId"))).toMatchObject({ name: "Completed purchase", deleted: false });
  expect(await annotations.getAnnotation(http, second.id, moved("checkoutAnnotationId"))).toMatchObject({
    content: "Checkout layout test starts",
  });
  expect(await featureFlags.getFeatureFlag(http, first.id, companiesFlagId)).toMatchObject({ deleted: true });
  expect(await featureFlags.getFeatureFlag(http, first.id, checkout.flagId)).toMatchObject({ deleted: true });
  expect(await actions.getAction(http, first.id, checkout.actionId)).toMatchObject({ deleted: true });
  await expect(annotations.getAnnotation(http, first.id, checkout.annotationId)).rejects.toThrow();

  await stack.destroy();
  expect((await roles.listRoles(http, server.organizationId)).map((r) => r.name)).toEqual([]);
  expect(await featureFlags.getFeatureFlag(http, projectId, flagId)).toMatchObject({ deleted: true });
  expect(await featureFlags.getFeatureFlag(http, second.id, moved("companiesFlagId"))).toMatchObject({ deleted: true });
  expect(await featureFlags.getFeatureFlag(http, second.id, moved("checkoutFlagId"))).toMatchObject({ deleted: true });
  expect(await actions.getAction(http, second.id, moved("checkoutActionId"))).toMatchObject({ deleted: true });
  await expect(annotations.getAnnotation(http, second.id, moved("checkoutAnnotationId"))).rejects.toThrow();
  // examples/beta-programme: the feature (DELETE) before its flag, which PostHog refuses to delete while a feature
  // releases it; the holdout and the metrics (DELETE); the experiment marked deleted (PostHog then answers 404), its flag (PostHog's) left.
  await expect(features.getEarlyAccessFeature(http, beta.projectId, beta.featureId)).rejects.toThrow(/404/);
  expect(await featureFlags.getFeatureFlag(http, beta.projectId, betaFlagId)).toMatchObject({ deleted: true });
  expect(await holdouts.listExperimentHoldouts(http, beta.projectId)).toEqual([]);
  expect(await metrics.listExperimentSavedMetrics(http, beta.projectId)).toEqual([]);
  await expect(experiments.getExperiment(http, beta.projectId, beta.experimentId)).rejects.toMatchObject({ isNotFound: true });
  expect(await featureFlags.getFeatureFlag(http, beta.projectId, value("betaExperimentFlagId"))).toMatchObject({ deleted: false });
});

test("keys other objects wrote into a flag after its state was last read survive a declared change: the enrolment of the feature releasing one flag, the holdout given to the draft experiment running another; destroy deletes both flags", async () => {
  const project = await projects.createProject(http, server.organizationId, { name: "Seams" });
  const dir = session.nodeProgram("posthog-seams", [
    `import * as pulumi from "@pulumi/pulumi";`,
    `import * as posthog from "pulumi-posthog";`,
    `const config = new pulumi.Config();`,
    `const rollout = config.requireNumber("rollout");`,
    `const beta = new posthog.FeatureFlag("beta", { key: "seam-beta", filters: { groups: [{ properties: [], rollout_percentage: rollout }] } });`,
    `new posthog.EarlyAccessFeature("beta", { name: "Seam beta", stage: "beta", featureFlagId: beta.flagId });`,
    `const variants = [{ key: "control", rollout_percentage: 50 }, { key: "test", rollout_percentage: 50 }];`,
    `const run = new posthog.FeatureFlag("run", { key: "seam-run", filters: { groups: [{ properties: [], rollout_percentage: rollout }], multivariate: { variants } } });`,
    `const holdout = new posthog.ExperimentHoldout("held", { name: "Seam holdout", filters: [{ properties: [], rollout_percentage: 10 }] });`,
    `new posthog.Experiment("run", { name: "Seam run", featureFlagKey: run.key, holdoutId: config.getBoolean("held") ? holdout.holdoutId : undefined });`,
    `export const betaFlagId = beta.flagId;`,
    `export const runFlagId = run.flagId;`,
    `export const holdoutId = holdout.holdoutId;`,
  ]);
  const stack = await session.stack(dir, `e2e-seams-${process.pid}`, { "posthog:projectId": String(project.id), rollout: "20" });
  const up = await stack.up();
  expect(up.summary.resourceChanges).toEqual({ create: 6 });
  const [betaFlagId, runFlagId, holdoutId] = ["betaFlagId", "runFlagId", "holdoutId"].map((name) => up.outputs[name]!.value as number);
  const filtersOf = async (id: number) => (await featureFlags.getFeatureFlag(http, project.id, id)).filters;
  // The feature enrolled its flag after the flag's create, the state's last read of it.
  expect((await filtersOf(betaFlagId))["feature_enrollment"]).toBe(true);

  // The experiment given its holdout: PostHog writes it into the run flag, after that flag's update in the same up.
  await stack.setAllConfig({ rollout: { value: "30" }, held: { value: "true" } });
  expect((await stack.up()).summary.resourceChanges).toEqual({ update: 3, same: 3 });
  expect(await filtersOf(betaFlagId)).toMatchObject({ feature_enrollment: true, groups: [{ rollout_percentage: 30 }] });
  const held = { id: holdoutId, exclusion_percentage: 10 };
  expect((await filtersOf(runFlagId))["holdout"]).toEqual(held);

  // Both flags changed again, from states read before those keys were written: each keeps them.
  await stack.setConfig("rollout", { value: "40" });
  expect((await stack.up()).summary.resourceChanges).toEqual({ update: 2, same: 4 });
  expect(await filtersOf(betaFlagId)).toMatchObject({ feature_enrollment: true, groups: [{ rollout_percentage: 40 }] });
  expect(await filtersOf(runFlagId)).toMatchObject({ holdout: held, groups: [{ rollout_percentage: 40 }] });

  await stack.destroy();
  for (const id of [betaFlagId, runFlagId])
    expect(await featureFlags.getFeatureFlag(http, project.id, id)).toMatchObject({ deleted: true });
  expect(await holdouts.listExperimentHoldouts(http, project.id)).toEqual([]);
});

test("examples/quickstart and both stacks of examples/environments deploy", async () => {
  const quickstart = await session.stack(path.join(repoRoot, "examples", "quickstart"), `e2e-quickstart-${process.pid}`);
  const projectId = (await quickstart.up()).outputs["projectId"]!.value as number;
  expect(await projects.getProject(http, server.organizationId, projectId)).toMatchObject({
    name: "Web app",
    anonymize_ips: true,
    week_start_day: 1,
  });

  const environments = path.join(repoRoot, "examples", "environments");
  for (const name of ["production", "staging"]) {
    // The committed Pulumi.<name>.yaml holds the stack's settings; work on a copy so the file stays as it is.
    const stackName = `${name}-e2e-${process.pid}`;
    const copy = path.join(environments, `Pulumi.${stackName}.yaml`);
    fs.copyFileSync(path.join(environments, `Pulumi.${name}.yaml`), copy);
    try {
      const stack = await session.stack(environments, stackName);
      const id = (await stack.up()).outputs["projectId"]!.value as number;
      const record = await projects.getProject(http, server.organizationId, id);
      expect(record).toMatchObject({ name: `Web app (${name})`, session_recording_sample_rate: name === "production" ? "0.20" : "1.00" });
    } finally {
      fs.rmSync(copy, { force: true });
    }
  }
});

test("the npm package installs into a fresh Pulumi project outside the repository and works", async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-install-"));
  try {
    const tarball = execFileSync("npm", ["pack", "--ignore-scripts", "--pack-destination", work, "--silent"], {
      cwd: repoRoot,
      encoding: "utf8",
    })
      .trim()
      .split("\n")
      .pop()!;
    // @pulumi/pulumi is the program's own (a peer dependency: the user's project brings it), linked from this
    // checkout's install instead of installed again: its 250 packages were two thirds of npm install's CPU time (15 s
    // of 19 with npm pack, measured). The package comes from the tarball with its dependencies as npm resolves them, and
    // a dependency missing from its package.json fails here even if @pulumi/pulumi has it: those stay in the checkout,
    // off the installed package's path (a full install hoisted them beside it).
    const pulumiSdk = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
    const program = path.join(work, "program");
    fs.mkdirSync(program);
    fs.writeFileSync(
      path.join(program, "package.json"),
      JSON.stringify({
        name: "installed-check",
        private: true,
        dependencies: { "@pulumi/pulumi": `file:${pulumiSdk}`, "pulumi-posthog": `file:../${tarball}` },
      }),
    );
    fs.writeFileSync(path.join(program, "Pulumi.yaml"), "name: installed-check\nruntime: nodejs\nmain: index.js\n");
    fs.writeFileSync(
      path.join(program, "index.js"),
      [
        'const posthog = require("pulumi-posthog");',
        'const project = new posthog.Project("installed", { timezone: "Asia/Tokyo", anonymizeIps: true });',
        "exports.projectId = project.projectId;",
        "exports.apiToken = project.apiToken;",
      ].join("\n"),
    );
    execFileSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: program, stdio: "inherit" });

    const stack = await session.stack(program, `installed-${process.pid}`);
    const { outputs } = await stack.up();
    const record = await projects.getProject(http, server.organizationId, outputs["projectId"]!.value as number);
    expect(record).toMatchObject({ name: "installed", timezone: "Asia/Tokyo", anonymize_ips: true });
    expect(outputs["apiToken"]).toEqual({ value: record.api_token, secret: true });
    // The state of an installed program holds the same small provider, loaded by package name.
    const state = JSON.stringify(await stack.exportStack());
    expect(state).toContain("pulumi-posthog/provider");
    expect(state).not.toContain(server.apiKey);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});
