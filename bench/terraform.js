/**
 * The peer: the same work through Terraform and PostHog's official provider (../shared/peers/terraform: Terraform
 * 1.13.3 and terraform-provider-posthog 1.0.13 as Linux x86-64 binaries, run offline with dev_overrides, no
 * `terraform init`; its README). A project is two Terraform resources, `posthog_project` (name, timezone) and
 * `posthog_project_settings` (the project's settings, on /api/environments/<id>/), declaring the settings of
 * bench/declared.js that the provider can express.
 *
 * The commands, beside Pulumi's:
 *   up       terraform apply -auto-approve             (create)
 *   preview  terraform plan -detailed-exitcode         (no change; Terraform refreshes first, as it does by default)
 *   refresh  terraform apply -refresh-only -auto-approve
 *   update   terraform apply -auto-approve             (two settings of every project changed; refreshes first)
 *   destroy  terraform destroy -auto-approve
 * all with -parallelism=10, Terraform's default, stated so that the comparison does not depend on it. Pulumi's
 * default is 4 operations per CPU (8 on 2 cores; `defaultParallel` in pkg/cmd/pulumi/operations/up.go, Pulumi issue
 * 14989), so both tools run as their users get them, with about as many operations in flight.
 */
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { declaredAction, declaredDashboard, declaredFlag, declaredProject } = require("./declared");
const { runMeasured } = require("./process-tree");

const root = path.resolve(__dirname, "..");
const PARALLELISM = 10;
/**
 * How the drift checks are named in the rows (bench/cli.js names Pulumi's alike): without limits, and at PostHog
 * Cloud's. Pulumi's run with --parallel above the stack's size; Terraform's with its -parallelism, as all its commands.
 */
const ALL_AT_ONCE = "(drift check)";
const AT_LIMITS = "at 480/minute";

/**
 * How the settings of declared.js are named in Terraform's provider 1.0.13 (its schema: `terraform providers schema
 * -json`). The others (weekStartDay, anonymizeIps, sessionRecordingSampleRate, testAccountFilters) it cannot set.
 */
const TERRAFORM_NAMES = {
  name: ["posthog_project", "name"],
  timezone: ["posthog_project", "timezone"],
  appUrls: ["posthog_project_settings", "app_urls"],
  sessionRecordingOptIn: ["posthog_project_settings", "session_recording_opt_in"],
};

/** The directory holding the peer's tarball: BENCH_TERRAFORM_PEER, else ../shared/peers/terraform beside the checkout. */
const peerDir = () => process.env.BENCH_TERRAFORM_PEER ?? path.join(root, "..", "shared", "peers", "terraform");

/**
 * The directory holding `terraform` and `terraform-provider-posthog`, unpacked once into a cache directory named
 * after the tarball; or { missing: why } when the peer is absent (the benchmark then leaves its columns empty).
 */
function terraformBin() {
  const dir = peerDir();
  const tarball = fs.existsSync(dir) ? fs.readdirSync(dir).find((file) => file.endsWith(".tar.zst")) : undefined;
  if (!tarball) return { missing: `no Terraform peer (${dir}/*.tar.zst not found)` };
  const home = process.env.HOME ?? os.homedir();
  const cache = process.env.PULUMI_POSTHOG_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(home, ".cache"), "pulumi-posthog");
  const bin = path.join(cache, tarball.replace(/\.tar\.zst$/, ""), "bin");
  const ready = () => ["terraform", "terraform-provider-posthog"].every((file) => fs.existsSync(path.join(bin, file)));
  if (ready()) return { bin };
  // Unpacked beside, then renamed: a run killed halfway leaves no half directory to be taken for a whole one.
  const partial = `${bin}.partial-${process.pid}`;
  fs.mkdirSync(partial, { recursive: true });
  const unpacked = spawnSync("sh", ["-c", 'zstd -dc "$1" | tar -x -C "$2"', "sh", path.join(dir, tarball), partial], {
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
  });
  if (unpacked.status !== 0) {
    fs.rmSync(partial, { recursive: true, force: true });
    return { missing: `could not unpack ${tarball} (zstd and tar are needed): ${unpacked.stderr.trim()}` };
  }
  fs.rmSync(bin, { recursive: true, force: true });
  fs.renameSync(partial, bin);
  return ready() ? { bin } : { missing: `${tarball} holds no terraform and terraform-provider-posthog` };
}

/** `terraform version`, for the report's first line. */
function terraformVersion(bin) {
  const result = spawnSync(path.join(bin, "terraform"), ["version", "-json"], {
    encoding: "utf8",
    env: { ...process.env, CHECKPOINT_DISABLE: "1" },
  });
  try {
    return JSON.parse(result.stdout).terraform_version;
  } catch {
    return "?";
  }
}

