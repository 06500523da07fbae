/**
 * The PostHog provider plugin (`pulumi-resource-posthog`): the same lifecycles as the dynamic resources, served
 * over Pulumi's provider protocol, so that every Pulumi language, `pulumi import` and
 * `pulumi refresh --import-pending-creates` can use it. It adds only what the protocol needs: the schema,
 * configuration from `posthog:*`, secrets marked as such, and the lookups as invokes.
 */
import type * as pulumi from "@pulumi/pulumi";
import type * as provider from "@pulumi/pulumi/provider";
import * as functions from "../functions";
import { useLookupConfig } from "../functions/context";
import { objectLookups } from "../functions/objects";
import type { Kind } from "../kit/kind";
import type * as registry from "../kinds/index";
import { callingResource, withHolds } from "../kit/holds";
import { secretTexts, valuesAt, withoutSecrets } from "../kit/redaction";
import type { ConfigLookup } from "../kit/config";
import type { PropertySpec } from "../kit/property";
import { PACKAGE } from "../kit/tokens";
import { isUnknown } from "../kit/unknown";
import { claimedValue, type UniqueInProgram, UniqueClaims } from "../kit/unique-in-program";
import { kindNamed } from "../provider/host";
// Defines each kind's loader for kindNamed, loading no kind.
import "../provider/kinds";

/** Pulumi's marker for a secret value on the wire (sdk/go/common/resource/sig). */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const SECRET_VALUE = "1b47061264138c4ac30d75fd1eb44270";

type Json = Record<string, unknown>;
type Invoke = (args: Json) => Promise<unknown>;

/** A lookup's function, and the property that wraps a list result (function results are objects). */
type Lookup = { run: Invoke; wrap?: string };

/** The lookups of groups, projects and the key's user. */
const ownLookups: Record<string, Lookup> = {
  getGroup: { run: (a) => functions.getGroup(a as never) },
  // `groupKeys` too: a YAML program has no map to make a flag condition's list of keys from the groups.
  listGroups: {
    run: async (a) => {
      const groups = await functions.listGroups(a as never);
      return { groups, groupKeys: groups.map((g) => g.groupKey) };
    },
  },
  listGroupTypes: { run: (a) => functions.listGroupTypes(a as never), wrap: "groupTypes" },
  getGroupPropertyDefinitions: { run: (a) => functions.getGroupPropertyDefinitions(a as never), wrap: "definitions" },
  getGroupPropertyValues: { run: (a) => functions.getGroupPropertyValues(a as never), wrap: "values" },
  listProjects: { run: (a) => functions.listProjects(a as never), wrap: "projects" },
  getProject: { run: (a) => functions.getProject(a as never) },
  getProjectActivity: { run: (a) => functions.getProjectActivity(a as never), wrap: "entries" },
  isGeneratingDemoData: { run: (a) => functions.isGeneratingDemoData(a as never), wrap: "generating" },
  getCurrentUser: { run: (a) => functions.getCurrentUser(a as never) },
};

/**
 * `get<Name>` and `list<Plural>` of every resource declaring lookups (src/functions/objects.ts), made on the first call
 * of one: they need every kind loaded, which a plugin serving a program that calls none of them need not wait for.
 */
let kindLookups: Record<string, Lookup> | undefined;

/** The lookup of this name (own entries only: `posthog:index:constructor` must not find Object). */
function lookupNamed(name: string): Lookup | undefined {
  if (Object.hasOwn(ownLookups, name)) return ownLookups[name];
  kindLookups ??= objectLookupsOfEveryKind();
  return Object.hasOwn(kindLookups, name) ? kindLookups[name] : undefined;
}

