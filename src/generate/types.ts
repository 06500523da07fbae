/**
 * The generated types and classes of every kind: from a kind's table (its fields, their zod rules or declared
 * TypeScript `type`, their docs), its model's facts (required inputs, fixed and secret outputs, the inputs of the
 * provider's own — allowances, actions, open settings —, a name defaulting to the resource's, named types, its summary)
 * and its kind's example (rendered by ./example), the plain TypeScript programs use (src/resources/<kind>-types.ts)
 * and the thin class they declare (src/resources/<kind>.ts), written by `npm run docs`. Plain types, so that
 * type-checking a program does not evaluate zod's. Adding a kind: its `model` (src/kit/kind.ts) and its line in the registry;
 * test/generate/types.test.ts checks every file is what its table generates.
 */
import { kinds } from "../kinds/index";
import { article, kebabCase, upperFirst } from "../kit/names";
import { providerExport } from "../kit/tokens";
import { typescriptLiteral } from "../kit/program-text";
import { z } from "zod";
import { adoptInputOf, idForms, type Kind, type KeyKind, keyFacts, placeInputs, placementOf, scopeInput } from "../kit/kind";
import type { OutputType, ProgramModel } from "../kit/program";
import { inputNameOf } from "../kit/field-table";
import type { PropertySpec } from "../kit/property";
import { typescriptDeclaration } from "./example";

/** The subset of JSON Schema that zod's `toJSONSchema` produces for the field table. */
interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
}

/** The TypeScript type a zod schema accepts (`input`) or produces (`output`). */
export function typeText(schema: z.ZodType, io: "input" | "output", indent = ""): string {
  return print(z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema, indent);
}

function print(schema: JsonSchema, indent: string): string {
  if (schema.anyOf) return union(schema.anyOf.map((s) => print(s, indent)));
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return union(schema.enum.map((v) => JSON.stringify(v)));
  if (Array.isArray(schema.type)) return union(schema.type.map((type) => print({ ...schema, type }, indent)));
  switch (schema.type) {
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array": {
      const item = print(schema.items ?? {}, indent);
      return /[|&]/.test(item) && !item.startsWith("{") ? `(${item})[]` : `${item}[]`;
    }
    case "object":
      return object(schema, indent);
    default:
      return "unknown";
  }
}

function object(schema: JsonSchema, indent: string): string {
  const extra = schema.additionalProperties;
  const rest = extra === undefined || extra === false ? undefined : print(extra === true ? {} : extra, `${indent}  `);
  const entries = Object.entries(schema.properties ?? {});
  if (entries.length === 0) return `Record<string, ${rest ?? "never"}>`;
  const required = new Set(schema.required ?? []);
  const inner = `${indent}  `;
  const lines = entries.map(([key, value]) => `${inner}${propertyKey(key)}${required.has(key) ? "" : "?"}: ${print(value, inner)};`);
  if (rest !== undefined) lines.push(`${inner}[key: string]: ${rest};`);
  return `{\n${lines.join("\n")}\n${indent}}`;
}

function propertyKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : JSON.stringify(key);
}

export function union(types: string[]): string {
  const unique = [...new Set(types.flatMap(splitUnion))];
  // `unknown` absorbs every other member.
  return unique.includes("unknown") ? "unknown" : unique.join(" | ");
}

/** The members of a printed union (object types, which may contain `|`, stay whole). */
export function splitUnion(text: string): string[] {
  const members: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "{" || c === "(" || c === "<") depth++;
    else if (c === "}" || c === ")" || c === ">") depth--;
    else if (c === "|" && depth === 0) {
      members.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  members.push(text.slice(start).trim());
  return members;
}

/** The TypeScript type of a Pulumi schema property, as JSON carries it. */
export function typeOfSpec(spec: PropertySpec): string {
  switch (spec.type) {
    case "string":
      return "string";
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "array": {
      const item = spec.items ? typeOfSpec(spec.items) : "unknown";
      return item.includes("|") ? `(${item})[]` : `${item}[]`;
    }
    case "object":
      return `Record<string, ${spec.additionalProperties ? typeOfSpec(spec.additionalProperties) : "unknown"}>`;
    default:
      return "unknown";
  }
}

