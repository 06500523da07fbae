/**
 * The Pulumi project `pulumi-posthog import` writes, from the plan (./model): Pulumi.yaml and the program in
 * TypeScript (the package's resources), YAML or Python (the provider plugin's types and its generated Python SDK), and
 * for the plugin's languages the bulk import file of `pulumi import --file`; and the names it gave (`NAMES_FILE`), which
 * the next import into the directory keeps. Each resource carries its adoption input,
 * so the first `pulumi up` takes every object over: reads, and writes only what differs (nothing).
 */
import { hasNestedRef, type Planned, RESERVED, Ref, Secret, secretsIn } from "./model";
import { pythonLiteral, pythonName, quoted, typescriptLiteral, yamlEntry } from "../kit/program-text";

export { pythonName } from "../kit/program-text";

export type Language = "typescript" | "yaml" | "python";
export const LANGUAGES: readonly Language[] = ["typescript", "yaml", "python"];

export interface RenderOptions {
  /** The Pulumi project's name. */
  readonly project: string;
  readonly language: Language;
  /** Written as the project's configuration (the API key never is). */
  readonly organizationId: string;
  /** Left out when it is PostHog Cloud US, the provider's default. */
  readonly host: string | undefined;
  /** This package's version, which the TypeScript program depends on. */
  readonly version: string;
}

/** File name → content. */
export type Files = Record<string, string>;

export function render(resources: readonly Planned[], options: RenderOptions): Files {
  const files: Files = {};
  const config = [`  posthog:organizationId: ${quoted(options.organizationId)}`];
  if (options.host) config.push(`  posthog:host: ${quoted(options.host)}`);
  // Each secret PostHog answered, declared a secret of the stack's configuration that the program reads; described by
  // names the importer made only (no text of PostHog's in a place Pulumi may read as more than text).
  for (const secret of resources.flatMap((r) => r.inputs.flatMap(([, value]) => secretsIn(value))))
    config.push(
      `  ${secret.key}:`,
      "    type: string",
      "    secret: true",
      `    description: ${quoted(`A secret of ${secret.of}, as PostHog has it: pulumi config set --secret ${secret.key} …`)}`,
    );
  const header = (runtime: string[]) =>
    [
      `name: ${quoted(options.project)}`,
      `description: ${quoted("PostHog, brought under management by pulumi-posthog import")}`,
      ...runtime,
      // The API key is not written: `pulumi config set --secret posthog:apiKey …` or POSTHOG_API_KEY.
      "config:",
      ...config,
    ].join("\n");
  switch (options.language) {
    case "typescript":
      files["Pulumi.yaml"] = `${header(["runtime: nodejs", "main: index.ts"])}\n`;
      files["index.ts"] = typescript(resources);
      files["package.json"] = `${JSON.stringify(
        {
          name: options.project,
          private: true,
          dependencies: { "@pulumi/pulumi": "^3.216.0", "pulumi-posthog": `^${options.version}` },
          devDependencies: { "@types/node": "^20.0.0", typescript: "~5.9.3" },
        },
        null,
        2,
      )}\n`;
      files["tsconfig.json"] = `${JSON.stringify(
        {
          compilerOptions: {
            strict: true,
            target: "es2022",
            module: "commonjs",
            moduleResolution: "node",
            esModuleInterop: true,
            skipLibCheck: true,
          },
          files: ["index.ts"],
        },
        null,
        2,
      )}\n`;
      break;
    case "yaml":
      files["Pulumi.yaml"] = `${header(["runtime: yaml"])}\n${yamlResources(resources)}`;
      files["import.json"] = importFile(resources);
      break;
    case "python":
      files["Pulumi.yaml"] = `${header(["runtime:", "  name: python", "  options:", "    virtualenv: venv"])}\n`;
      files["__main__.py"] = python(resources);
      // The generated SDK calls pulumi.runtime.exists_resource, new in pulumi 3.269 (as examples/python).
      files["requirements.txt"] = "pulumi>=3.269.0,<4.0.0\n./sdk/python\n";
      files["import.json"] = importFile(resources);
      break;
  }
  files[NAMES_FILE] = `${JSON.stringify(
    {
      about:
        "The name pulumi-posthog import gave each PostHog object, by its type and id: an import into this directory again keeps them, so that each object stays the same resource of the stack.",
      resources: importEntries(resources),
    },
    null,
    2,
  )}\n`;
  return files;
}

/**
 * The names the import gave, for the next import into the same directory (a name Pulumi has not seen is a new
 * resource, and the old one's delete would delete its object). Its `resources` are as `import.json`'s, which an import
 * of the plugin's languages made before this file existed also holds.
 */
export const NAMES_FILE = "import-names.json";

/** Each resource's type, name and id, as `pulumi import --file` takes them. */
const importEntries = (resources: readonly Planned[]) => resources.map((r) => ({ type: r.kind.token, name: r.name, id: r.importId }));

