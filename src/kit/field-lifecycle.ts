/**
 * The lifecycle of a field-table resource, in whichever scope its kind lives (src/kit/field-model.ts): the kit's, with a declared field
 * the record lacks reported as one this PostHog does not have (the 2025-08-04 backend has no flag `archived`, no
 * annotation `emoji`, …), naming the versions its field table knows to lack it, rather than as drift that never
 * settles (as for Project, the `up` that meets it fails once, and every preview after says so before sending
 * anything); and `adoptId`, the object a create takes over with a GET and a PATCH of what differs (none when the
 * program declares what PostHog has), as Project's `adoptProjectId`; and `createOnce`, a create never sent twice
 * blindly, which finds what a create whose answer was lost made and takes nothing it cannot show to be its own.
 */
import { PostHogError, type Transport } from "../client";
import type { ProviderConfig } from "./config";
import { adoptInputOf, describeWhere, type Kind, keyFacts, type ObjectId, type ScopeKind, type ScopeOf, title, type WhereOf } from "./kind";
import type { FieldModel, FieldRecorded, InScope } from "./field-model";
import { DeclaredLifecycle, type Json, type Placed } from "./lifecycle";
import { describeStart, type Found, identityTakenMessage, judgeFound, notTakenMessage, type Ownership, type TakeOver } from "./lost-create";
import { own } from "./json";
import { rowOf } from "./field-table";
import { article, pluralNoun } from "./names";

/**
 * PostHog's refusal of every personal API key with scopes where a version had no API scope for the kind yet (its
 * viewset's `scope_object = "INTERNAL"`: alerts and insight variables in PostHog 2025-08-04 and before), said with
 * what to do instead (`instead`) or which scope today's PostHog asks for; undefined for any other error.
 */
export function refusedBeforeItsScope(error: unknown, plural: string, scope: string, instead: string): Error | undefined {
  if (!(error instanceof PostHogError && error.refusedToScopedKeys)) return undefined;
  return new Error(
    `${error.message} PostHog before ${plural} had their own API scope (2025-08-04 and older) lets no personal API key with scopes manage ${plural}: ${instead}, or use today's PostHog with a key that has the \`${scope}\` scope.`,
  );
}

/**
 * A rethrow for the calls of a kind PostHog's enterprise code serves (roles, role memberships, access controls:
 * ee/urls.py registers the roles only where `EE_AVAILABLE`, posthog/settings/ee.py; without ee/ the access control
 * mixin adds no `access_controls` routes, posthog/rbac/access_control_api_mixin.py): its 404 "Endpoint not found." is
 * said as what it is, a PostHog built without that code (as its FOSS edition is), with what to do; any other error as
 * it is.
 */
export function unservedWithoutEnterprise(plural: string): (error: unknown) => never {
  return (error) => {
    if (!(error instanceof PostHogError && error.endpointMissing)) throw error;
    throw new Error(
      `${error.message} PostHog serves ${plural} only with its enterprise code (its ee/ directory), which this PostHog was built without (as its FOSS edition is). Use PostHog Cloud, or a self-hosted PostHog with its ee/ directory (and its licence, for the features that give roles and access controls effect).`,
    );
  };
}

/** What a create never sent twice blindly looks for (`createOnce`), and how it judges and names what it finds. */
export interface CreateLook<T extends Found> {
  /** The live objects holding the identity the program gave the create. */
  find: () => Promise<readonly T[]>;
  /** The identity, as messages say it: `named "web"`. */
  described: string;
  /** Whether a found object holds what was sent; by default, every field sent compares equal to its own. */
  alike?: (candidate: T) => boolean;
  /** Who made a found object, where PostHog's `created_by` does not say (lost-create.ts `Ownership.maker`). */
  maker?: Ownership<T>["maker"];
  /** How messages name several found, when not as `described`. */
  several?: string;
  /** Whether an error is PostHog's refusal of a second object with this identity (kept unique among live ones). */
  taken?: (error: PostHogError) => boolean;
  /** What else the program can do than take the object over: "choose another key". */
  otherwise?: string;
  /**
   * What an unclear answer means when no object turned up, where PostHog is known to answer so for a create that
   * stored nothing (a proxy record's domain another organization holds): said instead of "run `pulumi up` again".
   */
  none?: string;
  /**
   * The objects holding the identity are looked for before anything is sent, and named if there are any: where
   * PostHog's create would take one over (a view's POST is an upsert by name) or its refusal does not say which
   * object holds the identity (a join's field name may be one of its table's own columns).
   */
  lookFirst?: true;
}

export abstract class FieldTableLifecycle<
  R extends { id: ObjectId },
  S extends ScopeKind = "project",
  W extends WhereOf<S> = ScopeOf<S>,