function objectLookupsOfEveryKind(): Record<string, Lookup> {
  const entries: Record<string, Lookup> = {};
  for (const kind of (require("../kinds/index") as typeof registry).kinds) {
    if (!kind.lookups) continue;
    const found = objectLookups(kind as Kind<"project">);
    // What holds a secret is returned as one, whole: a list whose records hold one, a record's own property.
    entries[found.getName] = {
      run: async (a) => {
        const result = await found.get(a);
        return found.secretOutputs(result).reduce((marked, name) => markSecret(marked, [name]), result);
      },
    };
    entries[found.listName] = {
      run: async (a) => {
        const results = await found.list(a);
        return results.some((result) => found.secretOutputs(result).length > 0) ? asSecret(results) : results;
      },
      wrap: found.listProperty,
    };
  }
  return entries;
}

/** One declared resource as the plugin serves it: its lifecycle, and its outputs' types from the schema. */
interface Served {
  lifecycle: pulumi.dynamic.ResourceProvider;
  /** The lifecycle's configuration from the engine's Configure, which every operation waits for. */
  configured: Promise<void>;
  importInputs: readonly string[];
  outputTypes: Record<string, PropertySpec>;
  secretInputPaths?: (inputs: Json) => readonly (readonly string[])[];
  /** Its class name and the input PostHog keeps unique in a scope (a role's name), if any. */
  unique?: { className: string; facts: UniqueInProgram };
}

export class PostHogProvider implements provider.Provider {
  /** The package's version, as its schema says it. */
  readonly version: string;
  /** Each declared resource by its token, from the first time the program declares one of it. */
  private readonly resources = new Map<string, Served>();
  /** Each resource's outputs and their types, by its token. */
  private readonly outputTypes: Record<string, { properties: Record<string, PropertySpec> }>;
  /** The configuration the schema marks secret, by name. */
  private readonly secretConfig: Record<string, PropertySpec>;
  /**
   * The unique values the program's resources declared (a role's name in its organization): the engine checks every
   * resource of a run with this one plugin, so a second one of the value is refused at preview, as the TypeScript
   * classes refuse it (../kit/unique-in-program).
   */
  private readonly claims = new UniqueClaims();
  /**
   * The inputs the engine keeps for a resource (those declared last), sent with its ReadRequest, DiffRequest,
   * UpdateRequest or DeleteRequest, by URN, until the operation takes them.
   */
  private readonly keptInputs = new Map<string, Json>();

  /** The engine's Configure, as each lifecycle takes it: kept for the kinds the program declares after it. */
  private configureRequest: pulumi.dynamic.ConfigureRequest | undefined;

  /**
   * `schema`: the package schema's JSON text, as `pulumi package get-schema` prints it (the package's schema.json,
   * which `npm run docs` writes from the registry): read, not made again from every kind at each start.
   */
  constructor(readonly schema: string) {
    const parsed = JSON.parse(schema) as {
      version: string;
      resources: Record<string, { properties: Record<string, PropertySpec> }>;
      config: { variables: Record<string, PropertySpec> };
    };
    this.version = parsed.version;
    this.outputTypes = parsed.resources;
    this.secretConfig = Object.fromEntries(Object.entries(parsed.config.variables).filter(([, spec]) => spec.secret === true));
  }

  /**
   * The engine's Configure: `posthog:*` stack configuration (`variables`, keyed `posthog:config:apiKey`) or the
   * explicit provider's inputs (`args`), secrets decrypted. The environment variables remain the fallback.
   */
  async configure(variables: Record<string, string>, args: Json): Promise<void> {
    const lookup: ConfigLookup = (key) => {
      const name = key.slice(`${PACKAGE}:`.length);
      const fromArgs = unwrapSecrets(args[name]);
      // An explicit provider's inputs are typed (`rateLimited: true`); configuration is read as text.
      if (typeof fromArgs === "string" || typeof fromArgs === "boolean" || typeof fromArgs === "number") return String(fromArgs);
      return variables[`${PACKAGE}:config:${name}`] ?? variables[key];
    };
    const request = { config: { get: lookup } } as pulumi.dynamic.ConfigureRequest;
    this.configureRequest = request;
    for (const served of this.resources.values()) {
      served.configured = this.configured(served.lifecycle);
      await served.configured;
    }
    useLookupConfig(lookup);
  }

