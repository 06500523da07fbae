/**
 * The kit: what a PostHog kind states once, its `Kind`, and what every kind derives from it generically (its ids, its
 * scope, how it is deleted, its token in the plugin and its place in the package schema). Each kind's `Kind` is in its
 * folder (src/kinds/<kind>/kind.ts) and the registry (src/kinds/index.ts) lists them; the plugin dispatches by a
 * kind's token, never by naming one.
 */
import type { FlagWrites } from "./flag-turns";
import { article, pluralNoun, upperFirst } from "./names";
import type * as pulumi from "@pulumi/pulumi";
import { isOrganizationId, ORGANIZATION_ID_RULE, type Page, PostHogError, type Transport } from "../client";
import { isUnknown } from "./unknown";
import { isPlainObject, own } from "./json";
import type { KindExample } from "./example";
import type { PropertySpec } from "./property";
import type { ProgramModel } from "./program";
import { requireOrganization, requireProject, type ProviderConfig } from "./config";

/**
 * Where a resource lives in PostHog: in an organization (`/api/organizations/<organizationId>/…`, as projects, roles,
 * members, invites and proxy records are) or in a project (`/api/projects/<projectId>/…`, as feature flags, cohorts,
 * actions and annotations are). An organization-scoped resource takes `organizationId`, else `posthog:organizationId`
 * or POSTHOG_ORGANIZATION_ID; a project-scoped one takes `projectId`, a number or a Project's output, else
 * `posthog:projectId` or POSTHOG_PROJECT_ID, as PostHog's Terraform provider does.
 */
export type ScopeKind = "organization" | "project";

/** The resolved scope: the organization's id (UUID, `@current` or slug) or the project's number. */
export type ScopeOf<S extends ScopeKind> = S extends "organization" ? string : number;

/**
 * The object of the same scope a nested kind's objects live under, as PostHog routes them (a role's memberships:
 * `/api/organizations/<id>/roles/<role_id>/role_memberships/`, ee/api/rbac/role.py): the input naming it (`roleId`),
 * what a message calls it, and its key.
 */
export interface Parent {
  readonly input: string;
  readonly noun: string;
  readonly key?: KeyKind;
}

/**
 * How PostHog keys a kind's objects in its paths: an integer (the default), a UUID (surveys, hog functions, alerts),
 * the short id of the models whose viewset's `lookup_field` is `short_id` (session recording playlists,
 * posthog/session_recordings/session_recording_playlist_api.py; notebooks, posthog/api/notebook.py), or a text key the
 * kind composes from what PostHog keys an object by where it answers no id of its own (an access control entry: its
 * resource and target, src/kinds/access-control/key.ts). A text key holds no `/`.
 */
export type KeyKind = "integer" | "uuid" | "short_id" | "text";

/** What the kit says and checks of a key: its pattern in an id, its value, its types, what a message calls it. */
export interface KeyFacts {
  readonly pattern: string;
  readonly value: (text: string) => ObjectId;
  readonly is: (value: unknown) => boolean;
  /** The plugin schema's type, and TypeScript's. */
  readonly schemaType: "integer" | "string";
  readonly tsType: "number" | "string";
  /** "the numeric id", "the UUID", "the short id", "the key". */
  readonly name: string;
  /** The id forms' placeholder: `<id>`, `<uuid>`, `<shortId>`, `<key>`. */
  readonly placeholder: string;
}

const UUID_PART = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";
const UUID = new RegExp(`^${UUID_PART}$`);
/** `short_id = CharField(max_length=12)`, made by `generate_short_id` (posthog/utils.py): letters and digits. */
const SHORT_ID_PART = "[0-9A-Za-z]{1,12}";
const SHORT_ID = new RegExp(`^${SHORT_ID_PART}$`);