> extends DeclaredLifecycle<S, InScope<R, S>, FieldRecorded, Json, Json, W> {
  constructor(
    kind: Kind<S, InScope<R, S>, W>,
    private readonly fields: FieldModel<R, InScope<R, S>>,
    connection?: { config: ProviderConfig; transport: Transport },
  ) {
    super(kind, fields.forKind(kind), connection);
  }

  protected override async complete(record: InScope<R, S>, declared: readonly string[]): Promise<Placed<InScope<R, S>>> {
    const readOnly = (field: string) => rowOf(this.fields.spec.fields, field)?.readOnlyIn?.answer(record) === true;
    const lacks = (field: string) => !Object.hasOwn(record, field) && !this.fields.writeOnly(field);
    return { record, nowhere: declared.filter((field) => lacks(field) || readOnly(field)) };
  }

  protected override unsupportedMessage(fields: readonly string[]): string {
    return this.fields.unsupportedMessage(fields);
  }

  /**
   * A create, never sent twice blindly (PostHog has no idempotency key). When its answer was unclear (`ambiguous`: it
   * may have reached PostHog), what it made, if anything, is looked for among what `look.find` lists under the
   * identity the program gave it (`described`: `named "web"`): one object shown to be this create's own
   * (src/kit/lost-create.ts: recent, holding what was sent, made by this key's user) is taken. Several are named and
   * none is taken; objects that are not its own are named with why, and `adoptId`; none means the create did not
   * happen; a failing lookup says what to look for. When PostHog refuses the create because the identity is taken
   * (`look.taken`: a flag's key, an action's or a survey's name), the error names the objects that hold it.
   */
  protected async createOnce<T extends Found>(where: W, body: Json, create: () => Promise<T>, look: CreateLook<T>): Promise<T> {
    const started = Date.now();
    const take = { input: adoptInputOf(this.kind), otherwise: look.otherwise ?? "run `pulumi up` again to create one" };
    if (look.lookFirst) {
      const existing = await look.find();
      if (existing.length > 0) throw new Error(identityTakenMessage(this.kind.noun, look.described, existing, take));
    }
    try {
      return await create();
    } catch (error) {
      if (!(error instanceof PostHogError)) throw error;
      if (look.taken?.(error)) {
        let existing: readonly T[] = [];
        try {
          existing = await look.find();
        } catch {
          // The refusal says enough: the message then says the holder could not be found.
        }
        throw new Error(`${error.message} ${identityTakenMessage(this.kind.noun, look.described, existing, take)}`);
      }
      if (error.kind !== "ambiguous") throw error;
      return this.madeByCreate(error, where, started, body, look, take);
    }
  }

  private async madeByCreate<T extends Found>(
    error: PostHogError,
    where: W,
    started: number,
    body: Json,
    look: {
      find: () => Promise<readonly T[]>;
      described: string;
      alike?: (candidate: T) => boolean;
      maker?: Ownership<T>["maker"];
      several?: string;
      none?: string;
    },
    take: TakeOver,
  ): Promise<T> {
    const { noun } = this.kind;
    let found: readonly T[];
    try {
      found = await look.find();
    } catch (lookupError) {
      throw new Error(
        `${error.message} Checking whether it did failed too: ${(lookupError as Error).message} Look in PostHog (${describeWhere(this.kind, where)}) for ${article(noun)} ${noun} ${look.described} created after ${describeStart(this.http(), started)}: if it is there and this program made it, set \`${adoptInputOf(this.kind)}\` to its id and run \`pulumi up\` again; if not, run \`pulumi up\` again.`,
      );
    }
    const alike = look.alike ?? ((candidate: T) => this.holdsSent(candidate, body));
    const { made, others } = await judgeFound(this.http(), started, found, { alike, ...(look.maker && { maker: look.maker }) });
    if (made.length === 1) return made[0]!;
    if (made.length > 1) {
      const since = describeStart(this.http(), started);
      const ids = made.map((c) => `${c.id} (created ${c.created_at})`).join(", ");
      throw new Error(
        `${error.message} PostHog has ${made.length} ${pluralNoun(noun)} ${look.several ?? look.described} created since ${since} by this key's user: ${ids}. None was taken over, since any could be another program's: set \`${adoptInputOf(this.kind)}\` to the right one's id and run \`pulumi up\` again; delete the others in PostHog.`,
      );
    }
    if (others.length > 0) throw new Error(`${error.message} ${notTakenMessage(noun, look.described, others, take)}`);
    throw new Error(
      `${error.message} No ${noun} ${look.described} was created${look.none ? `: ${look.none}` : "; run `pulumi up` again."}`,
    );
  }

  /** Whether a record holds every field a create sent that it answers with (PostHog's normalisations compare equal). */
  private holdsSent(record: object, body: Json): boolean {
    return Object.entries(body).every(
      ([field, value]) => !Object.hasOwn(record, field) || this.fields.valuesEqual(field, value, own(record, field)),
    );
  }

  protected override async adopted(where: W, inputs: Json): Promise<InScope<R, S> | undefined> {
    const input = adoptInputOf(this.kind);
    const id = inputs[input];
    if (id === undefined || id === null) return undefined;
    const what = `${title(this.kind)} ${String(id)} of ${describeWhere(this.kind, where)}`;
    let record: InScope<R, S>;
    try {
      const key: ObjectId = keyFacts(this.kind.identity.key).value(String(id));
      record = await this.readOne(where, key, Object.keys(this.fields.declaredSettings(inputs)));
    } catch (error) {
      if (error instanceof PostHogError && error.isNotFound)
        throw new Error(`${what} cannot be adopted: PostHog has no such ${this.kind.noun}. Check ${input}, or remove it to create one.`);
      throw error;
    }
    if (this.isGone(record)) throw new Error(`${what} is deleted in PostHog and cannot be adopted: remove ${input} to create a new one.`);
    return record;
  }
}
