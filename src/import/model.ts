/**
 * What `pulumi-posthog import` declares, whatever the language: from the objects read, one resource each with a
 * valid, unique and stable Pulumi name, its inputs (only what differs from PostHog's defaults, nothing PostHog
 * computes), references to the other resources it names (its project, a flag's cohorts, …) and its adoption. It is
 * driven by the kinds (src/kinds/index.ts) and their import facts; it knows no resource and no HTTP.
 */
import { adoptInputOf, type ImportFacts, type Kind, parentField, type ScopeKind } from "../kit/kind";
import { canonicalJson, isPlainObject } from "../kit/json";

/** An object read from PostHog, with the scope it was read in. */
export interface Found {
  readonly kind: Kind;
  readonly scope: string | number;
  readonly record: Record<string, unknown>;
}

/** An output of another planned resource, in an input's place. */
export class Ref {
  constructor(
    readonly to: Planned,
    readonly output: string,
    /** The value it stands for, as PostHog has it (an id, or a flag's key): what the check sees. */
    readonly stands: number | string = Number(to.id) || to.id,
  ) {}
}

/**
 * A secret PostHog answered (a flag's encrypted payload), in an input's place: the program reads it from a secret in
 * the stack's configuration, under `key`, and never holds it.
 */
export class Secret {
  constructor(
    readonly key: string,
    /** What it is, for the user: "the encrypted payload of \"true\"". */
    readonly what: string,
    /** The resource whose input holds it. */
    readonly of: string,
    /** The part of it PostHog answered, which the check sees in its place (`answeredPartStands`). */
    readonly answeredPart?: unknown,
  ) {}
}

/** What the check sees of a secret: a JSON text (what PostHog stores), never the secret itself. */
const SECRET_STANDS = JSON.stringify("secret from the stack's configuration");

export type Value = null | boolean | number | string | Ref | Secret | Value[] | { [key: string]: Value };

export interface Planned {
  readonly kind: Kind;
  /** The Pulumi resource name (also its variable in Python and YAML). */
  readonly name: string;
  /** PostHog's id, and the id `pulumi import` takes. */
  readonly id: string;
  readonly importId: string;
  /** Inputs in declaration order: scope, fields (PostHog's order), adoption last. */
  readonly inputs: Array<[string, Value]>;
  /** The inputs read but left out (a value PostHog's rules refuse, one Pulumi YAML would run): checked again after. */
  readonly leftOut: string[];
  readonly dependsOn: Set<Planned>;
}

export interface Plan {
  readonly resources: Planned[];
  /** What was read but not declared, and why (a value PostHog answers that its own rules refuse, …). */
  readonly notes: string[];
}

/** The facts of a kind that can be imported. */
export function importFacts(kind: Kind): ImportFacts<ScopeKind, Record<string, unknown>> | undefined {
  return kind.importer as ImportFacts<ScopeKind, Record<string, unknown>> | undefined;
}

/**
 * Words no variable of the programs may be: TypeScript's and JavaScript's reserved words, the names a CommonJS module's
 * top level or strict mode keeps (`require`, `exports`, `module`, `eval`, `arguments`, …), Python's keywords, and the
 * programs' own names (`pulumi`, `posthog`, `config`), in any case (a project named "class" or "Require").
 */
export const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for function if " +
    "import in instanceof new null return super switch this throw true try typeof var void while with yield let static " +
    "implements interface package private protected public await require exports module eval arguments undefined nan " +
    "infinity globalthis __dirname __filename and as assert async def del elif except from global is lambda nonlocal not " +
    "or pass raise none pulumi posthog config"
  ).split(" "),
);

/** A name's words as a snake_case identifier: ASCII letters (accents dropped), digits and `_`, at most 40 characters. */
export function slug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 40)
    .replace(/_+$/, "");
}