  /**
   * The engine's CheckConfig, for the provider's own inputs (`posthog:*` config of the default provider, or an
   * explicit provider's arguments), which the engine stores in the state: the configuration the schema marks secret
   * (`apiKey`) is returned as a secret even when it was set without `--secret`, so the state keeps it encrypted.
   */
  checkConfig(news: Json): Json {
    return Object.fromEntries(
      Object.entries(news).map(([name, value]) => {
        const secret = Object.hasOwn(this.secretConfig, name) && value !== null && value !== undefined;
        return [name, secret && !isSecret(value) ? asSecret(value) : value];
      }),
    );
  }

  async check(urn: string, olds: Json, news: Json): Promise<provider.CheckResult> {
    const served = this.served(urn);
    const { lifecycle, secretInputPaths } = served;
    const plain = unwrapSecrets(news) as Json;
    const result = (await this.redacted(served, [olds, news], async () => lifecycle.check?.(unwrapSecrets(olds) as Json, plain))) ?? {};
    // The values the kind says are secret (a hog function's secret inputs) are stored encrypted, even when
    // the program gave them in plain text.
    const inputs = (secretInputPaths?.(plain) ?? []).reduce((marked, path) => markSecret(marked, path), news);
    const failures = result.failures ?? [];
    const clash = failures.length === 0 ? this.claimUnique(served, urn, plain) : undefined;
    return { inputs, failures: clash ? [clash] : failures };
  }

  /** The refusal of a value PostHog keeps unique that another resource of the program declares; a value to come waits. */
  private claimUnique({ unique }: Served, urn: string, inputs: Json): provider.CheckFailure | undefined {
    if (!unique) return undefined;
    const value = claimedValue(unique.facts, inputs);
    const scope = inputs[unique.facts.scope];
    if (typeof value !== "string" || isUnknown(value) || isUnknown(scope)) return undefined;
    const name = urn.split("::").pop() ?? urn;
    const reason = this.claims.claim(unique.className, unique.facts, name, value, scope);
    return reason === undefined ? undefined : { property: unique.facts.input, reason };
  }

  async diff(id: string, urn: string, olds: Json, news: Json): Promise<provider.DiffResult> {
    const kept = this.takeInputs(urn);
    const served = this.served(urn);
    const diff = served.lifecycle.diff;
    if (!diff) return {};
    return this.redacted(served, [olds, news, kept ?? {}], () =>
      callingResource.run(urn, () => diff.call(served.lifecycle, id, withDeclared(olds, kept), unwrapSecrets(news) as Json)),
    );
  }

  async create(urn: string, inputs: Json): Promise<provider.CreateResult> {
    const served = this.served(urn);
    const result = await this.redacted(served, [inputs], () =>
      this.withOutputs(served, inputs, () => callingResource.run(urn, () => served.lifecycle.create(unwrapSecrets(inputs) as Json))),
    );
    return { id: result.id, outs: marked(served, result.outs ?? {}, inputs) };
  }

