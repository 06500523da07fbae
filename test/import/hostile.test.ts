/**
 * The importer's programs against what anybody who may edit a PostHog object can write into it: names made by a seeded
 * generator (reserved words of TypeScript, JavaScript and Python, the programs' own names, unicode, case-folded
 * duplicates, another object's derived name, empty, very long) must give resource names unique and valid in every
 * language (TypeScript through `tsc --strict`, Python through `compile`, YAML parsed with unique keys); and values
 * (`${…}`, `$$`, quotes of every language, comment ends, backslashes, NUL, U+2028, `__proto__`, `fn::` keys) must be
 * read back by each language as PostHog has them, and run nothing: the TypeScript and Python programs are run against
 * stand-ins of their SDKs that record what they are given, the YAML program is read as Pulumi YAML reads it.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as vm from "node:vm";
import * as ts from "typescript";
import { parseDocument } from "yaml";
import { type Found, plan, render } from "../../src/import";
import { plain, withoutYamlFunctions } from "../../src/import/model";
import { pythonName } from "../../src/import/render";
import type { Kind } from "../../src/kit/kind";
import { actionKind } from "../../src/kinds/action/kind";
import { alertKind } from "../../src/kinds/alert/kind";
import { earlyAccessFeatureKind } from "../../src/kinds/early-access-feature/kind";
import { featureFlagKind } from "../../src/kinds/feature-flag/kind";
import { notebookKind } from "../../src/kinds/notebook/kind";
import { organizationInviteKind } from "../../src/kinds/organization-invite/kind";
import { projectKind } from "../../src/kinds/project/kind";
import { roleKind } from "../../src/kinds/role/kind";
import { repoRoot } from "../helpers/pulumi-cli";

const ORG = "0190c2a8-0000-0000-0000-000000000001";
const project = projectKind as Kind;
const flag = featureFlagKind as Kind;
const action = actionKind as Kind;
const alert = alertKind as Kind;
const notebook = notebookKind as Kind;
const feature = earlyAccessFeatureKind as Kind;
const role = roleKind as Kind;
const invite = organizationInviteKind as Kind;

const found = (kind: Kind, scope: string | number, record: Record<string, unknown>): Found => ({
  kind,
  scope,
  record,
});
const projectRecord = (id: number, name: string) => ({ id, name, timezone: "UTC", anonymize_ips: false });
const flagRecord = (id: number, key: string, more: Record<string, unknown> = {}) => ({
  id,
  key,
  name: "",
  active: true,
  filters: { groups: [{ properties: [], rollout_percentage: 50 }] },
  ...more,
});

/** A seeded generator (mulberry32): the same names on every run, many kinds of them. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

const WORDS =
  // TypeScript, JavaScript (strict mode, CommonJS' top level) and Python keywords; the programs' own names; globals
  // and what a camelCase of a snake_case name can become (global_this → globalThis).
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with yield " +
    "let static implements interface package private protected public await require exports module eval arguments " +
    "undefined NaN Infinity globalThis global_this __dirname __filename and as assert async def del elif except from " +
    "global is lambda nonlocal not or pass raise None True False match type print pulumi posthog config pulumi_posthog " +
    "__proto__ constructor prototype toString object string number any never declare namespace"
  ).split(" ");
const UNICODE = ["Café", "café", "CAFÉ", "日本語", "🚀", "🚀🚀", "Ωmega", "ﬁx", "ℌello", "a\u200bb", "עברית", "e\u0301", "ǅ", "ß", "SS"];

/** Names that meet: in any case, or with a suffix an object listed later has as its id. */
const FAMILIES = ["dup", "Café", "require"];
/** What a program may not name a variable (a project named `eval`), or its own names. */
const FORBIDDEN = ["require", "exports", "module", "eval", "arguments", "import", "class", "None", "await", "pulumi", "posthog", "config"];

/**
 * A hostile name: a reserved word, one of a family in another case or with a derived suffix (`<name>-<id>` where
 * <id> is that of an object listed after it, which then wants the same name), unicode, empty, long.
 */
