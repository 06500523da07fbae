/**
 * A kind's example (src/kinds/<kind>/example.ts) as a program in TypeScript, Pulumi YAML and Python: the kind's object
 * and the examples it refers to (the project `web` for a project-scoped kind, the dashboard an insight is on, …),
 * each declared once, before what names it. The reference pages (./reference) show the programs, the generated classes
 * (./types) the TypeScript declaration; test/generate/examples.test.ts type-checks, parses and compiles them.
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
  typescriptLiteral,
  yamlEntry,
  yamlKey,
} from "../kit/program-text";
import { pluginToken } from "../kit/tokens";

/** How wide a line of an example may be before a value breaks over lines. */
const WIDTH = 110;

/** One object of an example program: its kind, its Pulumi name and its inputs (its scope's first). */
interface Declared {
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
function declared(kind: Kind): Declared {
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
    `name: ${yamlKey(`${own.name}-example`)}`,
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
    "outputs:",
    `  ${kind.identity.output}: ${quoted(`\${${own.name}.${kind.identity.output}}`)}`,
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