export function docComment(doc: string, indent: string): string {
  return `${indent}/** ${doc.replace(/\*\//g, "*\\/")} */`;
}

/** A resource's generated types file, the model it comes from, and its kind (its `adoptId`'s type: a number or a UUID). */
export interface GeneratedTypes {
  readonly path: string;
  readonly state: ProgramModel;
  readonly kind: Kind;
}

/** Every registered kind with a field-table model (src/kinds/index.ts): its types file is `src/resources/<kind>-types.ts`. */
export const generatedTypes: readonly GeneratedTypes[] = kinds.flatMap((kind) =>
  kind.model ? [{ path: `src/resources/${kebabCase(kind.name)}-types.ts`, state: kind.model, kind }] : [],
);

/** `pulumi.Input<T>`, and for a list `pulumi.Input<pulumi.Input<T>[]>` (each item may be an Output too). */
function inputOf(type: string): string {
  const members = splitUnion(type);
  const item = members.length === 1 ? /^(\(.+\)|[A-Za-z]+|Record<.+>)\[\]$/.exec(type)?.[1] : undefined;
  return item === undefined ? `pulumi.Input<${type}>` : `pulumi.Input<pulumi.Input<${item}>[]>`;
}

/** The outputs' names, on one line where it fits Biome's line width (140), else one a line as Biome prints them. */
function outputNamesLine(start: string, names: readonly string[]): string {
  const quoted = names.map((name) => JSON.stringify(name));
  const line = `${start}[${quoted.join(", ")}];`;
  return line.length <= 140 ? line : [`${start}[`, ...quoted.map((name) => `  ${name},`), "];"].join("\n");
}

type OutputTypes = Record<string, OutputType>;

/**
 * The types of the outputs a kind's facts give every object (src/kit/field-model.ts `kindOutputs`): its identity,
 * described as its schema describes it, and where it is.
 */
export function kindOutputTypes(kind: Kind): OutputTypes {
  const keyType = (key: KeyKind | undefined) => keyFacts(key).tsType;
  const identity = kind.schema().outputs[kind.identity.output]?.description;
  if (identity === undefined) throw new Error(`${kind.name}'s schema describes no ${kind.identity.output} output.`);
  const { parent } = kind;
  return {
    [kind.identity.output]: { type: keyType(kind.identity.key), doc: identity },
    [scopeInput(kind)]: {
      type: kind.scope === "organization" ? "string" : "number",
      doc: `The ${kind.scope} the ${kind.noun} belongs to.`,
    },
    ...(parent && { [parent.input]: { type: keyType(parent.key), doc: `The ${parent.noun} the ${kind.noun} belongs to.` } }),
  };
}

/** `get`'s return, its options broken over lines as the formatter breaks a line too long. */
function getReturn(start: string): string {
  const line = `${start}{ ...opts, id });`;
  return line.length <= LINE_WIDTH ? line : [`${start}{`, "      ...opts,", "      id,", "    });"].join("\n");
}

/** One input or output of the generated types: its name, plain TypeScript type and doc. */
interface Entry {
  readonly name: string;
  readonly type: string;
  readonly doc: string;
  /** An input the program must declare; an output every instance has. */
  readonly always: boolean;
}

/**
 * The inputs a program declares: where the object is, its adopt input, PostHog's writable fields, and the inputs of
 * the provider's own (allowances, actions, open settings), each typed and documented once for the generated types.
 */
