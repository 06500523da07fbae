/**
 * A kind said once: `defineKind({...})` in its folder's `kind.ts` takes every fact of it (its names from one class
 * name, its noun, scope, identity, deletion, endpoints, field table and the model's own rules, lookups, importer
 * facts, example) and its lifecycle hooks as an object, and builds the rest: its `Kind`, its model (placed where the
 * kind is, once), its plugin schema and its lifecycle class. A create that finds its object again by a field PostHog
 * keeps unique, or that tells its own, is a fact too (`findBy`), not a hand-written create.
 */
import type { FlagWrites } from "./flag-turns";
import type * as pulumi from "@pulumi/pulumi";
import { PostHogError, type Transport } from "../client";
import type { ProviderConfig } from "./config";
import type { KindExample } from "./example";
import { FieldTableLifecycle } from "./field-lifecycle";
import {
  type FieldModel,
  type FieldRecorded,
  type FieldModelSpec,
  type InScope,
  placedModel,
  providerInputsSchema,
  scopedApi,
  scopedImport,
  tableInputs,
  tableOutputs,
} from "./field-model";
import {
  type Deletion,
  type ImportFacts,
  type Kind,
  type KeyKind,
  keyFacts,
  type ListReads,
  type ObjectId,
  type ObjectLookups,
  type Parent,
  type Placement,
  placeFields,
  placeInputs,
  type ScopeKind,
  type ScopeOf,
  type ScopeReads,
  type WhereOf,
} from "./kind";
import type { Json, KindModel, Placed } from "./lifecycle";
import type { Found, Ownership } from "./lost-create";
import type { PropertySpec } from "./property";
import { inputNameOf, tableValuesEqual } from "./field-table";
import { own } from "./json";
import { kindNames } from "./tokens";
import { isUnknown } from "./unknown";

type Call<W, T, K, A extends unknown[] = []> = (http: Transport, where: W, id: K, ...rest: A) => Promise<T>;

/** A kind's HTTP calls as its endpoints.ts writes them: the kit places what they answer where it was read. */
export interface KindEndpoints<W, R, K extends ObjectId> {
  readonly get: Call<W, R, K>;
  readonly update: Call<W, R, K, [body: Record<string, unknown>]>;
  /** `DELETE` (what a kind deleted by DELETE calls; a soft-deleted kind's delete is its update). */
  readonly remove: Call<W, unknown, K>;
  /** The POST of a create, when the kit's create is the kind's (no `obtain` hook). */
  readonly create?: (http: Transport, where: W, body: Record<string, unknown>) => Promise<R>;
}

/**
 * The calls of a kind PostHog keeps one of per project (`SINGLETON`, src/kit/kind.ts), as its endpoints.ts writes
 * them: its read (which makes it, where PostHog makes it on its first read) and its PATCH, each answering it as
 * PostHog does, without an id: the kit gives it its project's.
 */
export interface SingletonEndpoints<R> {
  readonly read: (http: Transport, projectId: number) => Promise<Omit<R, "id">>;
  readonly write: (http: Transport, projectId: number, body: Record<string, unknown>) => Promise<Omit<R, "id">>;
}

/**
 * How a create that is never sent twice blindly finds what it may have made, by a field it sends (a name, a key, an
 * email): the live objects holding the value (`find`), taken only when shown to be this create's own
 * (src/kit/lost-create.ts), and named when PostHog refuses the value as taken (`taken`).
 */
