/**
 * The lifecycle every kind shares: check, diff, create, read, update and delete, as plain data in and out. The field
 * table's work (validation, comparison, outputs, drift) is the kind's `KindModel`; what only some kinds do (adoption,
 * a create that recovers, settings kept elsewhere by an older PostHog, an action such as a token rotation, a 404 that
 * needs proof) are the hooks a kind's lifecycle overrides. HTTP is the client's business: the `Kind` names its calls.
 */
import type * as pulumi from "@pulumi/pulumi";
import { PostHogError, type Transport } from "../client";
import { connect, resolveConfig, type ProviderConfig } from "./config";
import { inFlagTurn } from "./flag-turns";
import { isUnknown } from "./unknown";
import { own } from "./json";
import {
  deleteDeclared,
  type Kind,
  type ObjectId,
  parseId,
  placeInputs,
  resolveWhere,
  type ScopeKind,
  type ScopeOf,
  title,
  type WhereOf,
} from "./kind";
import { jsonOutputs, PartialSuccess, storable, unstorable } from "./outcome";
import { OperationLists, readObject } from "./list-reads";

export type Json = Record<string, unknown>;

export interface Failure {
  readonly property: string;
  readonly reason: string;
}

/** What the outputs keep of the program's inputs; `declaredInputs` lets read show drift as `old => new`. */
export interface Recorded {
  declaredInputs: Json | null;
}

/** A record, with the declared settings this PostHog has nowhere (neither where the lifecycle wrote nor read them). */
export interface Placed<R> {
  record: R;
  nowhere: string[];
}

/** The field table's work on a resource's inputs, outputs and records: PostHog names, validation, comparison. */
export interface KindModel<R, Rec extends Recorded> {
  validate(inputs: Json): Failure[];
  /** Whether a declared setting differs from the live value the outputs hold, or is not known yet. */
  settingsChanged(olds: Json, news: Json): boolean;
  /** Whether the inputs declare this PostHog field. */
  declares(inputs: Json, field: string): boolean;
  /** The declared settings by PostHog's names, normalised. */
  declaredSettings(inputs: Json): Json;
  differingSettings(declared: Json, live: (field: string) => unknown): Json;
  /** The body to send, dictionaries PostHog may replace completed with their live keys. */
  withLiveKeys(body: Json, live: (field: string) => unknown): Json;
  outputValue(outputs: object, field: string): unknown;
  declaredFields(recorded: Rec): string[];
  recordInputs(inputs: Json): Rec;
  recordedInputsOf(outputs: Json): Rec;
  toOutputs(record: R, recorded: Rec): Json;
  withRecorded(outputs: Json, recorded: Rec): Json;
  withUnsupported(outputs: Json, unsupported: readonly string[]): Json;
  unsupportedOf(outputs: object): string[];
  /** The declared inputs with the record's live values, as the program would write them. */
  liveInputs(declared: Json, record: R): Json;
  /** How the program names a field. */
  inputName(field: string): string;
  /**
   * Dictionaries sent with live keys besides the declared ones (`sendMerged`: PostHog may replace them whole;
   * `othersKeys`: keys other objects write into them), which an update reads first.
   */
  sendsLiveKeys(field: string): boolean;
  /** Fields PostHog refuses or drops on create: they follow in a PATCH. */
  setAfterCreate(field: string): boolean;
  /** Fields PostHog takes but never answers (`writeOnly`): an answer without them lacks nothing. */
  writeOnly(field: string): boolean;
  /** The plan feature without which PostHog shows its own value of a setting. */
  planFeatureOf(field: string): string | undefined;
}

/**
 * `I` and `O` type the inputs and outputs as the resource's callers see them; inside, they are JSON objects. `W` is
 * where its objects are, as its calls take it: its scope, or for a nested kind its scope and parent (src/kit/kind.ts).
 */
export abstract class DeclaredLifecycle<
  S extends ScopeKind,
  R extends { id: ObjectId },
  Rec extends Recorded,
  I extends Json = Json,
  O extends Json = Json,
  W extends WhereOf<S> = ScopeOf<S>,