/** A valid identifier from a slug: never empty, never starting with a digit, never reserved. */
export function identifier(base: string, fallback: string): string {
  let name = base === "" ? fallback : base;
  if (/^[0-9]/.test(name)) name = `${fallback}_${name}`;
  return RESERVED.has(name.toLowerCase()) ? `${name}_` : name;
}

/** The snake_case words of a noun: "feature flag" → "feature_flag". */
const nounSlug = (kind: Kind) => slug(kind.noun);

/** Where a previous import's name of an object is looked up: its type and the id `pulumi import` takes. */
export const previousKey = (token: string, importId: string) => JSON.stringify([token, importId]);

/**
 * The resources to declare. An object a previous import into the same directory named (`previous`, by `previousKey`)
 * keeps that name, whatever PostHog calls it now: a new name would be a new resource to Pulumi, and the old one's
 * delete would delete the object. Other objects are named after their PostHog name (a project by its name; another
 * object by its project's name, its kind and its own name): sorted by kind and id, the first to want a name gets it
 * and any other gets its id appended.
 */
export function plan(
  found: readonly Found[],
  check: (planned: Planned) => Promise<string[]> = async () => [],
  previous: ReadonlyMap<string, string> = new Map(),
): Promise<Plan> {
  return new Planner(found, check, previous).run();
}

class Planner {
  private readonly notes: string[] = [];
  private readonly byKey = new Map<string, Planned>();
  private readonly taken = new Set<string>();
  private readonly facts = new Map<Planned, { found: Found; facts: ImportFacts<ScopeKind, Record<string, unknown>> }>();

  /** The names kept from the previous import, by object (`key`: an object listed in several projects is one). */
  private readonly kept = new Map<string, string>();

  constructor(
    private readonly found: readonly Found[],
    private readonly check: (planned: Planned) => Promise<string[]>,
    private readonly previous: ReadonlyMap<string, string>,
  ) {}

  /** The name, or the first of `name_<id>`, `name_<id>_2`, … no resource has yet (`dup`, `DUP`, `dup-<DUP's id>`). */
  private unique(name: string, id: unknown): string {
    if (!this.taken.has(name)) return name;
    const withId = `${name}_${slug(String(id)) || "object"}`;
    let unique = withId;
    for (let n = 2; this.taken.has(unique); n++) unique = `${withId}_${n}`;
    return unique;
  }

  async run(): Promise<Plan> {
    const order = new Map<Kind, number>();
    for (const { kind } of this.found) if (!order.has(kind)) order.set(kind, order.size);
    const sorted = [...this.found].sort((a, b) => order.get(a.kind)! - order.get(b.kind)! || compareIds(a.record["id"], b.record["id"]));
    // The previous import's names are taken first: no new name may take one of them.
    for (const item of sorted) {
      const facts = importFacts(item.kind);
      const key = this.key(item.kind.name, item.record["id"]);
      const name = facts && this.previous.get(previousKey(item.kind.token, facts.importId(item.scope, item.record)));
      if (name === undefined || this.taken.has(name) || this.kept.has(key)) continue;
      this.taken.add(name);
      this.kept.set(key, name);
    }
    for (const item of sorted) this.add(item);
    for (const planned of this.facts.keys()) this.reference(planned);
    const resources = [...this.facts.keys()];
    for (const planned of resources) this.notes.push(...(await this.check(planned)));
    return { resources: topological(resources), notes: this.notes };
  }

  private key(resource: string, id: unknown): string {
    return `${resource}:${String(id)}`;
  }

