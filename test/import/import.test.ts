/**
 * The organization importer's plan and rendering, without a server: names (valid, unique, stable), what is declared
 * (defaults and nulls left out, PostHog's read-only additions dropped, nothing computed), references between objects
 * (a flag's cohorts, deep in its filters; cycles left as ids), and the three languages' text.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { Kind } from "../../src/kit/kind";
import { idField } from "../../src/kit/kind";
import { projectScopedImport } from "../../src/kit/field-model";
import { checkPlanned, type Found, plan, previousNames, render, slug } from "../../src/import";
import { previousKey } from "../../src/import/model";
import { main } from "../../src/import/cli";
import { actionKind } from "../../src/kinds/action/kind";
import { featureFlagKind } from "../../src/kinds/feature-flag/kind";
import { projectKind } from "../../src/kinds/project/kind";

const ORG = "0190c2a8-0000-0000-0000-000000000001";
const project = projectKind as Kind;
const flag = featureFlagKind as Kind;
const action = actionKind as Kind;

/** A resource the importer knows only by its kind: a cohort, which flags' filters name. */
const cohort = {
  ...flag,
  name: "Cohort",
  token: "posthog:index:Cohort",
  noun: "cohort",
  identity: { output: "cohortId", forms: [] },
  importInputs: ["projectId", "name"],
  importer: projectScopedImport({}, { list: async () => [], defaults: {}, label: (c: { name?: string }) => c.name ?? "" }),
} as unknown as Kind;
(cohort.importer as { fields: Record<string, string> }).fields = { name: "name" };

const projectRecord = (id: number, name: string, settings: Record<string, unknown> = {}) => ({
  id,
  name,
  uuid: "u",
  api_token: "phc_secret",
  created_at: "2025-01-01T00:00:00Z",
  timezone: "UTC",
  anonymize_ips: false,
  data_attributes: ["data-attr"],
  session_recording_sample_rate: null,
  ...settings,
});
const flagRecord = (id: number, key: string, more: Record<string, unknown> = {}) => ({
  id,
  key,
  name: "",
  active: true,
  deleted: false,
  created_at: "2025-01-01T00:00:00Z",
  evaluation_runtime: "all",
  tags: [],
  filters: { groups: [{ properties: [], rollout_percentage: 50, aggregation_group_type_index: null }] },
  project_id: 7,
  ...more,
});

const found = (kind: Kind, scope: string | number, record: Record<string, unknown>): Found => ({
  kind,
  scope,
  record,
});

describe("names", () => {
  test("slugs: ASCII words joined by _, accents dropped, at most 40 characters", () => {
    expect(slug("Web app — Café (prod)")).toBe("web_app_cafe_prod");
    expect(slug("🚀")).toBe("");
    expect(slug("x".repeat(50))).toHaveLength(40);
  });

  test("valid, unique and stable: a project's objects carry its name and their kind; a clash gets the id", async () => {
    const { resources } = await plan([
      found(project, ORG, projectRecord(7, "Web app")),
      found(project, ORG, projectRecord(8, "Web-App")),
      found(project, ORG, projectRecord(9, "class")),
      found(project, ORG, projectRecord(10, "2024 launch")),
      found(flag, 7, flagRecord(3, "new-checkout")),
      found(flag, 7, flagRecord(2, "new_checkout")),
      found(action, 7, { id: 5, name: "", steps: [], project_id: 7 }),
    ]);
    expect(resources.map((r) => r.name)).toEqual([
      "web_app",
      "web_app_8",
      "class_",
      "project_2024_launch",
      // Sorted by id: the older flag keeps the name whatever order PostHog lists them in.
      "web_app_feature_flag_new_checkout",
      "web_app_feature_flag_new_checkout_3",
      "web_app_action",
    ]);
  });
});

