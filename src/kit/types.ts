/**
 * The generated types of the field-table resources: from a resource's table (its fields, their zod rules or declared
 * TypeScript `type`, their docs) and its state's facts (required inputs, fixed outputs, named types), the plain
 * TypeScript its thin class and programs use (src/resources/<resource>-types.ts), written by `npm run docs` as
 * src/resources/project-types.ts is for Project (src/schema/declarations.ts). Plain types, so that type-checking a
 * program does not evaluate zod's. Adding a resource: one line in `generatedTypes`; test/kit/types.test.ts checks
 * every file is what its table generates.
 */
import { actionDeclaration } from "../provider/action-declaration";
import { actionState } from "../provider/action-state";
import { annotationDeclaration } from "../provider/annotation-declaration";
import { annotationState } from "../provider/annotation-state";
import { featureFlagDeclaration } from "../provider/feature-flag-declaration";
import { featureFlagState } from "../provider/feature-flag-state";
import { cohortDeclaration } from "../provider/cohort-declaration";
import { cohortState } from "../provider/cohort-state";
import { dashboardDeclaration } from "../provider/dashboard-declaration";
import { dashboardState } from "../provider/dashboard-state";
import { insightDeclaration } from "../provider/insight-declaration";
import { insightState } from "../provider/insight-state";
import { alertDeclaration } from "../provider/alert-declaration";
import { alertState } from "../provider/alert-state";
import { surveyDeclaration } from "../provider/survey-declaration";
import { surveyState } from "../provider/survey-state";
import { experimentDeclaration } from "../provider/experiment-declaration";
import { experimentState } from "../provider/experiment-state";
import { hogFunctionDeclaration } from "../provider/hog-function-declaration";
import { hogFunctionState } from "../provider/hog-function-state";
import { camelCase } from "../schema/names";
import { docComment, splitUnion, typeText } from "../schema/declarations";
import type { ResourceDeclaration } from "./declaration";
import { ADOPT_INPUT, type FieldState } from "./field-state";

/** A resource's generated types file, the state it comes from, and its declaration (its `adoptId`'s type: a number or a UUID). */
export interface GeneratedTypes {
  readonly path: string;
  readonly state: FieldState<never>;
  readonly declaration: ResourceDeclaration;
}

const entry = (path: string, state: unknown, declaration: unknown): GeneratedTypes => ({
  path,
  state: state as FieldState<never>,
  declaration: declaration as ResourceDeclaration,
});

/** Every field-table resource's generated types file. */
export const generatedTypes: readonly GeneratedTypes[] = [
  entry("src/resources/feature-flag-types.ts", featureFlagState, featureFlagDeclaration),
  entry("src/resources/annotation-types.ts", annotationState, annotationDeclaration),
  entry("src/resources/action-types.ts", actionState, actionDeclaration),
  entry("src/resources/cohort-types.ts", cohortState, cohortDeclaration),
  entry("src/resources/dashboard-types.ts", dashboardState, dashboardDeclaration),
  entry("src/resources/insight-types.ts", insightState, insightDeclaration),
  entry("src/resources/alert-types.ts", alertState, alertDeclaration),
  entry("src/resources/survey-types.ts", surveyState, surveyDeclaration),
  entry("src/resources/experiment-types.ts", experimentState, experimentDeclaration),
  entry("src/resources/hog-function-types.ts", hogFunctionState, hogFunctionDeclaration),
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
  const { className, noun, fields, required = {}, outputTypes, types = {} } = state.spec;
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
    ` * Generated by \`npm run docs\` from ${className}'s field table and state (src/kit/types.ts): do not edit. The`,
    " * resource's types written out plainly, so that type-checking a program does not evaluate zod's types;",
    " * test/kit/types.test.ts checks that this file is what the table generates.",
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