  private add(item: Found): void {
    const facts = importFacts(item.kind);
    if (!facts) return;
    const { kind, record } = item;
    const key = this.key(kind.name, record["id"]);
    // An object listed in more than one project (an organization-wide annotation) is declared once.
    if (this.byKey.has(key)) return;
    const project = kind.scope === "project" ? this.byKey.get(this.key("Project", item.scope)) : undefined;
    const prefix = project ? `${project.name}_${nounSlug(kind)}_` : kind.scope === "project" ? `${nounSlug(kind)}_` : "";
    const name =
      this.kept.get(key) ??
      this.unique(identifier(`${prefix}${slug(facts.label(record))}`.replace(/_+$/, ""), nounSlug(kind)), record["id"]);
    this.taken.add(name);

    const inputs: Array<[string, Value]> = [];
    const dependsOn = new Set<Planned>();
    if (kind.scope === "project") {
      inputs.push(["projectId", project ? new Ref(project, project.kind.identity.output) : Number(item.scope)]);
      if (project) dependsOn.add(project);
    }
    // A nested kind (a role's membership) names its parent: the imported parent object when there is one.
    if (kind.parent) {
      const parentId = record[parentField(kind.parent.input)];
      if (typeof parentId !== "string" && typeof parentId !== "number")
        throw new Error(`${kind.name} ${String(record["id"])}: PostHog's answer names no ${kind.parent.noun}.`);
      const parent = [...this.byKey.values()].find((p) => p.kind.noun === kind.parent?.noun && p.id === String(parentId));
      inputs.push([kind.parent.input, parent ? new Ref(parent, parent.kind.identity.output, parentId) : parentId]);
      if (parent) dependsOn.add(parent);
    }
    const always = new Set(kind.importInputs);
    for (const [field, input] of Object.entries(facts.fields)) {
      const live = record[field];
      if (live === undefined || (live === null && !always.has(input))) continue;
      const value = toValue(facts.inputValue ? facts.inputValue(field, live) : live);
      if (!always.has(input) && Object.hasOwn(facts.defaults, field) && canonicalJson(value) === canonicalJson(facts.defaults[field]))
        continue;
      inputs.push([input, value]);
    }
    // Each secret PostHog answered is read from the stack's configuration: `<name>-payload-<key>` (no resource's name
    // has a `-`, so no key is a resource's, which Pulumi YAML's names share a namespace with).
    const keys = new Set<string>();
    for (const secret of facts.secrets?.(record) ?? []) {
      const entry = inputs.find(([input]) => input === facts.fields[secret.field]);
      if (!entry) continue;
      // A whole field's secret (a webhook's URL) is keyed by the field: `<name>-target-value`.
      const parts = secret.path.length > 0 ? secret.path : [secret.field];
      const base = `${name}-${parts.map((part) => slug(String(part)) || "value").join("-")}`;
      let key = base;
      for (let n = 2; keys.has(key); n++) key = `${base}-${n}`;
      keys.add(key);
      const answered = secret.answeredPartStands ? plain(valueAt(entry[1], secret.path)) : undefined;
      entry[1] = setAt(entry[1], secret.path, new Secret(key, secret.what, name, answered));
    }
    // A singleton is taken over by its create: nothing names it but its project.
    if (!kind.singleton) inputs.push([adoptInputOf(kind), idValue(record["id"])]);
    const planned: Planned = {
      kind,
      name,
      id: String(record["id"]),
      importId: facts.importId(item.scope, record),
      inputs,
      leftOut: [],
      dependsOn,
    };
    this.byKey.set(key, planned);
    this.facts.set(planned, { found: item, facts });
  }

  /** The planned object of a resource, in a scope, whose record's `field` holds `value` (a flag by its key). */
  private findBy(resource: string, field: string, value: unknown, scope: string | number): Planned | undefined {
    for (const [planned, { found }] of this.facts)
      if (planned.kind.name === resource && found.scope === scope && found.record[field] === value) return planned;
    return undefined;
  }

