/**
 * `pulumi-posthog types` (src/import/typed-events.ts): a project's definitions and event schemas, read over loopback
 * from the local server, become a module an application compiles against; the TypeScript compiler, in process,
 * refuses a capture of an event the project does not have, a property it does not have, a value of the wrong type,
 * and a capture without a property the event's schema requires. Hostile names and descriptions read from PostHog stay
 * data: the module compiles, and running it evaluates none of them.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as vm from "node:vm";
import ts from "typescript";
import { Transport } from "../../src/client-entry";
import { main } from "../../src/import/cli";
import { readTypedEvents, typedEventsModule } from "../../src/import/typed-events";
import * as events from "../../src/kinds/event-definition/endpoints";
import * as eventSchemas from "../../src/kinds/event-schema/endpoints";
import * as groups from "../../src/kinds/schema-property-group/endpoints";
import * as properties from "../../src/kinds/property-definition/endpoints";
import * as projects from "../../src/kinds/project/endpoints";
import { type LocalPostHog, startLocalPostHog } from "../helpers/local-posthog";

let server: LocalPostHog;
let http: Transport;
let projectId = 0;
let written = "";

// A template's placeholder, as text: it must stay text in the module.
const HOSTILE_PROPERTY = ['a"b */ ', "$", "{globalThis.pwned = 1} \n line"].join("");
const HOSTILE_EVENT = "`; globalThis.pwned = 2; //";

beforeAll(async () => {
  server = await startLocalPostHog();
  http = new Transport({ host: server.url, apiKey: server.apiKey, rateLimits: false });
  projectId = (await projects.createProject(http, server.organizationId, { name: "Tracking plan" })).id;
  await server.control.seedDefinitions(projectId, {
    events: [
      { name: "signed_up", properties: { plan: "String", seats: "Numeric", trial: "Boolean", signed_up_at: "DateTime" } },
      { name: "checkout_started", properties: { cart_value: "Numeric", coupon: null } },
      { name: HOSTILE_EVENT, properties: { [HOSTILE_PROPERTY]: "String" } },
      { name: "$pageview", properties: { $current_url: "String" } },
      { name: "legacy_event" },
    ],
  });
  const listed = await events.listEventDefinitions(http, projectId);
  const id = (name: string) => listed.find((e) => e.name === name)!.id;
  await events.updateEventDefinition(http, projectId, id("signed_up"), {
    description: "A visitor created an account. */ globalThis.pwned = 3; /*\nSecond line",
  });
  await events.updateEventDefinition(http, projectId, id("legacy_event"), { hidden: true });
  // seats's group gives it no description: its definition's describes it; plan's group's own describes plan.
  for (const [name, description] of [
    ["seats", "How many seats."],
    ["plan", "The plan, as its definition says."],
  ]) {
    const definition = (await properties.listEventProperties(http, projectId, "signed_up")).find((p) => p.name === name)!;
    await properties.updatePropertyDefinition(http, projectId, definition.id, { description });
  }
  // signed_up's schema requires its plan and seats; `team_id` is required of events but optional in types (a super
  // property the SDK adds). checkout_started's two groups disagree on cart_value: a union, optional as one makes it.
  const group = async (name: string, properties: object[], ...eventNames: string[]) => {
    const made = await groups.createSchemaPropertyGroup(http, projectId, { name, properties });
    for (const event of eventNames)
      await eventSchemas.createEventSchema(http, projectId, { event_definition: id(event), property_group_id: made.id });
  };
  await group(
    "Sign-up",
    [
      { name: "plan", property_type: "String", is_required: true, description: "The plan chosen." },
      { name: "seats", property_type: "Numeric", is_required: true },
      { name: "team_id", property_type: "String", is_required: true, is_optional_in_types: true },
      { name: "utm", property_type: "Object" },
    ],
    "signed_up",
  );
  await group("Cart", [{ name: "cart_value", property_type: "Numeric", is_required: true }], "checkout_started");
  await group("Cart, before", [{ name: "cart_value", property_type: "String" }], "checkout_started");
  written = typedEventsModule(await readTypedEvents(http, projectId), `PostHog project ${projectId} at ${server.url}`);
});
afterAll(() => server?.close());

const options: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.CommonJS,
  moduleResolution: ts.ModuleResolutionKind.Node10,
  lib: ["lib.es2022.d.ts"],
  types: [],
};
/** TypeScript's own declarations, parsed once for every compilation. */
const libraries = new Map<string, ts.SourceFile | undefined>();