function inputEntries({ state, kind }: GeneratedTypes, optionalParent: boolean): Entry[] {
  const { noun, fields, required = {}, providerInputs = {}, actionInputs = {}, openSettings } = state.spec;
  const specs = kind.schema().inputs;
  const fromSchema = (name: string, always = false): Entry => ({
    name,
    type: typeOfSpec(specs[name] ?? {}),
    doc: specs[name]?.description ?? "",
    always,
  });
  const place: Entry[] =
    kind.scope === "project"
      ? [
          {
            name: "projectId",
            type: "number",
            doc: `The project (a number, or a Project's projectId); defaults to \`posthog:projectId\` or POSTHOG_PROJECT_ID. Changing it replaces the ${noun}.`,
            always: false,
          },
          // The object of the project it is nested in, as an organization-scoped kind's parent is.
          ...placeInputs(kind)
            .slice(1)
            .map((input) => fromSchema(input, !optionalParent)),
        ]
      : placeInputs(kind).map((input, i) => fromSchema(input, i > 0 && !optionalParent));
  return [
    ...place,
    // A singleton is taken over by every create: it has no adopt input.
    ...(kind.singleton ? [] : [fromSchema(adoptInputOf(kind))]),
    ...Object.keys(fields).map((field) => ({
      name: inputNameOf(fields, field),
      type: fieldType(state, field, "input"),
      doc: fields[field]!.doc,
      always: Object.hasOwn(required, inputNameOf(fields, field)),
    })),
    ...Object.entries(providerInputs).map(([name, { doc }]) => ({ name, type: "boolean", doc, always: false })),
    ...Object.keys(actionInputs).map((name) => fromSchema(name)),
    ...(openSettings ? [fromSchema(openSettings.input)] : []),
  ];
}

/**
 * A field's declared TypeScript type (`type` on its row), else its rule's; as an output (its live value), how PostHog
 * answers it where the row says so.
 */
function fieldType(state: ProgramModel, field: string, io: "input" | "output"): string {
  const row = state.spec.fields[field]!;
  if (typeof row.type === "object") return row.type[io];
  return row.type ?? typeText(io === "output" && row.answer ? row.answer : row.input, io, "  ");
}

/**
 * The outputs: those every object has (its kind's facts' and its model's fixed ones), the inputs the state keeps as
 * outputs of their own (an action, an adoption, the open settings' live values), and each declared field's live value.
 */
function outputEntries({ state, kind }: GeneratedTypes): Entry[] {
  const { fields, actionInputs = {}, openSettings, recordsAdoption } = state.spec;
  const fixed = { ...kindOutputTypes(kind), ...state.spec.outputTypes };
  const specs = kind.schema().outputs;
  const recorded = [
    ...Object.keys(actionInputs),
    ...(recordsAdoption ? [adoptInputOf(kind)] : []),
    ...(openSettings ? [openSettings.input] : []),
  ];
  return [
    ...Object.entries(fixed).map(([name, { type, doc }]) => ({ name, type, doc, always: true })),
    ...recorded.map((name) => ({ name, type: typeOfSpec(specs[name] ?? {}), doc: specs[name]?.description ?? "", always: false })),
    ...Object.keys(fields)
      .filter((field) => !Object.hasOwn(fixed, inputNameOf(fields, field)) && !recorded.includes(inputNameOf(fields, field)))
      .map((field) => ({
        name: inputNameOf(fields, field),
        type: fieldType(state, field, "output"),
        doc: `${fields[field]!.doc} Present when declared.`,
        always: false,
      })),
  ];
}

/** The names of the outputs every instance registers (a declared field adds its own), and of those stored as secrets. */
export function registeredOutputs(entry: GeneratedTypes): { outputs: string[]; secrets: string[] } {
  const { fields: table } = entry.state.spec;
  const fields = new Set(Object.keys(table).map((field) => inputNameOf(table, field)));
  const registered = outputEntries(entry).filter((output) => output.always || !fields.has(output.name));
  return {
    outputs: registered.map((output) => output.name),
    // The outputs its schema says are secret (a project's API token, a hog flow's actions, whose inputs PostHog
    // answers): secret in the state even where the program's input of the same name was not (an adoption, a change
    // made in PostHog).
    secrets: Object.entries(entry.kind.schema().outputs)
      .filter(([, spec]) => spec.secret === true)
      .map(([name]) => name),
  };
}

/** `  name?: type;` lines with their docs. */
function members(entries: readonly Entry[], line: (entry: Entry) => string): string[] {
  return entries.flatMap((entry) => [docComment(entry.doc, "  "), line(entry)]);
}

/** `T | undefined` for an output not every instance has. */
const maybe = (type: string) => (type === "unknown" ? type : union([...splitUnion(type), "undefined"]));