export interface FindBy<W, R extends Found> {
  /** The field of the body sent (PostHog's name): `name`, `key`. */
  readonly field: string;
  /**
   * The live objects holding the value, as the kind's endpoints find them: a list, one, or none; `sent` is the whole
   * body, for an identity of more than one field (a join's table and field name).
   */
  readonly find: (http: Transport, where: W, value: unknown, sent: Json) => Promise<R | null | readonly R[]>;
  /** How messages name the object by the value: `named "web"` unless said otherwise. */
  readonly described?: (value: unknown, sent: Json) => string;
  /** How messages name several found with it, when not as `described`. */
  readonly several?: (value: unknown) => string;
  /** Whether a found object holds what was sent; by default, every field sent compares equal to its own. */
  readonly alike?: (candidate: R) => boolean;
  /**
   * Who made a found object, where PostHog's `created_by` does not say; `sent` is the body, where what says it depends
   * on what was sent (an object PostHog made along with it, or not).
   */
  readonly maker?: (
    candidate: R,
    self: Parameters<NonNullable<Ownership<R>["maker"]>>[1],
    at: { readonly http: Transport; readonly where: W; readonly sent: Json },
  ) => Promise<unknown>;
  /** Whether an error is PostHog's refusal of a second object holding the value. */
  readonly taken?: (error: PostHogError) => boolean;
  /** What else the program can do than take the object over: "choose another name". */
  readonly otherwise?: string;
  /** What an unclear answer means when nothing turned up, where PostHog is known to answer so. */
  readonly none?: (value: unknown) => string;
  /** The holders are looked for before anything is sent (PostHog's create would take one over). */
  readonly lookFirst?: true;
}

/**
 * What a kind's hooks reach of its lifecycle (their `this`): its `Kind`, its connection, and `kit`, the kit's own
 * behaviour of each hook, for a hook that adds to it (a find-by create is the kit's `obtain`, through `findBy`).
 */
export interface KindLifecycle<S extends ScopeKind, R extends { id: ObjectId }, W extends WhereOf<S>> {
  readonly kind: Kind<S, InScope<R, S>, W>;
  http(): Transport;
  readonly kit: KitHooks<S, R, W>;
}

/** The kit's own behaviour of each hook, as a kind's hook that adds to it calls it. */
export type KitHooks<S extends ScopeKind, R extends { id: ObjectId }, W extends WhereOf<S>> = {
  readonly [H in keyof LifecycleHooks<S, R, W>]-?: OmitThisParameter<NonNullable<LifecycleHooks<S, R, W>[H]>>;
};

/**
 * A kind's own steps of the lifecycle Pulumi calls (src/kit/lifecycle.ts's hooks), each replacing the kit's; `this`
 * is the kind's lifecycle (`KindLifecycle`). `obtain` answers PostHog's record as its endpoints do: the kit places it.
 */
export interface LifecycleHooks<S extends ScopeKind, R extends { id: ObjectId }, W extends WhereOf<S>> {
  /** The record a create starts from (by default: the endpoints' create, through `findBy` when the kind has one). */
  obtain?(this: KindLifecycle<S, R, W>, where: W, body: Json, inputs: Json): Promise<R>;
  adopted?(this: KindLifecycle<S, R, W>, where: W, inputs: Json): Promise<InScope<R, S> | undefined>;
  replaces?(this: KindLifecycle<S, R, W>, olds: Json, news: Json): string[];
  write?(this: KindLifecycle<S, R, W>, where: W, id: ObjectId, body: Json, declared: readonly string[]): Promise<Placed<InScope<R, S>>>;
  complete?(this: KindLifecycle<S, R, W>, record: InScope<R, S>, declared: readonly string[]): Promise<Placed<InScope<R, S>>>;
  readFailure?(this: KindLifecycle<S, R, W>, error: PostHogError, where: W, id: ObjectId, props: Json): Error | undefined;
  confirmGone?(this: KindLifecycle<S, R, W>, where: W, id: ObjectId, doing: "refresh" | "delete"): Promise<void>;
  isGone?(this: KindLifecycle<S, R, W>, record: InScope<R, S>): boolean;
  alreadyGoing?(this: KindLifecycle<S, R, W>, error: PostHogError): boolean;
}

/** Everything a kind says of itself, once: its identity, deletion and endpoints, or that it is a singleton. */
export type KindSpec<S extends ScopeKind, R extends { id: ObjectId }, W extends WhereOf<S>, K extends ObjectId> = CommonSpec<S, R, W> &
  (OwnObjects<S, R, W, K> | Singleton<R>);

