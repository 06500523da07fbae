/**
 * A kind's example (src/kinds/<kind>/example.ts) as a program in TypeScript, Pulumi YAML, Python, Go and Java: the kind's object
 * and the examples it refers to (the project `web` for a project-scoped kind, the dashboard an insight is on, …),
 * each declared once, before what names it. The reference pages (./reference) show the programs, the generated classes
 * (./types) the TypeScript declaration, the package schema's descriptions (src/plugin/schema.ts) all five;
 * test/generate/examples.test.ts type-checks, parses and compiles them (Go and Java against sdk/ in the languages
 * tier, test/languages/sdks.test.ts).
 */
import { kinds } from "../kinds/index";
import { type ExampleValue, ExampleLookup, ExampleRef, ExampleSecret, ExampleUser, markersIn } from "../kit/example";
import type { Kind } from "../kit/kind";
import {
  type Leaf,
  type ProgramValue,
  pythonLiteral,
  pythonName,
  quoted,
  scalar,
  typescriptLiteral,
  yamlEntry,
  yamlKey,
} from "../kit/program-text";
import { article, upperFirst } from "../kit/names";
import type { PropertySpec } from "../kit/property";
import { pluginToken } from "../kit/tokens";

/** How wide a line of an example may be before a value breaks over lines. */
const WIDTH = 110;

/** One object of an example program: its kind, its Pulumi name and its inputs (its scope's first). */
export interface Declared {
  readonly kind: Kind;
  readonly name: string;
  readonly inputs: Readonly<Record<string, ExampleValue>>;
}

function kindNamed(name: string): Kind {
  const kind = kinds.find((each) => each.name === name);
  if (!kind) throw new Error(`An example refers to ${name}, which is not a registered kind.`);
  return kind;
}

/** A kind's example object, with the example project's `projectId` when the kind lives in a project. */
export function declared(kind: Kind): Declared {
  const { name, inputs } = kind.example;
  const scope: Record<string, ExampleValue> = kind.scope === "project" ? { projectId: new ExampleRef("Project", "projectId") } : {};
  return { kind, name, inputs: { ...scope, ...inputs } };
}

/** The kinds a value refers to, in order. */
function referred(value: ExampleValue): string[] {
  return markersIn(value, ExampleRef).map((ref) => ref.kind);
}

/** Every object the kind's example needs, each once, what is referred to before what refers to it; the kind's last. */
export function exampleObjects(kind: Kind): readonly Declared[] {
  const order: Declared[] = [];
  const visit = (each: Kind, path: readonly string[]) => {
    if (path.includes(each.name)) throw new Error(`The examples refer to each other in a circle: ${[...path, each.name].join(" → ")}.`);
    if (order.some((done) => done.kind === each)) return;
    const object = declared(each);
    for (const name of Object.values(object.inputs).flatMap(referred)) visit(kindNamed(name), [...path, each.name]);
    order.push(object);
  };
  visit(kind, []);
  return order;
}

/** What a value holds besides JSON, so that a program declares what it needs (its configuration, the current user). */
function holds<T extends ExampleSecret | ExampleUser | ExampleLookup>(
  objects: readonly Declared[],
  what: new (...args: never[]) => T,
): T[] {
  return objects.flatMap((object) => Object.values(object.inputs).flatMap((value) => markersIn(value, what)));
}