/** main.tf: `count` projects from the variable `projects`, each a project and its settings. */
function mainTf() {
  const attributes = (resource) =>
    Object.values(TERRAFORM_NAMES)
      .filter(([r]) => r === resource)
      .map(([, name]) => name);
  const typeOf = (name) => {
    const value = declaredProject("Terraform", 0, 0)[Object.keys(TERRAFORM_NAMES).find((key) => TERRAFORM_NAMES[key][1] === name)];
    return Array.isArray(value) ? "list(string)" : typeof value === "boolean" ? "bool" : typeof value === "number" ? "number" : "string";
  };
  const names = Object.values(TERRAFORM_NAMES).map(([, name]) => name);
  const set = (name) => `  ${name} = var.projects[count.index].${name}`;
  const blocks = [
    "# Generated by bench/terraform.js from bench/declared.js.",
    'terraform {\n  required_providers {\n    posthog = { source = "PostHog/posthog" }\n  }\n}',
    `variable "projects" {\n  type = list(object({ ${names.map((name) => `${name} = ${typeOf(name)}`).join(", ")} }))\n}`,
    ['resource "posthog_project" "p" {', "  count = length(var.projects)", ...attributes("posthog_project").map(set), "}"].join("\n"),
    [
      'resource "posthog_project_settings" "p" {',
      "  count = length(var.projects)",
      "  project_id = posthog_project.p[count.index].id",
      ...attributes("posthog_project_settings").map(set),
      "}",
    ].join("\n"),
  ];
  return `${blocks.join("\n\n")}\n`;
}

/**
 * main.tf of the flag stack: `count` posthog_feature_flag resources in the project POSTHOG_PROJECT_ID names, each
 * with bench/declared.js's declaredFlag (key, name, active, filters as JSON: the provider's `filters` is a string).
 */
function flagsMainTf() {
  const set = (name) => `  ${name} = var.flags[count.index].${name}`;
  return `${[
    "# Generated by bench/terraform.js from bench/declared.js.",
    'terraform {\n  required_providers {\n    posthog = { source = "PostHog/posthog" }\n  }\n}',
    'variable "flags" {\n  type = list(object({ key = string, name = string, active = bool, filters = string }))\n}',
    ['resource "posthog_feature_flag" "f" {', "  count = length(var.flags)", ...["key", "name", "active", "filters"].map(set), "}"].join(
      "\n",
    ),
  ].join("\n\n")}\n`;
}

/** terraform.tfvars.json of `count` flags. */
function flagsTfvars(count, variant) {
  const flags = Array.from({ length: count }, (_, i) => {
    const flag = declaredFlag(i, variant);
    return { ...flag, filters: JSON.stringify(flag.filters) };
  });
  return JSON.stringify({ flags });
}

/**
 * main.tf of the organization: `var.projects` posthog_project resources, and the flags, actions and dashboards
 * of each (Terraform's provider 1.0.13 has no cohort), each in its project (`project` is the project's index).
 */
function organizationMainTf() {
  const inProject = (resource, list, attributes) =>
    [
      `resource "${resource}" "${list[0]}" {`,
      `  count = length(var.${list})`,
      `  project_id = tostring(posthog_project.p[var.${list}[count.index].project].id)`,
      ...attributes.map((name) => `  ${name} = var.${list}[count.index].${name}`),
      "}",
    ].join("\n");
  return `${[
    "# Generated by bench/terraform.js from bench/declared.js.",
    'terraform {\n  required_providers {\n    posthog = { source = "PostHog/posthog" }\n  }\n}',
    'variable "projects" {\n  type = number\n}',
    'variable "flags" {\n  type = list(object({ project = number, key = string, name = string, active = bool, filters = string }))\n}',
    'variable "actions" {\n  type = list(object({ project = number, name = string, steps_json = string }))\n}',
    'variable "dashboards" {\n  type = list(object({ project = number, name = string, description = string }))\n}',
    // Terraform's own interpolation, as the Pulumi program names its projects.
    `resource "posthog_project" "p" {\n  count = var.projects\n  name = "Bench organization \${count.index}"\n}`,
    inProject("posthog_feature_flag", "flags", ["key", "name", "active", "filters"]),
    inProject("posthog_action", "actions", ["name", "steps_json"]),
    inProject("posthog_dashboard", "dashboards", ["name", "description"]),
  ].join("\n\n")}\n`;
}

/** terraform.tfvars.json of an organization of `count` projects with `perProject` flags, (cohorts,) actions, dashboards. */
function organizationTfvars(count, variant, [flags, , actions, dashboards]) {
  const each = (n, make) =>
    Array.from({ length: count }, (_, project) => Array.from({ length: n }, (_, i) => ({ project, ...make(i) }))).flat();
  return JSON.stringify({
    projects: count,
    flags: each(flags, (i) => {
      const flag = declaredFlag(i, variant);
      return { ...flag, filters: JSON.stringify(flag.filters) };
    }),
    actions: each(actions, (i) => {
      const { name, steps } = declaredAction(i);
      return { name, steps_json: JSON.stringify(steps) };
    }),
    dashboards: each(dashboards, declaredDashboard),
  });
}