function hostileName(g: ReturnType<typeof generator>, nextId: number): string {
  const anyCase = (text: string) => g.pick([text, text.toUpperCase(), text.toLowerCase(), text.replace(/^./, (c) => c.toUpperCase())]);
  const roll = g.next();
  if (roll < 0.3) return anyCase(g.pick(FAMILIES));
  if (roll < 0.55)
    return `${anyCase(g.pick(FAMILIES))}${g.pick(["-", "_", " "])}${nextId + 1 + Math.floor(g.next() * 2)}${g.next() < 0.2 ? "_2" : ""}`;
  if (roll < 0.65) return anyCase(g.pick(WORDS));
  if (roll < 0.72) return `${g.pick(WORDS)}${g.pick(["", "_", "-", " "])}${g.pick(WORDS)}`;
  if (roll < 0.8) return g.pick(UNICODE);
  // biome-ignore lint/suspicious/noTemplateCurlyInString: text that looks like Pulumi YAML's interpolation, on purpose
  if (roll < 0.88) return g.pick(["", " ", "_", "-", "$", "${pulumi.stack}", "0", "123abc"]);
  if (roll < 0.94) return Array.from({ length: 200 + Math.floor(g.next() * 300) }, () => g.pick(["a", "B", "_", "é", "9", " "])).join("");
  return `${Math.floor(g.next() * 1000)} ${g.pick(WORDS)}`;
}

/** An organization of hostile names: projects, and in them flags (by key) and actions (by name). */
function hostileOrganization(seed: number): Found[] {
  const g = generator(seed);
  const items: Found[] = [];
  let id = 1;
  const projectIds: number[] = [];
  for (let i = 0; i < 30; i++) {
    const name = g.next() < 0.4 ? g.pick(FORBIDDEN) : hostileName(g, id);
    projectIds.push(id);
    items.push(found(project, ORG, projectRecord(id++, name)));
  }
  for (let i = 0; i < 200; i++) {
    const name = hostileName(g, id);
    // In two projects, where their names meet.
    const scope = g.pick(projectIds.slice(0, 2));
    items.push(
      g.next() < 0.9
        ? found(flag, scope, flagRecord(id++, name))
        : found(action, scope, { id: id++, name, steps: [{ event: "$pageview" }], project_id: scope }),
    );
  }
  return items;
}

/**
 * The TypeScript program's errors under its own tsconfig (strict): with pulumi-posthog as its declarations in the built
 * lib/ (what a user's program compiles against; checking it against src/ instead, every body included, took 13 s),
 * or (`stub`, for names only, where its types do not matter) as classes that take any arguments.
 */
function typeErrors(dir: string, stub = false): string[] {
  const config = JSON.parse(fs.readFileSync(path.join(dir, "tsconfig.json"), "utf8")) as { compilerOptions: object };
  const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, dir);
  if (stub)
    fs.writeFileSync(
      path.join(dir, "stub.d.ts"),
      `${["Project", "FeatureFlag", "Action"].map((kind) => `export declare class ${kind} { constructor(name: string, args: object); readonly [output: string]: unknown }`).join("\n")}\n`,
    );
  const program = ts.createProgram([path.join(dir, "index.ts")], {
    ...options,
    noEmit: true,
    baseUrl: repoRoot,
    paths: { "pulumi-posthog": [stub ? path.join(dir, "stub.d.ts") : "lib/index.d.ts"], "@pulumi/pulumi": ["node_modules/@pulumi/pulumi"] },
    typeRoots: [path.join(repoRoot, "node_modules", "@types")],
    types: ["node"],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
}

/** The Python program's SyntaxError, if any. */
function pythonError(source: string): string {
  const run = spawnSync("python3", ["-c", "import sys; compile(sys.stdin.read(), '__main__.py', 'exec')"], {
    input: source,
    encoding: "utf8",
  });
  return run.status === 0 ? "" : run.stderr;
}

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "import-hostile-"));