describe("names kept from the previous import into the directory", () => {
  test("each object keeps its name whatever PostHog calls it now; no new object takes one of them", async () => {
    const before = await plan([found(project, ORG, projectRecord(7, "Web app")), found(flag, 7, flagRecord(3, "new-checkout"))]);
    const names = new Map(before.resources.map((r) => [previousKey(r.kind.token, r.importId), r.name]));
    const after = await plan(
      [
        found(project, ORG, projectRecord(7, "Web shop")),
        found(project, ORG, projectRecord(8, "Web app")),
        found(flag, 7, flagRecord(3, "checkout")),
        found(flag, 7, flagRecord(4, "new-checkout")),
      ],
      undefined,
      names,
    );
    expect(after.resources.map((r) => [r.id, r.name])).toEqual([
      ["7", "web_app"],
      ["8", "web_app_8"],
      ["3", "web_app_feature_flag_new_checkout"],
      ["4", "web_app_feature_flag_new_checkout_4"],
    ]);
  });

  test("an object listed in several projects keeps the name it was given in any of them", async () => {
    const shared = flagRecord(9, "shared");
    const names = new Map([[previousKey(flag.token, flag.importer!.importId(8, shared as never)), "everywhere"]]);
    const { resources } = await plan([found(flag, 7, shared), found(flag, 8, shared)], undefined, names);
    expect(resources.map((r) => r.name)).toEqual(["everywhere"]);
  });

  test("read from import-names.json, else an older import's import.json; a name no import could give is not kept", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-names-"));
    const progress: string[] = [];
    try {
      const entries = [
        { type: "posthog:index:Project", name: "web_app", id: "7" },
        { type: "posthog:index:Project", name: "web-app", id: "8" },
        { type: "posthog:index:Project", name: "class", id: "9" },
        { type: "posthog:index:FeatureFlag", name: 3, id: "7/3" },
      ];
      expect(previousNames(dir, (t) => progress.push(t))).toEqual({ names: new Map() });
      fs.writeFileSync(path.join(dir, "import.json"), JSON.stringify({ resources: entries }));
      expect(previousNames(dir, (t) => progress.push(t))).toEqual({
        file: "import.json",
        names: new Map([[previousKey("posthog:index:Project", "7"), "web_app"]]),
      });
      fs.writeFileSync(path.join(dir, "import-names.json"), JSON.stringify({ resources: [{ ...entries[0], name: "shop" }] }));
      expect(previousNames(dir, (t) => progress.push(t)).names.get(previousKey("posthog:index:Project", "7"))).toBe("shop");
      fs.writeFileSync(path.join(dir, "import-names.json"), "{");
      expect(previousNames(dir, (t) => progress.push(t))).toEqual({ names: new Map() });
      expect(progress).toEqual([
        `${path.join(dir, "import-names.json")} is not a list of resources: no name of the previous import is kept`,
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("what is declared", () => {
  test("settings that differ from PostHog's defaults only; nothing computed; the adoption last", async () => {
    const { resources } = await plan([
      found(project, ORG, projectRecord(7, "Web app", { timezone: "Europe/Amsterdam", session_recording_sample_rate: "0.50" })),
      found(flag, 7, flagRecord(3, "beta", { active: false, tags: ["web"] })),
    ]);
    const [web, beta] = resources;
    expect(web!.inputs.map(([name, value]) => [name, value])).toEqual([
      ["name", "Web app"],
      ["timezone", "Europe/Amsterdam"],
      ["sessionRecordingSampleRate", 0.5],
      ["adoptProjectId", 7],
    ]);
    expect(beta!.inputs.map(([name]) => name)).toEqual(["projectId", "key", "name", "filters", "active", "tags", "adoptId"]);
    expect(beta!.importId).toBe("7/3");
    expect(web!.importId).toBe(`${ORG}/7`);
  });

  test("PostHog's read-only additions are dropped: a step's nulls and selector_regex, a cohort property's cohort_name", async () => {
    const { resources } = await plan([
      found(action, 7, {
        id: 5,
        name: "Clicked",
        steps: [{ event: "$autocapture", selector: "a", selector_regex: "a", url: null }],
        project_id: 7,
      }),
      found(
        flag,
        7,
        flagRecord(3, "vip", { filters: { groups: [{ properties: [{ key: "id", type: "cohort", value: 4, cohort_name: "VIP" }] }] } }),
      ),
    ]);
    expect(resources[0]!.inputs.find(([n]) => n === "steps")![1]).toEqual([{ event: "$autocapture", selector: "a" }]);
    expect(JSON.stringify(resources[1]!.inputs)).not.toContain("cohort_name");
  });

  test("an organization-wide object listed in every project is declared once", async () => {
    const { resources } = await plan([
      found(project, ORG, projectRecord(7, "Web")),
      found(action, 7, { id: 5, name: "Signed up", project_id: 7 }),
      found(action, 8, { id: 5, name: "Signed up", project_id: 8 }),
    ]);
    expect(resources.map((r) => r.name)).toEqual(["web", "web_action_signed_up"]);
  });

  test("the resource's own check: an input PostHog's rules refuse is left out and said so", async () => {
    const { resources, notes } = await plan([found(project, ORG, projectRecord(7, "Web", { week_start_day: 3 }))], checkPlanned);
    expect(resources[0]!.inputs.map(([n]) => n)).toEqual(["name", "adoptProjectId"]);
    expect(notes).toEqual([expect.stringMatching(/^web: weekStartDay is not declared \(not managed\): weekStartDay must be/)]);
  });
});

describe("references", () => {
  const organization = async () =>
    plan([
      found(project, ORG, projectRecord(7, "Web", { primary_dashboard: 40 })),
      found(cohort, 7, { id: 4, name: "VIP", project_id: 7 }),
      found(flag, 7, flagRecord(3, "vip", { filters: { groups: [{ properties: [{ key: "id", type: "cohort", value: 4 }] }] } })),
      found(
        flag,
        7,
        flagRecord(6, "unknown-cohort", { filters: { groups: [{ properties: [{ key: "id", type: "cohort", value: 99 }] }] } }),
      ),
    ]);

  test("a flag's cohort deep in its filters, and every object's project, become references; unknown ids stay ids", async () => {
    const { resources } = await organization();
    const files = render(resources, { project: "acme", language: "typescript", organizationId: ORG, host: undefined, version: "0.1.0" });
    const program = files["index.ts"]!;
    expect(program).toContain('import * as pulumi from "@pulumi/pulumi";');
    expect(program).toContain("  projectId: web.projectId,");
    expect(program).toContain("filters: pulumi.output({");
    expect(program).toContain("value: webCohortVip.cohortId,");
    expect(program).toContain("value: 99,");
    // The cohort is declared before the flag that names it.
    expect(program.indexOf("webCohortVip =")).toBeLessThan(program.indexOf("webFeatureFlagVip ="));
  });

  test("YAML and Python write the same references in their own form", async () => {
    const { resources } = await organization();
    const options = { project: "acme", organizationId: ORG, host: "https://eu.posthog.com", version: "0.1.0" } as const;
    const yaml = render(resources, { ...options, language: "yaml" });
    expect(yaml["Pulumi.yaml"]).toContain('  posthog:host: "https://eu.posthog.com"');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Pulumi YAML's interpolation, not JavaScript's
    expect(yaml["Pulumi.yaml"]).toContain('                value: "${web_cohort_vip.cohortId}"');
    expect(yaml["Pulumi.yaml"]).toContain("    type: posthog:index:FeatureFlag");
    expect(JSON.parse(yaml["import.json"]!).resources[2]).toEqual({
      type: "posthog:index:FeatureFlag",
      name: "web_feature_flag_vip",
      id: "7/3",
    });
    const python = render(resources, { ...options, language: "python" })["__main__.py"]!;
    expect(python).toContain("    project_id=web.project_id,");
    expect(python).toContain('"value": web_cohort_vip.cohort_id,');
    expect(python).toContain("    adopt_id=3,");
  });

  test("a reference that would close a cycle stays an id: a project's home dashboard is in the project", async () => {
    const dashboard = {
      ...cohort,
      name: "Dashboard",
      noun: "dashboard",
      identity: { output: "dashboardId", forms: [] },
    } as Kind;
    const { resources } = await plan([
      found(project, ORG, projectRecord(7, "Web", { primary_dashboard: 40 })),
      found(dashboard, 7, { id: 40, name: "Home", project_id: 7 }),
    ]);
    expect(resources.map((r) => r.name)).toEqual(["web", "web_dashboard_home"]);
    expect(resources[0]!.inputs).toContainEqual(["primaryDashboard", 40]);
  });

  test("a reference by another field than the id: an experiment's flag by its key, in the same project", async () => {
    const experiment = {
      ...cohort,
      name: "Experiment",
      noun: "experiment",
      identity: { output: "experimentId", forms: [] },
      importer: {
        ...cohort.importer!,
        fields: { name: "name", feature_flag_key: "featureFlagKey" },
        references: [{ ...idField("feature_flag_key", "FeatureFlag"), by: { field: "key", output: "key" } }],
      },
    } as Kind;
    const { resources } = await plan([
      found(project, ORG, projectRecord(7, "Web")),
      found(project, ORG, projectRecord(8, "Shop")),
      found(flag, 8, flagRecord(2, "checkout")),
      found(flag, 7, flagRecord(3, "checkout")),
      found(experiment, 7, { id: 9, name: "Checkout test", feature_flag_key: "checkout", project_id: 7 }),
    ]);
    const text = render(resources, { project: "p", language: "typescript", organizationId: ORG, host: undefined, version: "0" })[
      "index.ts"
    ]!;
    expect(text).toContain("  featureFlagKey: webFeatureFlagCheckout.key,");
  });

  test("idField finds an id or a list of ids", () => {
    expect(idField("dashboard_item", "Insight").ids(12)).toEqual([{ path: [], id: 12 }]);
    expect(idField("analytics_dashboards", "Dashboard").ids([1, 2])).toEqual([
      { path: [0], id: 1 },
      { path: [1], id: 2 },
    ]);
    expect(idField("x", "Y").ids(null)).toEqual([]);
  });
});

describe("rendering", () => {
  test("YAML: strings quoted as JSON, Pulumi's ${ escaped, keys plain unless YAML would read them otherwise", async () => {
    const { resources } = await plan([
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Pulumi YAML's interpolation, not JavaScript's
      found(flag, 7, flagRecord(3, "pay", { name: "Costs ${price}", filters: { groups: [], payloads: { true: { on: 1 } } } })),
    ]);
    const text = render(resources, { project: "p", language: "yaml", organizationId: ORG, host: undefined, version: "0" })["Pulumi.yaml"]!;
    expect(text).toContain('      name: "Costs $${price}"');
    expect(text).toContain('          "true":\n            "on": 1');
    expect(text).not.toContain("posthog:host");
    expect(text).not.toContain("apiKey");
  });

  test("TypeScript: the package's classes, exported, with a tsconfig and the dependencies", async () => {
    const { resources } = await plan([found(project, ORG, projectRecord(7, "Web"))]);
    const files = render(resources, { project: "acme", language: "typescript", organizationId: ORG, host: undefined, version: "1.2.3" });
    expect(Object.keys(files).sort()).toEqual(["Pulumi.yaml", "import-names.json", "index.ts", "package.json", "tsconfig.json"]);
    expect(files["index.ts"]).toContain('export const web = new posthog.Project("web", {\n  name: "Web",\n  adoptProjectId: 7,\n});');
    expect(files["index.ts"]).not.toContain("@pulumi/pulumi");
    expect(JSON.parse(files["package.json"]!).dependencies).toEqual({ "@pulumi/pulumi": "^3.216.0", "pulumi-posthog": "^1.2.3" });
  });
});

describe("secrets PostHog answers", () => {
  test("a remote configuration flag's encrypted payloads: never written; each read from a secret of the stack, named", async () => {
    const secretText = '{"token":"s3cret-payload"}';
    const { resources } = await plan([
      found(
        flag,
        7,
        flagRecord(3, "remote", {
          is_remote_configuration: true,
          has_encrypted_payloads: true,
          filters: { groups: [{ properties: [], rollout_percentage: 100 }], payloads: { true: secretText } },
        }),
      ),
    ]);
    const options = { project: "p", organizationId: ORG, host: undefined, version: "0" } as const;
    const key = "feature_flag_remote-payloads-true";
    const ts = render(resources, { ...options, language: "typescript" });
    const yaml = render(resources, { ...options, language: "yaml" });
    const py = render(resources, { ...options, language: "python" });
    for (const files of [ts, yaml, py]) {
      expect(Object.values(files).join("\n")).not.toContain("s3cret-payload");
      expect(files["Pulumi.yaml"]).toContain(`  ${key}:\n    type: string\n    secret: true\n`);
    }
    expect(ts["index.ts"]).toContain("const config = new pulumi.Config();");
    expect(ts["index.ts"]).toContain(`true: config.requireSecret("${key}"),`);
    expect(ts["index.ts"]).toContain("filters: pulumi.output({");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Pulumi YAML's interpolation, not JavaScript's
    expect(yaml["Pulumi.yaml"]).toContain('"true": "${feature_flag_remote-payloads-true}"');
    expect(py["__main__.py"]).toContain(`"true": config.require_secret("${key}"),`);
    expect(py["__main__.py"]).toContain("import pulumi\nimport pulumi_posthog as posthog\n\nconfig = pulumi.Config()");
    // A flag whose payloads are not encrypted keeps them.
    const { resources: plainFlag } = await plan([
      found(flag, 7, flagRecord(4, "open", { filters: { groups: [], payloads: { true: secretText } } })),
    ]);
    expect(render(plainFlag, { ...options, language: "typescript" })["index.ts"]).toContain("s3cret-payload");
  });
});

describe("the command line", () => {
  const env = { POSTHOG_API_KEY: "phx_test", POSTHOG_ORGANIZATION_ID: ORG };
  test.each([
    [["import"], env, /--out DIR is required/],
    [["import", "--out", "x", "--language", "cobol"], env, /--language must be one of typescript, yaml, python, not "cobol"/],
    [["import", "--out", "x", "--project", "web"], env, /--project must be a project's numeric id, not "web"/],
    [
      ["import", "--out", "x"],
      { POSTHOG_API_KEY: "phx_test" },
      /pass --organization <UUID> \(or @current\), or set POSTHOG_ORGANIZATION_ID/,
    ],
    [["import", "--out", "x"], { POSTHOG_ORGANIZATION_ID: ORG }, /set POSTHOG_API_KEY \(or pass --api-key\)/],
    [["export"], env, /Unknown command "export"/],
  ])("%j is refused before any request, saying what to give", async (argv, environment, message) => {
    await expect(main(argv, environment)).rejects.toThrow(message);
  });

  test("--out naming a file, or a directory that is not empty without --force, is refused before any request", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-out-"));
    try {
      const file = path.join(dir, "Pulumi.yaml");
      fs.writeFileSync(file, "name: mine\n");
      // Nothing listens there: a request would fail otherwise.
      const nowhere = { ...env, POSTHOG_HOST: "http://127.0.0.1:9" };
      await expect(main(["import", "--out", file], nowhere)).rejects.toThrow(`--out ${file} is a file, not a directory`);
      await expect(main(["import", "--out", file, "--force"], nowhere)).rejects.toThrow("is a file, not a directory");
      await expect(main(["import", "--out", dir], nowhere)).rejects.toThrow(
        `--out ${dir} is not empty (Pulumi.yaml): name a new or empty directory, or pass --force`,
      );
      // With --force, the destination is taken: the import goes on, and fails only at reading.
      await expect(main(["import", "--out", dir, "--force"], nowhere)).rejects.toThrow(/127\.0\.0\.1:9|ECONNREFUSED/);
      expect(fs.readFileSync(file, "utf8")).toBe("name: mine\n");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
