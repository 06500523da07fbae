/**
 * What a program pays for importing the package, every run, before any resource: the resource classes and the lookups'
 * signatures, not the HTTP client, the provider or their packages, which load on a lookup's first call. And what the
 * provider plugin pays at every start (twice per YAML command): Pulumi's provider server, not the SDK's whole index.
 * And what Pulumi's dynamic-provider host and the plugin pay for a stack's resources: the kinds they are, not all of
 * them (the plugin's schema is read from schema.json, not made from every kind: zod's JSON Schema of each field).
 * Measured on the built package (lib/, as a program installs it), in a Node.js process of its own.
 */
import { spawnSync } from "node:child_process";
import * as path from "node:path";

const lib = path.resolve(__dirname, "../../lib/index.js");

/**
 * The package's modules and the npm packages a fresh Node.js process has loaded after `script`, past what `preload`
 * (a program has Pulumi's SDK loaded before it imports the package) had loaded.
 */
function loadedAfter(script: string, preload = 'require("@pulumi/pulumi");'): { own: string[]; packages: string[]; files: string[] } {
  const probe = `
    const before = new Set(Object.keys(require.cache));
    ${script}
    const added = Object.keys(require.cache).filter((file) => !before.has(file));
    const packages = new Set(added.map((file) => /node_modules\\/((@[^/]+\\/)?[^/]+)/.exec(file)?.[1]).filter(Boolean));
    const own = added.filter((file) => file.startsWith(${JSON.stringify(path.dirname(lib))})).map((file) => file.slice(${path.dirname(lib).length + 1}));
    console.log(JSON.stringify({ own, packages: [...packages], files: added }));`;
  const result = spawnSync(process.execPath, ["-e", `${preload} (async () => { ${probe} })()`], {
    cwd: path.dirname(lib),
    encoding: "utf8",
    timeout: 60_000,
  });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout);
}

/** The kinds' folders a process loaded, in the order it loaded them. */
const kindsIn = (own: string[]) => [...new Set(own.filter((file) => file.startsWith("kinds/")).map((file) => file.split("/")[1]))];

test("importing the package loads the resources and the lookups' signatures, not the client, the provider, got or zod", () => {
  const { own, packages } = loadedAfter(`require(${JSON.stringify(lib)});`);
  expect(packages).toEqual([]);
  // schema/json.js loads nothing: the classes check JSON values with it before the SDK serializes them.
  expect(own.filter((file) => /^(client\/(?!errors)|provider\/|schema\/(?!json\.js)|import\/|plugin\/)/.test(file))).toEqual([]);
  expect(own).toContain("resources/project.js");
  expect(own).toContain("functions/groups.js");
});

test("a lookup loads the client and the declaration it needs when first called", () => {
  // No PostHog answers here: the lookup fails on its configuration, after loading what it needs to read it.
  const { own, packages } = loadedAfter(
    `const posthog = require(${JSON.stringify(lib)});
     delete process.env.POSTHOG_API_KEY;
     await posthog.listFeatureFlags({ projectId: 1 }).catch(() => undefined);`,
  );
  expect(packages).toEqual(expect.arrayContaining(["got", "zod"]));
  expect(own).toEqual(expect.arrayContaining(["functions/objects.js", "kinds/feature-flag/kind.js", "client/transport.js"]));
});

test("the provider plugin serves without loading the SDK's index (about 400 ms of every plugin start)", () => {
  // src/plugin/serve.ts: Pulumi's provider server, then the plugin's provider with the lookups it serves.
  const { own, files } = loadedAfter(
    `require("@pulumi/pulumi/provider"); require(${JSON.stringify(path.resolve(__dirname, "../../lib/plugin/provider.js"))});`,
    "",
  );
  expect(own).toEqual(expect.arrayContaining(["plugin/provider.js", "functions/context.js", "functions/lazy.js"]));
  expect(files.filter((file) => file.endsWith(path.join("@pulumi", "pulumi", "index.js")))).toEqual([]);
});

test("a dynamic-provider host loads the kinds of the resources it serves, not every kind", () => {
  // What the serialized provider in the state does (src/resources/declared.ts): the module by name, then one export.
  const provider = JSON.stringify(path.resolve(__dirname, "../../lib/provider/index.js"));
  const { own } = loadedAfter(`const p = require(${provider}); p.featureFlagProvider; p.featureFlagProvider;`);
  // A flag's filters may name cohorts: its folder reads them with the cohort's (src/kinds/feature-flag/kind.ts); its
  // create deletes the usage dashboard a PostHog that ignores `_should_create_usage_dashboard` made (the dashboard's
  // endpoints); its delete watches the holdouts whose DELETE may save it back (the experiment holdout's endpoints).
  expect(kindsIn(own)).toEqual(["feature-flag", "cohort", "dashboard", "experiment-holdout"]);
  // Each export still answers as before: the lifecycle class under both names, and the hosted provider once.
  const { own: lifecycle } = loadedAfter(
    `const p = require(${provider});
     if (p.CohortProvider !== p.CohortLifecycle || typeof p.CohortLifecycle !== "function") throw new Error("CohortLifecycle");
     if (p.cohortProvider !== p.cohortProvider || typeof p.cohortProvider.read !== "function") throw new Error("cohortProvider");`,
  );
  expect(kindsIn(lifecycle)).toEqual(["cohort"]);
});

test("the provider plugin starts with no kind loaded, and a resource's check loads its kind's folder only", () => {
  const plugin = JSON.stringify(path.resolve(__dirname, "../../lib/plugin/provider.js"));
  const schema = JSON.stringify(path.resolve(__dirname, "../../schema.json"));
  const started = loadedAfter(
    `const { PostHogProvider } = require(${plugin}); new PostHogProvider(require("fs").readFileSync(${schema}, "utf8"));`,
    "",
  );
  expect(kindsIn(started.own)).toEqual([]);
  expect(started.own.filter((file) => file.startsWith("plugin/schema"))).toEqual([]);
  const checked = loadedAfter(
    `const { PostHogProvider } = require(${plugin});
     const posthog = new PostHogProvider(require("fs").readFileSync(${schema}, "utf8"));
     const result = await posthog.check("urn:pulumi:s::p::posthog:index:Annotation::a", {}, { projectId: 1, content: "Launch", dateMarker: "2026-01-01T00:00:00Z" });
     if (result.failures.length > 0) throw new Error(JSON.stringify(result.failures));`,
    "",
  );
  expect(kindsIn(checked.own)).toEqual(["annotation"]);
});
