/**
 * Every reference page's TypeScript example as the page prints it (docs/resources/<kind>.md, the block under
 * "TypeScript (`index.ts`)": read from the page, not rendered again), and each TypeScript block of the page's notes
 * (written by hand: a fragment, run after the example's imports and the declarations it uses, as its reader pastes
 * it), through the real Pulumi CLI and the built package (`pulumi-posthog` as a user imports it) against the local
 * server playing today's PostHog: one up creates every object of every page, a preview right after shows no change,
 * one destroy deletes them all. A page that fails is named by its kind (its notes, for a fragment of them). In this
 * tier, not npm test's, for its time (a hundred resources, three CLI runs and a targeted one).
 *
 * One program and one stack run all the pages: each program a page prints is a file of its own, loaded under a
 * component whose type names the page's kind, so that the pages' objects of one name (each page's project `web`) are
 * distinct resources. Each runs in an organization of its own, where PostHog keeps its project's name and its role's
 * name unique: the harness gives its organization-scoped objects that organization (`organizationId`, as the stack's
 * configuration gives it to a page run alone), except on a page calling a lookup, which runs in the configured
 * organization as its lookups do.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { EngineEvent, Stack } from "@pulumi/pulumi/automation";
import { Transport } from "../../src/client-entry";
import { kinds } from "../../src/kinds/index";
import { exampleObjects } from "../../src/generate/example";
import { kindFolder, notesOf, referencePath } from "../../src/generate/reference";
import { ExampleLookup, ExampleSecret, type ExampleValue, markersIn } from "../../src/kit/example";
import { type Kind, scopeInput } from "../../src/kit/kind";
import { INGESTED_KINDS, ingestedByExamples } from "../helpers/contract";
import { startLocalPostHog, type LocalPostHog } from "../helpers/local-posthog";
import { liveProjects } from "../helpers/projects";
import { pulumiSession, repoRoot, type PulumiSession } from "../helpers/pulumi-cli";

jest.setTimeout(600_000);

/**
 * A kind's reference page's program block, as printed, the TypeScript blocks of its notes, and the files its notes put
 * beside the program ("With `revenue.sql` beside `index.ts`:" and the file's block), which a reader writes too.
 */
function typescriptBlocks(kind: Kind): { example: string; notes: string[]; files: Array<[string, string]> } {
  const page = fs.readFileSync(path.join(repoRoot, referencePath(kind)), "utf8");
  const example = /^TypeScript \(`index\.ts`\):\n\n```ts\n([\s\S]*?)^```$/m.exec(page)?.[1];
  if (!example) throw new Error(`${referencePath(kind)} has no TypeScript block under "TypeScript (\`index.ts\`):".`);
  const notes = notesOf(page);
  return {
    example,
    notes: [...notes.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1]!),
    files: [...notes.matchAll(/With `([\w.-]+)` beside `index\.ts`:\n\n```\w*\n([\s\S]*?)^```$/gm)].map((m) => [m[1]!, m[2]!]),
  };
}

/** A block's top-level statements: each starts at a line's start; its further lines are indented or close brackets. */
function statements(block: string): string[] {
  const out: string[] = [];
  for (const line of block.split("\n").filter((l) => l !== ""))
    if (out.length === 0 || /^[^\s})\]]/.test(line)) out.push(line);
    else out[out.length - 1] += `\n${line}`;
  return out;
}
const declaredBy = (statement: string) => /^(?:export )?const (\w+)/.exec(statement)?.[1];
const namesUsed = (code: string) => [...code.matchAll(/\b(\w+)\./g)].map((match) => match[1]!);

/**
 * A fragment of the notes as the program its reader makes of it: the example's imports and the declarations the
 * fragment uses without declaring (and those they use), in the example's order, then the fragment as printed.
 */
function withExample(fragment: string, example: string): string {
  const own = new Set(statements(fragment).map(declaredBy));
  const wanted = new Set(namesUsed(fragment).filter((name) => !own.has(name)));
  const from = statements(example);
  for (let grew = true; grew; ) {
    grew = false;
    for (const statement of from)
      if (wanted.has(declaredBy(statement) ?? ""))
        for (const used of namesUsed(statement))
          if (!wanted.has(used)) {
            wanted.add(used);
            grew = true;
          }
  }
  const kept = from.filter((statement) => statement.startsWith("import ") || wanted.has(declaredBy(statement) ?? ""));
  return `${kept.join("\n")}\n\n${fragment}`;
}

/** What a page's program holds besides JSON: the secrets it reads from configuration, the lookups it calls. */
const markers = <T extends ExampleSecret | ExampleLookup>(kind: Kind, what: new (...args: never[]) => T) =>
  exampleObjects(kind).flatMap((object) => Object.values(object.inputs).flatMap((value) => markersIn(value as ExampleValue, what)));