  /** Ids of imported objects in the inputs become references to them, unless that closes a cycle. */
  private reference(planned: Planned): void {
    const { facts, found } = this.facts.get(planned)!;
    for (const reference of facts.references ?? []) {
      const input = facts.fields[reference.field];
      const entry = planned.inputs.find(([name]) => name === input);
      if (!entry) continue;
      for (const { path, id } of reference.ids(plain(entry[1]))) {
        const target = reference.by
          ? this.findBy(reference.resource, reference.by.field, id, found.scope)
          : this.byKey.get(this.key(reference.resource, id));
        if (!target || target === planned || reaches(target, planned)) continue;
        entry[1] = setAt(entry[1], path, new Ref(target, reference.by?.output ?? target.kind.identity.output, id));
        planned.dependsOn.add(target);
      }
    }
  }
}

function compareIds(a: unknown, b: unknown): number {
  return typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b));
}

const idValue = (id: unknown): Value => (typeof id === "number" ? id : String(id));

/** The secrets a value holds. */
export function secretsIn(value: Value): Secret[] {
  if (value instanceof Secret) return [value];
  if (value instanceof Ref || value === null || typeof value !== "object") return [];
  return (Array.isArray(value) ? value : Object.values(value)).flatMap(secretsIn);
}

/** JSON as a Value (a record's values are JSON). */
function toValue(value: unknown): Value {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(toValue);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toValue(v)]));
  if (typeof value === "boolean" || typeof value === "number" || typeof value === "string") return value;
  return String(value);
}

/** A Value with each reference as the id it stands for: what the check and PostHog see. */
export function plain(value: Value): unknown {
  if (value instanceof Ref) return value.stands;
  if (value instanceof Secret) return value.answeredPart ?? SECRET_STANDS;
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

/** The value with what is at `path` replaced (nothing when the path is not in it). */
function setAt(value: Value, path: ReadonlyArray<string | number>, to: Value): Value {
  if (path.length === 0) return to;
  const [head, ...rest] = path;
  if (Array.isArray(value) && typeof head === "number") return value.map((item, i) => (i === head ? setAt(item, rest, to) : item));
  if (isValueObject(value) && typeof head === "string" && Object.hasOwn(value, head))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === head ? setAt(v, rest, to) : v]));
  return value;
}

const isValueObject = (value: Value): value is { [key: string]: Value } =>
  value !== null && typeof value === "object" && !(value instanceof Ref) && !(value instanceof Secret) && !Array.isArray(value);

/** Whether `from` depends on `to`, directly or not. */
function reaches(from: Planned, to: Planned): boolean {
  const seen = new Set<Planned>();
  const visit = (node: Planned): boolean => {
    if (node === to) return true;
    if (seen.has(node)) return false;
    seen.add(node);
    return [...node.dependsOn].some(visit);
  };
  return visit(from);
}

/** Every resource after those it references, otherwise in the order given. */
function topological(resources: readonly Planned[]): Planned[] {
  const done = new Set<Planned>();
  const result: Planned[] = [];
  const visit = (node: Planned) => {
    if (done.has(node)) return;
    done.add(node);
    for (const dependency of node.dependsOn) visit(dependency);
    result.push(node);
  };
  for (const resource of resources) visit(resource);
  return result;
}

/** Whether a Value holds a reference below its top level (TypeScript then wraps it in `pulumi.output`). */
export function hasNestedRef(value: Value): boolean {
  const output = (v: Value) => v instanceof Ref || v instanceof Secret;
  const inside = (v: Value): boolean =>
    output(v) || (Array.isArray(v) ? v.some(inside) : isValueObject(v) ? Object.values(v).some(inside) : false);
  // A list of references at the top (an insight's dashboards) is a list of inputs, which every SDK takes as it is.
  if (Array.isArray(value)) return value.some((item) => !output(item) && inside(item));
  return isValueObject(value) && Object.values(value).some(inside);
}

/** Whether a key would be a Pulumi YAML function (`fn::readFile`, `Fn::Invoke`: pulumi-yaml's ast/expr.go, any case). */
const isYamlFunction = (key: string) => key.toLowerCase().startsWith("fn::");

