/**
 * The source of src/resources/project-types.ts: Project's argument and output types written out as plain TypeScript,
 * generated from its field table by `npm run docs`, with the zod printer every kind's types share (./types). A
 * program that imports `pulumi-posthog` type-checks against these instead of types derived from zod schemas, which
 * TypeScript would otherwise evaluate on every `pulumi up` (about as long again as Pulumi's own).
 * test/generate/project-types.test.ts checks that the file is what this generates and that its types equal the
 * table's. Project's own, not ./types' `fieldTableTypes`: its public type names (`ProjectInputs`, `ProjectOutputs`,
 * `ProjectRecordOutputs`, …) and its hand-written class predate the kit's generator.
 */
import { camelCase } from "../kit/names";
import {
  CORE_FIELDS,
  keptInState,
  projectFields,
  recordField,
  recordFieldNames,
  writableFields,
  type ProjectField,
} from "../kinds/project/fields";
import { docComment, splitUnion, typeText, union } from "./types";

export const DECLARATIONS_PATH = "src/resources/project-types.ts";

/** Removes `null` and `undefined` from a printed union, then adds `null` (as `pulumi.Input<NonNullable<T> | null>`). */
function withNull(type: string): string {
  if (type === "unknown") return "{} | null";
  return union([...splitUnion(type).filter((t) => t !== "null" && t !== "undefined"), "null"]);
}

/** Inputs that steer the provider rather than name a setting. */
const providerInputs = [
  {
    name: "organizationId",
    type: "string",
    doc: "Organization that owns the project; defaults to `posthog:organizationId`. Changing it replaces the project.",
  },
  { name: "apiTokenRotation", type: "string", doc: "Any string; changing it rotates the project API key (`reset_token`)." },
  {
    name: "adoptProjectId",
    type: "number",
    doc: "Take over this existing project on create instead of creating one (dynamic providers cannot `pulumi import`).",
  },
  {
    name: "additionalSettings",
    type: "Record<string, Json>",
    doc: "Settings this package does not know yet, by PostHog's own field name (`{ new_setting: true }`): sent as they are, compared as JSON, and shown in drift like any other. A field the package knows must use its typed input.",
  },
] as const;

/** Outputs the provider keeps beside PostHog's record, present only when the program declares them. */
const recordedOutputs = [
  { name: "apiTokenRotation", type: "string", doc: "The declared `apiTokenRotation`." },
  { name: "adoptProjectId", type: "number", doc: "The declared `adoptProjectId`." },
  { name: "additionalSettings", type: "Record<string, unknown>", doc: "The live values of the declared `additionalSettings`." },
] as const;

interface OutputEntry {
  readonly name: string;
  readonly type: string;
  readonly optional: boolean;
  readonly doc: string;
}

function recordOutputEntries(): OutputEntry[] {
  const fields = recordFieldNames.filter((f) => f !== "id");
  return [
    { name: "projectId", type: "number", optional: false, doc: recordField("id").doc },
    {
      name: "organizationId",
      type: "string",
      optional: false,
      doc: "UUID of the organization that owns the project (the same as `organization`).",
    },
    ...fields.map((f) => ({
      name: camelCase(f),
      type: typeText(recordField(f).answer, "output", "  "),
      optional: !(CORE_FIELDS as readonly ProjectField[]).includes(f),
      doc: recordField(f).doc,
    })),
  ];
}

/**
 * The outputs a project's state always holds: its ids and the record fields kept in the state (`keptInState`). A
 * declared setting's live value is an output too, present only when declared.
 */
function stateOutputEntries(): OutputEntry[] {
  const kept = new Set(["projectId", "organizationId", ...keptInState.map((f) => camelCase(f))]);
  return recordOutputEntries()
    .filter((e) => kept.has(e.name))
    .map((e) => ({ ...e, optional: false }));
}

/** The live values of the settings, as outputs: each present only when the program declares it. */
function settingOutputEntries(): OutputEntry[] {
  const kept = new Set<string>(keptInState);
  return writableFields
    .filter((f) => !kept.has(f))
    .map((f) => ({
      name: camelCase(f),
      type: typeText(projectFields[f].answer, "output", "  "),
      optional: true,
      doc: projectFields[f].doc,
    }));
}

/** The output names every `Project` registers, in order (a declared setting adds its own), and the secret ones. */
export function outputNameList(): { outputs: string[]; secrets: string[] } {
  const outputs = [...stateOutputEntries().map((e) => e.name), ...recordedOutputs.map((o) => o.name)];
  const secrets = keptInState.filter((f) => recordField(f).secret).map((f) => camelCase(f));
  return { outputs, secrets };
}

