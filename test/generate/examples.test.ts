/**
 * Each kind's example as its reference page shows it (src/generate/example.ts) is a real program: the TypeScript
 * type-checks against the package as built (lib/), the YAML parses into resources of the registered kinds with their inputs, and the
 * Python compiles, calling the SDK's classes with their inputs' Python names.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { parse } from "yaml";
import { kinds } from "../../src/kinds/index";
import { kindFolder } from "../../src/generate/reference";
import { pythonExample, typescriptDeclaration, typescriptExample, yamlExample } from "../../src/generate/example";
import { pythonName } from "../../src/kit/program-text";

jest.setTimeout(180_000);

const root = path.join(__dirname, "..", "..");
const byToken = new Map(kinds.map((kind) => [kind.token, kind]));
const byName = new Map(kinds.map((kind) => [kind.name, kind]));

let work: string;
beforeAll(() => {
  // Under the repository, so that @pulumi/pulumi resolves from its node_modules.
  fs.mkdirSync(path.join(root, ".cache"), { recursive: true });
  work = fs.mkdtempSync(path.join(root, ".cache", "examples-check-"));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

test("every kind's TypeScript example type-checks against the package", () => {
  const files = kinds.map((kind) => {
    const file = path.join(work, `${kindFolder(kind)}.ts`);
    fs.writeFileSync(file, typescriptExample(kind));
    return file;
  });
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  )!;
  // Against the built declarations (lib/, as `npm test` builds it first): the types a program using the package sees.
  const declarations = path.join(root, "lib", "index.d.ts");
  if (!fs.existsSync(declarations)) throw new Error("lib/index.d.ts is missing: run `npm run build` first.");
  const options = { ...config.options, noEmit: true, incremental: false, types: ["node"], paths: { "pulumi-posthog": [declarations] } };
  const program = ts.createProgram(files, options);
  const problems = ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file !== undefined && files.includes(path.resolve(diagnostic.file.fileName)))
    .map((diagnostic) => `${path.basename(diagnostic.file!.fileName)}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`);
  expect(problems).toEqual([]);
  // A broken example fails: the check sees what the examples declare.
  const wrong = path.join(work, "wrong.ts");
  fs.writeFileSync(wrong, typescriptExample(byName.get("Dashboard")!).replace("name:", "nmae:"));
  const again = ts.createProgram([wrong], options, undefined, program);
  expect(ts.getPreEmitDiagnostics(again).filter((d) => d.file?.fileName === wrong).length).toBeGreaterThan(0);
});

test.each(kinds.map((kind) => [kind.name, kind] as const))(
  "%s's YAML example parses into registered kinds with their inputs, every reference and secret declared",
  (_name, kind) => {
    const text = yamlExample(kind);
    const program = parse(text) as {
      runtime: string;
      config?: Record<string, { type: string; secret: boolean }>;
      variables?: Record<string, unknown>;
      resources: Record<string, { type: string; properties: Record<string, unknown> }>;
      outputs: Record<string, string>;
    };
    expect(program.runtime).toBe("yaml");
    const names = new Set([...Object.keys(program.resources), ...Object.keys(program.variables ?? {})]);
    for (const [name, resource] of Object.entries(program.resources)) {
      const declared = byToken.get(resource.type);
      expect(declared).toBeDefined();
      expect(Object.keys(declared!.schema().inputs)).toEqual(expect.arrayContaining(Object.keys(resource.properties)));
      expect(name).toBe(declared!.example.name);
    }
    expect(Object.values(program.resources).pop()!.type).toBe(kind.token);
    for (const [, reference] of text.matchAll(/\$\{([^}]+)\}/g)) {
      const [head] = reference!.split(".");
      expect(names.has(head!) || program.config?.[head!]?.secret === true).toBe(true);
    }
    expect(Object.keys(program.outputs)).toEqual([kind.identity.output]);
  },
);

test("every kind's Python example compiles and calls the SDK's classes with their inputs' Python names", () => {
  const files = kinds.map((kind) => {
    const file = path.join(work, `${pythonName(kind.name)}.py`);
    fs.writeFileSync(file, pythonExample(kind));
    return file;
  });
  // py_compile for the syntax; ast for each class call's keywords.
  const script = [
    "import ast, json, sys, py_compile",
    "out = {}",
    "for f in sys.argv[1:]:",
    "    py_compile.compile(f, doraise=True)",
    "    calls = []",
    "    for node in ast.walk(ast.parse(open(f).read())):",
    "        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and getattr(node.func.value, 'id', '') == 'posthog':",
    "            calls.append([node.func.attr, [k.arg for k in node.keywords]])",
    "    out[f] = calls",
    "print(json.dumps(out))",
  ].join("\n");
  const calls = JSON.parse(execFileSync("python3", ["-c", script, ...files], { encoding: "utf8" })) as Record<string, [string, string[]][]>;
  for (const [index, kind] of kinds.entries()) {
    const made = calls[files[index]!]!;
    expect(made.at(-1)![0]).toBe(kind.name);
    for (const [className, keywords] of made) {
      // The lookups' calls (get_current_user_output, get_organization_member_output) are functions, not classes.
      if (/^get_\w+_output$/.test(className)) continue;
      const inputs = Object.keys(byName.get(className)!.schema().inputs).map(pythonName);
      expect(inputs).toEqual(expect.arrayContaining(keywords));
    }
  }
});

test("the generated classes show their kind's TypeScript declaration", () => {
  for (const kind of kinds.filter((each) => each.name !== "Project")) {
    const source = fs.readFileSync(path.join(root, "src", "resources", `${kindFolder(kind)}.ts`), "utf8");
    expect(source).toContain(
      typescriptDeclaration(kind)
        .split("\n")
        .map((line) => ` * ${line}`.trimEnd())
        .join("\n"),
    );
  }
});