describe("names from a seeded generator of hostile ones", () => {
  test.each([1, 2, 3])(
    "seed %i: resource names unique; TypeScript passes tsc --strict, Python compiles, YAML has unique keys",
    async (seed) => {
      const { resources } = await plan(hostileOrganization(seed));
      expect(resources).toHaveLength(230);
      const names = resources.map((r) => r.name);
      expect(new Set(names).size).toBe(names.length);
      for (const name of names) expect(name).toMatch(/^[a-z_][a-z0-9_]*$/);
      const options = { project: "hostile", organizationId: ORG, host: undefined, version: "0.0.0" } as const;

      const dir = tmp();
      try {
        for (const [file, text] of Object.entries(render(resources, { ...options, language: "typescript" })))
          fs.writeFileSync(path.join(dir, file), text);
        expect(typeErrors(dir, true)).toEqual([]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }

      expect(pythonError(render(resources, { ...options, language: "python" })["__main__.py"]!)).toBe("");

      const yaml = parseDocument(render(resources, { ...options, language: "yaml" })["Pulumi.yaml"]!, { uniqueKeys: true });
      expect(yaml.errors).toEqual([]);
      expect(Object.keys((yaml.toJS() as { resources: object }).resources).sort()).toEqual([...names].sort());
    },
    120_000,
  );

  test("dup, DUP and dup-<DUP's id>: three names, whatever order PostHog lists them in", async () => {
    const records = [flagRecord(9, "DUP"), flagRecord(2, "dup"), flagRecord(1, "dup-9"), flagRecord(4, "dup_9")];
    const { resources } = await plan(records.map((r) => found(flag, 7, r)));
    expect(resources.map((r) => r.name)).toEqual([
      "feature_flag_dup_9",
      "feature_flag_dup",
      "feature_flag_dup_9_4",
      "feature_flag_dup_9_2",
    ]);
  });
});

// ---- Values ----

const canary = "/home/me/.pulumi/credentials.json";
/** Strings that mean something to one of the languages, or to Pulumi YAML. */
const HOSTILE_STRINGS = [
  // biome-ignore lint/suspicious/noTemplateCurlyInString: text that looks like Pulumi YAML's interpolation, on purpose
  "${pulumi.stack}",
  "$${pulumi.stack}",
  "costs $$5 and $5",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: text that looks like Pulumi YAML's interpolation, on purpose
  "`${process.exit(1)}`",
  "*/ process.exit(1) /*",
  '""" + __import__("os").system("false") + """',
  "''' + __import__('os').system('false') + '''",
  "{__import__('os').system('false')}",
  "back\\slash \\u0041 \\N{BULLET} \\x41",
  "nul\u0000nul",
  "line\u2028separator\u2029paragraph",
  "bom\ufeff del\u007f c1\u0085",
  "# comment\nnext: line",
  "\"quoted\" and 'quoted'",
  "🚀 日本語 e\u0301",
];

/** A role's name of hostile strings, within PostHog's 200 characters and without NUL (Role.name, ee/models/rbac/role.py). */
const ROLE_NAME = HOSTILE_STRINGS.filter((text) => !text.includes("\u0000"))
  .join(" | ")
  .slice(0, 200);

/**
 * An organization whose values are hostile: flags, an action, an alert, a notebook (a document anybody may type into,
 * with an `fn::` key among a node's attributes) and an early access feature, with `fn::` keys and `__proto__`; a role
 * and an invite.
 */
async function hostileValues() {
  const payload: Record<string, unknown> = { "fn::readFile": canary, note: HOSTILE_STRINGS };
  const items = [
    found(
      flag,
      7,
      flagRecord(1, "payloads", {
        name: HOSTILE_STRINGS.join(" | "),
        filters: {
          groups: [{ properties: [], rollout_percentage: 50 }],
          multivariate: {
            variants: [
              { key: "a", rollout_percentage: 50 },
              { key: "b", rollout_percentage: 50 },
            ],
          },
          // JSON text, as PostHog stores payloads: one with an `fn::` key, one an object with hostile keys.
          payloads: {
            a: JSON.stringify(payload),
            b: JSON.stringify(Object.fromEntries([...HOSTILE_STRINGS.map((s, i) => [s, i]), ["__proto__", { polluted: true }]])),
          },
        },
      }),
    ),
    // An `fn::` key outside the payloads, in a condition: the filters are not declared in YAML.
    found(
      flag,
      7,
      flagRecord(2, "condition", {
        filters: { groups: [{ properties: [{ key: "x", type: "person", value: { "Fn::Invoke": { function: "std:index:abs" } } }] }] },
      }),
    ),
    found(action, 7, {
      id: 3,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: text that looks like Pulumi YAML's interpolation, on purpose
      name: "${pulumi.stack}",
      description: HOSTILE_STRINGS.join("\n"),
      steps: [{ event: "$pageview", properties: [{ key: "k", value: "v", type: "event", "FN::fromBase64": "aGk=", ["__proto__"]: "x" }] }],
      project_id: 7,
    }),
    // People and permissions: a role's name, an invite's email, first name and message, as anyone in PostHog may write them.
    found(role, ORG, { id: "0190c2a8-0000-0000-0000-00000000000b", name: ROLE_NAME, created_at: null, created_by: null }),
    found(invite, ORG, {
      id: "0190c2a8-0000-0000-0000-00000000000c",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: text that looks like Pulumi YAML's interpolation, on purpose
      target_email: "o'brien+${pulumi.stack}@example.com",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: text that looks like a template literal, on purpose
      first_name: "`${process.exit(1)}`",
      level: "admin",
      is_expired: false,
      message: HOSTILE_STRINGS.join("\n"),
      private_project_access: null,
    }),
    // An `fn::` key in an input the object cannot be declared without: the alert is left out of the YAML.
    found(alert, 7, {
      id: "0190c2a8-0000-0000-0000-00000000000a",
      name: "alert",
      insight: 9,
      subscribed_users: [1],
      threshold: { type: "absolute", configuration: { "fn::secret": "x" } },
      project_id: 7,
    }),
    found(notebook, 7, {
      id: "aB3dE5fG",
      short_id: "aB3dE5fG",
      uuid: "0190c2a8-0000-0000-0000-00000000000b",
      title: HOSTILE_STRINGS.join(" "),
      content: {
        type: "doc",
        content: [
          ...HOSTILE_STRINGS.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })),
          { type: "ph-query", attrs: { "fn::readFile": canary, ["__proto__"]: { polluted: true } } },
        ],
      },
      text_content: HOSTILE_STRINGS.join("\n"),
      deleted: false,
      project_id: 7,
    }),
    found(feature, 7, {
      id: "0190c2a8-0000-0000-0000-00000000000c",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: text that looks like Pulumi YAML's interpolation, on purpose
      name: "${pulumi.stack}",
      description: HOSTILE_STRINGS.join("\n"),
      stage: "beta",
      documentation_url: "",
      feature_flag_id: null,
      project_id: 7,
    }),
  ];
  return plan(items);
}

