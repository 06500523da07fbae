/**
 * The reference, generated from the registry (src/kinds/index.ts) so that the docs cannot drift from the code: a page
 * per kind, docs/resources/<kind>.md (what it is, its inputs, outputs, lookups, import ids, deletion, and its example
 * in TypeScript, YAML and Python), and the README's list of kinds. A page keeps the notes written by hand between its
 * notes marks; everything else in it is generated. test/generate/reference.test.ts checks that every kind's page is
 * what this generates.
 */
import { kinds } from "../kinds/index";
import { adoptInputOf, filterSpec, idForms, type Kind, keyFacts, placementOf, pluralOf } from "../kit/kind";
import type { PropertySpec } from "../kit/property";
import { article, pluralNoun, upperFirst } from "../kit/names";
import { pluginToken } from "../kit/tokens";
import { pythonName } from "../kit/program-text";
import { exampleObjects, goExample, javaExample, pythonExample, typescriptExample, yamlExample } from "./example";
import { generatedTypes } from "./types";

/** A kind's folder name, which its page is named after: `feature-flag` for FeatureFlag. */
export const kindFolder = (kind: Kind): string => kind.name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();

/** Where a kind's page is, from the repository's root. */
export const referencePath = (kind: Kind): string => `docs/resources/${kindFolder(kind)}.md`;

export const NOTES_START = "<!-- notes: written by hand; `npm run docs` keeps them -->";
export const NOTES_END = "<!-- end of notes -->";

/** The notes written by hand in a page (empty for a page without them, or none yet). */
export function notesOf(page: string | undefined): string {
  const start = page?.indexOf(NOTES_START) ?? -1;
  const end = page?.indexOf(NOTES_END) ?? -1;
  return start < 0 || end < start ? "" : page!.slice(start + NOTES_START.length, end).trim();
}

/** A table cell: one line, its pipes escaped. */
const cell = (text: string) => text.replace(/\s*\n\s*/g, " ").replace(/\|/g, "\\|");

/** A property's type as a reader sees it: `string`, `integer[]`, `object`, `any`; `(secret)` when it is one. */
function typeText(spec: PropertySpec): string {
  const base = spec.type === "array" ? `${spec.items ? typeText({ ...spec.items, secret: false }) : "any"}[]` : (spec.type ?? "any");
  return spec.secret ? `${base} (secret)` : base;
}

/** The first sentence of a kind's description: what it is. */
export const summaryOf = (kind: Kind): string => /^.*?\.(?=\s|$)/.exec(kind.schema().description)?.[0] ?? kind.schema().description;

/** One lookup's documentation: its name, its arguments, what it returns. */
interface LookupDoc {
  readonly name: string;
  readonly args: ReadonlyArray<{ readonly name: string; readonly type: string; readonly optional: boolean; readonly doc: string }>;
  readonly doc: string;
  /** Its Output form is secret (it carries project API keys). */
  readonly secret?: boolean;
}

const hostArg = { name: "host", type: "string", optional: true, doc: "PostHog's address instead of the configured one." };
const organizationArg = { name: "organizationId", type: "string", optional: true, doc: "The organization instead of the configured one." };
const projectIdArg = { name: "projectId", type: "integer", optional: false, doc: "Numeric id of the project." };

/**
 * Lookups written out rather than generated from a kind's `lookups` facts: Project's are organization-wide and carry
 * its tokens (src/functions/projects.ts).
 */
const writtenLookups: Readonly<Record<string, readonly LookupDoc[]>> = {
  Project: [
    {
      name: "listProjects",
      args: [organizationArg, hostArg],
      doc: "Every project of the organization (all pages), as PostHog's project list answers them, with their API tokens.",
      secret: true,
    },
    {
      name: "getProject",
      args: [projectIdArg, organizationArg, hostArg],
      doc: "One project with every field PostHog returns, its other tokens (`liveEventsToken`, `secretApiToken`, …) among them.",
      secret: true,
    },
    {
      name: "getProjectActivity",
      args: [projectIdArg, organizationArg, { name: "limit", type: "integer", optional: true, doc: "The latest entries only." }, hostArg],
      doc: "The project's change log, newest first.",
    },
    {
      name: "isGeneratingDemoData",
      args: [projectIdArg, organizationArg, hostArg],
      doc: "Whether PostHog is generating demo data for the project.",
    },
  ],
};

