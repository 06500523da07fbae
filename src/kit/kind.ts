/**
 * The kit: what a PostHog kind states once, its `Kind`, and what every kind derives from it generically (its ids, its
 * scope, how it is deleted, its token in the plugin and its place in the package schema). Each kind's `Kind` is in its
 * folder (src/kinds/<kind>/kind.ts) and the registry (src/kinds/index.ts) lists them; the plugin dispatches by a
 * kind's token, never by naming one.
 */
import type * as pulumi from "@pulumi/pulumi";
import { PostHogError, type Transport } from "../client";
import type { KindExample } from "./example";
import type { PropertySpec } from "./property";
import type { ProgramModel } from "./program";
import { requireOrganization, requireProject, type ProviderConfig } from "./config";

/**
 * Where a resource lives in PostHog: in an organization (`/api/organizations/<organizationId>/…`, as projects are) or
 * in a project (`/api/projects/<projectId>/…`, as feature flags, cohorts, actions and annotations are). A
 * project-scoped resource takes `projectId`, a number or a Project's output, else `posthog:projectId` or
 * POSTHOG_PROJECT_ID, as PostHog's Terraform provider does.
 */
export type ScopeKind = "organization" | "project";

/** The resolved scope: the organization's id (UUID, `@current` or slug) or the project's number. */
export type ScopeOf<S extends ScopeKind> = S extends "organization" ? string : number;

/**
 * How PostHog deletes it: `DELETE`, or `PATCH {"deleted": true}` for the models it only marks deleted (feature flags,
 * cohorts, actions, annotations, dashboards, insights: ForbidDestroyModel answers DELETE with 405).
 */
export type Deletion = "delete" | "soft-delete";

/** A PostHog object's primary key: an integer, or a UUID for surveys, hog functions and alerts. */
export type ObjectId = number | string;

/** The calls a resource's endpoints answer, in the client's terms (src/client knows the paths). */
export interface ResourceApi<S extends ScopeKind, R> {
  get(http: Transport, scope: ScopeOf<S>, id: ObjectId): Promise<R>;
  update(http: Transport, scope: ScopeOf<S>, id: ObjectId, body: Record<string, unknown>): Promise<R>;
  /** `DELETE` (used when `deletion` is "delete"). */
  remove(http: Transport, scope: ScopeOf<S>, id: ObjectId): Promise<unknown>;
}

/** A resource's id as the engine, `get` and `pulumi import` give it: the scope (when written) and the numeric id. */
export interface ParsedId<S extends ScopeKind> {
  scope: ScopeOf<S> | undefined;
  id: ObjectId;
}

/** A filter of a list lookup: PostHog's query parameter, or matched in the answers where PostHog's list has none. */
export interface ListFilter {
  readonly spec: PropertySpec;
  /**
   * The few values PostHog takes, when it names them: TypeScript's argument is their union, and the description says
   * them when the spec has none (`filterSpec`).
   */
  readonly values?: readonly string[];
  /** The query parameter and the value as PostHog's list reads it. */
  readonly query?: (value: unknown) => [param: string, value: string];
  readonly match?: (record: Record<string, unknown>, value: unknown) => boolean;
}

/** What `get<Name>` and `list<Plural>` need besides the kind's identity and `api.get`. */
/** A record as a list answers it (lookups camelCase it whole). */
type Listed = Record<string, unknown>;

/**
 * One typed property of a lookup's result, as the plugin schema types it; `nullable` where PostHog answers null for
 * it, `optional` where only some answers have it (getDashboard's tiles): the TypeScript result type says so.
 */
export interface LookupOutput extends PropertySpec {
  readonly nullable?: true;
  readonly optional?: true;
}

export interface ObjectLookups {
  /**
   * The live objects, all pages; `query` holds the filters PostHog's list takes (none: every object, as the importer
   * lists them when the import facts declare no list of their own).
   */
  readonly list: (http: Transport, projectId: number, query?: Record<string, string>) => Promise<Listed[]>;
  /** A field unique among live objects that `get<Name>` also takes (`key` of a flag, `name` of an action). */
  readonly uniqueBy?: {
    readonly input: string;
    readonly spec: PropertySpec;
    readonly find: (http: Transport, projectId: number, value: string) => Promise<Listed | null>;
  };
  readonly filters?: Readonly<Record<string, ListFilter>>;
  /** The result's typed outputs besides the id and `projectId` (the rest of the record comes too, untyped). */
  readonly outputs: Readonly<Record<string, LookupOutput>>;
  /** The result's properties that hold a secret of this record (a flag's encrypted payloads, in `filters`), if any. */
  readonly secretOutputs?: (result: Listed) => readonly string[];
}