/** The text of a field-table resource's generated types file. */
export function fieldTableTypes(entry: GeneratedTypes): string {
  const { state, kind } = entry;
  const { className, noun, types = {}, plainTypes, recordType } = state.spec;
  const { outputs, secrets } = registeredOutputs(entry);
  const outputsOf = outputEntries(entry);
  return [
    "/**",
    ` * Generated by \`npm run docs\` from ${className}'s field table and state (src/generate/types.ts): do not edit. The`,
    " * resource's types written out plainly, so that type-checking a program does not evaluate zod's types;",
    " * test/generate/types.test.ts checks that this file is what the table generates.",
    " */",
    'import type * as pulumi from "@pulumi/pulumi";',
    "",
    ...Object.entries(types).flatMap(([name, { type, doc }]) => [
      docComment(doc, ""),
      type.startsWith("{") ? `export interface ${name} ${type}` : `export type ${name} =${type.startsWith("\n") ? "" : " "}${type};`,
      "",
    ]),
    `/** ${upperFirst(article(noun))} ${noun}'s inputs: PostHog's writable fields, camelCase, and where it is (${placeInputs(kind).join(", ")}). */`,
    `export interface ${className}Args {`,
    ...members(inputEntries(entry, false), (e) => `  ${e.name}${e.always ? "" : "?"}: ${inputOf(e.type)};`),
    "}",
    "",
    `/** Properties for looking up an existing ${noun} with \`${className}.get\`. */`,
    `export interface ${className}State {`,
    ...(kind.scope === "project"
      ? [
          docComment(
            kind.singleton
              ? `The project: the id names it already (one ${noun} per project).`
              : `The project, when the id is only the ${noun}'s ${keyFacts(kind.identity.key).tsType === "number" ? "number" : "UUID"}; defaults to \`posthog:projectId\`.`,
            "  ",
          ),
          "  projectId?: pulumi.Input<number>;",
          // A kind nested in a project's object (a log alert's destinations) is looked up under its parent too.
          ...members(
            inputEntries(entry, true).filter((e) => e.name === kind.parent?.input),
            (e) => `  ${e.name}${e.always ? "" : "?"}: pulumi.Input<${e.type}>;`,
          ),
        ]
      : members(
          inputEntries(entry, true).filter((e) => placeInputs(kind).includes(e.name)),
          (e) => `  ${e.name}${e.always ? "" : "?"}: pulumi.Input<${e.type}>;`,
        )),
    "}",
    "",
    "/**",
    ` * The output properties of \`posthog.${className}\`: the outputs every ${noun} has, and the live value of each declared`,
    " * field (a field not declared has no output).",
    " */",
    `export interface ${className}OutputProperties {`,
    ...members(outputsOf, (e) =>
      outputs.includes(e.name)
        ? `  readonly ${e.name}: pulumi.Output<${e.always ? e.type : maybe(e.type)}>;`
        : `  readonly ${e.name}?: pulumi.Output<${e.type}>;`,
    ),
    "}",
    "",
    `/** The output properties every \`posthog.${className}\` registers (a declared field adds its own). */`,
    outputNamesLine(`export const outputNames: ReadonlyArray<keyof ${className}OutputProperties> = `, outputs),
    ...(secrets.length > 0
      ? [
          "",
          "/** Output properties Pulumi must store as secrets. */",
          outputNamesLine(`export const secretOutputNames: ReadonlyArray<keyof ${className}OutputProperties> = `, secrets),
        ]
      : []),
    ...(plainTypes
      ? [
          "",
          `/** ${upperFirst(article(noun))} ${noun}'s inputs as the provider receives them (\`${className}Args\` without Pulumi's wrappers). */`,
          `export interface ${plainTypes.inputs} {`,
          ...members(inputEntries(entry, false), (e) => `  ${e.name}${e.always ? "" : "?"}: ${e.type};`),
          "}",
          "",
          `/** ${upperFirst(article(noun))} ${noun}'s state: its outputs as the provider writes them. */`,
          `export interface ${plainTypes.outputs} {`,
          ...members(outputsOf, (e) => `  ${e.name}${outputs.includes(e.name) && e.always ? "" : "?"}: ${e.type};`),
          docComment("The program's inputs as last applied, for drift field by field. State, not a resource property.", "  "),
          "  declaredInputs?: Record<string, unknown>;",
          docComment("Declared fields the PostHog in front of the provider has nowhere, as the last write or read found. State.", "  "),
          "  unsupportedSettings?: string[];",
          "}",
        ]
      : []),
    ...(recordType
      ? [
          "",
          `/** ${upperFirst(article(noun))} ${noun} as PostHog returns it, camelCased, the \`id\` as \`${kind.identity.output}\`: fields PostHog did not send are absent. */`,
          `export interface ${recordType.name} {`,
          ...Object.entries(recordType.fields).flatMap(([name, { answer, doc, optional }]) => [
            docComment(doc, "  "),
            `  ${name}${optional ? "?" : ""}: ${typeText(answer, "output", "  ")};`,
          ]),
          "}",
        ]
      : []),
    "",
  ].join("\n");
}

