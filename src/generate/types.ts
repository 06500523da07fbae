/**
 * The generated types and classes of the field-table resources: from a resource's table (its fields, their zod rules
 * or declared TypeScript `type`, their docs), its model's facts (required inputs, fixed outputs, named types, its
 * summary) and its kind's example (rendered by ./example), the plain TypeScript programs use
 * (src/resources/<resource>-types.ts) and the thin class they declare (src/resources/<resource>.ts), written by `npm run docs` as src/resources/project-types.ts is for Project
 * (src/kinds/project/program-types.ts). Plain types, so that type-checking a program does not evaluate zod's. Adding a
 * resource: one line in `generatedTypes`; test/generate/types.test.ts checks every file is what its table generates.
 */
import { actionKind } from "../kinds/action/kind";
import { actionModel } from "../kinds/action/model";
import { annotationKind } from "../kinds/annotation/kind";
import { annotationModel } from "../kinds/annotation/model";
import { featureFlagKind } from "../kinds/feature-flag/kind";
import { featureFlagModel } from "../kinds/feature-flag/model";
import { cohortKind } from "../kinds/cohort/kind";
import { cohortModel } from "../kinds/cohort/model";
import { dashboardKind } from "../kinds/dashboard/kind";
import { dashboardModel } from "../kinds/dashboard/model";
import { insightKind } from "../kinds/insight/kind";
import { insightModel } from "../kinds/insight/model";
import { alertKind } from "../kinds/alert/kind";
import { alertModel } from "../kinds/alert/model";
import { surveyKind } from "../kinds/survey/kind";
import { surveyModel } from "../kinds/survey/model";
import { experimentKind } from "../kinds/experiment/kind";
import { experimentModel } from "../kinds/experiment/model";
import { hogFunctionKind } from "../kinds/hog-function/kind";
import { hogFunctionModel } from "../kinds/hog-function/model";
import { camelCase } from "../kit/names";
import { docComment, splitUnion, typeText } from "../kinds/project/program-types";
import type { Kind } from "../kit/kind";
import { ADOPT_INPUT, type FieldModel } from "../kit/field-model";
import { typescriptDeclaration } from "./example";

/** A resource's generated types file, the state it comes from, and its declaration (its `adoptId`'s type: a number or a UUID). */
export interface GeneratedTypes {
  readonly path: string;
  readonly state: FieldModel<never>;
  readonly declaration: Kind;
}

const entry = (path: string, state: unknown, declaration: unknown): GeneratedTypes => ({
  path,
  state: state as FieldModel<never>,
  declaration: declaration as Kind,
});

/** Every field-table resource's generated types file. */
export const generatedTypes: readonly GeneratedTypes[] = [
  entry("src/resources/feature-flag-types.ts", featureFlagModel, featureFlagKind),
  entry("src/resources/annotation-types.ts", annotationModel, annotationKind),
  entry("src/resources/action-types.ts", actionModel, actionKind),
  entry("src/resources/cohort-types.ts", cohortModel, cohortKind),
  entry("src/resources/dashboard-types.ts", dashboardModel, dashboardKind),
  entry("src/resources/insight-types.ts", insightModel, insightKind),
  entry("src/resources/alert-types.ts", alertModel, alertKind),
  entry("src/resources/survey-types.ts", surveyModel, surveyKind),
  entry("src/resources/experiment-types.ts", experimentModel, experimentKind),
  entry("src/resources/hog-function-types.ts", hogFunctionModel, hogFunctionKind),
];

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