/** `get<Name>` and `list<Plural>` from a kind's `lookups` facts, as src/functions/objects.ts serves them. */
function factLookups(kind: Kind): readonly LookupDoc[] {
  const facts = kind.lookups;
  if (!facts) return writtenLookups[kind.name] ?? [];
  const id = kind.identity.output;
  const idType = keyFacts(kind.identity.key).schemaType;
  const inProject = {
    name: "projectId",
    type: "integer",
    optional: true,
    doc: "Numeric id of the project; defaults to `posthog:projectId`.",
  };
  const unique = facts.uniqueBy;
  return [
    {
      name: `get${kind.name}`,
      args: [
        inProject,
        {
          name: id,
          type: idType,
          optional: unique !== undefined,
          doc: `The ${kind.noun}'s id${unique ? `; or give \`${unique.input}\`` : ""}.`,
        },
        ...(unique
          ? [
              {
                name: unique.input,
                type: typeText(unique.spec),
                optional: true,
                doc: `${unique.spec.description ?? ""} Or give \`${id}\`.`.trim(),
              },
            ]
          : []),
        hostArg,
      ],
      doc: `One ${kind.noun} that is not deleted, with every field PostHog returns, camelCased (\`${id}\` for its id); typed besides: ${Object.keys(
        facts.outputs,
      )
        .map((output) => `\`${output}\``)
        .join(", ")}.`,
    },
    {
      name: `list${pluralOf(kind)}`,
      args: [
        inProject,
        ...Object.entries(facts.filters ?? {}).map(([name, filter]) => ({
          name,
          type: typeText(filter.spec),
          optional: true,
          doc: filterSpec(filter).description ?? "",
        })),
        hostArg,
      ],
      doc: `Every ${kind.noun} of the project that is not deleted (all pages), each as \`get${kind.name}\` returns it.`,
    },
  ];
}

function lookupSection(kind: Kind): string[] {
  const found = factLookups(kind);
  if (found.length === 0) return [`None: ${article(kind.noun)} ${kind.noun} is read with \`${kind.name}.get\` (below).`];
  return found.flatMap((lookup) => [
    `### \`${lookup.name}\``,
    "",
    `${lookup.doc} TypeScript: \`posthog.${lookup.name}(args)\` (a Promise) and \`posthog.${lookup.name}Output(args)\`${
      lookup.secret ? " (secret, as it carries API tokens)" : ""
    }; YAML: \`fn::invoke\` of \`${pluginToken(lookup.name)}\`; Python: \`posthog.${pythonName(lookup.name)}\` and \`${pythonName(lookup.name)}_output\`.`,
    "",
    "| Argument | Type | Meaning |",
    "| --- | --- | --- |",
    ...lookup.args.map((arg) => `| \`${arg.name}${arg.optional ? "?" : ""}\` | ${arg.type} | ${cell(arg.doc)} |`),
    "",
  ]);
}

/** The input a scope is named by, and where it comes from when a program names none. */
function scopeLine(kind: Kind): string {
  return kind.scope === "organization"
    ? "an organization: `organizationId`, else `posthog:organizationId` or POSTHOG_ORGANIZATION_ID"
    : "a project: `projectId`, else `posthog:projectId` or POSTHOG_PROJECT_ID";
}

function deletionText(kind: Kind): string {
  if (kind.singleton)
    return `\`pulumi destroy\` stops managing it and leaves it in PostHog as it is: PostHog keeps one per project, and a program that stops declaring a setting does not reset it. The state keeps only the fields the program declares. A project deleted takes its ${kind.noun} with it: \`pulumi refresh\` then drops it from the state.`;
  const gone = `${upperFirst(article(kind.noun))} ${kind.noun} gone from PostHog leaves the state on \`pulumi refresh\`, and \`pulumi up\` creates it again.`;
  if (kind.deletion === "release")
    return `\`pulumi destroy\` stops managing it and leaves it in PostHog, unless its inputs say otherwise (below). ${upperFirst(article(kind.noun))} ${kind.noun} gone from PostHog leaves the state on \`pulumi refresh\`.`;
  return kind.deletion === "soft-delete"
    ? `\`pulumi destroy\` marks it deleted (\`PATCH {"deleted": true}\`), as PostHog itself deletes ${pluralNoun(kind.noun)}: PostHog refuses \`DELETE\` for them. ${gone}`
    : `\`pulumi destroy\` deletes it (\`DELETE\`). ${gone}`;
}