const KEYS: Readonly<Record<KeyKind, KeyFacts>> = {
  integer: {
    pattern: "\\d+",
    value: Number,
    is: (value) => Number.isSafeInteger(Number(value)) && Number(value) > 0,
    schemaType: "integer",
    tsType: "number",
    name: "the numeric id",
    placeholder: "id",
  },
  uuid: {
    pattern: UUID_PART,
    value: (text) => text.toLowerCase(),
    is: (value) => typeof value === "string" && UUID.test(value),
    schemaType: "string",
    tsType: "string",
    name: "the UUID",
    placeholder: "uuid",
  },
  short_id: {
    pattern: SHORT_ID_PART,
    value: (text) => text,
    is: (value) => typeof value === "string" && SHORT_ID.test(value),
    schemaType: "string",
    tsType: "string",
    name: "the short id",
    placeholder: "shortId",
  },
  text: {
    pattern: "[^/]+",
    value: (text) => text,
    is: (value) => typeof value === "string" && /^[^/]+$/.test(value),
    schemaType: "string",
    tsType: "string",
    name: "the key",
    placeholder: "key",
  },
};

/** The facts of a key (an integer when none is named). */
export function keyFacts(key: KeyKind | undefined): KeyFacts {
  return KEYS[key ?? "integer"];
}

/** Where an object of a nested kind lives: its scope and its parent's id. */
export interface Nested<S extends ScopeKind> {
  readonly scope: ScopeOf<S>;
  readonly parent: ObjectId;
}

/** Where a kind's objects are, as its calls take it: the scope, or for a nested kind the scope and the parent. */
export type WhereOf<S extends ScopeKind> = ScopeOf<S> | Nested<S>;

/** A kind's place in PostHog, the facts the kit reads for its scope input, ids, paths and lookups. */
export interface Placement {
  readonly scope: ScopeKind;
  readonly parent?: Parent;
  /** Its own key: an integer (the default), a UUID, a short id or a text key (`KeyKind`). */
  readonly key?: KeyKind;
  /**
   * One per project, made by PostHog itself (`SINGLETON`): its id is its project's, never adopted by an input, never
   * created nor deleted.
   */
  readonly singleton?: true | undefined;
}

/**
 * A kind PostHog keeps one of per project (a team's settings: a model whose primary key is its team, made by
 * PostHog's first read of it with `get_or_create`): its create takes the project's over (a read, then a PATCH of the
 * declared fields that differ), its delete leaves it as it is (`release`: a program that stops managing a setting
 * does not reset it), and its id is its project's id (`<projectId>`), the only one it has.
 */
export const SINGLETON = "one per project: PostHog makes it, a create takes it over, a delete leaves it as it is";

/**
 * How PostHog deletes it: `DELETE`, or `PATCH {"deleted": true}` for the models it only marks deleted (feature flags,
 * cohorts, actions, annotations, dashboards, insights: ForbidDestroyModel answers DELETE with 405); or "release" for
 * what a program manages but does not own (a member's level: the person stays in the organization), which deleting
 * the resource only stops managing unless its lifecycle is told otherwise.
 */
export type Deletion = "delete" | "soft-delete" | "release";

/** A PostHog object's primary key: an integer, or a UUID for surveys, hog functions and alerts. */
export type ObjectId = number | string;

/**
 * The calls a resource's endpoints answer, in the client's terms (src/client knows the paths); `W` is where its
 * objects are (its scope, or for a nested kind its scope and parent).
 */
export interface ResourceApi<S extends ScopeKind, R, W extends WhereOf<S> = ScopeOf<S>> {
  get(http: Transport, where: W, id: ObjectId): Promise<R>;
  update(http: Transport, where: W, id: ObjectId, body: Record<string, unknown>): Promise<R>;
  /** `DELETE` (used when `deletion` is "delete"). */
  remove(http: Transport, where: W, id: ObjectId): Promise<unknown>;
}

/**
 * A resource's id as the engine, `get` and `pulumi import` give it: the scope (when written), the parent of a nested
 * kind (when written), and the object's own key.
 */