/** The text of a field-table resource's generated types file. */
export function fieldTableTypes({ state, declaration }: GeneratedTypes): string {
  const adopt = declaration.schema().inputs[ADOPT_INPUT]!;
  const { className, noun, fields, required = {}, outputTypes, types = {}, providerInputs = {} } = state.spec;
  const fieldType = (field: string, io: "input" | "output") => {
    const declared = fields[field]!.type;
    return typeof declared === "object" ? declared[io] : (declared ?? typeText(fields[field]!.input, io, "  "));
  };
  const fieldNames = Object.keys(fields);
  const projectDoc = `The project (a number, or a Project's projectId); defaults to \`posthog:projectId\` or POSTHOG_PROJECT_ID. Changing it replaces the ${noun}.`;
  const fixed = Object.keys(outputTypes);
  const settingOutputs = fieldNames.filter((field) => !fixed.includes(camelCase(field)));
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
    `/** ${/^[aeiou]/i.test(noun) ? "An" : "A"} ${noun}'s inputs: PostHog's writable fields, camelCase, and its project. */`,
    `export interface ${className}Args {`,
    docComment(projectDoc, "  "),
    "  projectId?: pulumi.Input<number>;",
    docComment(adopt.description ?? "", "  "),
    `  ${ADOPT_INPUT}?: pulumi.Input<${adopt.type === "string" ? "string" : "number"}>;`,
    ...fieldNames.flatMap((field) => {
      const name = camelCase(field);
      return [
        docComment(fields[field]!.doc, "  "),
        `  ${name}${Object.hasOwn(required, name) ? "" : "?"}: ${inputOf(fieldType(field, "input"))};`,
      ];
    }),
    ...Object.entries(providerInputs).flatMap(([name, { doc }]) => [docComment(doc, "  "), `  ${name}?: pulumi.Input<boolean>;`]),
    "}",
    "",
    `/** Properties for looking up an existing ${noun} with \`${className}.get\`. */`,
    `export interface ${className}State {`,
    docComment(
      `The project, when the id is only the ${noun}'s ${adopt.type === "string" ? "UUID" : "number"}; defaults to \`posthog:projectId\`.`,
      "  ",
    ),
    "  projectId?: pulumi.Input<number>;",
    "}",
    "",
    "/**",
    ` * The output properties of \`posthog.${className}\`: the outputs every ${noun} has, and the live value of each declared`,
    " * field (a field not declared has no output).",
    " */",
    `export interface ${className}OutputProperties {`,
    ...Object.entries(outputTypes).flatMap(([name, { type, doc }]) => [
      docComment(doc, "  "),
      `  readonly ${name}: pulumi.Output<${type}>;`,
    ]),
    ...settingOutputs.flatMap((field) => [
      docComment(`${fields[field]!.doc} Present when declared.`, "  "),
      `  readonly ${camelCase(field)}?: pulumi.Output<${fieldType(field, "output")}>;`,
    ]),
    "}",
    "",
    `/** The output properties every \`posthog.${className}\` registers (a declared field adds its own). */`,
    outputNamesLine(`export const outputNames: ReadonlyArray<keyof ${className}OutputProperties> = `, fixed),
    "",
  ].join("\n");
}

/** Where a resource's generated class goes: beside its types, `src/resources/action.ts` for `action-types.ts`. */
export const classPath = ({ path }: GeneratedTypes): string => path.replace(/-types\.ts$/, ".ts");

/** Biome's line width: a generated line longer than this is printed the way Biome would break it. */
const LINE_WIDTH = 140;

/** `{ a, b }` on one line where it fits, else one item a line, as Biome prints a long import or export. */
function braceList(start: string, items: readonly string[], end: string): string {
  const line = `${start}{ ${items.join(", ")} }${end}`;
  return line.length <= LINE_WIDTH ? line : [`${start}{`, ...items.map((item) => `  ${item},`), `}${end}`].join("\n");
}