  /**
   * Refresh (earlier outputs in `props`), `get`, and `pulumi import` / `--import-pending-creates` (no props at
   * all: the id alone). An import adopts the project with reads only and declares just its name, so that the code
   * Pulumi prints manages nothing the program has not chosen to.
   */
  async read(id: string, urn: string, props?: Json): Promise<provider.ReadResult> {
    const served = this.served(urn);
    const kept = this.takeInputs(urn);
    // An import, a `get`: no outputs, and no declared inputs either.
    const known = props !== undefined && Object.keys(props).length > 0 ? withDeclared(props, kept) : {};
    const result = (await this.redacted(served, [props ?? {}, kept ?? {}], async () => served.lifecycle.read?.(id, known))) ?? {};
    if (!result.id || !result.props) return {};
    if (Object.keys(known).length === 0) {
      // Only what was read: an import input PostHog answered null or not at all (an insight without a name) is left out.
      const inputs = Object.fromEntries(
        served.importInputs.map((name) => [name, result.props![name]]).filter(([, value]) => value !== undefined && value !== null),
      );
      return { id: result.id, props: marked(served, result.props, {}), inputs };
    }
    // What was secret stays secret: the earlier outputs carry the marks (an input's output has its name).
    const outs = marked(served, result.props, props ?? {});
    return { id: result.id, props: outs, ...(result.inputs ? { inputs: annotateInputSecrets(result.inputs, kept ?? props ?? {}) } : {}) };
  }

  /**
   * The inputs the engine keeps for a resource, sent with the request of the operation about to run on it
   * (src/plugin/serve.ts): a ReadRequest's `inputs`, the `old_inputs` of a DiffRequest, UpdateRequest or
   * DeleteRequest. @pulumi/pulumi's provider server hands the operations the outputs only, and the plugin's outputs
   * leave out the declared inputs (`marked`): the operation takes them from here, so that the lifecycle sees them as
   * on the TypeScript path. None (an import, a `get`, an engine that sends none) leaves it without them: a diff then
   * compares with the outputs.
   */
  requestInputs(urn: string, inputs: Json | undefined): void {
    if (inputs !== undefined && Object.keys(inputs).length > 0) this.keptInputs.set(urn, inputs);
    else this.keptInputs.delete(urn);
  }

  /** The inputs `requestInputs` kept for the resource, taken before the operation's first wait. */
  private takeInputs(urn: string): Json | undefined {
    const kept = this.keptInputs.get(urn);
    this.keptInputs.delete(urn);
    return kept;
  }

  async update(id: string, urn: string, olds: Json, news: Json): Promise<provider.UpdateResult> {
    const kept = this.takeInputs(urn);
    const served = this.served(urn);
    const update = served.lifecycle.update;
    if (!update) throw new Error(`The PostHog provider cannot update ${urn}: it is replaced instead.`);
    const result = await this.redacted(served, [olds, news, kept ?? {}], () =>
      this.withOutputs(served, news, () => update.call(served.lifecycle, id, withDeclared(olds, kept), unwrapSecrets(news) as Json)),
    );
    return { outs: marked(served, result.outs ?? {}, news) };
  }

  async delete(id: string, urn: string, props: Json): Promise<void> {
    const kept = this.takeInputs(urn);
    const served = this.served(urn);
    await this.redacted(served, [props, kept ?? {}], async () =>
      callingResource.run(urn, async () => served.lifecycle.delete?.(id, withDeclared(props, kept))),
    );
  }

  async invoke(token: string, inputs: Json): Promise<provider.InvokeResult> {
    const name = token.startsWith(`${PACKAGE}:index:`) ? token.slice(`${PACKAGE}:index:`.length) : "";
    const entry = lookupNamed(name);
    if (!entry) throw new Error(`The PostHog provider has no function ${token}.`);
    const result = await entry.run(unwrapSecrets(inputs) as Json);
    return { outputs: entry.wrap ? { [entry.wrap]: result } : (result as Json) };
  }

  /** The lifecycle given the engine's Configure, once it has come. */
  private async configured(lifecycle: pulumi.dynamic.ResourceProvider): Promise<void> {
    if (this.configureRequest) await lifecycle.configure?.(this.configureRequest);
  }