/** A kind whose objects PostHog creates and deletes, each with an id of its own. */
interface OwnObjects<S extends ScopeKind, R extends { id: ObjectId }, W extends WhereOf<S>, K extends ObjectId> {
  readonly singleton?: undefined;
  /** The output holding PostHog's id, its key, and what the schema says of it. */
  readonly identity: { readonly output: string; readonly key?: KeyKind; readonly doc: string };
  readonly adoptInput?: string;
  readonly deletion: Deletion;
  readonly endpoints: KindEndpoints<W, R, K>;
  /** How a create finds again what it may have made (the kit's create then never sends it twice blindly). */
  readonly findBy?: FindBy<W, R>;
  /**
   * Where a program looks for what a create whose answer was lost may have made, for a kind nothing about which is
   * unique (no `findBy`): `in the project's annotations (content "…")`. The create is never resent blindly: the error
   * says where to look, and how to adopt what is found.
   */
  readonly lostCreate?: (sent: Json) => string;
  /**
   * A replacement deletes the old object before the new one is made, where the new one needs what the old holds (a
   * source's type and prefix, an invite's email).
   */
  readonly deleteBeforeReplace?: true;
}

/**
 * A kind PostHog keeps one of per project (`SINGLETON`, src/kit/kind.ts): its calls; the kit gives it its identity
 * (its project's id), its create (a read, then a PATCH of what differs) and its delete (it is left as it is).
 */
interface Singleton<R> {
  readonly singleton: SingletonEndpoints<R>;
  readonly identity?: undefined;
  readonly adoptInput?: undefined;
  readonly deletion?: undefined;
  readonly endpoints?: undefined;
  readonly findBy?: undefined;
  readonly lostCreate?: undefined;
  readonly deleteBeforeReplace?: undefined;
}

/** What every kind says of itself. */
interface CommonSpec<S extends ScopeKind, R extends { id: ObjectId }, W extends WhereOf<S>>
  extends Omit<FieldModelSpec<R, InScope<R, S>>, "className"> {
  /** The class name in every language (`Annotation`): its token, its dynamic type, its exports are named from it. */
  readonly name: string;
  /** Its plural, when not the name with an `s`. */
  readonly plural?: string;
  readonly scope: S;
  readonly parent?: Parent;
  readonly importInputs: readonly string[];
  readonly listReads?: ListReads<W>;
  /** Whether its updates write a flag, its own or other objects' (../kit/flag-turns): they then take turns. */
  readonly flagWrites?: FlagWrites;
  /** The plugin schema's description of the resource. */
  readonly description: string;
  /**
   * The schema's outputs of its own besides its identity and its inputs (`shortId`, `status`), or the outputs as the
   * kind states them, from the table's (an output that is a secret as a whole).
   */
  readonly outputs?: Readonly<Record<string, PropertySpec>> | ((table: Record<string, PropertySpec>) => Record<string, PropertySpec>);
  /**
   * The outputs always present, where the rule does not give them (its identity, where it is, and each output whose
   * type has no null).
   */
  readonly alwaysPresent?: readonly string[];
  /** The schema's inputs as the kind states them, from the table's (a field whose change replaces it). */
  readonly inputs?: (table: Record<string, PropertySpec>) => Record<string, PropertySpec>;
  readonly lookups?: ObjectLookups<W>;
  readonly secretInputPaths?: (inputs: Record<string, unknown>) => readonly (readonly string[])[];
  /** How `pulumi-posthog import` reads and declares its objects (the kit adds its fields and its import id). */
  readonly importer?: Omit<ImportFacts<S, InScope<R, S>>, "list" | "fields" | "importId"> & {
    list?(http: Transport, scope: ScopeOf<S>, read: ScopeReads<S>): Promise<R[]>;
  };
  readonly notImported?: string;
  readonly example: KindExample;
  /**
   * A create's refusal said as what it means, where PostHog's answer does not say it (a PostHog without its enterprise
   * code, a plan without the feature, a version before the kind's API scope, a value PostHog derives from what was
   * `sent` taken); undefined for any other error.
   */
  readonly createRefusal?: (error: unknown, sent: Json) => Error | undefined;
  /**
   * The fields (PostHog's names) PostHog sets when the object is made and no update of its changes: a change of one
   * replaces the object, as its schema says (`willReplaceOnChanges`).
   */
  readonly createOnly?: readonly string[];
  readonly hooks?: LifecycleHooks<S, R, W>;
  /**
   * The model's own steps over the kit's (`kit`, the field table's model): what is sent or compared where the table
   * alone does not say it (a notebook's version sent with its content, a batch export's secrets compared with the
   * values declared last).
   */
  readonly modelHooks?: (kit: FieldModel<R, InScope<R, S>>) => Partial<KindModel<InScope<R, S>, FieldRecorded>>;
}