/** `pulumi import --file`'s format: each resource's type, name and id. */
function importFile(resources: readonly Planned[]): string {
  return `${JSON.stringify({ resources: importEntries(resources) }, null, 2)}\n`;
}

// ---- TypeScript ----

/**
 * The variable of each resource: its name (in camelCase for TypeScript), unique, and never a word the language or the
 * program keeps (`global_this` is TypeScript's `globalThis`).
 */
function variables(resources: readonly Planned[], style: "camel" | "snake"): Map<Planned, string> {
  const names = new Map<Planned, string>();
  const used = new Set<string>();
  for (const resource of resources) {
    let name = style === "camel" ? resource.name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) : resource.name;
    while (used.has(name) || RESERVED.has(name.toLowerCase())) name = `${name}_`;
    used.add(name);
    names.set(resource, name);
  }
  return names;
}

function typescript(resources: readonly Planned[]): string {
  const names = variables(resources, "camel");
  const leaf = (value: object) =>
    value instanceof Ref
      ? `${names.get(value.to)}.${value.output}`
      : value instanceof Secret
        ? `config.requireSecret(${quoted(value.key)})`
        : undefined;
  const nested = resources.some((r) => r.inputs.some(([, v]) => hasNestedRef(v)));
  const secrets = resources.some((r) => r.inputs.some(([, v]) => secretsIn(v).length > 0));
  const lines = [
    "// Written by `pulumi-posthog import`: every object of the organization as it is in PostHog, each adopted by the",
    "// first `pulumi up` (adoptProjectId / adoptId: PostHog is read, and nothing is written that it already has).",
    ...(nested || secrets ? ['import * as pulumi from "@pulumi/pulumi";'] : []),
    'import * as posthog from "pulumi-posthog";',
    // The secrets PostHog answered (encrypted payloads) are the stack's: `pulumi config set --secret <key> …`.
    ...(secrets ? ["", "const config = new pulumi.Config();"] : []),
    "",
  ];
  for (const resource of resources) {
    const args = resource.inputs.map(([input, value]) => {
      const text = typescriptLiteral(value, "  ", leaf);
      // An id of another resource deep in a value: pulumi.output resolves it inside the object.
      return `  ${input}: ${hasNestedRef(value) ? `pulumi.output(${text})` : text},`;
    });
    lines.push(`export const ${names.get(resource)} = new posthog.${resource.kind.name}(${quoted(resource.name)}, {`, ...args, "});");
  }
  return `${lines.join("\n")}\n`;
}

// ---- YAML ----

/** References and secrets as Pulumi YAML's interpolations. */
const yamlLeaf = (value: object) =>
  value instanceof Ref ? quoted(`\${${value.to.name}.${value.output}}`) : value instanceof Secret ? quoted(`\${${value.key}}`) : undefined;

function yamlResources(resources: readonly Planned[]): string {
  const lines = [
    "# Written by `pulumi-posthog import`: every object of the organization as it is in PostHog, each adopted by the",
    "# first `pulumi up` (adoptProjectId / adoptId), or recorded first by `pulumi import --file import.json`.",
    "resources:",
  ];
  for (const resource of resources) {
    lines.push(`  ${resource.name}:`, `    type: ${resource.kind.token}`, "    properties:");
    for (const [input, value] of resource.inputs) lines.push(...yamlEntry(input, value, "      ", yamlLeaf));
  }
  return `${lines.join("\n")}\n`;
}

// ---- Python ----

function python(resources: readonly Planned[]): string {
  const names = variables(resources, "snake");
  const leaf = (value: object) =>
    value instanceof Ref
      ? `${names.get(value.to)}.${pythonName(value.output)}`
      : value instanceof Secret
        ? `config.require_secret(${quoted(value.key)})`
        : undefined;
  const secrets = resources.some((r) => r.inputs.some(([, v]) => secretsIn(v).length > 0));
  const lines = [
    '"""Written by `pulumi-posthog import`: every object of the organization as it is in PostHog, each adopted by the',
    'first `pulumi up` (adopt_project_id / adopt_id), or recorded first by `pulumi import --file import.json`."""',
    ...(secrets ? ["import pulumi"] : []),
    "import pulumi_posthog as posthog",
    // The secrets PostHog answered (encrypted payloads) are the stack's: `pulumi config set --secret <key> …`.
    ...(secrets ? ["", "config = pulumi.Config()"] : []),
    "",
  ];
  for (const resource of resources) {
    lines.push(
      `${names.get(resource)} = posthog.${resource.kind.name}(`,
      `    ${quoted(resource.name)},`,
      ...resource.inputs.map(([input, value]) => `    ${pythonName(input)}=${pythonLiteral(value, "    ", leaf)},`),
      ")",
    );
  }
  return `${lines.join("\n")}\n`;
}
