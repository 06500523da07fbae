/**
 * What `pulumi-posthog import` declares, whatever the language: from the objects read, one resource each with a
 * valid, unique and stable Pulumi name, its inputs (only what differs from PostHog's defaults, nothing PostHog
 * computes), references to the other resources it names (its project, a flag's cohorts, …) and its adoption. It is
 * driven by the declarations (src/kit/registry.ts) and their import facts; it knows no resource and no HTTP.
 */
import type { ImportFacts, ResourceDeclaration, ScopeKind } from "../kit/declaration";
import { canonicalJson, isPlainObject } from "../schema/json";

/** An object read from PostHog, with the scope it was read in. */
export interface Found {
  readonly declaration: ResourceDeclaration;
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

export type Value = null | boolean | number | string | Ref | Value[] | { [key: string]: Value };

export interface Planned {
  readonly declaration: ResourceDeclaration;
  /** The Pulumi resource name (also its variable in Python and YAML). */
  readonly name: string;
  /** PostHog's id, and the id `pulumi import` takes. */
  readonly id: string;
  readonly importId: string;
  /** Inputs in declaration order: scope, fields (PostHog's order), adoption last. */
  readonly inputs: Array<[string, Value]>;
  readonly dependsOn: Set<Planned>;
}

export interface Plan {
  readonly resources: Planned[];
  /** What was read but not declared, and why (a value PostHog answers that its own rules refuse, …). */
  readonly notes: string[];
}

/** The facts of a declaration that can be imported. */
export function importFacts(declaration: ResourceDeclaration): ImportFacts<ScopeKind, Record<string, unknown>> | undefined {
  return declaration.importer as ImportFacts<ScopeKind, Record<string, unknown>> | undefined;
}

/** Words no identifier of TypeScript or Python may be (a project named "class"). */
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for function if " +
    "import in instanceof new null return super switch this throw true try typeof var void while with yield let static " +
    "implements interface package private protected public await and as assert async def del elif except from global is " +
    "lambda nonlocal not or pass raise None True False pulumi posthog config"
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
  return RESERVED.has(name) ? `${name}_` : name;
}

/** The snake_case words of a noun: "feature flag" → "feature_flag". */
const nounSlug = (declaration: ResourceDeclaration) => slug(declaration.noun);

/**
 * The resources to declare. Objects are named after their PostHog name (a project by its name; another object by its
 * project's name, its kind and its own name): sorted by kind and id, the first to want a name gets it and any other
 * gets its id appended, so that a name stays the same from one import to the next.
 */
export function plan(found: readonly Found[], check: (planned: Planned) => Promise<string[]> = async () => []): Promise<Plan> {
  return new Planner(found, check).run();
}

class Planner {
  private readonly notes: string[] = [];
  private readonly byKey = new Map<string, Planned>();
  private readonly taken = new Set<string>();
  private readonly facts = new Map<Planned, { found: Found; facts: ImportFacts<ScopeKind, Record<string, unknown>> }>();

  constructor(
    private readonly found: readonly Found[],
    private readonly check: (planned: Planned) => Promise<string[]>,
  ) {}

  async run(): Promise<Plan> {
    const order = new Map<ResourceDeclaration, number>();
    for (const { declaration } of this.found) if (!order.has(declaration)) order.set(declaration, order.size);
    const sorted = [...this.found].sort(
      (a, b) => order.get(a.declaration)! - order.get(b.declaration)! || compareIds(a.record["id"], b.record["id"]),
    );
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
    const facts = importFacts(item.declaration);
    if (!facts || facts.skip?.(item.record)) return;
    const { declaration, record } = item;
    const key = this.key(declaration.name, record["id"]);
    // An object listed in more than one project (an organization-wide annotation) is declared once.
    if (this.byKey.has(key)) return;
    const project = declaration.scope === "project" ? this.byKey.get(this.key("Project", item.scope)) : undefined;
    const prefix = project
      ? `${project.name}_${nounSlug(declaration)}_`
      : declaration.scope === "project"
        ? `${nounSlug(declaration)}_`
        : "";
    let name = identifier(`${prefix}${slug(facts.label(record))}`.replace(/_+$/, ""), nounSlug(declaration));
    if (this.taken.has(name)) name = `${name}_${slug(String(record["id"]))}`;
    this.taken.add(name);

    const inputs: Array<[string, Value]> = [];
    const dependsOn = new Set<Planned>();
    if (declaration.scope === "project") {
      inputs.push(["projectId", project ? new Ref(project, project.declaration.identity.output) : Number(item.scope)]);
      if (project) dependsOn.add(project);
    }
    const always = new Set(declaration.importInputs);
    for (const [field, input] of Object.entries(facts.fields)) {
      const live = record[field];
      if (live === undefined || (live === null && !always.has(input))) continue;
      const value = toValue(facts.inputValue ? facts.inputValue(field, live) : live);
      if (!always.has(input) && Object.hasOwn(facts.defaults, field) && canonicalJson(value) === canonicalJson(facts.defaults[field]))
        continue;
      inputs.push([input, value]);
    }
    inputs.push([facts.adoptInput, idValue(record["id"])]);
    const planned: Planned = {
      declaration,
      name,
      id: String(record["id"]),
      importId: facts.importId(item.scope, record),
      inputs,
      dependsOn,
    };
    this.byKey.set(key, planned);
    this.facts.set(planned, { found: item, facts });
  }

  /** The planned object of a resource, in a scope, whose record's `field` holds `value` (a flag by its key). */
  private findBy(resource: string, field: string, value: unknown, scope: string | number): Planned | undefined {
    for (const [planned, { found }] of this.facts)
      if (planned.declaration.name === resource && found.scope === scope && found.record[field] === value) return planned;
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
        entry[1] = setAt(entry[1], path, new Ref(target, reference.by?.output ?? target.declaration.identity.output, id));
        planned.dependsOn.add(target);
      }
    }
  }
}

function compareIds(a: unknown, b: unknown): number {
  return typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b));
}

const idValue = (id: unknown): Value => (typeof id === "number" ? id : String(id));

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
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

function setAt(value: Value, path: ReadonlyArray<string | number>, ref: Ref): Value {
  if (path.length === 0) return ref;
  const [head, ...rest] = path;
  if (Array.isArray(value) && typeof head === "number") return value.map((item, i) => (i === head ? setAt(item, rest, ref) : item));
  if (value !== null && typeof value === "object" && !(value instanceof Ref) && !Array.isArray(value) && typeof head === "string")
    return { ...value, [head]: setAt(value[head] ?? null, rest, ref) };
  return value;
}

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
  const inside = (v: Value): boolean =>
    v instanceof Ref || (Array.isArray(v) ? v.some(inside) : v !== null && typeof v === "object" ? Object.values(v).some(inside) : false);
  if (value instanceof Ref) return false;
  if (Array.isArray(value)) return value.some((item) => !(item instanceof Ref) && inside(item));
  return value !== null && typeof value === "object" && Object.values(value).some(inside);
}