/** What a kind's folder exports: its `Kind`, its model and its lifecycle class. */
export interface DefinedKind<S extends ScopeKind, R extends { id: ObjectId }, W extends WhereOf<S>> {
  readonly kind: Kind<S, InScope<R, S>, W>;
  readonly model: FieldModel<R, InScope<R, S>>;
  readonly Lifecycle: new (connection?: { config: ProviderConfig; transport: Transport }) => FieldTableLifecycle<R, S, W>;
}

/**
 * A singleton's calls as the kit's endpoints: each answer given its project's id as its own; its create is its read
 * (PostHog makes it on its first read), and it has no DELETE (its deletion is a release: the kit never calls one).
 */
function singletonEndpoints<W, R extends { id: ObjectId }, K extends ObjectId>(calls: SingletonEndpoints<R>): KindEndpoints<W, R, K> {
  const identified = async (where: W, answer: Promise<Omit<R, "id">>) => ({ ...(await answer), id: where }) as unknown as R;
  return {
    get: (http, where) => identified(where, calls.read(http, where as number)),
    update: (http, where, _id, body) => identified(where, calls.write(http, where as number, body)),
    create: (http, where) => identified(where, calls.read(http, where as number)),
    remove: () => Promise.reject(new Error("A singleton is released, never deleted.")),
  };
}

