/**
 * The layers of src/, read from TypeScript's own module graph (its parser, and its module resolution under
 * tsconfig.json's options), so that they cannot regress:
 *
 *   client (HTTP, no Pulumi) → kit (knows no kind) → kinds (one folder each, and the registry src/kinds/index.ts) →
 *   resources, functions, plugin, import, generate, provider, index.ts, client-entry.ts
 *
 * and src/server apart. Every import counts, `import type` too (a type ties the layers as a value does): `import`,
 * `export … from`, `import x = require(…)`, `import(…)`, `require(…)` and `typeof import(…)` with a literal specifier.
 * An import may go down the layers, never up; between the top layer's folders only where RULES say; no file may
 * import itself through others. A kind may import another kind's folder, as PostHog's objects build on each other
 * (a flag's conditions name cohorts, an experiment runs on a flag), but never back: the kinds' own imports have no
 * circle, so that they stand in an order among themselves, read from the code, with no list to keep. A failure names
 * the file, the line, what it imports and the rule it breaks.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";

const root = path.resolve(__dirname, "../..");

/** One import of a file of src/: `to` is the src/ file it resolves to (paths relative to src/), `package` an npm package's name. */
interface Import {
  from: string;
  line: number;
  specifier: string;
  to?: string;
  package?: string;
}

type Layer =
  | "client"
  | "kit"
  | "kind"
  | "registry"
  | "resources"
  | "functions"
  | "generate"
  | "import"
  | "plugin"
  | "provider"
  | "index"
  | "client-entry"
  | "server";

/** Where a file of src/ stands: its layer, and for a kind its folder. */
function placeOf(file: string): { layer: Layer; kind?: string } | undefined {
  if (file === "index.ts") return { layer: "index" };
  // client-kinds.ts is the entry's generated part: every kind's endpoints and record type (src/generate/entries.ts).
  if (file === "client-entry.ts" || file === "client-kinds.ts") return { layer: "client-entry" };
  if (file === "kinds/index.ts") return { layer: "registry" };
  const [top, second] = file.split("/");
  if (top === "kinds" && second !== undefined) return { layer: "kind", kind: second };
  const folders: Record<string, Layer> = {
    client: "client",
    kit: "kit",
    resources: "resources",
    functions: "functions",
    generate: "generate",
    import: "import",
    plugin: "plugin",
    provider: "provider",
    server: "server",
  };
  const layer = top === undefined ? undefined : folders[top];
  return layer === undefined ? undefined : { layer };
}

const BELOW_THE_TOP: readonly Layer[] = ["client", "kit", "kind", "registry"];

/** The kit's modules the program side may load: each a leaf (it imports nothing of src/), checked below. */
const RESOURCES_MAY_IMPORT = ["kit/json.ts", "kit/secret-in-program.ts", "kit/tokens.ts", "kit/unique-in-program.ts"];