const camelName = (name: string) => name.replace(/[-_]([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const snakeName = (name: string) => pythonName(camelName(name));
const secrets = (objects: readonly Declared[]) => [...new Set(holds(objects, ExampleSecret).map((s) => s.key))];
const USER = "me";
const CURRENT_USER = "getCurrentUser";

/** The lookups the objects call, each once (by its variable). */
const lookups = (objects: readonly Declared[]) => [...new Map(holds(objects, ExampleLookup).map((l) => [l.variable, l])).values()];

/** An example value's leaves in one language: a reference, a secret, a field of the current user, a lookup's output. */
function leaves(render: {
  ref: (ref: ExampleRef) => string;
  secret: (key: string) => string;
  user: (field: string) => string;
  lookup: (lookup: ExampleLookup) => string;
}): Leaf {
  return (value) =>
    value instanceof ExampleRef
      ? render.ref(value)
      : value instanceof ExampleSecret
        ? render.secret(value.key)
        : value instanceof ExampleUser
          ? render.user(value.field)
          : value instanceof ExampleLookup
            ? render.lookup(value)
            : undefined;
}

const refName = (ref: ExampleRef) => kindNamed(ref.kind).example.name;

const typescriptLeaf = leaves({
  ref: (ref) => `${camelName(refName(ref))}.${ref.output}`,
  secret: (key) => `config.requireSecret(${quoted(key)})`,
  // PostHog answers no numeric id before late 2025 (2025-08-04 refuses alerts to personal API keys anyway).
  user: (field) => (field === "id" ? `${USER}.id.apply((id) => id!)` : `${USER}.${field}`),
  // A lookup's result has an index signature besides its typed outputs, so its Output's lifted properties are unknown.
  lookup: (lookup) => `${lookup.variable}.apply((found) => found.${lookup.output})`,
});

/** `new posthog.X("name", { … })`: one object as TypeScript declares it. */
function typescriptNew({ kind, name, inputs }: Declared): string {
  const start = `new posthog.${kind.name}(${quoted(name)}, `;
  const inline = typescriptLiteral(inputs as ProgramValue, "", typescriptLeaf, { width: Number.POSITIVE_INFINITY });
  if (start.length + inline.length + 2 <= WIDTH) return `${start}${inline});`;
  const entries = Object.entries(inputs).map(
    ([input, value]) => `  ${input}: ${typescriptLiteral(value as ProgramValue, "  ", typescriptLeaf, { width: WIDTH })},`,
  );
  return [`${start}{`, ...entries, "});"].join("\n");
}

/** The kind's own object as TypeScript declares it, the others it refers to by their variables: the classes' docs. */
export function typescriptDeclaration(kind: Kind): string {
  return typescriptNew(declared(kind));
}

/** The whole example as a TypeScript program. */
export function typescriptExample(kind: Kind): string {
  const objects = exampleObjects(kind);
  const own = objects[objects.length - 1]!;
  const config = secrets(objects).length > 0;
  return [
    ...(config ? ['import * as pulumi from "@pulumi/pulumi";'] : []),
    'import * as posthog from "pulumi-posthog";',
    "",
    ...(config ? ["const config = new pulumi.Config();"] : []),
    ...(holds(objects, ExampleUser).length > 0 ? [`const ${USER} = posthog.${CURRENT_USER}Output({});`] : []),
    ...lookups(objects).map(
      (l) =>
        `const ${l.variable} = posthog.get${l.kind}Output(${typescriptLiteral(l.args as ProgramValue, "", typescriptLeaf, { width: WIDTH })});`,
    ),
    ...objects.map((object) => `const ${camelName(object.name)} = ${typescriptNew(object)}`),
    "",
    `export const ${kind.identity.output} = ${camelName(own.name)}.${kind.identity.output};`,
    "",
  ].join("\n");
}

/** The whole example as a Pulumi YAML program (Pulumi.yaml), through the provider plugin. */
export function yamlExample(kind: Kind): string {
  const objects = exampleObjects(kind);
  const own = objects[objects.length - 1]!;
  return yamlProgram(`${own.name}-example`, objects, { [kind.identity.output]: `${own.name}.${kind.identity.output}` });
}

/**
 * A Pulumi YAML program (Pulumi.yaml) named `name` declaring these objects, through the provider plugin, with these
 * outputs (each an expression: `web.projectId`); the examples of several kinds in one program (the plugin's contract,
 * test/e2e/contract.test.ts).
 */
export function yamlProgram(name: string, objects: readonly Declared[], outputs: Readonly<Record<string, string>>): string {
  const leaf = leaves({
    ref: (ref) => quoted(`\${${refName(ref)}.${ref.output}}`),
    secret: (key) => quoted(`\${${key}}`),
    user: (field) => quoted(`\${${USER}.${field}}`),
    lookup: (lookup) => quoted(`\${${lookup.variable}.${lookup.output}}`),
  });
  const keys = secrets(objects);
  const user = holds(objects, ExampleUser).length > 0;
  const variables = [
    ...(user ? [`  ${USER}:`, "    fn::invoke:", `      function: ${pluginToken(CURRENT_USER)}`, "      arguments: {}"] : []),
    ...lookups(objects).flatMap((l) => [
      `  ${l.variable}:`,
      "    fn::invoke:",
      `      function: ${pluginToken(`get${l.kind}`)}`,
      "      arguments:",
      ...Object.entries(l.args).map(([arg, value]) => `        ${arg}: ${quoted(value)}`),
    ]),
  ];
  return [
    `name: ${yamlKey(name)}`,
    "runtime: yaml",
    ...(keys.length > 0 ? ["config:", ...keys.flatMap((key) => [`  ${key}:`, "    type: string", "    secret: true"])] : []),
    ...(variables.length > 0 ? ["variables:", ...variables] : []),
    "resources:",
    ...objects.flatMap(({ kind: each, name, inputs }) => [
      `  ${yamlKey(name)}:`,
      `    type: ${each.token}`,
      "    properties:",
      ...Object.entries(inputs).flatMap(([input, value]) => yamlEntry(input, value as ProgramValue, "      ", leaf)),
    ]),
    ...(Object.keys(outputs).length > 0 ? ["outputs:"] : []),
    ...Object.entries(outputs).map(([output, expression]) => `  ${yamlKey(output)}: ${quoted(`\${${expression}}`)}`),
    "",
  ].join("\n");
}

/** The whole example as a Python program (__main__.py), with the SDK the plugin generates (`pulumi_posthog`). */
export function pythonExample(kind: Kind): string {
  const objects = exampleObjects(kind);
  const own = objects[objects.length - 1]!;
  const leaf = leaves({
    ref: (ref) => `${snakeName(refName(ref))}.${pythonName(ref.output)}`,
    secret: (key) => `config.require_secret(${quoted(key)})`,
    user: (field) => `${USER}.${field}`,
    lookup: (lookup) => `${snakeName(lookup.variable)}.${pythonName(lookup.output)}`,
  });
  const call = ({ kind: each, name, inputs }: Declared) => {
    const start = `${snakeName(name)} = posthog.${each.name}(`;
    const args = Object.entries(inputs).map(([input, value]) => ({ input: pythonName(input), value: value as ProgramValue }));
    const inline = [
      quoted(name),
      ...args.map(({ input, value }) => `${input}=${pythonLiteral(value, "", leaf, { width: Number.POSITIVE_INFINITY })}`),
    ];
    if (start.length + inline.join(", ").length + 1 <= WIDTH) return `${start}${inline.join(", ")})`;
    return [
      start,
      `    ${quoted(name)},`,
      ...args.map(({ input, value }) => `    ${input}=${pythonLiteral(value, "    ", leaf, { width: WIDTH })},`),
      ")",
    ].join("\n");
  };
  return [
    "import pulumi",
    "import pulumi_posthog as posthog",
    "",
    ...(secrets(objects).length > 0 ? ["config = pulumi.Config()"] : []),
    ...(holds(objects, ExampleUser).length > 0 ? [`${USER} = posthog.${pythonName(CURRENT_USER)}_output()`] : []),
    ...lookups(objects).map(
      (l) =>
        `${snakeName(l.variable)} = posthog.${pythonName(`get${l.kind}`)}_output(${Object.entries(l.args)
          .map(([arg, value]) => `${pythonName(arg)}=${quoted(value)}`)
          .join(", ")})`,
    ),
    ...objects.map(call),
    "",
    `pulumi.export(${quoted(kind.identity.output)}, ${snakeName(own.name)}.${pythonName(kind.identity.output)})`,
    "",
  ].join("\n");
}

/** The schema type of each input of a kind (its scope's too), for the typed languages' literals. */
const inputTypes = (kind: Kind): Readonly<Record<string, PropertySpec>> => kind.schema().inputs;

const GO_SCALAR: Record<string, string> = { string: "String", integer: "Int", number: "Float64", boolean: "Bool" };

/** A leaf of an example value in Go: an output of another object, a secret, a field of the current user, a lookup's. */
const goLeaf = leaves({
  ref: (ref) => `${camelName(refName(ref))}.${upperFirst(ref.output)}`,
  secret: (key) => `cfg.RequireSecret(${quoted(key)})`,
  // A lookup's outputs are optional (pointers); what a program hands on is the value.
  user: (field) => `${USER}.${upperFirst(field)}().Elem()`,
  lookup: (lookup) => `${lookup.variable}.${upperFirst(lookup.output)}().Elem()`,
});

/**
 * `key: value` lines at `indent`, as gofmt aligns them: the values of consecutive one-line entries in one column, an
 * entry over several lines unaligned and ending the run.
 */
function goEntries(entries: readonly { key: string; value: string }[], indent: string): string[] {
  const lines: string[] = [];
  let run: { key: string; value: string }[] = [];
  const flush = () => {
    const width = Math.max(0, ...run.map((entry) => entry.key.length));
    for (const entry of run) lines.push(`${indent}${`${entry.key}:`.padEnd(width + 1)} ${entry.value},`);
    run = [];
  };
  for (const entry of entries) {
    if (entry.value.includes("\n")) {
      flush();
      lines.push(`${indent}${entry.key}: ${entry.value},`);
    } else run.push(entry);
  }
  flush();
  return lines;
}

/** A Go composite literal: on one line where it fits, else one item a line, each at `indent` plus a tab. */
function goComposite(type: string, items: readonly { key?: string; value: (indent: string) => string }[], indent: string): string {
  if (items.length === 0) return `${type}{}`;
  const inline = `${type}{${items.map((item) => `${item.key === undefined ? "" : `${quoted(item.key)}: `}${item.value("")}`).join(", ")}}`;
  if (!inline.includes("\n") && indent.replace(/\t/g, "    ").length + inline.length <= WIDTH) return inline;
  const inner = `${indent}\t`;
  const lines = items.every((item) => item.key !== undefined)
    ? goEntries(
        items.map((item) => ({ key: quoted(item.key ?? ""), value: item.value(inner) })),
        inner,
      )
    : items.map((item) => `${inner}${item.value(inner)},`);
  return `${type}{\n${lines.join("\n")}\n${indent}}`;
}

/** An example value as a Go input of the schema type `spec` (Any where the schema says nothing more). */
function goValue(value: ExampleValue, spec: PropertySpec | undefined, indent: string): string {
  if (value !== null && typeof value === "object") {
    const own = goLeaf(value);
    if (own !== undefined) return own;
  }
  const scalar = spec?.type === undefined ? undefined : GO_SCALAR[spec.type];
  if (scalar !== undefined && (value === null || typeof value !== "object")) return `pulumi.${scalar}(${JSON.stringify(value)})`;
  if (Array.isArray(value)) {
    const items = spec?.type === "array" ? spec.items : undefined;
    const element = items?.type === "object" ? "Map" : items?.type === undefined ? "" : (GO_SCALAR[items.type] ?? "");
    return goComposite(
      `pulumi.${element}Array`,
      (value as readonly ExampleValue[]).map((item) => ({ value: (inner: string) => goValue(item, items, inner) })),
      indent,
    );
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, ExampleValue>);
    return goComposite(
      "pulumi.Map",
      entries.map(([key, item]) => ({ key, value: (inner: string) => goValue(item, undefined, inner) })),
      indent,
    );
  }
  // Any: JSON's scalars as Pulumi's inputs.
  if (value === null) return "nil";
  if (typeof value === "number") return `pulumi.${Number.isInteger(value) ? "Int" : "Float64"}(${value})`;
  return `pulumi.${typeof value === "string" ? "String" : "Bool"}(${JSON.stringify(value)})`;
}

/** The whole example as a Go program (main.go) with the Go SDK (sdk/go). */
export function goExample(kind: Kind): string {
  const objects = exampleObjects(kind);
  const own = objects[objects.length - 1]!;
  const config = secrets(objects).length > 0;
  const declare = ({ kind: each, name, inputs }: Declared) => {
    const types = inputTypes(each);
    const fields = goEntries(
      Object.entries(inputs).map(([input, value]) => ({ key: upperFirst(input), value: goValue(value, types[input], "\t\t\t") })),
      "\t\t\t",
    );
    return [
      `\t\t${camelName(name)}, err := posthog.New${each.name}(ctx, ${quoted(name)}, &posthog.${each.name}Args{`,
      ...fields,
      "\t\t})",
      "\t\tif err != nil {",
      "\t\t\treturn err",
      "\t\t}",
    ];
  };
  return [
    "package main",
    "",
    "import (",
    `\t"${GO_IMPORT}"`,
    '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
    ...(config ? ['\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"'] : []),
    ")",
    "",
    "func main() {",
    "\tpulumi.Run(func(ctx *pulumi.Context) error {",
    ...(config ? ['\t\tcfg := config.New(ctx, "")'] : []),
    ...(holds(objects, ExampleUser).length > 0
      ? [`\t\t${USER} := posthog.GetCurrentUserOutput(ctx, posthog.GetCurrentUserOutputArgs{})`]
      : []),
    ...lookups(objects).map(
      (l) =>
        // A kind's `get<Kind>` is Lookup<Kind> in Go: the resource's own Get<Kind> reads a resource's state (Go's
        // codegen renames a function whose name the package has, pkg/codegen/go/gen.go).
        `\t\t${l.variable} := posthog.Lookup${l.kind}Output(ctx, posthog.Lookup${l.kind}OutputArgs{${Object.entries(l.args)
          .map(([arg, value]) => `${upperFirst(arg)}: pulumi.String(${quoted(value)})`)
          .join(", ")}})`,
    ),
    ...objects.flatMap(declare),
    `\t\tctx.Export(${quoted(kind.identity.output)}, ${camelName(own.name)}.${upperFirst(kind.identity.output)})`,
    "\t\treturn nil",
    "\t})",
    "}",
    "",
  ].join("\n");
}

/** Where the Go SDK is imported from (schema.json's importBasePath). */
const GO_IMPORT = "github.com/pulumi-posthog/pulumi-posthog/sdk/go/posthog";

/** A leaf of an example value in Java (an Output of its value). */
const javaLeaf = leaves({
  ref: (ref) => `${camelName(refName(ref))}.${ref.output}()`,
  secret: (key) => `ctx.config().requireSecret(${quoted(key)})`,
  // A lookup's outputs are Optional; what a program hands on is the value.
  user: (field) => `${USER}.applyValue(found -> found.${field}().orElseThrow())`,
  lookup: (lookup) => `${lookup.variable}.applyValue(found -> found.${lookup.output}().orElseThrow())`,
});

/** A Java call `open(args…)`: on one line where it fits, else one argument a line at `indent` plus four spaces. */
function javaCall(open: string, args: readonly ((indent: string) => string)[], indent: string): string {
  const inline = `${open}(${args.map((arg) => arg("")).join(", ")})`;
  if (args.length === 0 || (!inline.includes("\n") && indent.length + inline.length <= WIDTH)) return inline;
  const inner = `${indent}    `;
  return `${open}(\n${args.map((arg) => `${inner}${arg(inner)}`).join(",\n")})`;
}

const isLeaf = (value: ExampleValue) => value !== null && typeof value === "object" && javaLeaf(value) !== undefined;

/**
 * An example value as a Java argument: JSON as `Map.of`/`List.of` (`Map.ofEntries` past Map.of's ten pairs), a typed
 * list holding an Output as `Output.all(…)` (its builder takes an Output of the list). Java's collections take no null.
 */
function javaValue(value: ExampleValue, indent: string): string {
  if (value === null) throw new Error("A Java example cannot hold null: Map.of and List.of refuse it.");
  if (typeof value !== "object") return scalar(value);
  const own = javaLeaf(value);
  if (own !== undefined) return own;
  if (Array.isArray(value)) {
    const items = value as readonly ExampleValue[];
    if (items.some(isLeaf))
      return javaCall(
        "Output.all",
        items.map((item) => (inner: string) => (isLeaf(item) ? javaValue(item, inner) : `Output.of(${javaValue(item, inner)})`)),
        indent,
      );
    return javaCall(
      "List.of",
      items.map((item) => (inner: string) => javaValue(item, inner)),
      indent,
    );
  }
  const entries = Object.entries(value as Record<string, ExampleValue>);
  if (entries.length > 10)
    return javaCall(
      "Map.ofEntries",
      entries.map(
        ([key, item]) =>
          (inner: string) =>
            `Map.entry(${quoted(key)}, ${javaValue(item, inner)})`,
      ),
      indent,
    );
  return javaCall(
    "Map.of",
    entries.map(
      ([key, item]) =>
        (inner: string) =>
          `${quoted(key)}, ${javaValue(item, inner)}`,
    ),
    indent,
  );
}

/** The whole example as a Java program (App.java) with the Java SDK (sdk/java, package com.pulumi.posthog). */
export function javaExample(kind: Kind): string {
  const objects = exampleObjects(kind);
  const own = objects[objects.length - 1]!;
  const user = holds(objects, ExampleUser).length > 0;
  const found = lookups(objects);
  const body = objects.map(({ kind: each, name, inputs }) =>
    [
      `        var ${camelName(name)} = new ${each.name}(${quoted(name)}, ${each.name}Args.builder()`,
      ...Object.entries(inputs).map(([input, value]) => `            .${input}(${javaValue(value, "            ")})`),
      "            .build());",
    ].join("\n"),
  );
  const text = body.join("\n");
  const classes = [
    ...objects.flatMap(({ kind: each }) => [`com.pulumi.posthog.${each.name}`, `com.pulumi.posthog.${each.name}Args`]),
    ...(user || found.length > 0 ? ["com.pulumi.posthog.PosthogFunctions"] : []),
    ...found.map((l) => `com.pulumi.posthog.inputs.Get${l.kind}Args`),
    ...(text.includes("Output.") ? ["com.pulumi.core.Output"] : []),
    ...(text.includes("List.of") ? ["java.util.List"] : []),
    ...(text.includes("Map.") ? ["java.util.Map"] : []),
  ];
  return [
    "package generated_program;",
    "",
    ...[...new Set(["com.pulumi.Context", "com.pulumi.Pulumi", ...classes])].sort().map((name) => `import ${name};`),
    "",
    "public class App {",
    "    public static void main(String[] args) {",
    "        Pulumi.run(App::stack);",
    "    }",
    "",
    "    public static void stack(Context ctx) {",
    ...(user ? [`        var ${USER} = PosthogFunctions.${CURRENT_USER}();`] : []),
    ...found.map(
      (l) =>
        `        var ${l.variable} = PosthogFunctions.get${l.kind}(Get${l.kind}Args.builder()${Object.entries(l.args)
          .map(([arg, value]) => `.${arg}(${quoted(value)})`)
          .join("")}.build());`,
    ),
    text,
    "",
    `        ctx.export(${quoted(kind.identity.output)}, ${camelName(own.name)}.${kind.identity.output}());`,
    "    }",
    "}",
    "",
  ].join("\n");
}

/**
 * A resource's example in every language, as Pulumi's schema descriptions carry examples (the `examples` and `example`
 * shortcodes around one fenced block per language): each language's SDK generator keeps its own block
 * (FilterExamples, pkg/codegen/docs.go in pulumi/pulumi) and `pulumi package get-schema` shows them all.
 */
export function schemaExamples(kind: Kind): string {
  const block = (language: string, text: string) => `\`\`\`${language}\n${text.trimEnd()}\n\`\`\``;
  return [
    "{{% examples %}}",
    "## Example Usage",
    "{{% example %}}",
    `### ${upperFirst(article(kind.noun))} ${kind.noun}${kind.scope === "project" ? " in a project" : ""}`,
    "",
    block("typescript", typescriptExample(kind)),
    block("python", pythonExample(kind)),
    block("go", goExample(kind)),
    block("java", javaExample(kind)),
    block("yaml", yamlExample(kind)),
    "{{% /example %}}",
    "{{% /examples %}}",
  ].join("\n");
}