/** A block comment of `paragraphs` (code kept as it is), its prose wrapped at 120 columns. */
function blockComment(paragraphs: readonly string[], indent = ""): string {
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
 * so that a resource is its table and facts; its own code, if any, is the one function `programArgs` names.
 */
export function fieldTableClass(entry: GeneratedTypes): string {
  const { state, declaration } = entry;
  const { className, noun, summary, required = {}, types = {}, programArgs } = state.spec;
  const byUuid = declaration.schema().inputs[ADOPT_INPUT]!.type === "string";
  const constant = className.replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase();
  const typesModule = `./${entry.path.replace(/^.*\//, "").replace(/\.ts$/, "")}`;
  const own = (name: string) => `${className}${name}`;
  const getLine = `  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: ${own("State")}, opts?: pulumi.CustomResourceOptions): ${className} {`;
  const article = /^[aeiou]/i.test(noun) ? "an" : "a";
  return [
    blockComment([
      `\`posthog.${className}\`: ${summary.charAt(0).toLowerCase()}${summary.slice(1)} Generated by \`npm run docs\` from ${className}'s field table and state (src/generate/types.ts): do not edit; test/generate/types.test.ts checks that this file is what they generate.`,
      `The class declares inputs and outputs and hands them to the engine (./declared); the lifecycle runs in \`pulumi-posthog/provider\` (${className}Provider), loaded by name inside Pulumi's provider host. This module loads nothing else of the package: its types are plain, in ${typesModule}.${programArgs ? ` ${programArgs.doc.replace(/\bthere\b/, `in ${programArgs.module}`)}` : ""}`,
    ]),
    'import * as pulumi from "@pulumi/pulumi";',
    `import { ${constant}_TYPE } from "../kit/tokens";`,
    'import { beginRegistration, isDeclaredInstance, serializedProvider } from "./declared";',
    ...(programArgs ? [`import { ${programArgs.name} } from "${programArgs.module}";`] : []),
    braceList(
      "import ",
      [`type ${own("Args")}`, `type ${own("OutputProperties")}`, `type ${own("State")}`, "outputNames"],
      ` from "${typesModule}";`,
    ),
    "",
    braceList("export type ", [own("Args"), own("State"), own("OutputProperties"), ...Object.keys(types)], ` from "${typesModule}";`),
    "",
    `export const ${constant}_PROVIDER = serializedProvider("${className.charAt(0).toLowerCase()}${className.slice(1)}Provider");`,
    "",
    "const facts = {",
    `  className: "${className}",`,
    `  type: ${constant}_TYPE,`,
    `  provider: ${constant}_PROVIDER,`,
    "  outputNames,",
    "  secretOutputNames: [],",
    "};",
    "",
    `export interface ${className} extends ${own("OutputProperties")} {}`,
    "",
    blockComment([summary, ["```ts", ...typescriptDeclaration(declaration).split("\n"), "```"].join("\n")]),
    "// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above declares the output properties the engine fills in",
    `export class ${className} extends pulumi.CustomResource {`,
    `  /** Reads an existing ${noun} into the program without managing it. \`id\` is \`<projectId>/<${byUuid ? "uuid" : "id"}>\`, or its ${byUuid ? "UUID" : "number"} with \`state.projectId\`. */`,
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
    `    return new ${className}(name, { projectId: state?.projectId } as ${own("Args")}, { ...opts, id });`,
    "  }",
    "",
    `  static override isInstance(obj: unknown): obj is ${className} {`,
    `    return isDeclaredInstance(obj, ${className}, ${constant}_TYPE);`,
    "  }",
    "",
    `  /** Declares ${article} ${noun}: \`args\` are its inputs, camelCase (PostHog's field names), and its project. */`,
    `  constructor(name: string, args: ${own("Args")}${Object.keys(required).length === 0 ? " = {}" : ""}, opts: pulumi.CustomResourceOptions = {}) {`,
    `    const registration = beginRegistration(facts, name, { ...${programArgs ? `${programArgs.name}(args)` : "args"} }, opts);`,
    "    // `super` here, in the class a program names, not in a shared base class: Pulumi records the frame that called",
    "    // this constructor as the resource's source position.",
    "    try {",
    `      super(${constant}_TYPE, name, registration.props, registration.options);`,
    "    } finally {",
    "      registration.end();",
    "    }",
    "  }",
    "}",
    "",
  ].join("\n");
}