  /** The declared resource of a URN's type token (the last type of its parent chain), its kind loaded on first use. */
  private served(urn: string): Served {
    const type = urn.split("::")[2]?.split("$").pop();
    const known = type === undefined ? undefined : this.resources.get(type);
    if (known) return known;
    const name = type?.startsWith(`${PACKAGE}:index:`) ? type.slice(`${PACKAGE}:index:`.length) : undefined;
    const kind = name === undefined ? undefined : kindNamed(name);
    if (type === undefined || kind?.token !== type) throw new Error(`The PostHog provider has no resource type ${type ?? urn}.`);
    if (!Object.hasOwn(this.outputTypes, type))
      throw new Error(`The PostHog provider's schema.json has no ${type}: it predates the kind (run \`npm run docs\` in a checkout).`);
    const { secretInputPaths } = kind;
    const unique = kind.model?.spec.uniqueInProgram;
    const lifecycle = withHolds(kind, kind.lifecycle());
    const served: Served = {
      lifecycle,
      configured: this.configured(lifecycle),
      importInputs: kind.importInputs,
      outputTypes: this.outputTypes[type]!.properties,
      ...(secretInputPaths ? { secretInputPaths } : {}),
      ...(unique ? { unique: { className: kind.model!.spec.className, facts: unique } } : {}),
    };
    this.resources.set(type, served);
    return served;
  }

  /**
   * `operation` with no secret of its values in its failures (../kit/redaction): those the engine sends marked, and
   * those the kind says are secret however they were given (a hog function's secret inputs).
   */
  private async redacted<T>(served: Served, values: readonly Json[], operation: () => Promise<T>): Promise<T> {
    const declared = values.flatMap((value) => {
      const plain = unwrapSecrets(value) as Json;
      return served.secretInputPaths ? valuesAt(plain, served.secretInputPaths(plain)) : [];
    });
    await served.configured;
    return withoutSecrets(secretTexts([...values.flatMap(secretValues), ...declared]), operation);
  }

  /** A partly applied operation's outputs go through the same conversion as a success's. */
  private async withOutputs<T>(served: Served, inputs: Json, operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      const partial = error as { properties?: Json };
      if (partial.properties) partial.properties = marked(served, partial.properties, inputs);
      throw error;
    }
  }
}

/**
 * Outputs as the plugin answers them: typed as the schema says, secrets marked where the inputs (or, for a read, the
 * earlier outputs) had them, and without `declaredInputs`: the engine keeps the inputs and sends them with each
 * ReadRequest, so the state needs no copy.
 */
function marked(served: Served, outs: Json, ins: Json): Json {
  const { declaredInputs: _, ...kept } = outs;
  return annotateSecrets(outputs(served, kept), ins);
}

/**
 * Earlier outputs as a lifecycle takes them: with the inputs declared last as `declaredInputs`, which the dynamic
 * resources record in their outputs (src/kit/recorded.ts) and the plugin's outputs leave out (`marked`). Without them
 * a kind would compare with PostHog's answer what only the program says (an external data source's tables, which
 * replace it), or not know what the program asked of its delete (a member's `removeOnDelete`).
 */
function withDeclared(outs: Json, kept: Json | undefined): Json {
  const known = unwrapSecrets(outs) as Json;
  return kept === undefined ? known : { ...known, declaredInputs: unwrapSecrets(kept) };
}

/** Outputs as the schema types them: numbers PostHog sends as strings ("0.50") as numbers, tokens as secrets. */
function outputs({ outputTypes }: Served, outs: Json): Json {
  return Object.fromEntries(
    Object.entries(outs).map(([name, value]) => {
      const spec = Object.hasOwn(outputTypes, name) ? outputTypes[name] : undefined;
      let typed = value;
      if (typeof value === "string" && (spec?.type === "number" || spec?.type === "integer") && value.trim() !== "") typed = Number(value);
      const secret = spec?.secret === true;
      return [name, secret && typed !== null && typed !== undefined && !isSecret(typed) ? asSecret(typed) : typed];
    }),
  );
}