/** The component a page's example is under (its type names the page's kind), and one of its notes' fragments. */
const PAGE_TYPE = "docs:resources";
const NOTES_TYPE = "docs:notes";
/** The dynamic resource type of a kind's class (src/resources/<kind>.ts). */
const dynamicType = (kind: Kind) => `pulumi-nodejs:dynamic/posthog:${kind.name}`;

/** A program a page prints: its example, or a fragment of its notes with what of the example it uses. */
interface PageProgram {
  kind: Kind;
  /** Its component's type (naming the kind); the component's name is the file's. */
  type: string;
  file: string;
  source: string;
  /** Its objects and its component. */
  resources: number;
}
const PROGRAMS: PageProgram[] = kinds.flatMap((kind) => {
  const { example, notes } = typescriptBlocks(kind);
  return [
    { kind, type: `${PAGE_TYPE}:${kind.name}`, file: kindFolder(kind), source: example, resources: exampleObjects(kind).length + 1 },
    ...notes.map((fragment, i) => {
      const source = withExample(fragment, example);
      const resources = (source.match(/\bnew posthog\.\w+\(/g) ?? []).length + 1;
      return { kind, type: `${NOTES_TYPE}:${kind.name}`, file: `${kindFolder(kind)}-notes-${i + 1}`, source, resources };
    }),
  ];
});

/** The page a resource is of, from its URN (its component's type is in its parent chain), as a failure names it. */
function pageOf(urn: string | undefined): string | undefined {
  const [, part, name] = /::docs:(resources|notes):(\w+)/.exec(urn ?? "") ?? [];
  const kind = kinds.find((k) => k.name === name);
  return kind && `${kind.name}${part === "notes" ? "'s notes" : ""} (${referencePath(kind)})`;
}

/**
 * The program: each page program the stack's configuration `pages` names, loaded as written, its objects under a
 * component of its type. Pulumi gives a resource declared without a parent the stack's resource, read from its
 * runtime's state when the object is constructed (synchronously, as a page's module runs): the page's component
 * while the page loads. The component's transformation (inherited by its children) gives a page's
 * organization-scoped objects that name none the page's organization. The stack's output `pages`: each page
 * program's exports, by file.
 */
const PROGRAM = [
  `import * as pulumi from "@pulumi/pulumi";`,
  `import { getStackResource, setStackResource } from "@pulumi/pulumi/runtime/state";`,
  ``,
  `const config = new pulumi.Config();`,
  `const inOrganization = config.requireObject<Record<string, string>>("organizationScoped");`,
  `const stack = getStackResource()!;`,
  `const loaded: Record<string, unknown> = {};`,
  `for (const { type, file, organizationId } of config.requireObject<{ type: string; file: string; organizationId?: string }[]>("pages")) {`,
  `  const inPage: pulumi.ResourceTransformation = ({ type, props, opts }) => {`,
  `    const input = inOrganization[type];`,
  `    return organizationId && input && props[input] === undefined ? { props: { ...props, [input]: organizationId }, opts } : undefined;`,
  `  };`,
  `  setStackResource(new pulumi.ComponentResource(type, file, {}, { transformations: [inPage] }) as never);`,
  `  try {`,
  `    loaded[file] = { ...require(\`./pages/\${file}\`) };`,
  `  } finally {`,
  `    setStackResource(stack);`,
  `  }`,
  `}`,
  `export const pages = loaded;`,
];

let server: LocalPostHog;
let session: PulumiSession;
let http: Transport;
let stack: Stack;
/** Each page program's organization: its own, or (a page calling a lookup) the configured one. */
const organizationOf = new Map<PageProgram, string>();
/** Every resource of the pages: their objects and components, and the stack. */
const RESOURCES = PROGRAMS.reduce((sum, program) => sum + program.resources, 1);

beforeAll(async () => {
  // Today's PostHog, said here rather than left to the server's default: the pages of kinds 2025-08-04 refuses run too.
  server = await startLocalPostHog({ postHogVersion: "current" });
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  // The local server goes with the file: nothing left to destroy after the last case.
  session = await pulumiSession(server, [], { destroyOnCleanup: false });
  const dir = session.nodeProgram("posthog-pages", PROGRAM);
  fs.mkdirSync(path.join(dir, "pages"));
  // The program runs in its directory, as a reader's does: the files the notes put beside it are read from there.
  for (const [name, text] of kinds.flatMap((kind) => typescriptBlocks(kind).files)) fs.writeFileSync(path.join(dir, name), text);
  for (const program of PROGRAMS) {
    fs.writeFileSync(path.join(dir, "pages", `${program.file}.ts`), program.source);
    const lookups = program.type.startsWith(PAGE_TYPE) ? markers(program.kind, ExampleLookup) : [];
    // The members a page finds by email (OrganizationMember's lookup), in the configured organization beforehand.
    for (const email of lookups.map((l) => l.args["email"]))
      if (email) await server.control.createKey({ organizationId: server.organizationId, userEmail: email, level: "member" });
    const own = lookups.length === 0 && (await server.control.createOrganization({ name: program.file, ownedByDefaultUser: true })).id;
    organizationOf.set(program, own || server.organizationId);
  }
  const secrets = new Map(kinds.flatMap((kind) => markers(kind, ExampleSecret)).map((secret) => [secret.key, secret.sample]));
  stack = await session.stack(dir, `pages-${process.pid}`);
  await stack.setAllConfig({
    pages: {
      value: JSON.stringify(
        PROGRAMS.map((program) => {
          const organizationId = organizationOf.get(program);
          return { type: program.type, file: program.file, ...(organizationId === server.organizationId ? {} : { organizationId }) };
        }),
      ),
    },
    organizationScoped: {
      value: JSON.stringify(
        Object.fromEntries(kinds.filter((k) => k.scope === "organization").map((k) => [dynamicType(k), scopeInput(k)])),
      ),
    },
    ...Object.fromEntries([...secrets].map(([key, sample]) => [key, { value: sample, secret: true }])),
  });
});
afterAll(async () => {
  await session?.cleanup();
  await server?.close();
});

/**
 * A CLI run whose failure names the pages whose objects failed (the engine's error diagnostics, by their resources'
 * URNs), each with its messages.
 */
async function naming<T>(run: (onEvent: (event: EngineEvent) => void) => Promise<T>): Promise<T> {
  const failed = new Map<string, string[]>();
  const onEvent = (event: EngineEvent) => {
    const diagnostic = event.diagnosticEvent;
    const page = diagnostic?.severity === "error" ? pageOf(diagnostic.urn) : undefined;
    if (page) failed.set(page, [...(failed.get(page) ?? []), diagnostic!.message.trim()]);
  };
  try {
    return await run(onEvent);
  } catch (error) {
    if (failed.size === 0) throw error;
    const pages = [...failed].map(([page, messages]) => `${page}: ${messages.join(" ")}`);
    throw new Error(`These reference pages' TypeScript examples failed:\n${pages.join("\n")}`);
  }
}

test("up creates every object of every reference page's TypeScript example and its notes' fragments, each page's id output set (the definitions' pages after their project received them, as PostHog's ingestion makes them)", async () => {
  // PostHog makes a property's definition when the property first arrives (no PostHog creates one over the API): the
  // definitions' pages' projects first, then what ingestion makes in them.
  const ingesting = kinds.filter((kind) => exampleObjects(kind).some((object) => INGESTED_KINDS.includes(object.kind.name)));
  const urn = (type: string, name: string) => `urn:pulumi:${stack.name}::posthog-pages::${type}::${name}`;
  const first = ingesting.flatMap((kind) => [
    urn(`${PAGE_TYPE}:${kind.name}`, kindFolder(kind)),
    ...exampleObjects(kind)
      .filter((object) => object.kind.name === "Project")
      .map((object) => urn(`${PAGE_TYPE}:${kind.name}$${dynamicType(object.kind)}`, object.name)),
  ]);
  const made = await naming((onEvent) => stack.up({ target: first, onEvent }));
  // The stack's resource is created too; the rest are not (counted as "same").
  expect(made.summary.resourceChanges).toEqual({ create: first.length + 1, same: RESOURCES - first.length - 1 });
  const { resources = [] } = (await session.state(stack)).deployment as {
    resources?: Array<{ type: string; outputs?: Record<string, unknown> }>;
  };
  for (const resource of resources)
    if (resource.type === dynamicType(kinds.find((k) => k.name === "Project")!))
      await server.control.seedDefinitions(Number(resource.outputs?.["projectId"]), ingestedByExamples);

  const up = await naming((onEvent) => stack.up({ onEvent }));
  expect(up.summary.resourceChanges).toEqual({ create: RESOURCES - first.length - 1, same: first.length + 1 });
  const outputs = up.outputs["pages"]!.value as Record<string, Record<string, unknown>>;
  const withoutId = kinds.filter((kind) => outputs[kindFolder(kind)]?.[kind.identity.output] === undefined).map((kind) => kind.name);
  expect(withoutId).toEqual([]);
});

test("a preview right after shows no change", async () => {
  const changed = new Set<string>();
  const preview = await naming((onEvent) =>
    stack.preview({
      onEvent: (event) => {
        onEvent(event);
        const step = event.resourcePreEvent?.metadata;
        if (step && step.op !== "same") changed.add(`${pageOf(step.urn) ?? step.urn}: ${step.op} ${step.urn.split("::").pop()}`);
      },
    }),
  );
  expect([...changed]).toEqual([]);
  expect(preview.changeSummary).toEqual({ same: RESOURCES });
});

test("destroy deletes every page's objects: no project is left in the pages' organizations (but those PostHog is deleting)", async () => {
  expect((await naming((onEvent) => stack.destroy({ onEvent }))).summary.resourceChanges).toEqual({ delete: RESOURCES });
  for (const organizationId of new Set(organizationOf.values())) expect(await liveProjects(http, organizationId)).toEqual([]);
});