/** Where a resource's generated class goes: beside its types, `src/resources/action.ts` for `action-types.ts`. */
export const classPath = ({ path }: GeneratedTypes): string => path.replace(/-types\.ts$/, ".ts");

/** Biome's line width: a generated line longer than this is printed the way Biome would break it. */
export const LINE_WIDTH = 140;

/** `{ a, b }` on one line where it fits, else one item a line, as Biome prints a long import or export. */
function braceList(start: string, items: readonly string[], end: string): string {
  const line = `${start}{ ${items.join(", ")} }${end}`;
  return line.length <= LINE_WIDTH ? line : [`${start}{`, ...items.map((item) => `  ${item},`), `}${end}`].join("\n");
}

/** A block comment of `paragraphs` (code kept as it is), its prose wrapped at 120 columns. */
export function blockComment(paragraphs: readonly string[], indent = ""): string {
  const lines: string[] = [];
  for (const [i, paragraph] of paragraphs.entries()) {
    if (i > 0) lines.push("");
    if (paragraph.startsWith("```")) {
      lines.push(...paragraph.split("\n"));
      continue;
    }
    let line = "";
    for (const word of paragraph.split(/\s+/)) {
      if (line && `${indent} * ${line} ${word}`.length > 120) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push(line);
  }
  return [`${indent}/**`, ...lines.map((line) => (line ? `${indent} * ${line}` : `${indent} *`)), `${indent} */`].join("\n");
}

/**
 * The text of a field-table resource's generated class (`classPath`): the thin `pulumi.CustomResource` a program
 * declares, with `get` and `isInstance`, registering through ./declared. Generated rather than written per resource,
 * so that a resource is its table and facts: the inputs it makes secret are data in its facts (`secretInProgram`),
 * which ./declared applies.
 */
export function fieldTableClass(entry: GeneratedTypes): string {
  const { state, kind } = entry;
  const { className, noun, summary, required = {}, types = {}, secretInProgram, nameInput } = state.spec;
  const key = keyFacts(kind.identity.key);
  const { secrets } = registeredOutputs(entry);
  const typesModule = `./${entry.path.replace(/^.*\//, "").replace(/\.ts$/, "")}`;
  const own = (name: string) => `${className}${name}`;
  const getLine = `  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: ${own("State")}, opts?: pulumi.CustomResourceOptions): ${className} {`;
  return [
    blockComment([
      `\`posthog.${className}\`: ${summary.charAt(0).toLowerCase()}${summary.slice(1)} Generated by \`npm run docs\` from ${className}'s field table and state (src/generate/types.ts): do not edit; test/generate/types.test.ts checks that this file is what they generate.`,
      `The class declares inputs and outputs and hands them to the engine (./declared); the lifecycle runs in \`pulumi-posthog/provider\` (${className}Provider), loaded by name inside Pulumi's provider host. This module loads nothing else of the package: its types are plain, in ${typesModule}.${secretInProgram ? ` ${secretInProgram.doc} as ./declared registers the inputs, before anything reaches the engine.` : ""}`,
    ]),
    'import * as pulumi from "@pulumi/pulumi";',
    'import { beginRegistration, isDeclaredInstance, serializedProvider } from "./declared";',
    braceList(
      "import ",
      [
        `type ${own("Args")}`,
        `type ${own("OutputProperties")}`,
        `type ${own("State")}`,
        "outputNames",
        ...(secrets.length > 0 ? ["secretOutputNames"] : []),
      ],
      ` from "${typesModule}";`,
    ),
    "",
    braceList("export type ", [own("Args"), own("State"), own("OutputProperties"), ...Object.keys(types)], ` from "${typesModule}";`),
    "",
    "/** Its dynamic resource's type, as Pulumi's state names it. */",
    `const TYPE = ${JSON.stringify(kind.dynamicType)};`,
    "",
    "const facts = {",
    `  className: "${className}",`,
    "  type: TYPE,",
    `  provider: serializedProvider("${providerExport(kind.name)}"),`,
    "  outputNames,",
    `  secretOutputNames${secrets.length > 0 ? "" : ": []"},`,
    ...(secretInProgram
      ? [
          `  secretInputs: ${typescriptLiteral(secretInProgram.inputs, "  ", () => undefined, { width: LINE_WIDTH - "secretInputs: ,".length })},`,
        ]
      : []),
    ...(state.spec.uniqueInProgram
      ? ["  unique: {", ...Object.entries(state.spec.uniqueInProgram).map(([k, v]) => `    ${k}: ${JSON.stringify(v)},`), "  },"]
      : []),
    "};",
    "",
    `export interface ${className} extends ${own("OutputProperties")} {}`,
    "",
    blockComment([summary, ["```ts", ...typescriptDeclaration(kind).split("\n"), "```"].join("\n")]),
    "// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above declares the output properties the engine fills in",
    `export class ${className} extends pulumi.CustomResource {`,
    kind.singleton
      ? `  /** Reads a project's ${noun} into the program without managing it. \`id\` is \`<projectId>\`. */`
      : kind.scope === "project"
        ? `  /** Reads an existing ${noun} into the program without managing it. \`id\` is \`<projectId>/<${key.placeholder}>\`, or its ${key.tsType === "number" ? "number" : key.name.replace(/^the /, "")} with \`state.projectId\`. */`
        : `  /** Reads an existing ${noun} into the program without managing it. \`id\` is \`${idForms(placementOf(kind))[0]}\`, or ${idForms(placementOf(kind))[1] ?? ""}. */`,
    getLine.length <= LINE_WIDTH
      ? getLine
      : [
          "  static get(",
          "    name: string,",
          "    id: pulumi.Input<pulumi.ID>,",
          `    state?: ${own("State")},`,
          "    opts?: pulumi.CustomResourceOptions,",
          `  ): ${className} {`,
        ].join("\n"),
    getReturn(
      `    return new ${className}(name, { ${placeInputs(kind)
        .map((input) => `${input}: state?.${input}`)
        .join(", ")} } as ${own("Args")}, `,
    ),
    "  }",
    "",
    `  static override isInstance(obj: unknown): obj is ${className} {`,
    `    return isDeclaredInstance(obj, ${className}, TYPE);`,
    "  }",
    "",
    `  /** Declares ${article(noun)} ${noun}: \`args\` are its inputs, camelCase (PostHog's field names), and where it is. */`,
    `  constructor(name: string, args: ${own("Args")}${Object.keys(required).length === 0 ? " = {}" : ""}, opts: pulumi.CustomResourceOptions = {}) {`,
    ...(nameInput
      ? [
          `    // ${upperFirst(article(noun))} ${noun}'s ${nameInput} defaults to the resource's; a read (\`${className}.get\`) declares none.`,
          `    const declared = opts.id ? { ...args } : { ...args, ${nameInput}: args.${nameInput} ?? name };`,
        ]
      : []),
    `    const registration = beginRegistration(facts, name, ${nameInput ? "declared" : `{ ...args }`}, opts);`,
    "    // `super` here, in the class a program names, not in a shared base class: Pulumi records the frame that called",
    "    // this constructor as the resource's source position.",
    "    try {",
    "      super(TYPE, name, registration.props, registration.options);",
    "    } finally {",
    "      registration.end();",
    "    }",
    "  }",
    "}",
    "",
  ].join("\n");
}