export interface ParsedId<S extends ScopeKind> {
  scope: ScopeOf<S> | undefined;
  parent?: ObjectId | undefined;
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

export interface ObjectLookups<W = number> {
  /**
   * The live objects, all pages; `query` holds the filters PostHog's list takes (none: every object, as the importer
   * lists them when the import facts declare no list of their own).
   */
  readonly list: (http: Transport, where: W, query?: Record<string, string>) => Promise<Listed[]>;
  /** A field unique among live objects that `get<Name>` also takes (`key` of a flag, `name` of an action). */
  readonly uniqueBy?: {
    readonly input: string;
    readonly spec: PropertySpec;
    readonly find: (http: Transport, where: W, value: string) => Promise<Listed | null>;
  };
  readonly filters?: Readonly<Record<string, ListFilter>>;
  /** The result's typed outputs besides the id and the scope's (the rest of the record comes too, untyped). */
  readonly outputs: Readonly<Record<string, LookupOutput>>;
}

/** One page of a list as PostHog answers it: its objects, and how many the whole list holds when it says so. */
export interface ListedPage extends Page<{ readonly id: ObjectId }> {
  readonly count?: number;
}

/**
 * A kind's fact that its list answers every live object of a scope with every field its GET answers (checked against
 * PostHog's serializers and its real backend, per version): the pages of its unfiltered list, each object as PostHog
 * answers it (the kit adds where it was read, as `api.get` does). Served by list-reads.ts.
 */
export type ListReads<W> = (http: Transport, where: W) => AsyncIterable<ListedPage>;

export interface Kind<S extends ScopeKind = ScopeKind, R = unknown, W extends WhereOf<S> = ScopeOf<S>> {
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
  /** The object of the same scope its objects are nested under (then `W` is `Nested<S>`), if any. */
  readonly parent?: Parent;
  /**
   * The output holding the id (`projectId`), and whether PostHog's key is an integer (the default) or a UUID (surveys,
   * hog functions, alerts). The id forms `get` and `pulumi import` take follow from it and the scope (`idForms`).
   */
  readonly identity: { readonly output: string; readonly key?: KeyKind };
  /** One per project (`SINGLETON`): its id is its project's, and it has no adopt input. */
  readonly singleton?: true;
  /**
   * The input naming an existing object that a create takes over (GET, then a PATCH of what differs; no POST):
   * `adoptId` (`ADOPT_INPUT`) unless the kind names it otherwise (Project: `adoptProjectId`).
   */
  readonly adoptInput?: string;
  readonly deletion: Deletion;
  /**
   * The inputs `pulumi import` declares, from what was read (the code Pulumi prints then manages only these):
   * `name` for a project, `projectId`, `key` and `name` for a feature flag.
   */
  readonly importInputs: readonly string[];
  readonly api: ResourceApi<S, R, W>;
  /**
   * The pages of its list, when the list answers every live object with every field `api.get` answers (in each
   * PostHog version, or lacking only fields a read then reads by GET): reads of it that arrive together are served
   * from one pass over them (src/kit/list-reads.ts). Kinds whose list answers a basic form (dashboards, hog functions,
   * projects) declare none and keep one GET each.
   */
  readonly listReads?: ListReads<W>;
  /** Whether its updates write a flag, its own or other objects' (./flag-turns): they then take turns. */
  readonly flagWrites?: FlagWrites;
  /** The plugin schema's resource: inputs, outputs and the outputs always present. */
  readonly schema: () => {
    description: string;
    inputs: Record<string, PropertySpec>;
    outputs: Record<string, PropertySpec>;
    required: string[];
  };
  /**
   * A resource's lookups, `get<Name>` and `list<Plural>` (with their Output forms in TypeScript and as the plugin's
   * invokes): src/functions/objects.ts runs them from these facts, src/generate/lookups.ts types them
   * (src/functions/<kind>.ts) and the plugin's schema describes them. Project's own lookups (src/functions/projects.ts)
   * are written out: they carry its tokens.
   */
  readonly lookups?: ObjectLookups<W>;
  /**
   * Where secret values sit among the inputs (`["inputs", "token"]` for a hog function's secret input): the plugin
   * returns them from check as secrets, so that the engine stores them encrypted however the program gave them. The
   * same paths in a lookup's result (its record camelCased, as the inputs are named) are where PostHog answers a
   * secret: the lookups return the properties holding them as secrets (src/functions/objects.ts).
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
  /** The field table's model its program class and types are generated from (src/generate/types.ts). */
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
  secrets?(record: R): ReadonlyArray<{
    readonly field: string;
    readonly path: ReadonlyArray<string | number>;
    readonly what: string;
    /**
     * PostHog answers a part of the secret of the same form (a webhook URL's scheme and host, a key's last four
     * characters): the importer's check of the inputs sees that part in its place, which the kind's rules take as
     * they take the whole.
     */
    readonly answeredPartStands?: true;
  }>;
  /**
   * Where a field's value may be written as its JSON text, which the provider reads as the value (a flag's payloads):
   * `*` stands for any key. A language that would evaluate the value (Pulumi YAML's `fn::` keys) gets the text.
   */
  readonly jsonText?: ReadonlyArray<{ readonly field: string; readonly path: readonly string[] }>;
  /** The id `pulumi import` takes for it (`<organizationId>/<projectId>`, `<projectId>/<id>`). */
  importId(scope: ScopeOf<S>, record: R): string;
}

/**
 * The input naming an existing object that a create takes over, for every kind that names it no other way.
 * Dynamic resources cannot use `pulumi import` (pulumi/pulumi#16175); `pulumi-posthog import` writes it for every
 * object it finds.
 */
export const ADOPT_INPUT = "adoptId";

/** A kind's adopt input: its own name for it, else `adoptId`. */
export function adoptInputOf(kind: { readonly adoptInput?: string | undefined }): string {
  return kind.adoptInput ?? ADOPT_INPUT;
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
  // A nested kind's objects are listed parent by parent: its import facts say how.
  if (kind.parent)
    throw new Error(`${kind.name} is nested in ${article(kind.parent.noun)} ${kind.parent.noun}: declare its import facts' list.`);
  // `lookups.list` itself is the key, so a kind asking for the same list shares it.
  const list = lookups.list as (http: Transport, scope: string | number) => Promise<Listed[]>;
  return async (_http, scope, read) => (await read(list)).map((record) => ({ ...record, ...placeFields(placementOf(kind), scope) }));
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

const keyPattern = (key: KeyKind | undefined) => keyFacts(key).pattern;
const keyValue = (key: KeyKind | undefined, text: string): ObjectId => keyFacts(key).value(text);

/** What the kit's helpers read of a kind: where it lives and what it is called, not its calls. */
export interface KindFacts<S extends ScopeKind = ScopeKind> {
  readonly scope: S;
  readonly parent?: Parent | undefined;
  readonly noun: string;
  readonly identity: { readonly output: string; readonly key?: KeyKind };
  readonly singleton?: true | undefined;
}

/** A kind's placement facts (what `tableInputs`, `idForms` and the importer read), from its kind. */
export function placementOf(kind: KindFacts): Placement {
  return {
    scope: kind.scope,
    ...(kind.parent && { parent: kind.parent }),
    ...(kind.identity.key && { key: kind.identity.key }),
    ...(kind.singleton && { singleton: true as const }),
  };
}

/**
 * The id forms `get` and `pulumi import` take: `<scope>/[<parent>/]<id>`, as PostHog's Terraform provider writes
 * `<organizationId>/<projectId>`, or without the scope in the configured one: `<projectId>/<id>` or the numeric id
 * (in the configured project) for a project's flag; `<organizationId>/<roleId>/<id>` or `<roleId>/<id>` for a role's
 * membership.
 */
export function idForms(placement: Placement): readonly [string, ...string[]] {
  // A singleton's id is its project's: nothing else names it.
  if (placement.singleton) return [`<${scopeInputOf(placement.scope)}>`];
  const { placeholder: key, name } = keyFacts(placement.key);
  const parent = placement.parent ? `<${placement.parent.input}>/` : "";
  const scopeless = placement.parent ? `${parent}<${key}>` : name;
  return [`<${scopeInputOf(placement.scope)}>/${parent}<${key}>`, `${scopeless} (in the configured ${placement.scope})`];
}

/**
 * An id in one of its forms (`idForms`), or the bare key the engine holds once the object is created (the state then
 * holds where it is): the scope and the parent when written, and the object's own key.
 */
export function parseId<S extends ScopeKind>(kind: KindFacts<S>, id: string): ParsedId<S> {
  // A singleton's id is its project's alone: the scope and the key at once.
  if (kind.singleton) {
    if (!/^\d+$/.test(id)) throw new Error(`"${id}" is not a PostHog ${kind.noun} id: use ${idForms(placementOf(kind)).join(", or ")}.`);
    return { scope: Number(id) as ScopeOf<S>, id: Number(id) };
  }
  const { parent } = kind;
  const parts = id.split("/");
  // Written from the right: the key, then the parent of a nested kind, then the scope.
  const key = parts.pop() ?? "";
  const parentText = parent && parts.length > 0 ? parts.pop() : undefined;
  const scopeText = parts.pop();
  const scopeOk = scopeText === undefined || (kind.scope === "organization" ? /^[^/]+$/.test(scopeText) : /^\d+$/.test(scopeText));
  const ok = (pattern: string, text: string | undefined) => text === undefined || new RegExp(`^${pattern}$`).test(text);
  if (parts.length > 0 || !scopeOk || !ok(keyPattern(kind.identity.key), key) || !ok(keyPattern(parent?.key), parentText)) {
    const forms = idForms(placementOf(kind)).join(", or ");
    throw new Error(`"${id}" is not a PostHog ${kind.noun} id: use ${forms}.`);
  }
  const scope = scopeText === undefined ? undefined : kind.scope === "organization" ? scopeText : Number(scopeText);
  return {
    scope: scope as ScopeOf<S> | undefined,
    ...(parentText !== undefined && { parent: keyValue(parent?.key, parentText) }),
    id: keyValue(kind.identity.key, key),
  };
}

/** The scope to work in: the resource's own, else the configured one, else an error saying what to set. */
export function resolveScope<S extends ScopeKind>(
  kind: Pick<KindFacts<S>, "scope">,
  config: ProviderConfig,
  explicit: ScopeOf<S> | string | null | undefined,
): ScopeOf<S> {
  if (kind.scope === "organization") return requireOrganization(config, explicit as string | null | undefined) as ScopeOf<S>;
  return requireProject(config, explicit as number | string | null | undefined) as ScopeOf<S>;
}

/**
 * Where to work: the scope (the id's, else the values', else the configured one) and, for a nested kind, its parent
 * (the id's, else the values'), which nothing configures: an error says which input to give.
 */
export function resolveWhere<S extends ScopeKind, W extends WhereOf<S>>(
  kind: KindFacts<S>,
  config: ProviderConfig,
  values: Record<string, unknown>,
  parsed?: ParsedId<S>,
): W {
  const scope = resolveScope(kind, config, parsed?.scope ?? (values[scopeInput(kind)] as ScopeOf<S> | undefined));
  const { parent } = kind;
  if (!parent) return scope as W;
  const given = parsed?.parent ?? values[parent.input];
  if (typeof given === "number" || (typeof given === "string" && given.trim() !== "")) {
    return { scope, parent: keyValue(parent.key, String(given).trim()) } as W;
  }
  throw new Error(`No PostHog ${parent.noun} is named: pass ${parent.input} (the ${pluralNoun(kind.noun)}' ${parent.noun}).`);
}

/**
 * Deletes as the kind says, answering what a soft delete answered (the object as PostHog marked it), else undefined.
 * Gone already counts as deleted only when `confirmGone` agrees (PostHog answers 404 alike for what is gone and for
 * what the key cannot see); `alreadyGoing` recognises PostHog's "already being deleted".
 */
export async function deleteDeclared<S extends ScopeKind, W extends WhereOf<S>, R = unknown>(
  kind: Kind<S, R, W>,
  http: Transport,
  where: W,
  id: ObjectId,
  hooks: { confirmGone?: () => Promise<void>; alreadyGoing?: (error: PostHogError) => boolean } = {},
): Promise<R | undefined> {
  if (kind.deletion === "release") return undefined;
  try {
    if (kind.deletion === "soft-delete") {
      // PostHog answers a soft delete with the object: one it answers as not deleted was not deleted, whatever the 200.
      const answer = await kind.api.update(http, where, id, { deleted: true });
      if (isPlainObject(answer) && own(answer, "deleted") === false)
        throw new Error(
          `PostHog answered the delete of ${kind.noun} ${id} with it not deleted: it is still live. Delete it in PostHog, or run the delete again.`,
        );
      return answer;
    }
    await kind.api.remove(http, where, id);
  } catch (error) {
    if (!(error instanceof PostHogError)) throw error;
    if (hooks.alreadyGoing?.(error)) return undefined;
    if (!error.isNotFound) throw error;
    await hooks.confirmGone?.();
  }
  return undefined;
}

/** The input (and output) naming a resource's scope: `organizationId`, or `projectId` for a project-scoped resource. */
export function scopeInput(kind: Pick<KindFacts, "scope">): "organizationId" | "projectId" {
  return scopeInputOf(kind.scope);
}

export function scopeInputOf(scope: ScopeKind): "organizationId" | "projectId" {
  return scope === "organization" ? "organizationId" : "projectId";
}

/** The inputs naming where an object is: its scope's, and its parent's for a nested kind. */
export function placeInputs(kind: Pick<KindFacts, "scope" | "parent">): string[] {
  return [scopeInput(kind), ...(kind.parent ? [kind.parent.input] : [])];
}

/** How messages begin with a resource's noun: "Project", "Feature flag". */
export function title(kind: Pick<KindFacts, "noun">): string {
  return upperFirst(kind.noun);
}

/** A kind's plural: `FeatureFlags`. */
export function pluralOf(kind: Pick<Kind, "name" | "plural">): string {
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
    list: `Every ${kind.noun} of the ${kind.parent?.noun ?? kind.scope} that is not deleted.`,
  };
}

/**
 * The schema inputs naming where an object is, each replacing the object when it changes (PostHog moves nothing
 * between projects, organizations or parents): `projectId` (a number or a Project's output; defaults to
 * `posthog:projectId`), `organizationId` (defaults to `posthog:organizationId`), a nested kind's parent (`roleId`).
 */
export function placeInputSpecs(placement: Placement, noun: string): Record<string, PropertySpec> {
  const inputs: Record<string, PropertySpec> = {};
  if (placement.scope === "organization")
    inputs["organizationId"] = {
      type: "string",
      willReplaceOnChanges: true,
      description: `The organization the ${noun} belongs to (${ORGANIZATION_ID_RULE}); defaults to posthog:organizationId or POSTHOG_ORGANIZATION_ID. Changing it replaces the ${noun}.`,
    };
  else
    inputs["projectId"] = {
      type: "integer",
      willReplaceOnChanges: true,
      description: `The project the ${noun} belongs to (a number, or a Project's projectId); defaults to posthog:projectId or POSTHOG_PROJECT_ID. Changing it replaces the ${noun}.`,
    };
  const { parent } = placement;
  if (parent)
    inputs[parent.input] = {
      type: keyFacts(parent.key).schemaType,
      willReplaceOnChanges: true,
      description: `The ${parent.noun} the ${noun} belongs to (${keyFacts(parent.key).name.replace(/^the /, "its ")}). Changing it replaces the ${noun}.`,
    };
  return inputs;
}

/** Whether a value is a key of this kind: a positive integer (or its text), a UUID, a short id. */
function isKey(key: KeyKind | undefined, value: unknown): boolean {
  return keyFacts(key).is(value);
}

/** The declared place inputs PostHog could never route (values not known yet are left for later). */
export function placeFailures(placement: Placement, inputs: Record<string, unknown>): Array<{ property: string; reason: string }> {
  const failures: Array<{ property: string; reason: string }> = [];
  const check = (property: string, ok: (value: unknown) => boolean, reason: string) => {
    const value = inputs[property];
    if (value !== undefined && value !== null && !isUnknown(value) && !ok(value))
      failures.push({ property, reason: `${property} ${reason}` });
  };
  if (placement.scope === "organization") check("organizationId", isOrganizationId, ORGANIZATION_ID_RULE);
  else check("projectId", (v) => isKey("integer", v), "must be the numeric id of a project (a number, or a Project's projectId)");
  const { parent } = placement;
  if (parent)
    check(parent.input, (v) => isKey(parent.key, v), `must be ${keyFacts(parent.key).name} of ${article(parent.noun)} ${parent.noun}`);
  return failures;
}

function splitWhere(where: unknown): { scope: unknown; parent: unknown } {
  return typeof where === "object" && where !== null ? (where as { scope: unknown; parent: unknown }) : { scope: where, parent: undefined };
}

/** Where an object is, for messages: "project 7", "organization @current", "role 3 of organization @current". */
export function describeWhere(kind: Pick<KindFacts, "scope" | "parent">, where: unknown): string {
  const { scope, parent } = splitWhere(where);
  const top = `${kind.scope} ${String(scope)}`;
  return kind.parent ? `${kind.parent.noun} ${String(parent)} of ${top}` : top;
}

/** Where an object is, as the outputs name it: `{ projectId: 7 }`, `{ organizationId: "…", roleId: 3 }`. */
export function whereOutputs(kind: Pick<KindFacts, "scope" | "parent">, where: unknown): Record<string, unknown> {
  const { scope, parent } = splitWhere(where);
  return { [scopeInput(kind)]: scope, ...(kind.parent && { [kind.parent.input]: parent }) };
}

/**
 * Where a record was read, as the fields the kit adds to it (PostHog's answer does not name it; the state needs it):
 * `project_id` or `organization_id`, and for a nested kind its parent's id under the parent input's snake_case name
 * (`roleId`: `role_id`).
 */
export function placeFields(placement: Placement, where: unknown): Record<string, unknown> {
  const { scope, parent } = placement.parent ? splitWhere(where) : { scope: where, parent: undefined };
  return {
    [placement.scope === "organization" ? "organization_id" : "project_id"]: scope,
    ...(placement.parent && { [parentField(placement.parent.input)]: parent }),
  };
}

/** The field a record carries its parent's id in: `roleId` → `role_id`. */
export const parentField = (input: string) => input.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The id `pulumi import` takes for a record read in a scope: `<scope>/[<parent>/]<id>`, the first of `idForms`. */
export function importIdOf(placement: Placement): (scope: string | number, record: { id: ObjectId }) => string {
  if (placement.singleton) return (scope) => String(scope);
  return (scope, record) => {
    const parent = placement.parent ? `${String((record as Record<string, unknown>)[parentField(placement.parent.input)])}/` : "";
    return `${scope}/${parent}${record.id}`;
  };
}