> implements pulumi.dynamic.ResourceProvider<I, O>
{
  protected config: ProviderConfig;
  private transport: Transport | undefined;
  /** The lists this operation has read, kept for its later reads (src/kit/list-reads.ts). */
  private lists = new OperationLists();

  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(
    protected readonly kind: Kind<S, R, W>,
    protected readonly model: KindModel<R, Rec>,
    private readonly connection?: { config: ProviderConfig; transport: Transport },
  ) {
    this.config = connection?.config ?? resolveConfig(() => undefined);
  }

  async configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> {
    // The engine configures a provider as an operation begins.
    this.lists = new OperationLists();
    if (this.connection) return;
    this.config = resolveConfig((key) => req.config.get(key));
    this.transport = undefined;
  }

  protected http(): Transport {
    if (this.connection) return this.connection.transport;
    this.transport ??= connect(this.config);
    return this.transport;
  }

  /** The object `id` of `where` as the kind's GET answers it, from a list this operation read where it can. */
  protected readOne(where: W, id: ObjectId, needs: readonly string[]): Promise<R> {
    return readObject(this.kind, this.http(), where, id, needs, this.lists);
  }

  async check(_olds: I, news: I): Promise<pulumi.dynamic.CheckResult<I>> {
    const failures = this.model.validate(news);
    return failures.length > 0 ? { inputs: news, failures } : { inputs: news };
  }

  async diff(_id: string, olds: O, news: I): Promise<pulumi.dynamic.DiffResult> {
    // A setting the last write or read found this PostHog without can never be applied: say so now, not as a change.
    const unsupported = this.model.unsupportedOf(olds).filter((field) => this.model.declares(news, field));
    if (unsupported.length > 0) throw new Error(`${this.unsupportedMessage(unsupported)} (as the last \`pulumi up\` or refresh found)`);
    const replaces = this.replaces(olds, news);
    const changes = replaces.length > 0 || this.model.settingsChanged(olds, news) || this.actionsChanged(olds, news);
    return { changes, replaces, deleteBeforeReplace: false };
  }

  async create(inputs: I): Promise<pulumi.dynamic.CreateResult<O>> {
    const scope = resolveWhere<S, W>(this.kind, this.config, inputs);
    const declared = this.model.declaredSettings(inputs);
    const recorded = this.model.recordInputs(inputs);
    // One create without the fields PostHog refuses on create, then one PATCH of whatever its answer does not show
    // as declared: those fields, any it did not honour, and those it lacks (kept elsewhere by an older PostHog).
    const record =
      (await this.adopted(scope, inputs)) ??
      (await this.obtain(
        scope,
        pick(declared, (field) => !this.model.setAfterCreate(field)),
        inputs,
      ));
    // A page this operation read before (an adoption's, or one that shows the new object) is older than what follows.
    this.lists.wrote(record.id);
    const absent = pick(declared, (field) => !Object.hasOwn(record, field) && !this.model.writeOnly(field));
    const body = { ...this.model.differingSettings(declared, (field) => own(record, field)), ...absent };
    const final = await this.patchAfterCreate(
      scope,
      record,
      // Fields always sent (an action's name) go along only with something to set: nothing differing, no PATCH.
      Object.keys(body).length > 0 ? this.model.withLiveKeys(body, (field) => own(record, field)) : body,
      Object.keys(declared),
      recorded,
      inputs,
    );
    const id = String(final.record.id);
    const outs = storable<O>(
      `${title(this.kind)} ${id} was created`,
      id,
      this.appliedOutputs(final, declared, recorded, inputs),
      inputs,
      this.kind.noun,
    );
    return { id, outs };
  }

  async read(id: string, props?: O): Promise<pulumi.dynamic.ReadResult<O>> {
    const parsed = parseId(this.kind, id);
    const scope = resolveWhere<S, W>(this.kind, this.config, props ?? {}, parsed);
    const recorded = this.model.recordedInputsOf(props ?? {});
    let found: R;
    try {
      found = await this.readOne(scope, parsed.id, this.model.declaredFields(recorded));
    } catch (error) {
      if (!(error instanceof PostHogError)) throw error;
      const failure = this.readFailure(error, scope, parsed.id, props ?? {});
      if (failure) throw failure;
      if (!error.isNotFound) throw error;
      await this.confirmGone(scope, parsed.id, "refresh");
      return {};
    }
    if (this.isGone(found)) return {};
    const { record, nowhere } = await this.complete(found, this.model.declaredFields(recorded));
    const outputs = this.model.withUnsupported(this.model.toOutputs(record, recorded), nowhere);
    // The declared inputs with their live values: the engine then shows each drifted setting as `old => new`.
    const live = jsonOutputs(outputs);
    const inputs = recorded.declaredInputs ? jsonOutputs(this.model.liveInputs(recorded.declaredInputs, record)) : undefined;
    const problems = [...live.problems, ...(inputs?.problems ?? [])];
    if (problems.length > 0) {
      throw new Error(`Reading ${this.kind.noun} ${record.id} failed: ${unstorable(problems)} The state was left as it was.`);
    }
    const readId = String(record.id);
    // The engine takes the live inputs in the outputs' place (ReadResult has one type for both).
    return inputs ? { id: readId, props: live.kept as O, inputs: inputs.kept as O } : { id: readId, props: live.kept as O };
  }

  update(id: string, olds: O, news: I): Promise<pulumi.dynamic.UpdateResult<O>> {
    return inFlagTurn(this.kind.flagWrites, () => this.updateInTurn(id, olds, news));
  }

  private async updateInTurn(id: string, olds: O, news: I): Promise<pulumi.dynamic.UpdateResult<O>> {
    const parsed = parseId(this.kind, id);
    const scope = resolveWhere<S, W>(this.kind, this.config, olds, { ...parsed, scope: undefined });
    const objectId = parsed.id;
    // Later reads of it in this operation are not answered from a page read before this write.
    this.lists.wrote(objectId);
    const declared = this.model.declaredSettings(news);
    const recorded = this.recordForUpdate(olds, news);
    // A setting the state holds no live value of (declared just now: the state keeps declared settings only) is sent
    // whatever it is: `null` compares equal to a value not known.
    const body = {
      ...this.model.differingSettings(declared, (field) => this.model.outputValue(olds, field)),
      ...pick(declared, (field) => this.model.outputValue(olds, field) === undefined),
    };

    let placed: Placed<R> | undefined;
    if (Object.keys(body).length > 0) {
      try {
        // A dictionary sent with its live keys takes them from a read made for this update, not from the state:
        // keys written since the last refresh (an experiment's holdout, an early access feature's enrolment, a
        // setting changed elsewhere) are in PostHog only, and the PATCH replaces the dictionary whole.
        const withLive = Object.keys(body).filter((f) => this.model.sendsLiveKeys(f));
        const fetched =
          withLive.length > 0 ? (await this.complete(await this.kind.api.get(this.http(), scope, objectId), withLive)).record : undefined;
        const live = (field: string) => (fetched ? own(fetched, field) : this.model.outputValue(olds, field));
        placed = await this.write(scope, objectId, this.model.withLiveKeys(body, live), Object.keys(declared));
      } catch (error) {
        if (error instanceof PostHogError && error.isNotFound) throw this.goneError(objectId);
        throw error;
      }
      // PostHog PATCHes an object deleted in its interface (a flag, a cohort, an annotation: `deleted: true`) and
      // answers 200: it stays deleted, so the change was not applied, whatever the answer says.
      if (this.isGone(placed.record)) throw this.goneError(objectId);
    }
    placed = await this.afterWrite({ scope, id, olds, news, recorded, placed });
    const done = `${title(this.kind)} ${id} was updated`;
    const outputs = placed
      ? this.appliedOutputs(placed, declared, recorded, news)
      : this.model.withUnsupported(this.model.withRecorded(olds, recorded), this.model.unsupportedOf(olds));
    return { outs: storable<O>(done, id, outputs, news, this.kind.noun) };
  }

  async delete(id: string, props: O): Promise<void> {
    const parsed = parseId(this.kind, id);
    const scope = resolveWhere<S, W>(this.kind, this.config, props, parsed);
    this.lists.wrote(parsed.id);
    const answer = await deleteDeclared(this.kind, this.http(), scope, parsed.id, {
      alreadyGoing: (error) => this.alreadyGoing(error),
      // Gone already, or invisible to this key: only the first may leave the state.
      confirmGone: () => this.confirmGone(scope, parsed.id, "delete"),
    });
    if (answer !== undefined) await this.afterDelete(scope, parsed.id, answer);
  }

  // The hooks.

  /** The record a create starts from: the resource's create call, or one it takes over. */
  protected abstract obtain(scope: W, body: Json, inputs: Json): Promise<R>;

  /**
   * The existing record a create takes over instead of creating one, when the inputs name it (then only what differs
   * is written), or none.
   */
  protected async adopted(_scope: W, _inputs: Json): Promise<R | undefined> {
    return undefined;
  }

  /**
   * The inputs whose change replaces the resource: by default where it is, its scope and its parent. PostHog moves
   * nothing between projects (or organizations, or parents): a project-scoped resource whose project changes,
   * declared (`projectId`) or configured (`posthog:projectId`, POSTHOG_PROJECT_ID, when the program declares none),
   * is created in the new project and deleted from the old one (whose id the state keeps), never PATCHed by its old
   * id in the new project. An organization-scoped one compares its declared organization only (nothing configured
   * replaces it), and `@current`, the key owner's current organization whatever it is (posthog/api/routing.py), never
   * does: it names the organization the state holds as well as any.
   */
  protected replaces(olds: Json, news: Json): string[] {
    return placeInputs(this.kind).filter((input, i) => {
      const value = news[input];
      if (isUnknown(value)) return true;
      if (i === 0 && this.kind.scope === "organization" && value === "@current") return false;
      const wanted = value ?? (i === 0 && this.kind.scope === "project" ? this.config.projectId : undefined);
      const current = olds[input];
      if (wanted === undefined || wanted === null || current === undefined || current === null) return false;
      return String(wanted).trim() !== String(current);
    });
  }

  /** Whether an action the inputs ask for (not a setting) is due. */
  protected actionsChanged(_olds: Json, _news: Json): boolean {
    return false;
  }

  /** What the outputs keep of the inputs after an update. */
  protected recordForUpdate(_olds: Json, news: Json): Rec {
    return this.model.recordInputs(news);
  }

  /** The PATCH of an update or after a create. */
  protected async write(scope: W, id: ObjectId, body: Json, declared: readonly string[]): Promise<Placed<R>> {
    return this.complete(await this.kind.api.update(this.http(), scope, id, body), declared);
  }

  /** A record with the declared settings it lacks found elsewhere, if this PostHog keeps them elsewhere. */
  protected async complete(record: R, _declared: readonly string[]): Promise<Placed<R>> {
    return { record, nowhere: [] };
  }

  /** What follows an update's PATCH (or stands for it): an action such as a rotation. */
  protected async afterWrite(step: {
    scope: W;
    id: string;
    olds: Json;
    news: Json;
    recorded: Rec;
    placed: Placed<R> | undefined;
  }): Promise<Placed<R> | undefined> {
    return step.placed;
  }

  /** An error that says more than PostHog's answer to a read, or none. */
  protected readFailure(_error: PostHogError, _scope: W, _id: ObjectId, _props: Json): Error | undefined {
    return undefined;
  }

  /** What a soft delete PostHog answered with the object marked deleted may still need: nothing, unless a kind says. */
  protected async afterDelete(_scope: W, _id: ObjectId, _answer: R): Promise<void> {}

  /** Throws unless a 404 proves the resource gone. */
  protected async confirmGone(_scope: W, _id: ObjectId, _doing: "refresh" | "delete"): Promise<void> {}

  /** Whether a record PostHog still answers with is gone all the same (deleted, or being deleted). */
  protected isGone(record: R): boolean {
    return own(record, "deleted") === true;
  }

  /** Whether a refused delete means that PostHog is deleting it already. */
  protected alreadyGoing(_error: PostHogError): boolean {
    return false;
  }

  /** Settings this PostHog has nowhere: which, and what to do. */
  protected unsupportedMessage(fields: readonly string[]): string {
    return `This PostHog has no setting ${fields.map((f) => this.model.inputName(f)).join(", ")}, so it cannot be applied: upgrade PostHog or remove it from the program.`;
  }

  /** An update's error for an object that is gone (404, or answered as deleted): what to do. */
  private goneError(id: ObjectId): Error {
    return new Error(
      `${title(this.kind)} ${id} no longer exists in PostHog (it was deleted outside Pulumi), so it was not updated. ` +
        "Run `pulumi refresh` to drop it from the state; the next `pulumi up` creates it again.",
    );
  }

  /** The PATCH that follows a create or an adoption, if anything is left to set. */
  private async patchAfterCreate(
    scope: W,
    record: R,
    body: Json,
    declared: readonly string[],
    recorded: Rec,
    inputs: Json,
  ): Promise<Placed<R>> {
    if (Object.keys(body).length === 0) return { record, nowhere: [] };
    try {
      return await this.write(scope, record.id, body, declared);
    } catch (error) {
      const names = Object.keys(body)
        .map((f) => this.model.inputName(f))
        .join(", ");
      const message = `${title(this.kind)} ${record.id} exists, but setting ${names} failed: ${(error as Error).message}`;
      throw new PartialSuccess(message, String(record.id), this.model.toOutputs(record, recorded), inputs, this.kind.noun);
    }
  }

  /**
   * The outputs of an applied write. A declared setting the record does not show as declared is reported, saying
   * what happened: this PostHog has no such setting; or it shows its own value for lack of a plan feature (the only
   * silent refusal in PostHog's project serializers, posthog/api/team.py `TeamSerializer.to_representation`); or it
   * answered 200 and kept another value. The state then holds the live values, so the next preview shows the
   * difference again.
   */
  private appliedOutputs({ record, nowhere }: Placed<R>, declared: Json, recorded: Rec, request: Json): Json {
    const { model } = this;
    const outputs = model.withUnsupported(model.toOutputs(record, recorded), nowhere);
    const kept = Object.keys(model.differingSettings(declared, (field) => own(record, field))).filter((f) => !nowhere.includes(f));
    if (kept.length === 0 && nowhere.length === 0) return outputs;
    const describe = (f: string) =>
      `${model.inputName(f)} (declared ${JSON.stringify(own(declared, f))}, PostHog kept ${JSON.stringify(own(record, f) ?? null)})`;
    const gated = kept.filter((f) => model.planFeatureOf(f) !== undefined);
    const other = kept.filter((f) => model.planFeatureOf(f) === undefined);
    const reasons = [
      ...(nowhere.length > 0 ? [this.unsupportedMessage(nowhere)] : []),
      ...gated.map(
        (f) =>
          `PostHog accepted but did not apply ${describe(f)}: it shows its own value of this setting to organizations whose plan lacks ${model.planFeatureOf(f)}. Upgrade the plan or remove ${model.inputName(f)} from the program.`,
      ),
      ...(other.length > 0
        ? [
            `PostHog accepted but did not apply ${other.map(describe).join("; ")}: it answered the write with 200 and kept its own value (no plan feature governs ${other.length === 1 ? "this setting" : "these settings"}). The state holds PostHog's value, so the next preview shows the difference again; check the setting in PostHog.`,
          ]
        : []),
    ];
    throw new PartialSuccess(reasons.join(" "), String(record.id), outputs, request, this.kind.noun);
  }
}

export function pick(settings: Json, keep: (field: string) => boolean): Json {
  return Object.fromEntries(Object.entries(settings).filter(([field]) => keep(field)));
}