/**
 * `outs` with each value secret, as a whole, whose namesake in `ins` holds a secret anywhere: what the engine does for
 * providers that do not accept secrets (annotateSecrets, sdk/go/common/resource/plugin/provider_plugin.go), and leaves
 * to those that do. Without it a `pulumi.secret(...)` input came back as a plain output (`productDescription`).
 * Whole, not key by key: what PostHog derives from a secret sits beside it under names the inputs lack (a hog input's
 * compiled `bytecode` holds its value), and Pulumi YAML reads a secret nested in an output as `{}` (a flag's
 * `${flag.filters}` passed on lost its secret payload).
 */
export function annotateSecrets(outs: Json, ins: Json): Json {
  const result: Json = { ...outs };
  for (const [key, inValue] of Object.entries(ins)) {
    if (!Object.hasOwn(result, key)) continue;
    const outValue = result[key];
    if (outValue !== null && outValue !== undefined && !isSecret(outValue) && containsSecrets(inValue))
      result[key] = asSecret(unwrapSecrets(outValue));
  }
  return result;
}

/** The values of every secret in `value`. */
function secretValues(value: unknown): unknown[] {
  if (isSecret(value)) return [unwrapSecrets((value as Json)["value"])];
  if (Array.isArray(value)) return value.flatMap(secretValues);
  return isPlainObject(value) ? Object.values(value).flatMap(secretValues) : [];
}

/**
 * The live inputs a refresh returns, with each value secret where the program's inputs have a secret, key by key:
 * the engine compares them with the program's next inputs, so that a secret nested as the program nests it is no
 * change. They are the program's own form (nothing PostHog derives) and no program reads them.
 */
function annotateInputSecrets(live: Json, ins: Json): Json {
  const result: Json = { ...live };
  for (const [key, inValue] of Object.entries(ins)) {
    if (!Object.hasOwn(result, key)) continue;
    const liveValue = result[key];
    if (isPlainObject(liveValue) && !isSecret(liveValue) && isPlainObject(inValue) && !isSecret(inValue))
      result[key] = annotateInputSecrets(liveValue, inValue);
    else if (!isSecret(liveValue) && containsSecrets(inValue)) result[key] = asSecret(liveValue);
  }
  return result;
}

function containsSecrets(value: unknown): boolean {
  if (isSecret(value)) return true;
  if (Array.isArray(value)) return value.some(containsSecrets);
  return isPlainObject(value) && Object.values(value).some(containsSecrets);
}

function isPlainObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function isSecret(value: unknown): boolean {
  return value !== null && typeof value === "object" && (value as Json)[SECRET_SIG] === SECRET_VALUE;
}

/** `value` with the value at `path` marked secret (left as it is when absent or secret already). */
export function markSecret(value: Json, path: readonly string[]): Json {
  return isSecret(value) ? value : (markedAt(value, path) as Json);
}

/** The value at `path` in `value` marked secret; a segment of digits is an array's index (a hog flow's actions). */
function markedAt(value: unknown, path: readonly string[]): unknown {
  if (value === undefined || isSecret(value)) return value;
  const [head, ...rest] = path;
  if (head === undefined) return asSecret(value);
  if (Array.isArray(value) && /^\d+$/.test(head) && Number(head) < value.length)
    return value.map((item, i) => (i === Number(head) ? markedAt(item, rest) : item));
  return isPlainObject(value) && Object.hasOwn(value, head) ? { ...value, [head]: markedAt(value[head], rest) } : value;
}

/** `value` as a secret on the wire. */
function asSecret(value: unknown): Json {
  return { [SECRET_SIG]: SECRET_VALUE, value };
}

/** Values as the program gave them: the engine sends secret inputs wrapped (the plugin accepts secrets). */
export function unwrapSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unwrapSecrets);
  if (value !== null && typeof value === "object") {
    const record = value as Json;
    if (isSecret(record)) return unwrapSecrets(record["value"]);
    return Object.fromEntries(Object.entries(record).map(([key, inner]) => [key, unwrapSecrets(inner)]));
  }
  return value;
}