/** A kind's reference page, with the notes written by hand kept. */
export function referencePage(kind: Kind, notes = ""): string {
  const { description, inputs, outputs, required } = kind.schema();
  const fields = Object.fromEntries(Object.entries(kind.importer?.fields ?? {}).map(([field, input]) => [input, field]));
  const adopt = kind.importer && !kind.singleton ? adoptInputOf(kind) : undefined;
  const scopeInput = kind.scope === "organization" ? "organizationId" : "projectId";
  const needed = generatedTypes.find((entry) => entry.kind === kind)?.state.spec.required ?? {};
  const table = kind.model?.spec.fields ?? {};
  const sentAs = (field: string) => (Object.hasOwn(table, field) ? table[field]!.sentAs : undefined) ?? field;
  const postHogField = (input: string) =>
    fields[input] !== undefined
      ? `\`${sentAs(fields[input])}\``
      : input === scopeInput
        ? "(path)"
        : input === adopt
          ? "(`id`, adopted)"
          : "—";
  const importForm = idForms(placementOf(kind)).find((form) => form.includes("/")) ?? idForms(placementOf(kind))[0]!;
  const folder = kindFolder(kind);
  return [
    `<!-- Generated by \`npm run docs\` from src/kinds/${folder}/ (src/generate/reference.ts), except the notes: test/generate/reference.test.ts checks it is fresh. -->`,
    "",
    `# ${kind.name}`,
    "",
    description,
    "",
    `- TypeScript: \`new posthog.${kind.name}(name, args)\` from \`pulumi-posthog\`; Python: \`pulumi_posthog.${kind.name}\`; Go: \`posthog.New${kind.name}\`; Java: \`com.pulumi.posthog.${kind.name}\`; YAML and every other language: \`${kind.token}\` (the provider plugin \`pulumi-resource-posthog\`).`,
    `- Lives in ${scopeLine(kind)}.`,
    `- Its id: the output \`${kind.identity.output}\`${kind.identity.key === undefined || kind.identity.key === "integer" ? "" : ` (${keyFacts(kind.identity.key).name.replace(/^the /, "a ")})`}.`,
    "",
    "## Example",
    "",
    `${upperFirst(article(kind.noun))} ${kind.noun}${kind.scope === "project" ? " in the example project `web`" : ""}${exampleObjects(kind).length > 2 ? ", with the objects it refers to" : ""}.`,
    "",
    "TypeScript (`index.ts`):",
    "",
    "```ts",
    typescriptExample(kind).trimEnd(),
    "```",
    "",
    "YAML (`Pulumi.yaml`):",
    "",
    "```yaml",
    yamlExample(kind).trimEnd(),
    "```",
    "",
    "Python (`__main__.py`, with the SDK `pulumi package gen-sdk` makes from the plugin):",
    "",
    "```python",
    pythonExample(kind).trimEnd(),
    "```",
    "",
    "Go (`main.go`, with the module of `sdk/go`):",
    "",
    "```go",
    goExample(kind).trimEnd(),
    "```",
    "",
    "Java (`App.java`, with the Maven project of `sdk/java`):",
    "",
    "```java",
    javaExample(kind).trimEnd(),
    "```",
    "",
    "## Inputs",
    "",
    ...(Object.keys(needed).length === 0
      ? ["None required; those you declare are managed, the others left as PostHog has them."]
      : [
          "Required, and why:",
          "",
          ...Object.entries(needed).map(([input, why]) => `- \`${input}\`: ${why}.`),
          "",
          "The others you declare are managed, the rest left as PostHog has them.",
        ]),
    "",
    "| Input | Type | PostHog field | On change | Meaning |",
    "| --- | --- | --- | --- | --- |",
    ...Object.entries(inputs).map(
      ([name, spec]) =>
        `| \`${name}\` | ${typeText(spec)} | ${postHogField(name)} | ${spec.willReplaceOnChanges ? "replaces" : "updates"} | ${cell(spec.description ?? "")} |`,
    ),
    "",
    "## Outputs",
    "",
    "Each declared input is an output too, with PostHog's live value (an input not declared has no output). Besides:",
    "",
    "| Output | Type | Present | Meaning |",
    "| --- | --- | --- | --- |",
    ...Object.entries(outputs)
      .filter(([name]) => required.includes(name) || !Object.hasOwn(inputs, name))
      .map(
        ([name, spec]) =>
          `| \`${name}\` | ${typeText(spec)} | ${required.includes(name) ? "always" : "may be absent"} | ${cell(spec.description ?? "")} |`,
      ),
    "",
    "## Lookups",
    "",
    ...lookupSection(kind),
    "",
    "## Import",
    "",
    `Ids: ${idForms(placementOf(kind))
      .map((form) => (form.includes("<") ? `\`${form}\`` : form))
      .join(", or ")}.`,
    "",
    "```sh",
    `pulumi import ${kind.token} <name> ${importForm}`,
    "```",
    "",
    `Through the provider plugin (YAML, Python, …). In TypeScript, \`${kind.name}.get(name, "${importForm}")\` reads one without managing it${
      adopt ? `, and \`${adopt}\` takes one over on create (a read, then only what differs is written)` : ""
    }.${
      kind.singleton
        ? ` Every create takes the project's own over: PostHog keeps one per project.${kind.importer ? ` \`pulumi-posthog import\` declares each project's that differs from PostHog's defaults.` : ""}`
        : kind.importer
          ? ` \`pulumi-posthog import\` declares every ${kind.noun} of the organization, adopted.`
          : ""
    }`,
    "",
    "## Deletion",
    "",
    deletionText(kind),
    "",
    "## Notes",
    "",
    NOTES_START,
    "",
    notes,
    "",
    NOTES_END,
    "",
  ]
    .join("\n")
    .replace(/\n{3,}/g, "\n\n");
}

export const KINDS_START = "<!-- kinds: generated by `npm run docs` from src/kinds/index.ts -->";
export const KINDS_END = "<!-- end of kinds -->";

/** The README's list of kinds: one line each, linking its page. */
export function kindsList(): string {
  return [
    KINDS_START,
    "",
    "| Kind | What it is | Token |",
    "| --- | --- | --- |",
    ...kinds.map((kind) => `| [\`${kind.name}\`](${referencePath(kind)}) | ${cell(summaryOf(kind))} | \`${kind.token}\` |`),
    "",
    KINDS_END,
  ].join("\n");
}