export interface Kind<S extends ScopeKind = ScopeKind, R = unknown> {
  /** The class name in every language: `Project`. */
  readonly name: string;
  /** The plugin's resource token, `posthog:index:Project`. */
  readonly token: string;
  /** The dynamic resource's type, `pulumi-nodejs:dynamic/posthog:Project`. */
  readonly dynamicType: string;
  /** What a message calls one: "project". */
  readonly noun: string;
  /**
   * The plural of its name, when not the name with an `s`: it names `list<Plural>`, the plugin's wrapped list result
   * and the client's namespace of its endpoints (`featureFlags`).
   */
  readonly plural?: string;
  readonly scope: S;
  /**
   * The output holding the id (`projectId`), the id forms `get` and `pulumi import` take, and whether PostHog's key is
   * an integer (the default) or a UUID (surveys, hog functions, alerts).
   */
  readonly identity: { readonly output: string; readonly forms: readonly string[]; readonly key?: "integer" | "uuid" };
  readonly deletion: Deletion;
  /**
   * The inputs `pulumi import` declares, from what was read (the code Pulumi prints then manages only these):
   * `name` for a project, `projectId`, `key` and `name` for a feature flag.
   */
  readonly importInputs: readonly string[];
  readonly api: ResourceApi<S, R>;
  /** The plugin schema's resource: inputs, outputs and the outputs always present. */
  readonly schema: () => {
    description: string;
    inputs: Record<string, PropertySpec>;
    outputs: Record<string, PropertySpec>;
    required: string[];
  };
  /**
   * A project-scoped resource's lookups, `get<Name>` and `list<Plural>` (with their Output forms in TypeScript and as
   * the plugin's invokes): src/functions/objects.ts runs them from these facts, src/generate/lookups.ts types them
   * (src/functions/<kind>.ts) and the plugin's schema describes them. Project's
   * own lookups (src/functions/projects.ts) are written out: they are organization-wide and carry its tokens.
   */
  readonly lookups?: ObjectLookups;
  /**
   * Where secret values sit among the inputs (`["inputs", "token"]` for a hog function's secret input): the plugin
   * returns them from check as secrets, so that the engine stores them encrypted however the program gave them.
   */
  readonly secretInputPaths?: (inputs: Record<string, unknown>) => readonly (readonly string[])[];
  /** Its lifecycle, as Pulumi's dynamic providers and the plugin call it. */
  readonly lifecycle: () => pulumi.dynamic.ResourceProvider;
  /** How `pulumi-posthog import` (src/import) reads its objects and declares them; without it, it is not imported. */
  readonly importer?: ImportFacts<S, R>;
  /** Why `pulumi-posthog import` leaves its objects out, said to the user: what a kind without `importer` states. */
  readonly notImported?: string;
  /** One object as a program declares it: the docs show it in every language, the contract suite creates it. */
  readonly example: KindExample;
  /**
   * The field table's model its program class and types are generated from (src/generate/types.ts). Project has its
   * own table format and generator (src/kinds/project/program-types.ts) and declares none.
   */
  readonly model?: ProgramModel;
}

/**
 * One scope's lists as one import reads them: `read(list)` calls a client list (every page) the first time a kind asks
 * for it in that scope and gives every later ask the same answer, keyed by the list function, so that a kind that
 * needs another's list (the insights, the dashboards') does not read it again.
 */
export type ScopeReads<S extends ScopeKind> = <T>(list: (http: Transport, scope: ScopeOf<S>) => Promise<T>) => Promise<T>;

/**
 * What the organization importer (src/import) needs of a kind besides the rest of its `Kind`: one list call, PostHog's
 * defaults, the ids of other kinds' objects its fields hold, and the names it gives. Everything else (the inputs'
 * names, the adoption, the id forms, the check of what it writes) comes from the rest of the `Kind` and its lifecycle.
 */