/** What each layer may import besides itself (a kind: its own folder), and the rule in words for a failure. */
const RULES: Record<Layer, { may: readonly Layer[]; rule: string }> = {
  client: { may: [], rule: "the HTTP client imports nothing else of src/: it knows no kit and no kind" },
  kit: { may: ["client"], rule: "the kit imports only the client: it knows no kind" },
  kind: {
    may: ["client", "kit"],
    rule: "a kind imports the kit, the client, its own folder and the folders of kinds it builds on, never back; nothing above the kinds",
  },
  registry: { may: ["client", "kit", "kind"], rule: "the registry of kinds imports the kinds, the kit and the client" },
  resources: {
    may: [],
    rule: `the program side, which every program loads, imports only itself and the kit's leaves ${RESOURCES_MAY_IMPORT.map((f) => `src/${f}`).join(", ")}`,
  },
  functions: { may: [...BELOW_THE_TOP, "resources"], rule: "lookups import what is below the top, and the program types they answer with" },
  generate: {
    may: BELOW_THE_TOP,
    rule: "the generators read the registry and what is below it; they write the program side, not import it",
  },
  import: { may: BELOW_THE_TOP, rule: "the importer imports the registry and what is below it" },
  // The plugin serves the lookups, answers errors as the provider host entry does (`withoutStackTraces`), and its
  // schema's descriptions carry each kind's example in every language, as the generators render it.
  plugin: {
    may: [...BELOW_THE_TOP, "functions", "provider", "generate"],
    rule: "the plugin imports what is below the top, the lookups, the provider entry and the generators' example programs",
  },
  // `pulumi-posthog/provider` has always re-exported Project's program types (ProjectInputs, outputNames): kept for programs.
  provider: {
    may: [...BELOW_THE_TOP, "resources"],
    rule: "the dynamic-provider host entry imports the registry and what is below it, and the program types it re-exports",
  },
  index: {
    may: [...BELOW_THE_TOP, "resources", "functions"],
    rule: "the public API gathers the program side, the lookups and what is below",
  },
  "client-entry": { may: BELOW_THE_TOP, rule: "the public client entry gathers the client and the kinds' endpoints" },
  server: { may: [], rule: "the local PostHog server stands apart: it imports only src/server, and nothing else in src/ imports it" },
};