/** terraform.tfvars.json: the declared settings of `count` projects, as Terraform's provider names them. */
function tfvars(count, variant) {
  const projects = Array.from({ length: count }, (_, i) =>
    Object.fromEntries(
      Object.entries(declaredProject("Terraform", i, variant))
        .filter(([input]) => TERRAFORM_NAMES[input])
        .map(([input, value]) => [TERRAFORM_NAMES[input][1], value]),
    ),
  );
  return JSON.stringify({ projects });
}

/** What Terraform declares of each kind of stack: its main.tf, and its tfvars for `count` and a variant. */
const TERRAFORM_STACKS = {
  projects: { main: mainTf, vars: tfvars },
  flags: { main: flagsMainTf, vars: flagsTfvars },
  organization: { main: organizationMainTf, vars: organizationTfvars },
};

/**
 * The five commands through Terraform on a new directory of `count` projects (with `kind` "flags", feature flags;
 * "organization", projects with `perProject` objects each), and for flags and organizations the drift checks: rows as
 * bench/cli.js makes them.
 */
async function benchTerraform(count, { work, server, env, log, terraform, requestsSince }, kind = "projects", perProject = []) {
  const dir = path.join(work, `terraform-${kind}-${count}`);
  const { main, vars: varsOf } = TERRAFORM_STACKS[kind];
  const vars = (n, variant) => varsOf(n, variant, perProject);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir);
  const rc = path.join(work, "terraform.rc");
  fs.writeFileSync(
    rc,
    `provider_installation {\n  dev_overrides { "PostHog/posthog" = ${JSON.stringify(terraform)} }\n}\ndisable_checkpoint = true\n`,
  );
  fs.writeFileSync(path.join(dir, "main.tf"), main());
  const tfEnv = { ...env, TF_CLI_CONFIG_FILE: rc, CHECKPOINT_DISABLE: "1", TF_IN_AUTOMATION: "1", NODE_OPTIONS: "" };
  const statePath = path.join(dir, "terraform.tfstate");

  const rows = [];
  const step = async (name, args, { variant = 0, expect = [0], record = false } = {}) => {
    fs.writeFileSync(path.join(dir, "terraform.tfvars.json"), vars(count, variant));
    await server.control.clearRequests();
    const full = [...args, "-input=false", "-no-color", `-parallelism=${PARALLELISM}`];
    const result = await runMeasured(path.join(terraform, "terraform"), full, { cwd: dir, env: tfEnv });
    fs.appendFileSync(log, `\n$ terraform ${full.join(" ")} (${count})\n${result.stdout}${result.stderr}`);
    if (!record && !expect.includes(result.status))
      throw new Error(`terraform ${full.join(" ")} (${count}) exited ${result.status}: see ${log}\n${result.stderr.slice(-2000)}`);
    const requests = await requestsSince(server);
    // Terraform's state file is indented JSON; per project (two resources) or flag, compact as Pulumi's is measured, and as written.
    let state = {};
    if (name !== "destroy") {
      const text = fs.readFileSync(statePath, "utf8");
      state = {
        stateBytesPerResource: Buffer.byteLength(JSON.stringify(JSON.parse(text))) / count,
        stateFileBytesPerProject: Buffer.byteLength(text) / count,
      };
    }
    rows.push({
      command: name,
      ms: result.ms,
      // A drift check at the limits is measured whatever it ends in (Terraform's provider may give up on 429s).
      ...(record && { status: result.status }),
      ...requests,
      peakKb: result.peakKb,
      treeKb: result.byName,
      treeCount: result.countByName,
      cpuMs: result.cpuMs,
      treeCpuMs: result.cpuByName,
      ...state,
    });
  };
  await step("up", ["apply", "-auto-approve"]);
  // -detailed-exitcode: 0 is "no changes", 2 would be a change (and fails the run, as --expect-no-changes does).
  await step("preview", ["plan", "-detailed-exitcode"]);
  await step("refresh", ["apply", "-refresh-only", "-auto-approve"]);
  if (kind !== "projects") {
    // The drift checks at PostHog Cloud's limits, as bench/cli.js measures Pulumi's: `terraform plan` refreshes first,
    // as `pulumi preview --refresh` does; the server throttles at 480/minute.
    await step(`refresh ${ALL_AT_ONCE}`, ["apply", "-refresh-only", "-auto-approve"]);
    await step(`preview --refresh ${ALL_AT_ONCE}`, ["plan", "-detailed-exitcode"]);
    await server.control.setThrottle({ enabled: true });
    try {
      await step(`refresh ${AT_LIMITS}`, ["apply", "-refresh-only", "-auto-approve"], { record: true });
      await step(`preview --refresh ${AT_LIMITS}`, ["plan", "-detailed-exitcode"], { record: true });
    } finally {
      await server.control.setThrottle({ enabled: false });
    }
  }
  await step("update", ["apply", "-auto-approve"], { variant: 1 });
  await step("destroy", ["destroy", "-auto-approve"], { variant: 1 });
  fs.rmSync(dir, { recursive: true, force: true });
  return rows;
}

module.exports = { terraformBin, terraformVersion, benchTerraform, mainTf, tfvars, PARALLELISM, TERRAFORM_NAMES, ALL_AT_ONCE, AT_LIMITS };