export interface ImportFacts<S extends ScopeKind, R> {
  /**
   * Every live object of a scope with its writable fields: one list call, every page (src/client's `listX`, through
   * `read` where another kind reads the same list); and one GET per object only where the list's serializer lacks
   * fields the GET has (PostHog's project and dashboard lists). Without it, the lookups' list is the importer's
   * (`importList`): a kind whose lookups list what it imports states the list once.
   */
  list?(http: Transport, scope: ScopeOf<S>, read: ScopeReads<S>): Promise<readonly R[]>;
  /** The writable fields the program declares: PostHog's name → the input's (camelCase) name. */
  readonly fields: Readonly<Record<string, string>>;
  /** PostHog's own value of a field nobody set (the model's default): a live value equal to it is not declared. */
  readonly defaults: Readonly<Record<string, unknown>>;
  /** The live value as a program writes it (what PostHog adds on read dropped), when that differs from PostHog's. */
  readonly inputValue?: (field: string, value: unknown) => unknown;
  /** The fields holding ids of other resources' objects, declared as references to them when they are imported. */
  readonly references?: readonly ImportReference[];
  /** The object's name in PostHog (a flag's key, an action's name), which its Pulumi name is made from. */
  label(record: R): string;
  /**
   * Why an object read is not declared (a project being deleted, an insight PostHog keeps as a draft), said to the
   * user; undefined for an object to declare.
   */
  skip?(record: R): string | undefined;
  /**
   * Where a field holds secrets PostHog decrypts for a personal API key (a remote configuration flag's encrypted
   * payloads): each path in the field's value, and what the user is told it is. The program never holds them: it
   * reads each from a secret in the stack's configuration.
   */
  secrets?(record: R): ReadonlyArray<{ readonly field: string; readonly path: readonly string[]; readonly what: string }>;
  /**
   * Where a field's value may be written as its JSON text, which the provider reads as the value (a flag's payloads):
   * `*` stands for any key. A language that would evaluate the value (Pulumi YAML's `fn::` keys) gets the text.
   */
  readonly jsonText?: ReadonlyArray<{ readonly field: string; readonly path: readonly string[] }>;
  /** The input that makes a create take the object over (`adoptProjectId`, `adoptId`). */
  readonly adoptInput: string;
  /** The id `pulumi import` takes for it (`<organizationId>/<projectId>`, `<projectId>/<id>`). */
  importId(scope: ScopeOf<S>, record: R): string;
}

/** A list as the importer calls it: a scope's objects as plain records. */
export type ImportList = (
  http: Transport,
  scope: string | number,
  read: ScopeReads<ScopeKind>,
) => Promise<readonly Record<string, unknown>[]>;

/**
 * How the importer lists a kind's objects (undefined: it is not imported): its import facts' own list, else its
 * lookups' list, unfiltered, each record with its project as the kit's API reads them.
 */
export function importList(kind: Kind): ImportList | undefined {
  const facts = kind.importer as ImportFacts<ScopeKind, Record<string, unknown>> | undefined;
  if (!facts) return undefined;
  if (facts.list) return (http, scope, read) => facts.list!(http, scope, read);
  const lookups = kind.lookups;
  if (!lookups) throw new Error(`${kind.name}'s import facts have no list, and it has no lookups to list with: declare one.`);
  // Lookups are project-scoped; `lookups.list` itself is the key, so a kind asking for the same list shares it.
  return async (_http, scope, read) =>
    (await (read as ScopeReads<"project">)(lookups.list)).map((record) => ({ ...record, project_id: scope }));
}

/** Where the ids of another resource's objects sit in a field's value: each id with its path in the value. */
export interface ImportReference {
  /** The field, by PostHog's name: `filters`, `dashboard_item`. */
  readonly field: string;
  /** The kind whose objects they are, by its name: "Cohort", "Dashboard". */
  readonly resource: string;
  /**
   * The field of that resource's objects the value names, in the same project, when it is not their id: an
   * experiment names its flag by `key` (`feature_flag_key`). Then `output` is the output referenced (`key`).
   */
  readonly by?: { readonly field: string; readonly output: string };
  ids(value: unknown): ReadonlyArray<{ readonly path: ReadonlyArray<string | number>; readonly id: number | string }>;
}

