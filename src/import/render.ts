/**
 * The Pulumi project `pulumi-posthog import` writes, from the plan (./model): Pulumi.yaml and the program in
 * TypeScript (the package's resources), YAML or Python (the provider plugin's types and its generated Python SDK), and
 * for the plugin's languages the bulk import file of `pulumi import --file`. Each resource carries its adoption input,
 * so the first `pulumi up` takes every object over: reads, and writes only what differs (nothing).
 */
import { hasNestedRef, type Planned, RESERVED, Ref, Secret, secretsIn, type Value } from "./model";

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
  return files;
}

/** `pulumi import --file`'s format: each resource's type, name and id. */
function importFile(resources: readonly Planned[]): string {
  return `${JSON.stringify({ resources: resources.map((r) => ({ type: r.kind.token, name: r.name, id: r.importId })) }, null, 2)}\n`;
}

/**
 * A string as a double-quoted literal that TypeScript, Python and YAML read alike: JSON's escapes, and `\uXXXX` for
 * what JSON leaves as it is but one of them would not (U+2028 and U+2029 end a TypeScript string, which YAML reads as
 * line breaks too; DEL, C1 controls and U+FEFF YAML refuses or drops).
 */
function quoted(text: string): string {
  return JSON.stringify(text).replace(
    /[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** A scalar as it is written in each language (JSON's `true`, `null` and numbers; TypeScript's and YAML's too). */
function scalar(value: string | number | boolean | null): string {
  return typeof value === "string" ? quoted(value) : JSON.stringify(value);
}

// ---- TypeScript ----

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

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
  const ref = (r: Ref) => `${names.get(r.to)}.${r.output}`;
  // `__proto__: …` (quoted or not) in an object literal sets its prototype; computed, it is a key like any other.
  const key = (k: string) => (k === "__proto__" ? `[${quoted(k)}]` : IDENTIFIER.test(k) ? k : quoted(k));
  const literal = (value: Value, indent: string): string => {
    if (value instanceof Ref) return ref(value);
    if (value instanceof Secret) return `config.requireSecret(${quoted(value.key)})`;
    if (Array.isArray(value)) {
      if (value.length === 0) return "[]";
      return `[\n${value.map((item) => `${indent}  ${literal(item, `${indent}  `)},`).join("\n")}\n${indent}]`;
    }
    if (value !== null && typeof value === "object") {
      const entries = Object.entries(value);
      if (entries.length === 0) return "{}";
      return `{\n${entries.map(([k, v]) => `${indent}  ${key(k)}: ${literal(v, `${indent}  `)},`).join("\n")}\n${indent}}`;
    }
    return scalar(value);
  };
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
      const text = literal(value, "  ");
      // An id of another resource deep in a value: pulumi.output resolves it inside the object.
      return `  ${input}: ${hasNestedRef(value) ? `pulumi.output(${text})` : text},`;
    });
    lines.push(`export const ${names.get(resource)} = new posthog.${resource.kind.name}(${quoted(resource.name)}, {`, ...args, "});");
  }
  return `${lines.join("\n")}\n`;
}

// ---- YAML ----

/**
 * A string of the program as YAML: double-quoted, every `$` doubled. Pulumi YAML reads every string of the program,
 * keys too, as an interpolation, where `${…}` is evaluated and `$$` is one `$` (parseInterpolate,
 * pkg/pulumiyaml/ast/interpolation.go in pulumi/pulumi-yaml): a PostHog name `${pulumi.stack}` or `costs $$5` is then
 * read back as it is.
 */
function yamlScalar(value: string | number | boolean | null): string {
  // A function, since `$$` in a replacement string means one `$`.
  return typeof value === "string" ? quoted(value.replaceAll("$", () => "$$")) : scalar(value);
}

/** A value as YAML: one line (scalars, references, empty collections), or block lines at `indent`. */
function yamlValue(value: Value, indent: string): { inline: string } | { lines: string[] } {
  if (value instanceof Ref) return { inline: quoted(`\${${value.to.name}.${value.output}}`) };
  if (value instanceof Secret) return { inline: quoted(`\${${value.key}}`) };
  if (Array.isArray(value)) {
    if (value.length === 0) return { inline: "[]" };
    return {
      lines: value.flatMap((item) => {
        const rendered = yamlValue(item, `${indent}  `);
        if ("inline" in rendered) return [`${indent}- ${rendered.inline}`];
        const [first, ...rest] = rendered.lines;
        return [`${indent}- ${first!.slice(indent.length + 2)}`, ...rest];
      }),
    };
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return { inline: "{}" };
    return { lines: entries.flatMap(([key, item]) => yamlEntry(yamlKey(key), item, indent)) };
  }
  return { inline: yamlScalar(value) };
}

/** A key plain where YAML reads it as that string (not `true`, `null`, `yes`, `on`, …), else quoted. */
function yamlKey(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(key) && !/^(true|false|null|yes|no|on|off|y|n|~)$/i.test(key) ? key : yamlScalar(key);
}

function yamlEntry(key: string, value: Value, indent: string): string[] {
  const rendered = yamlValue(value, `${indent}  `);
  return "inline" in rendered ? [`${indent}${key}: ${rendered.inline}`] : [`${indent}${key}:`, ...rendered.lines];
}

function yamlResources(resources: readonly Planned[]): string {
  const lines = [
    "# Written by `pulumi-posthog import`: every object of the organization as it is in PostHog, each adopted by the",
    "# first `pulumi up` (adoptProjectId / adoptId), or recorded first by `pulumi import --file import.json`.",
    "resources:",
  ];
  for (const resource of resources) {
    lines.push(`  ${resource.name}:`, `    type: ${resource.kind.token}`, "    properties:");
    for (const [input, value] of resource.inputs) lines.push(...yamlEntry(input, value, "      "));
  }
  return `${lines.join("\n")}\n`;
}

// ---- Python ----

/** How the Python SDK names an input or output: `adoptProjectId` → `adopt_project_id`. */
export function pythonName(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
}

function python(resources: readonly Planned[]): string {
  const names = variables(resources, "snake");
  const literal = (value: Value, indent: string): string => {
    if (value instanceof Ref) return `${names.get(value.to)}.${pythonName(value.output)}`;
    if (value instanceof Secret) return `config.require_secret(${quoted(value.key)})`;
    if (value === null) return "None";
    if (value === true) return "True";
    if (value === false) return "False";
    if (Array.isArray(value)) {
      if (value.length === 0) return "[]";
      return `[\n${value.map((item) => `${indent}    ${literal(item, `${indent}    `)},`).join("\n")}\n${indent}]`;
    }
    if (typeof value === "object") {
      const entries = Object.entries(value);
      if (entries.length === 0) return "{}";
      return `{\n${entries.map(([k, v]) => `${indent}    ${quoted(k)}: ${literal(v, `${indent}    `)},`).join("\n")}\n${indent}}`;
    }
    // JSON's string and number literals are Python's too.
    return scalar(value);
  };
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
      ...resource.inputs.map(([input, value]) => `    ${pythonName(input)}=${literal(value, "    ")},`),
      ")",
    );
  }
  return `${lines.join("\n")}\n`;
}