export function defineKind<S extends ScopeKind, R extends { id: ObjectId }, K extends ObjectId, W extends WhereOf<S> = ScopeOf<S>>(
  spec: KindSpec<S, R, W, K>,
): DefinedKind<S, R, W> {
  const {
    name,
    plural,
    scope,
    parent,
    importInputs,
    listReads,
    flagWrites,
    description,
    outputs,
    alwaysPresent,
    inputs,
    lookups,
    secretInputPaths,
    importer,
    notImported,
    example,
    findBy,
    lostCreate,
    createRefusal,
    deleteBeforeReplace,
    createOnly = [],
    hooks = {},
    modelHooks,
    singleton: singletonCalls,
    identity: _identity,
    adoptInput: _adoptInput,
    deletion: _deletion,
    endpoints: _endpoints,
    ...modelSpec
  } = spec;
  if (singletonCalls && (scope !== "project" || parent))
    throw new Error(`${name}: PostHog keeps its singletons one per project, never in an organization or nested in an object.`);
  const { identity, adoptInput, deletion, endpoints } = spec.singleton
    ? {
        identity: {
          output: "projectId",
          key: "integer" as const,
          doc: `The project whose ${modelSpec.noun} these are (PostHog keeps one per project): its id is the resource's.`,
        },
        adoptInput: undefined,
        deletion: "release" as const,
        endpoints: singletonEndpoints<W, R, K>(spec.singleton),
      }
    : spec;
  const singleton = singletonCalls ? ({ singleton: true } as const) : {};
  const placement: Placement & { scope: S } = {
    scope,
    ...(parent && { parent }),
    ...(identity.key && { key: identity.key }),
    ...singleton,
  };
  const facts = {
    scope,
    parent,
    noun: modelSpec.noun,
    identity: { output: identity.output, ...(identity.key && { key: identity.key }) },
    ...singleton,
  };
  const { fields } = modelSpec;
  /**
   * A singleton's import: its project's, read, unless every field holds PostHog's default (as every project's does
   * until someone changes it): nothing to declare then.
   */
  const holdsDefaults = (record: R) =>
    importer !== undefined &&
    Object.keys(fields).every((field) => tableValuesEqual(fields, field, importer.defaults[field] ?? null, own(record, field) ?? null));
  const imported =
    importer && singletonCalls
      ? {
          list: async (http: Transport, projectId: ScopeOf<S>) => {
            const record = await endpoints.get(http, projectId as W, projectId as K);
            return holdsDefaults(record) ? [] : [record];
          },
          ...importer,
        }
      : importer;
  // A singleton's object is its project's own: a second resource of it in the program would write over the first's.
  const perProject = singletonCalls && {
    uniqueInProgram: {
      input: "projectId",
      scope: "projectId",
      rule: `PostHog keeps one ${modelSpec.noun} object per project, which a second resource would write over`,
      perScope: true,
    },
  };
  const kitModel = placedModel<R, InScope<R, S>>({ ...modelSpec, className: name, ...perProject }, { ...facts, adoptInput });
  const model: FieldModel<R, InScope<R, S>> = modelHooks ? { ...kitModel, ...modelHooks(kitModel) } : kitModel;
  const schemaInputs = () => {
    const table = { ...tableInputs(modelSpec.fields, modelSpec.noun, placement), ...providerInputsSchema(modelSpec.providerInputs) };
    const stated = inputs ? inputs(table) : table;
    const replacing = createOnly.map((field) => inputNameOf(modelSpec.fields, field));
    return Object.fromEntries(
      Object.entries(stated).map(([input, spec]) => [input, replacing.includes(input) ? { ...spec, willReplaceOnChanges: true } : spec]),
    );
  };
  const idOutput = { [identity.output]: { type: keyFacts(identity.key).schemaType, description: identity.doc } };
  const kind: Kind<S, InScope<R, S>, W> = {
    ...kindNames(name),
    ...(plural && { plural }),
    noun: modelSpec.noun,
    scope,
    ...(parent && { parent }),
    identity: facts.identity,
    ...(adoptInput && { adoptInput }),
    ...singleton,
    deletion,
    importInputs,
    api: scopedApi<S, R, K, W>(placement, endpoints),
    ...(listReads && { listReads }),
    ...(flagWrites && { flagWrites }),
    schema: () => ({
      description,
      inputs: schemaInputs(),
      outputs:
        typeof outputs === "function"
          ? outputs(tableOutputs(modelSpec.fields, modelSpec.noun, idOutput, placement))
          : tableOutputs(modelSpec.fields, modelSpec.noun, { ...idOutput, ...outputs }, placement),
      required: alwaysPresent
        ? [...alwaysPresent]
        : [
            // A singleton's identity is its place.
            ...new Set([
              identity.output,
              ...placeInputs(facts),
              ...Object.entries(modelSpec.outputTypes)
                .filter(([, output]) => !/\bnull\b/.test(output.type))
                .map(([output]) => output),
            ]),
          ],
    }),
    ...(lookups && { lookups }),
    ...(secretInputPaths && { secretInputPaths }),
    model,
    lifecycle: () => new Lifecycle(),
    ...(imported && { importer: scopedImport<S, R>(placement, modelSpec.fields, imported) }),
    ...(notImported !== undefined && { notImported }),
    example,
  };
  /**
   * The declared create-only inputs whose value differs from the one the state holds (or is not known yet); one no
   * longer declared is no longer managed, as any setting.
   */
  const createOnlyChanged = (olds: Json, news: Json) =>
    createOnly
      .filter((field) => {
        const wanted = news[inputNameOf(modelSpec.fields, field)];
        if (wanted === undefined) return false;
        return isUnknown(wanted) || !tableValuesEqual(modelSpec.fields, field, wanted, olds[inputNameOf(modelSpec.fields, field)] ?? null);
      })
      .map((field) => inputNameOf(modelSpec.fields, field));
  const place = (where: W, record: R) => ({ ...record, ...placeFields(placement, where) }) as InScope<R, S>;

  class Lifecycle extends FieldTableLifecycle<R, S, W> {
    /** What the kind's hooks reach (their `this`). */
    private readonly own: KindLifecycle<S, R, W>;

    /** `connection` replaces configuration and client, for tests and for programs that build their own. */
    constructor(connection?: { config: ProviderConfig; transport: Transport }) {
      super(kind, model, connection);
      this.own = {
        kind,
        http: () => this.http(),
        kit: {
          obtain: (where, body) => this.created(where, body),
          adopted: (where, inputs) => super.adopted(where, inputs),
          replaces: (olds, news) => [...super.replaces(olds, news), ...createOnlyChanged(olds, news)],
          write: (where, id, body, declared) => super.write(where, id, body, declared),
          complete: (record, declared) => super.complete(record, declared),
          readFailure: (error, where, id, props) => super.readFailure(error, where, id, props),
          confirmGone: (where, id, doing) => super.confirmGone(where, id, doing),
          isGone: (record) => super.isGone(record),
          alreadyGoing: (error) => super.alreadyGoing(error),
        },
      };
    }

    /** The kit's create: the endpoints' POST, never sent twice blindly where the kind says how to find its object. */
    private async created(where: W, body: Json): Promise<R> {
      const create = endpoints.create;
      if (!create) throw new Error(`${name} declares no create endpoint and no obtain hook.`);
      if (!findBy) {
        try {
          return await create(this.http(), where, body);
        } catch (error) {
          if (!(lostCreate && error instanceof PostHogError && error.kind === "ambiguous")) throw error;
          const id = `${typeof where === "object" ? `${where.scope}/${where.parent}` : where}/<${keyFacts(identity.key).placeholder}>`;
          throw new Error(
            `${error.message} The ${modelSpec.noun} may have been created: look for it ${lostCreate(body)} and adopt it with \`pulumi import ${kind.token} <name> ${id}\`, or delete it, before running \`pulumi up\` again.`,
          );
        }
      }
      const { field, find, described, several, none, maker, ...look } = findBy;
      const value = body[field];
      const found = async () => {
        const answer = await find(this.http(), where, value, body);
        return answer === null ? [] : Array.isArray(answer) ? (answer as readonly R[]) : [answer as R];
      };
      return this.createOnce(where, body, () => create(this.http(), where, body), {
        ...look,
        find: found,
        described: described ? described(value, body) : `named ${JSON.stringify(value)}`,
        ...(several && { several: several(value) }),
        ...(none && { none: none(value) }),
        ...(maker && {
          maker: (candidate: R, self: Parameters<typeof maker>[1]) => maker(candidate, self, { http: this.http(), where, sent: body }),
        }),
      });
    }

    override async diff(id: string, olds: Json, news: Json): Promise<pulumi.dynamic.DiffResult> {
      const result = await super.diff(id, olds, news);
      return deleteBeforeReplace && (result.replaces ?? []).length > 0 ? { ...result, deleteBeforeReplace: true } : result;
    }

    protected override async obtain(where: W, body: Json, inputs: Json): Promise<InScope<R, S>> {
      try {
        return place(where, await (hooks.obtain ?? this.own.kit.obtain).call(this.own, where, body, inputs));
      } catch (error) {
        throw createRefusal?.(error, body) ?? error;
      }
    }

    protected override adopted(where: W, inputs: Json): Promise<InScope<R, S> | undefined> {
      return (hooks.adopted ?? this.own.kit.adopted).call(this.own, where, inputs);
    }

    protected override replaces(olds: Json, news: Json): string[] {
      return (hooks.replaces ?? this.own.kit.replaces).call(this.own, olds, news);
    }

    protected override write(where: W, id: ObjectId, body: Json, declared: readonly string[]): Promise<Placed<InScope<R, S>>> {
      return (hooks.write ?? this.own.kit.write).call(this.own, where, id, body, declared);
    }

    protected override complete(record: InScope<R, S>, declared: readonly string[]): Promise<Placed<InScope<R, S>>> {
      return (hooks.complete ?? this.own.kit.complete).call(this.own, record, declared);
    }

    protected override readFailure(error: PostHogError, where: W, id: ObjectId, props: Json): Error | undefined {
      return (hooks.readFailure ?? this.own.kit.readFailure).call(this.own, error, where, id, props);
    }

    protected override confirmGone(where: W, id: ObjectId, doing: "refresh" | "delete"): Promise<void> {
      return (hooks.confirmGone ?? this.own.kit.confirmGone).call(this.own, where, id, doing);
    }

    protected override isGone(record: InScope<R, S>): boolean {
      return (hooks.isGone ?? this.own.kit.isGone).call(this.own, record);
    }

    protected override alreadyGoing(error: PostHogError): boolean {
      return (hooks.alreadyGoing ?? this.own.kit.alreadyGoing).call(this.own, error);
    }
  }
  Object.defineProperty(Lifecycle, "name", { value: `${name}Lifecycle` });
  return { kind, model, Lifecycle };
}