/** A field that is itself one id (`dashboard_item`), or a list of them (`analytics_dashboards`). */
export function idField(field: string, resource: string): ImportReference {
  return {
    field,
    resource,
    ids: (value) =>
      Array.isArray(value)
        ? value.flatMap((id, i) => (typeof id === "number" || typeof id === "string" ? [{ path: [i], id }] : []))
        : typeof value === "number" || typeof value === "string"
          ? [{ path: [], id: value }]
          : [],
  };
}

/**
 * An id as `<id>` or `<scope>/<id>`: for Project `<projectId>` or, as in PostHog's Terraform provider,
 * `<organizationId>/<projectId>`; for a project-scoped resource `<projectId>/<id>`.
 */
export function parseId<S extends ScopeKind>(kind: Kind<S>, id: string): ParsedId<S> {
  const scopePart = kind.scope === "organization" ? "[^/]+" : "\\d+";
  const uuid = kind.identity.key === "uuid";
  const keyPart = uuid ? "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}" : "\\d+";
  const match = new RegExp(`^(?:(${scopePart})/)?(${keyPart})$`).exec(id);
  if (!match) {
    const forms = kind.identity.forms.join(", or ");
    throw new Error(`"${id}" is not a PostHog ${kind.noun} id: use ${forms}.`);
  }
  const scope = match[1] === undefined ? undefined : kind.scope === "organization" ? match[1] : Number(match[1]);
  return { scope: scope as ScopeOf<S> | undefined, id: uuid ? match[2]!.toLowerCase() : Number(match[2]) };
}

/** The scope to work in: the resource's own, else the configured one, else an error saying what to set. */
export function resolveScope<S extends ScopeKind>(
  kind: Kind<S>,
  config: ProviderConfig,
  explicit: ScopeOf<S> | string | null | undefined,
): ScopeOf<S> {
  if (kind.scope === "organization") return requireOrganization(config, explicit as string | null | undefined) as ScopeOf<S>;
  return requireProject(config, explicit as number | string | null | undefined) as ScopeOf<S>;
}

/**
 * Deletes as the kind says. Gone already counts as deleted only when `confirmGone` agrees (PostHog answers 404
 * alike for what is gone and for what the key cannot see); `alreadyGoing` recognises PostHog's "already being deleted".
 */
export async function deleteDeclared<S extends ScopeKind>(
  kind: Kind<S>,
  http: Transport,
  scope: ScopeOf<S>,
  id: ObjectId,
  hooks: { confirmGone?: () => Promise<void>; alreadyGoing?: (error: PostHogError) => boolean } = {},
): Promise<void> {
  try {
    if (kind.deletion === "soft-delete") await kind.api.update(http, scope, id, { deleted: true });
    else await kind.api.remove(http, scope, id);
  } catch (error) {
    if (!(error instanceof PostHogError)) throw error;
    if (hooks.alreadyGoing?.(error)) return;
    if (!error.isNotFound) throw error;
    await hooks.confirmGone?.();
  }
}

/** The input (and output) naming a resource's scope: `organizationId`, or `projectId` for a project-scoped resource. */
export function scopeInput(kind: Kind): "organizationId" | "projectId" {
  return kind.scope === "organization" ? "organizationId" : "projectId";
}

/** How messages begin with a resource's noun: "Project", "Feature flag". */
export function title(kind: Kind): string {
  return kind.noun.charAt(0).toUpperCase() + kind.noun.slice(1);
}

/** A kind's plural: `FeatureFlags`. */
export function pluralOf(kind: Kind): string {
  return kind.plural ?? `${kind.name}s`;
}

/** A lookup filter's property as the plugin schema and the TypeScript docs describe it: its values said when it has a few. */
export function filterSpec(filter: ListFilter): PropertySpec {
  if (filter.spec.description !== undefined || !filter.values) return filter.spec;
  const quoted = filter.values.map((value) => JSON.stringify(value));
  return { ...filter.spec, description: `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}.` };
}

/** What `get<Name>` and `list<Plural>` do, said alike by the plugin schema and the TypeScript functions' docs. */
export function lookupDescriptions(kind: Kind): { get: string; list: string } {
  const unique = kind.lookups?.uniqueBy;
  const by = unique ? ` or by exact ${unique.input}` : "";
  return {
    get: `One ${kind.noun} that is not deleted, by ${kind.identity.output}${by}, with every field PostHog returns (camelCased; nested JSON as PostHog's).`,
    list: `Every ${kind.noun} of the project that is not deleted.`,
  };
}