/** Every module specifier of a source file with a literal name, where it stands. */
function specifiersOf(source: ts.SourceFile): Array<{ specifier: string; line: number }> {
  const found: Array<{ specifier: string; line: number }> = [];
  const add = (literal: ts.Node) => {
    if (ts.isStringLiteralLike(literal)) {
      found.push({ specifier: literal.text, line: source.getLineAndCharacterOfPosition(literal.getStart(source)).line + 1 });
    }
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) add(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) add(node.moduleReference.expression);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === "require")) &&
      node.arguments[0] !== undefined
    ) {
      add(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The imports of every file of src/ that tsconfig.json compiles, resolved as the compiler resolves them. */
function moduleGraph(): { files: string[]; imports: Import[] } {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  if (!config) throw new Error("tsconfig.json could not be read");
  const src = path.join(root, "src") + path.sep;
  const inSrc = (file: string) => path.relative(src, file).split(path.sep).join("/");
  const files = config.fileNames.map(path.normalize).filter((f) => f.startsWith(src));
  const cache = ts.createModuleResolutionCache(root, (f) => f, config.options);
  const imports: Import[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    for (const { specifier, line } of specifiersOf(source)) {
      const resolved = ts.resolveModuleName(specifier, file, config.options, ts.sys, cache).resolvedModule;
      const target = resolved ? path.normalize(resolved.resolvedFileName) : undefined;
      const from = inSrc(file);
      if (target?.startsWith(src) && !resolved?.isExternalLibraryImport) imports.push({ from, line, specifier, to: inSrc(target) });
      else if (!specifier.startsWith("."))
        imports.push({ from, line, specifier, package: specifier.replace(/^((@[^/]+\/)?[^/]+).*$/, "$1") });
      else if (!target) imports.push({ from, line, specifier });
    }
  }
  return { files: files.map(inSrc), imports };
}

const where = (i: Import) => `src/${i.from}:${i.line} imports ${i.to ? `src/${i.to}` : i.package} ("${i.specifier}")`;

/** Each import that breaks a rule, with the rule; and each circle of kinds importing each other's folders. */
function violations(imports: readonly Import[]): string[] {
  const found: string[] = [];
  const kindOnKind: Import[] = [];
  for (const i of imports) {
    const from = placeOf(i.from);
    if (!from) {
      found.push(`src/${i.from} stands in no layer: put it in one, or give its folder a layer in placeOf`);
      continue;
    }
    if (i.package !== undefined) {
      if (from.layer === "client" && i.package.startsWith("@pulumi/")) found.push(`${where(i)}: the HTTP client knows no Pulumi`);
      continue;
    }
    if (i.to === undefined) {
      found.push(`src/${i.from}:${i.line} imports "${i.specifier}", which resolves to no file`);
      continue;
    }
    const to = placeOf(i.to);
    if (!to) {
      found.push(`${where(i)}, which stands in no layer: put it in one, or give its folder a layer in placeOf`);
      continue;
    }
    if (from.layer === "kind" && to.layer === "kind") {
      if (from.kind !== to.kind) kindOnKind.push(i);
      continue;
    }
    if (from.layer === "resources" && to.layer !== "resources" && !RESOURCES_MAY_IMPORT.includes(i.to)) {
      found.push(`${where(i)}: ${RULES.resources.rule}`);
      continue;
    }
    if (from.layer !== to.layer && from.layer !== "resources" && !RULES[from.layer].may.includes(to.layer)) {
      found.push(`${where(i)}: ${to.layer === "server" ? RULES.server.rule : RULES[from.layer].rule}`);
    }
  }
  const kindOf = (file: string) => placeOf(file)?.kind ?? file;
  for (const members of components(kindOnKind.map((i) => ({ from: kindOf(i.from), to: kindOf(i.to!) })))) {
    const inside = kindOnKind.filter((i) => members.includes(kindOf(i.from)) && members.includes(kindOf(i.to!)));
    found.push(`kinds ${members.join(", ")} import each other: ${inside.map(where).join("; ")}; ${RULES.kind.rule}`);
  }
  return found;
}

/** The circles of a graph (strongly connected components of more than one node, or a node on an edge to itself), each sorted. */
function components(edges: readonly { from: string; to: string }[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  // Tarjan's algorithm.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      members.push(member);
    } while (member !== node);
    if (members.length > 1 || (next.get(node) ?? []).includes(node)) found.push(members.sort());
  };
  for (const node of next.keys()) if (!index.has(node)) connect(node);
  return found;
}

/** The circles of imports between files, each with its imports. */
function circles(imports: readonly Import[]): string[] {
  const between = imports.filter((i) => i.to !== undefined);
  return components(between.map((i) => ({ from: i.from, to: i.to! }))).map((members) => {
    const inside = between.filter((i) => members.includes(i.from) && members.includes(i.to!));
    return `circle of ${members.map((m) => `src/${m}`).join(", ")}: ${inside.map(where).join("; ")}`;
  });
}

const graph = moduleGraph();

test("the graph is read: every file of src/, and the registry imports every kind's folder", () => {
  const kinds = fs.readdirSync(path.join(root, "src/kinds"), { withFileTypes: true }).filter((d) => d.isDirectory());
  expect(kinds.length).toBeGreaterThan(5);
  const fromRegistry = new Set(graph.imports.filter((i) => i.from === "kinds/index.ts").map((i) => i.to?.split("/")[1]));
  for (const kind of kinds) expect(fromRegistry).toContain(kind.name);
  expect(graph.files).toContain("server/index.ts");
});

test("no import circles anywhere in src/", () => {
  expect(circles(graph.imports)).toEqual([]);
});

test("every import goes down the layers (or sideways where the rules say)", () => {
  expect(violations(graph.imports)).toEqual([]);
});

test("the kit's modules the program side loads are leaves", () => {
  expect(graph.imports.filter((i) => i.to !== undefined && RESOURCES_MAY_IMPORT.includes(i.from)).map(where)).toEqual([]);
});

test("every form of import is read, the type-only ones too", () => {
  const text = [
    'import a from "./a";',
    'import type { B } from "./b";',
    'export { c } from "./c";',
    'export type * from "./d";',
    'import e = require("./e");',
    'const f = () => import("./f");',
    'const g = require("./g");',
    'type H = typeof import("./h");',
    'const notAnImport = `import x from "./template"`;',
    'const dynamic = require(path.join(dir, "x"));',
  ].join("\n");
  const source = ts.createSourceFile("x.ts", text, ts.ScriptTarget.Latest, true);
  expect(specifiersOf(source)).toEqual(
    ["a", "b", "c", "d", "e", "f", "g", "h"].map((name, n) => ({ specifier: `./${name}`, line: n + 1 })),
  );
});

test("the rules refuse an import upward, kinds importing each other, the server's, and a circle, each named", () => {
  const buildingOn: Import[] = [
    { from: "kinds/experiment/kind.ts", line: 1, specifier: "../feature-flag/fields", to: "kinds/feature-flag/fields.ts" },
    { from: "kinds/feature-flag/kind.ts", line: 2, specifier: "../cohort/record", to: "kinds/cohort/record.ts" },
  ];
  const bad: Import[] = [
    { from: "kit/kind.ts", line: 3, specifier: "../kinds/action/kind", to: "kinds/action/kind.ts" },
    { from: "kinds/cohort/model.ts", line: 4, specifier: "../experiment/fields", to: "kinds/experiment/fields.ts" },
    { from: "kinds/action/kind.ts", line: 5, specifier: "../index", to: "kinds/index.ts" },
    { from: "kinds/cohort/kind.ts", line: 6, specifier: "../../functions/cohorts", to: "functions/cohorts.ts" },
    { from: "resources/action.ts", line: 7, specifier: "../kit/lifecycle", to: "kit/lifecycle.ts" },
    { from: "functions/lazy.ts", line: 8, specifier: "../server", to: "server/index.ts" },
    { from: "server/index.ts", line: 9, specifier: "../kit/json", to: "kit/json.ts" },
    { from: "client/transport.ts", line: 10, specifier: "@pulumi/pulumi", package: "@pulumi/pulumi" },
    { from: "generate/types.ts", line: 11, specifier: "../plugin/schema", to: "plugin/schema.ts" },
  ];
  expect(violations(buildingOn)).toEqual([]);
  expect(violations([...buildingOn, ...bad])).toEqual([
    `src/kit/kind.ts:3 imports src/kinds/action/kind.ts ("../kinds/action/kind"): ${RULES.kit.rule}`,
    `src/kinds/action/kind.ts:5 imports src/kinds/index.ts ("../index"): ${RULES.kind.rule}`,
    `src/kinds/cohort/kind.ts:6 imports src/functions/cohorts.ts ("../../functions/cohorts"): ${RULES.kind.rule}`,
    `src/resources/action.ts:7 imports src/kit/lifecycle.ts ("../kit/lifecycle"): ${RULES.resources.rule}`,
    `src/functions/lazy.ts:8 imports src/server/index.ts ("../server"): ${RULES.server.rule}`,
    `src/server/index.ts:9 imports src/kit/json.ts ("../kit/json"): ${RULES.server.rule}`,
    `src/client/transport.ts:10 imports @pulumi/pulumi ("@pulumi/pulumi"): the HTTP client knows no Pulumi`,
    `src/generate/types.ts:11 imports src/plugin/schema.ts ("../plugin/schema"): ${RULES.generate.rule}`,
    // The back-arrow closes a circle of three kinds through files that form no circle of their own.
    `kinds cohort, experiment, feature-flag import each other: src/kinds/experiment/kind.ts:1 imports src/kinds/feature-flag/fields.ts ("../feature-flag/fields"); src/kinds/feature-flag/kind.ts:2 imports src/kinds/cohort/record.ts ("../cohort/record"); src/kinds/cohort/model.ts:4 imports src/kinds/experiment/fields.ts ("../experiment/fields"); ${RULES.kind.rule}`,
  ]);
  expect(
    circles([
      { from: "kit/a.ts", line: 1, specifier: "./b", to: "kit/b.ts" },
      { from: "kit/b.ts", line: 2, specifier: "./a", to: "kit/a.ts" },
      { from: "kit/c.ts", line: 3, specifier: "./a", to: "kit/a.ts" },
    ]),
  ).toEqual([
    `circle of src/kit/a.ts, src/kit/b.ts: src/kit/a.ts:1 imports src/kit/b.ts ("./b"); src/kit/b.ts:2 imports src/kit/a.ts ("./a")`,
  ]);
});