/** What each resource is given, by name: input → value, as PostHog would be sent it. */
type Given = Record<string, Record<string, unknown>>;

/** What the plan says each resource is given (references and secrets as they stand). */
function expected(resources: Awaited<ReturnType<typeof hostileValues>>["resources"]): Given {
  return Object.fromEntries(resources.map((r) => [r.name, Object.fromEntries(r.inputs.map(([input, value]) => [input, plain(value)]))]));
}

/** A deep copy in which every key is an own property (`__proto__` too), for comparison. */
const own = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe("values PostHog answers are read back as they are, and run nothing", () => {
  test("TypeScript: the program, compiled and run against a stand-in SDK, gives each resource exactly PostHog's values", async () => {
    // Not the alert, whose threshold's type has no room for another key (its place is the YAML case below).
    const resources = (await hostileValues()).resources.filter((r) => r.kind !== alert);
    const files = render(resources, { project: "p", language: "typescript", organizationId: ORG, host: undefined, version: "0" });
    const program = files["index.ts"]!;
    expect(program).toContain('["__proto__"]: ');
    const dir = tmp();
    try {
      for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
      expect(typeErrors(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const js = ts.transpileModule(program, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const given: Given = {};
    const sdk = new Proxy(
      {},
      {
        get: (_target, kind) =>
          class {
            constructor(name: string, args: Record<string, unknown>) {
              given[name] = own(args) as Record<string, unknown>;
              expect(String(kind)).toMatch(/^[A-Z]/);
            }
          },
      },
    );
    const pulumi = { output: <T>(value: T) => value };
    const module = { exports: {} };
    vm.runInNewContext(js, {
      require: (id: string) => ({ "pulumi-posthog": sdk, "@pulumi/pulumi": pulumi })[id],
      module,
      exports: module.exports,
    });
    expect(given).toEqual(own(expected(resources)));
    // The payload holding `__proto__` is an object with that key, not one with another prototype.
    expect(JSON.stringify(given)).toContain('"__proto__":{"polluted":true}');
    // The role's name and the invite's words are given as PostHog has them (declared, not left out).
    expect(Object.values(given)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: ROLE_NAME }),
        // biome-ignore lint/suspicious/noTemplateCurlyInString: text that looks like Pulumi YAML's interpolation, on purpose
        expect.objectContaining({ targetEmail: expect.stringContaining("${pulumi.stack}"), message: HOSTILE_STRINGS.join("\n") }),
      ]),
    );
  });

  test("Python: the program, run against a stand-in SDK, gives each resource exactly PostHog's values", async () => {
    const { resources } = await hostileValues();
    const source = render(resources, { project: "p", language: "python", organizationId: ORG, host: undefined, version: "0" })[
      "__main__.py"
    ]!;
    const dir = tmp();
    try {
      fs.writeFileSync(path.join(dir, "__main__.py"), source);
      // A stand-in pulumi_posthog: every class records its resource's name and keyword arguments.
      fs.writeFileSync(
        path.join(dir, "pulumi_posthog.py"),
        [
          "import json, atexit",
          "given = {}",
          "def __getattr__(kind):",
          "    def make(*args, **kwargs):",
          "        given[args[0]] = kwargs",
          "    return make",
          "atexit.register(lambda: print(json.dumps(given)))",
        ].join("\n"),
      );
      const run = spawnSync(
        "python3",
        [
          "-I",
          "-c",
          `import sys; sys.path.insert(0, ${JSON.stringify(dir)}); exec(open(${JSON.stringify(path.join(dir, "__main__.py"))}).read())`,
        ],
        {
          encoding: "utf8",
        },
      );
      expect(run.stderr).toBe("");
      const given = JSON.parse(run.stdout) as Given;
      const python = Object.fromEntries(
        Object.entries(expected(resources)).map(([name, inputs]) => [
          name,
          Object.fromEntries(Object.entries(inputs).map(([input, value]) => [pythonName(input), value])),
        ]),
      );
      expect(given).toEqual(own(python));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("YAML: no key beginning fn::, every string read back by Pulumi YAML's rules as PostHog has it; what cannot be is named", async () => {
    const planned = await hostileValues();
    const notes = withoutYamlFunctions(planned.resources);
    expect(notes).toEqual([
      'feature_flag_payloads: filters.payloads.a holds a key beginning "fn::", which Pulumi YAML would run: written as its JSON text',
      'feature_flag_condition: filters is not declared (not managed): it holds a key beginning "fn::", which Pulumi YAML would run',
      'action_pulumi_stack: steps is not declared (not managed): it holds a key beginning "fn::", which Pulumi YAML would run',
      'alert_alert (alert 0190c2a8-0000-0000-0000-00000000000a) is not declared: its threshold holds a key beginning "fn::", which Pulumi YAML would run',
      'notebook_pulumi_stack_pulumi_stack_costs_5_and_5: content is not declared (not managed): it holds a key beginning "fn::", which Pulumi YAML would run',
    ]);
    const text = render(planned.resources, { project: "p", language: "yaml", organizationId: ORG, host: undefined, version: "0" })[
      "Pulumi.yaml"
    ]!;
    const document = parseDocument(text, { uniqueKeys: true });
    expect(document.errors).toEqual([]);
    // As pulumi-yaml reads a string (parseInterpolate, pkg/pulumiyaml/ast/interpolation.go): `$$` is `$`, and `${`
    // begins an expression, which none may.
    const interpolated = (value: unknown): unknown => {
      if (typeof value === "string") {
        let out = "";
        for (let i = 0; i < value.length; i++) {
          if (value.startsWith("$$", i)) {
            out += "$";
            i++;
          } else if (value.startsWith("${", i)) throw new Error(`an expression in ${JSON.stringify(value)}`);
          else out += value[i];
        }
        return out;
      }
      if (Array.isArray(value)) return value.map(interpolated);
      if (value !== null && typeof value === "object") {
        for (const key of Object.keys(value)) expect(key.toLowerCase().startsWith("fn::")).toBe(false);
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [interpolated(k) as string, interpolated(v)]));
      }
      return value;
    };
    const properties = Object.fromEntries(
      Object.entries((document.toJS() as { resources: Record<string, { properties: Record<string, unknown> }> }).resources).map(
        ([name, r]) => [name, interpolated(r.properties)],
      ),
    );
    expect(properties).toEqual(own(expected(planned.resources)));
    // The payload with `fn::readFile` is its JSON text: the path is a string, never read.
    const payload = (properties["feature_flag_payloads"] as { filters: { payloads: { a: unknown } } }).filters.payloads.a;
    expect(typeof payload).toBe("string");
    expect(JSON.parse(payload as string)).toEqual({ "fn::readFile": canary, note: HOSTILE_STRINGS });
  });
});