/** The text of src/resources/project-types.ts. */
export function projectDeclarations(): string {
  const settings = writableFields.map((f) => ({
    name: camelCase(f),
    type: typeText(projectFields[f].input, "input", "  "),
    doc: projectFields[f].doc,
  }));
  const args = [...settings, ...providerInputs];
  const record = recordOutputEntries();
  const state = stateOutputEntries();
  const settingOutputs = settingOutputEntries();
  const always = [...state, ...recordedOutputs.map((o) => ({ ...o, optional: true }))];
  const { outputs: names, secrets } = outputNameList();
  const list = (values: string[]) => `[\n${values.map((v) => `  ${JSON.stringify(v)},`).join("\n")}\n]`;
  return [
    "/**",
    " * Generated by `npm run docs` from the field table (src/kinds/project/fields.ts, through src/generate/project-types.ts): do",
    " * not edit. The resource's types written out plainly, so that type-checking a program does not evaluate zod's types;",
    " * test/generate/project-types.test.ts checks that this file is what the table generates and that its types equal the table's.",
    " */",
    'import type * as pulumi from "@pulumi/pulumi";',
    'import type { Json } from "../kit/json";',
    "",
    "/** The settings as a program declares them (camelCase), before validation. */",
    "export interface ProjectSettingsArgs {",
    ...settings.flatMap((s) => [docComment(s.doc, "  "), `  ${s.name}?: ${s.type};`]),
    "}",
    "",
    "/** The resource's inputs: every writable setting, plus the inputs that steer the provider. */",
    "export interface ProjectInputs extends ProjectSettingsArgs {",
    ...providerInputs.flatMap((p) => [docComment(p.doc, "  "), `  ${p.name}?: ${p.type};`]),
    "}",
    "",
    "/**",
    " * Settings of a PostHog project. Declared settings are managed: `pulumi up` sets them and `pulumi refresh` shows when",
    " * someone changed them in PostHog. Settings left out are not managed: PostHog keeps whatever it has, and removing a",
    " * setting from the program stops managing it without changing it in PostHog.",
    " */",
    "export interface ProjectArgs {",
    ...args.flatMap((a) => [docComment(a.doc, "  "), `  ${a.name}?: pulumi.Input<${withNull(a.type)}>;`]),
    "}",
    "",
    "/** A project as PostHog returns it, camelCased, the numeric `id` as `projectId`: fields PostHog did not send are absent. */",
    "export interface ProjectRecordOutputs {",
    ...record.flatMap((o) => [docComment(o.doc, "  "), `  ${o.name}${o.optional ? "?" : ""}: ${o.type};`]),
    "}",
    "",
    "/** What a project's state keeps of PostHog's record: its ids and the fields programs reference. */",
    "export interface ProjectStateRecord {",
    ...state.flatMap((o) => [docComment(o.doc, "  "), `  ${o.name}: ${o.type};`]),
    "}",
    "",
    "/** The live values of the declared settings, as the state keeps them: only the declared ones are present. */",
    "export interface ProjectSettingOutputs {",
    ...settingOutputs.flatMap((o) => [docComment(o.doc, "  "), `  ${o.name}?: ${o.type};`]),
    "}",
    "",
    "/** The resource's outputs (its state): ids, the fields programs reference, the declared settings' live values, the provider's own. */",
    "export interface ProjectOutputs extends ProjectStateRecord, ProjectSettingOutputs {",
    ...recordedOutputs.flatMap((o) => [docComment(o.doc, "  "), `  ${o.name}?: ${o.type};`]),
    docComment("The program's inputs as last applied, for drift setting by setting. State, not a resource property.", "  "),
    "  declaredInputs?: Record<string, unknown>;",
    docComment("Declared settings the PostHog in front of the provider has nowhere, as the last write or read found. State.", "  "),
    "  unsupportedSettings?: string[];",
    "}",
    "",
    "/**",
    " * The output properties of `posthog.Project`: its ids, the fields programs reference, and the live value of each",
    " * declared setting (a setting not declared has no output: read it with `getProject`).",
    " */",
    "export interface ProjectOutputProperties {",
    ...always.flatMap((o) => [
      docComment(o.doc, "  "),
      `  readonly ${o.name}: pulumi.Output<${o.optional ? (o.type === "unknown" ? "unknown" : union([...splitUnion(o.type), "undefined"])) : o.type}>;`,
    ]),
    ...settingOutputs.flatMap((o) => [
      docComment(`${o.doc} Present when declared.`, "  "),
      `  readonly ${o.name}?: pulumi.Output<${o.type}>;`,
    ]),
    "}",
    "",
    "/** The output properties every `posthog.Project` registers, for seeding its outputs (a declared setting adds its own). */",
    `export const outputNames: ReadonlyArray<keyof ProjectOutputProperties> = ${list(names)};`,
    "",
    "/** Output properties Pulumi must store as secrets. */",
    `export const secretOutputNames: ReadonlyArray<keyof ProjectOutputProperties> = ${list(secrets)};`,
    "",
  ].join("\n");
}