/** Whether a value holds a key Pulumi YAML would evaluate, at any depth. */
function holdsYamlFunction(value: Value): boolean {
  if (Array.isArray(value)) return value.some(holdsYamlFunction);
  return isValueObject(value) && Object.entries(value).some(([key, item]) => isYamlFunction(key) || holdsYamlFunction(item));
}

/** The paths in `value` that `pattern` (with `*` for any key) names. */
function pathsOf(value: Value, pattern: readonly string[]): string[][] {
  if (pattern.length === 0) return [[]];
  if (!isValueObject(value)) return [];
  const [head, ...rest] = pattern;
  const keys = head === "*" ? Object.keys(value) : Object.hasOwn(value, head!) ? [head!] : [];
  return keys.flatMap((key) => pathsOf(value[key]!, rest).map((path) => [key, ...path]));
}

function valueAt(value: Value, path: ReadonlyArray<string | number>): Value {
  return path.reduce<Value>(
    (at, key) => (Array.isArray(at) && typeof key === "number" ? (at[key] ?? null) : isValueObject(at) ? (at[key] ?? null) : null),
    value,
  );
}

/**
 * What Pulumi YAML would run is not written: a key beginning `fn::` (PostHog's data is any JSON; `{"fn::readFile":
 * "~/.pulumi/credentials.json"}` in a payload would be read on `pulumi up` and sent to PostHog). A value that may be
 * given as JSON text (a flag's payload) is written as its text; another input holding one is not declared (not
 * managed); an object that cannot be declared without it is left out, and the references to it become its id.
 * Returns what was done, for the user.
 */
export function withoutYamlFunctions(resources: Planned[]): string[] {
  const notes: string[] = [];
  const dropped = new Set<Planned>();
  for (const planned of resources) {
    const facts = importFacts(planned.kind)!;
    const required = new Set(["projectId", ...planned.kind.importInputs]);
    for (let i = 0; i < planned.inputs.length; i++) {
      const [input, value] = planned.inputs[i]!;
      if (!holdsYamlFunction(value)) continue;
      const field = Object.keys(facts.fields).find((f) => facts.fields[f] === input);
      let written = value;
      for (const text of (facts.jsonText ?? []).filter((t) => t.field === field))
        for (const path of pathsOf(written, text.path)) {
          const at = valueAt(written, path);
          if (!holdsYamlFunction(at)) continue;
          written = setAt(written, path, JSON.stringify(plain(at)));
          notes.push(
            `${planned.name}: ${[input, ...path].join(".")} holds a key beginning "fn::", which Pulumi YAML would run: written as its JSON text`,
          );
        }
      planned.inputs[i] = [input, written];
      if (!holdsYamlFunction(written)) continue;
      if (required.has(input)) {
        dropped.add(planned);
        notes.push(
          `${planned.name} (${planned.kind.noun} ${planned.id}) is not declared: its ${input} holds a key beginning "fn::", which Pulumi YAML would run`,
        );
        break;
      }
      planned.inputs.splice(i--, 1);
      planned.leftOut.push(input);
      notes.push(`${planned.name}: ${input} is not declared (not managed): it holds a key beginning "fn::", which Pulumi YAML would run`);
    }
  }
  leaveOut(resources, dropped);
  return notes;
}

/** The objects `dropped` taken out of the resources; the references to them become the ids they stand for. */
export function leaveOut(resources: Planned[], dropped: ReadonlySet<Planned>): void {
  if (dropped.size === 0) return;
  const unreferenced = (value: Value): Value =>
    value instanceof Ref
      ? dropped.has(value.to)
        ? value.stands
        : value
      : Array.isArray(value)
        ? value.map(unreferenced)
        : isValueObject(value)
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unreferenced(v)]))
          : value;
  const kept = resources.filter((planned) => !dropped.has(planned));
  for (const planned of kept) {
    for (const entry of planned.inputs) entry[1] = unreferenced(entry[1]);
    for (const target of dropped) planned.dependsOn.delete(target);
  }
  resources.splice(0, resources.length, ...kept);
}