/** The diagnostics of an application compiled against the module, in memory, as `tsc --strict` reports them. */
function compile(app: string): string[] {
  const files: Record<string, string> = { "/app/events.ts": written, "/app/app.ts": app };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) => {
    if (Object.hasOwn(files, name)) return ts.createSourceFile(name, files[name]!, version);
    if (!libraries.has(name)) libraries.set(name, read(name, version));
    return libraries.get(name);
  };
  host.fileExists = (name) => Object.hasOwn(files, name) || fs.existsSync(name);
  host.directoryExists = (name) => name === "/app" || fs.existsSync(name);
  host.readFile = (name) => files[name] ?? fs.readFileSync(name, "utf8");
  const program = ts.createProgram(["/app/app.ts"], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

const app = (body: string) =>
  [
    `import { typedCapture, type PostHogEventName } from "./events";`,
    `declare const posthog: { capture(event: string, properties?: Record<string, unknown> | null): unknown };`,
    `const analytics = typedCapture(posthog);`,
    body,
  ].join("\n");

test("an application using the project's events and their properties compiles", () => {
  expect(
    compile(
      app(
        [
          `analytics.capture("signed_up", { plan: "team", seats: 3, trial: false, signed_up_at: new Date(), utm: { source: "x" } });`,
          `analytics.capture("checkout_started", { cart_value: 42, coupon: { code: "X" } });`,
          `analytics.capture("checkout_started", { cart_value: "42" });`,
          `analytics.capture("checkout_started");`,
          `const names: PostHogEventName[] = ["signed_up", "checkout_started"];`,
          `analytics.capture(${JSON.stringify(HOSTILE_EVENT)}, { ${JSON.stringify(HOSTILE_PROPERTY)}: "ok" });`,
          `void names;`,
        ].join("\n"),
      ),
    ),
  ).toEqual([]);
});

test.each([
  ["an event the project does not have", `analytics.capture("signed_upp", { plan: "team" });`, /"signed_upp"/],
  [
    "a property of the wrong type",
    `analytics.capture("signed_up", { seats: "three" });`,
    /Type 'string' is not assignable to type 'number'/,
  ],
  [
    "a property the event does not have",
    `analytics.capture("signed_up", { plan: "team", seats: 1, plna: "team" });`,
    /'plna' does not exist/,
  ],
  [
    "a property the event's schema requires, left out",
    `analytics.capture("signed_up", { plan: "team" });`,
    /Property '"seats"' is missing/,
  ],
  ["an event whose schema requires properties, without them", `analytics.capture("signed_up");`, /Expected 2 arguments, but got 1/],
  ["a hidden event", `analytics.capture("legacy_event");`, /"legacy_event"/],
  ["PostHog's own events", `analytics.capture("$pageview");`, /"\$pageview"/],
])("the compiler refuses %s", (_what, line, message) => {
  const diagnostics = compile(app(line));
  expect(diagnostics).toHaveLength(1);
  expect(diagnostics[0]).toMatch(message);
});

test("hostile names and descriptions stay data: the module compiles, running it evaluates none of them", () => {
  expect(compile(app(""))).toEqual([]);
  // The description's "*/" cannot close its comment; its second line stays in the comment.
  expect(written).toContain(" * A visitor created an account. *\\/ globalThis.pwned = 3; /*");
  expect(written).toContain(" * Second line");
  const js = ts.transpileModule(written, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const sandbox: Record<string, unknown> = { exports: {}, pwned: undefined };
  vm.runInNewContext(js, sandbox);
  expect(sandbox["pwned"]).toBeUndefined();
  // The module's one function only forwards.
  const captured: unknown[] = [];
  (sandbox["exports"] as { typedCapture(c: unknown): { capture(e: string, p: unknown): void } })
    .typedCapture({ capture: (...args: unknown[]) => captured.push(args) })
    .capture("signed_up", { plan: "team", seats: 1 });
  expect(captured).toEqual([["signed_up", { plan: "team", seats: 1 }]]);
});

test("`pulumi-posthog types --out FILE` writes the module from the configured project", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-types-"));
  try {
    const out = path.join(dir, "events.ts");
    const env = { POSTHOG_HOST: server.url, POSTHOG_API_KEY: server.apiKey, POSTHOG_PROJECT_ID: String(projectId) };
    await expect(main(["types", "--out", out], env)).resolves.toBe(0);
    const module = fs.readFileSync(out, "utf8");
    expect(module).toBe(written);
    // The schema's required properties are required, PostHog's typed capture's way; the others optional.
    expect(module).toContain('    "seats": number;');
    expect(module).toContain('    "plan": string;');
    expect(module).toContain('    "team_id"?: string;');
    expect(module).toContain('    "utm"?: Record<string, unknown>;');
    // Listed newest first: the later group's type first.
    expect(module).toContain('    "cart_value"?: string | number;');
    expect(module).toContain('    "trial"?: boolean;');
    // A schema property is described by its group, else by its definition.
    expect(module).toContain('     * The plan chosen.\n     */\n    "plan": string;');
    expect(module).toContain('     * How many seats.\n     */\n    "seats": number;');
    expect(module).not.toContain("as its definition says");
    await expect(main(["types", "--out", out], { ...env, POSTHOG_PROJECT_ID: "web" })).rejects.toThrow(/not a project's numeric id/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("a property type named as an Object method (a proxy's or an old row's) is unknown, never the method's text", () => {
  const names = ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"];
  const module = typedEventsModule(
    [{ name: "odd", properties: names.map((name, i) => ({ name: `p${i}`, propertyTypes: [name] })) }],
    "a PostHog that answers any property_type",
  );
  for (const i of names.keys()) expect(module).toContain(`    "p${i}"?: unknown;`);
  expect(module).not.toContain("native code");
  expect(compile(module)).toEqual([]);
});

test("a PostHog without schema management (2025-08-04, whose event_schemas route is its 404) types each event by its seen properties alone", async () => {
  const old = await startLocalPostHog({ postHogVersion: "2025-08-04" });
  try {
    const oldHttp = new Transport({ host: old.url, apiKey: old.apiKey, rateLimits: false });
    const oldProject = (await projects.createProject(oldHttp, old.organizationId, { name: "Before schemas" })).id;
    await old.control.seedDefinitions(oldProject, { events: [{ name: "signed_up", properties: { plan: "String", seats: "Numeric" } }] });
    expect(await readTypedEvents(oldHttp, oldProject)).toEqual([
      {
        name: "signed_up",
        description: null,
        properties: [
          { name: "plan", propertyTypes: ["String"], description: null },
          { name: "seats", propertyTypes: ["Numeric"], description: null },
        ],
      },
    ]);
    expect((await old.requests({ method: "GET" })).some((r) => r.path === `/api/projects/${oldProject}/event_schemas/`)).toBe(true);
  } finally {
    await old.close();
  }
});
