/**
 * `pulumi-posthog import` end to end (the organization: test/helpers/import-organization.ts): what it prints and
 * refuses, and the TypeScript program it writes run by the real Pulumi CLI: `pulumi up` adopts every object with reads
 * only (nothing created, changed or deleted in PostHog) and `pulumi preview --expect-no-changes` passes. The YAML and
 * Python programs it writes run through the plugin in the languages tier (test/languages/import.test.ts).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import * as projects from "../../src/kinds/project/endpoints";
import { projectCounts } from "../helpers/import-counts";
import { importedOrganization, PAYLOAD_KEY, type ImportedOrganization } from "../helpers/import-organization";
import { repoRoot, summaryWithoutSecrets } from "../helpers/pulumi-cli";

jest.setTimeout(300_000);

let org: ImportedOrganization;

beforeAll(async () => {
  org = await importedOrganization();
});

afterAll(async () => {
  await org?.close();
});

test("--dry-run prints the project and writes nothing; progress goes to stderr", async () => {
  const out = path.join(org.session.workDir, "dry");
  const { stdout, stderr } = await org.importer(["--out", out, "--language", "yaml", "--dry-run"]);
  expect(fs.existsSync(out)).toBe(false);
  expect(stdout).toContain(`--- ${path.join(out, "Pulumi.yaml")} ---`);
  expect(stdout).toContain(`--- ${path.join(out, "import.json")} ---`);
  // A string that holds Pulumi YAML's interpolation is escaped: every `$` doubled, as Pulumi YAML reads `$$` as `$`.
  expect(stdout).toContain('content: "Checkout v2 $${released}"');
  expect(stdout).toContain('name: "Stack $${pulumi.stack} costs $$$$5"');
  // The payload naming a file is its JSON text, never a map Pulumi YAML would run.
  expect(stdout).not.toMatch(/^\s*"?fn::/im);
  expect(stdout).toContain(`"true": ${JSON.stringify(JSON.stringify({ "fn::readFile": org.canary.path }))}`);
  expect(stderr).toContain('note: web_app_feature_flag_reads_a_file: filters.payloads.true holds a key beginning "fn::"');
  // A saved filter's filters hold one too: left out, the playlist could not pass its own check (PostHog requires a saved
  // filter's filters), so the whole playlist is left out, named; nothing of it is in the program.
  expect(stderr).toContain(
    'note: web_app_session_recording_playlist_reads_a_file: filters is not declared (not managed): it holds a key beginning "fn::"',
  );
  expect(stderr).toMatch(
    /note: web_app_session_recording_playlist_reads_a_file \(session recording playlist \w+\) is not declared: it cannot be without filters, left out above: filters is required for a saved filter/,
  );
  expect(stdout).not.toContain("Reads a file");
  // The encrypted payload is not in the program: a secret of the stack, named.
  expect(stdout).not.toContain("remote-s3cret");
  expect(stderr).toContain(
    `note: web_app_feature_flag_remote_config: the encrypted payload of "true" is a secret in PostHog: not written; the program reads it from the stack's secret ${PAYLOAD_KEY}`,
  );
  // Every object read and not declared is named, with why, and counted as such.
  expect(stderr).toMatch(/^project \d+: hog function "Hook" \(id [0-9a-f-]+\) not declared: its secret input token PostHog never answers/m);
  expect(stderr).toMatch(/^project \d+: insight "Draft" \(id \d+\) not declared: unsaved \(saved: false\)/m);
  const counts = stderr.split("\n").filter((line) => /^\d+ projects|^\[\d\/\d\]/.test(line));
  // Each project's counts in registry order (test/helpers/import-counts.ts), as a pattern: the texts hold parentheses.
  const line = (expected: Parameters<typeof projectCounts>[0]) => projectCounts(expected).replace(/[()]/g, "\\$&");
  expect(counts).toEqual([
    `3 projects in organization ${org.server.organizationId}`,
    expect.stringMatching(
      new RegExp(
        `^\\[1/3\\] project \\d+ "Web app": ${line({ FeatureFlag: 4, Annotation: 2, Action: 1, Cohort: 1, Dashboard: 1, Insight: "2 insights (1 not declared)", Survey: 1, Experiment: 1, HogFunction: "2 hog functions (1 not declared)", SessionRecordingPlaylist: 1, AccessControl: 2 })}$`,
      ),
    ),
    expect.stringMatching(new RegExp(`^\\[2/3\\] project \\d+ "Mobile": ${line({ FeatureFlag: 4, Annotation: 1, Dashboard: 1 })}$`)),
    expect.stringMatching(new RegExp(`^\\[3/3\\] project \\d+ "eval": ${line({ Annotation: 1, Dashboard: 1 })}$`)),
  ]);
  // The organization-wide annotation is in every project's list, and declared once.
  expect(stdout.match(/type: posthog:index:Annotation/g)).toHaveLength(2);
});

test("--out naming a file, or a directory that is not empty, is refused before anything is read", async () => {
  const dir = org.session.program("taken", { "notes.txt": "mine\n" });
  await org.server.clearRequests();
  for (const [out, message] of [
    [path.join(dir, "notes.txt"), "is a file, not a directory"],
    [dir, "is not empty (notes.txt): name a new or empty directory, or pass --force"],
  ] as const) {
    const { status, stderr } = await org.session.run(
      repoRoot,
      [path.join(repoRoot, "lib", "import", "cli.js"), "import", "--out", out],
      process.execPath,
    ).done;
    expect(status).toBe(1);
    expect(stderr).toContain(`--out ${out} ${message}`);
  }
  expect(await org.server.requests()).toEqual([]);
  expect(fs.readdirSync(dir)).toEqual(["notes.txt"]);
});

test("TypeScript: the written program adopts the organization; up changes nothing in PostHog; then no change", async () => {
  const dir = path.join(org.session.workDir, "typescript");
  const { stdout } = await org.importer(["--out", dir]);
  expect(stdout).toContain("npm install");
  // The next steps say which secret to set, as PostHog has it.
  expect(stdout).toContain(`pulumi config set --secret ${PAYLOAD_KEY} '…'`);
  expect(fs.readdirSync(dir).sort()).toEqual(["Pulumi.yaml", "import-names.json", "index.ts", "package.json", "tsconfig.json"]);
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
  await org.adoptsWithNoChange(dir, "typescript");
});

test("imported again after a rename in PostHog: the names stay and up deletes nothing; names that changed anyway are never deleted from under the new ones", async () => {
  const mobile = org.projects.mobile;
  const dir = path.join(org.session.workDir, "again");
  const importMobile = (force: string[] = []) => org.importer(["--out", dir, "--project", String(mobile), ...force]);
  await importMobile();
  fs.mkdirSync(path.join(dir, "node_modules"));
  fs.symlinkSync(repoRoot, path.join(dir, "node_modules", "pulumi-posthog"));
  const stack = summaryWithoutSecrets(
    await LocalWorkspace.createStack(
      { stackName: `again-${process.pid}`, workDir: dir },
      { envVars: org.session.env, pulumiCommand: org.session.command },
    ),
  );
  const writes = async () => (await org.server.requests()).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
  try {
    const first = (await stack.up()).summary.resourceChanges!;
    const count = first["create"]!;
    expect(first).toEqual({ create: count });

    // Renamed in PostHog, imported again over the same directory: every object keeps its resource's name.
    await projects.updateProject(org.http, org.server.organizationId, mobile, { name: "Mobile phones" });
    const again = await importMobile(["--force"]);
    expect(again.stderr).toContain(`${count - 1} of ${count - 1} resources keep the names import-names.json gave them`);
    const program = fs.readFileSync(path.join(dir, "index.ts"), "utf8");
    expect(program).toContain('export const mobile = new posthog.Project("mobile", {\n  name: "Mobile phones",');
    expect(program).not.toContain('"mobile_phones');
    // The next steps run the old stack, preview first, and promise nothing of what it holds.
    expect(again.stdout).toContain("pulumi stack select <the stack of the previous import>");
    expect(again.stdout).toContain("pulumi preview --refresh --diff");
    expect(again.stdout).not.toMatch(/pulumi stack init|nothing is created, deleted/);
    await org.server.clearRequests();
    expect((await stack.up({ refresh: true })).summary.resourceChanges).toEqual({ same: count });
    expect(await writes()).toEqual([]);

    // An import that named them anew (one made without the names file, as every import before it did): the new names
    // adopt the same objects, and each old resource's delete is refused, naming the holder and what to do.
    fs.rmSync(path.join(dir, "import-names.json"));
    await importMobile(["--force"]);
    expect(fs.readFileSync(path.join(dir, "index.ts"), "utf8")).toContain('new posthog.Project("mobile_phones", {');
    await org.server.clearRequests();
    const refused = await stack.up({ refresh: true }).then(
      () => "",
      (error: unknown) => String(error),
    );
    // Pulumi deletes the old flags, dashboard and annotation before their project, and stops at the first refusal.
    expect(refused).toMatch(
      /(Project|Feature flag|Dashboard|Annotation) (\d+) was not deleted: the resource of this stack declaring adopt(Project)?Id: \2 adopted the same PostHog (project|feature flag|dashboard|annotation) and holds it, and deleting this resource would delete it from PostHog/,
    );
    expect(refused).toContain("remove this resource from the state alone: `pulumi state delete '<its URN>'`");
    expect(await writes()).toEqual([]);
    expect((await projects.getProject(org.http, org.server.organizationId, mobile)).name).toBe("Mobile phones");
    // Following it converges: the old resources leave the state alone; PostHog keeps every object.
    const state = JSON.parse((await org.session.ok(dir, ["stack", "export", "--stack", stack.name])).stdout) as {
      deployment: { resources: Array<{ urn: string }> };
    };
    const old = state.deployment.resources.map((r) => r.urn).find((urn) => urn.endsWith("posthog:Project::mobile"))!;
    await org.session.ok(dir, ["state", "delete", old, "--target-dependents", "--yes", "--stack", stack.name]);
    expect((await stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: count });
    expect(await writes()).toEqual([]);
  } finally {
    await stack.workspace.removeStack(stack.name, { force: true });
  }
});
