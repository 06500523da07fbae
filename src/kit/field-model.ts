/**
 * The `KindModel` of a resource whose declared fields are a field table (PostHog's snake_case field
 * name → zod input rule, equality, doc): camelCase inputs, validation naming the field and PostHog's rule, the exact
 * diff by the table's equalities, the recorded inputs, drift as `old => new` from the live values, slim outputs (the
 * resource's few fixed ones plus the live value of each declared field), and its schema properties. A resource adds
 * only what is its own: required inputs, rules between fields, the fixed outputs.
 */
import { isUnknown } from "./unknown";
import { type FieldTable, inputNameOf, othersKeysOf, rowOf, tableLiveForm, tableValuesEqual } from "./field-table";
import { isPlainObject, jsonValueProblems, jsonValueReason, own } from "./json";
import { closestName } from "./names";
import type { Transport } from "../client";
import {
  ADOPT_INPUT,
  type ImportFacts,
  type ObjectId,
  type Placement,
  placeInputs,
  type ResourceApi,
  type ScopeKind,
  type ScopeOf,
  type ScopeReads,
  importIdOf,
  type KindFacts,
  keyFacts,
  parentField,
  placeFailures,
  placeFields,
  placeInputSpecs,
  type WhereOf,
} from "./kind";
import type { KindModel, Failure, Json, Recorded } from "./lifecycle";
import type { PropertySpec } from "./property";
import type { ProgramSpec } from "./program";
import { typeOf } from "./property";

/** A record of a project-scoped resource with the project it was read from (PostHog's answer does not name it). */
export type InProject<R> = R & { project_id: number };

/** A record of an organization-scoped resource with the organization it was read from. */
export type InOrganization<R> = R & { organization_id: string };

/**
 * A record with where it was read (PostHog's answer does not name it; the state needs it): `project_id` or
 * `organization_id`, and for a nested kind its parent's id under the parent input's snake_case name (`role_id`).
 */
export type InScope<R, S extends ScopeKind> = S extends "organization" ? InOrganization<R> : InProject<R>;

const PROJECT: Placement = { scope: "project" };

type ScopedCall<W, R, K extends ObjectId, A extends unknown[] = []> = (http: Transport, where: W, id: K, ...rest: A) => Promise<R>;

/**
 * A resource's client calls as the kit's API: what is read or written back carries where it was read (`InScope`).
 * `K` is its key's type; the ids given are parsed by the kind's `identity.key`, so they have that type.
 */
export function scopedApi<S extends ScopeKind, R, K extends ObjectId = number, W extends WhereOf<S> = ScopeOf<S>>(
  placement: Placement & { scope: S },
  calls: {
    get: ScopedCall<W, R, K>;
    update: ScopedCall<W, R, K, [body: Record<string, unknown>]>;
    remove: ScopedCall<W, unknown, K>;
  },
): ResourceApi<S, InScope<R, S>, W> {
  const placed = async (where: W, record: Promise<R>) => ({ ...(await record), ...placeFields(placement, where) }) as InScope<R, S>;
  return {
    get: (http, where, id) => placed(where, calls.get(http, where, id as K)),
    update: (http, where, id, body) => placed(where, calls.update(http, where, id as K, body)),
    remove: (http, where, id) => calls.remove(http, where, id as K),
  };
}

/** A project-scoped resource's client calls as the kit's API (`scopedApi` in a project). */
export function projectScopedApi<R, K extends ObjectId = number>(calls: {
  get: ScopedCall<number, R, K>;
  update: ScopedCall<number, R, K, [body: Record<string, unknown>]>;
  remove: ScopedCall<number, unknown, K>;
}): ResourceApi<"project", InProject<R>> {
  return scopedApi<"project", R, K>({ scope: "project" }, calls);
}

export interface FieldModelSpec<R, T = InProject<R>> extends ProgramSpec {
  /** An input named in the hint for a misspelt one: `ensureExperienceContinuity`. */
  readonly exampleInput: string;
  /**
   * The outputs every instance has from the record besides those its kind's facts give (its identity and where it
   * is, `kindOutputs`): its names, its state.
   */
  readonly fixedOutputs: (record: T) => Json;
  /**
   * The resource's own rules over the inputs, after each field's: `known` holds the declared fields whose values are
   * known (by PostHog's names, the open settings' too), `failed` tells whether an input already failed.
   */
  readonly moreFailures?: (inputs: Json, known: Json, failed: (input: string) => boolean) => Failure[];
  /** Fields sent in every PATCH, live when not declared otherwise (PostHog 2025-08-04 answers an action PATCH without `name` with a 500). */
  readonly alwaysSent?: readonly string[];
  /**
   * The table's rules are PostHog's own normalisations (a rate "0.5" as 0.5, a list without its null entries): what
   * is sent and compared is their output. Otherwise the declared value as it is (a rule may drop keys PostHog keeps).
   */
  readonly normalises?: true;
  /**
   * A dictionary input of PostHog fields the table does not know yet, by PostHog's own names (Project's
   * `additionalSettings`): sent as they are, compared as JSON, shown in drift like any other, and their live values
   * kept in the output of the same name; `problem` says why a field may not be one (read-only, known, misspelt).
   */
  readonly openSettings?: { readonly input: string; readonly problem: (field: string) => string | undefined };
  /**
   * Inputs that ask for an action rather than name a setting (Project's `apiTokenRotation`) and their rules: the
   * outputs keep each as last applied, so that a change shows as one.
   */
  readonly actionInputs?: Readonly<Record<string, { readonly rule: string; readonly ok: (value: unknown) => boolean }>>;
  /** The adopt input is an output too, an adoption recorded across updates (Project's `adoptProjectId`, as its states hold it). */
  readonly recordsAdoption?: true;
}

/** What the outputs keep of the inputs: the declared ones, and the inputs kept as outputs of their own. */
export interface FieldRecorded extends Recorded {
  /** The action inputs and the adopt input as last applied (an adoption stays recorded across updates), null when not declared. */
  kept: Json;
}

/** A kind's facts its model reads (`forKind`): where it is, its identity, its adopt input. */
type ModelFacts = Pick<KindFacts, "scope" | "parent" | "identity" | "singleton"> & { readonly adoptInput?: string | undefined };

/** The field table's `KindModel`, with the input names and the comparison others (docs, tests) use. */
export interface FieldModel<R, T = InProject<R>> extends KindModel<T, FieldRecorded> {
  /** What it was made from (the generated types read it). */
  readonly spec: FieldModelSpec<R, T>;
  readonly inputNames: readonly string[];
  valuesEqual(field: string, declared: unknown, live: unknown): boolean;
  /** Declared fields this PostHog answered without: which, the versions known to lack them, and what to do. */
  unsupportedMessage(fields: readonly string[]): string;
  /**
   * The model of its kind: its inputs where the kind is (its scope's, its parent's) and its adopt input, its outputs
   * beginning with those the kind's facts give (`kindOutputs`). A kind's lifecycle holds it so; alone, a model
   * stands for a project-scoped kind adopted by `adoptId`, and gives no identity output.
   */
  forKind(this: FieldModel<R, T>, kind: ModelFacts): FieldModel<R, T>;
}

/** A model before its kind is known: in a project, adopted by `adoptId`. */
const UNPLACED: Pick<ModelFacts, "scope"> = { scope: "project" };

export function fieldModel<R, T extends object = InProject<R>>(spec: FieldModelSpec<R, T>): FieldModel<R, T> {
  return modelOf(spec, UNPLACED);
}

/** The field table's model of a kind whose facts are known (`defineKind`): placed where the kind is, once. */
export function placedModel<R, T extends object>(spec: FieldModelSpec<R, T>, kind: ModelFacts): FieldModel<R, T> {
  return modelOf(spec, kind);
}

function modelOf<R, T extends object>(spec: FieldModelSpec<R, T>, kind: Pick<ModelFacts, "scope"> & Partial<ModelFacts>): FieldModel<R, T> {
  const fieldNames = Object.keys(spec.fields);
  const argOf = new Map<string, string>(fieldNames.map((field) => [field, inputNameOf(spec.fields, field)]));
  const open = spec.openSettings;
  const arg = (field: string) => argOf.get(field) ?? (open ? `${open.input}.${field}` : field);
  const placement: Placement = { scope: kind.scope, ...(kind.parent && { parent: kind.parent }) };
  // A singleton is taken over by every create: it has no adopt input.
  const adoptInput = kind.singleton ? undefined : (kind.adoptInput ?? ADOPT_INPUT);
  const key = keyFacts(kind.identity?.key);
  const actionInputs = Object.keys(spec.actionInputs ?? {});
  /** Inputs the outputs keep as outputs of their own. */
  const keptInputs = [...actionInputs, ...(spec.recordsAdoption && adoptInput ? [adoptInput] : [])];
  /** Every input a program may declare; `__provider` is the serialized provider Pulumi adds. */
  const providerInputs = Object.keys(spec.providerInputs ?? {});
  const inputNames: readonly string[] = [
    ...argOf.values(),
    ...placeInputs(placement),
    ...(adoptInput ? [adoptInput] : []),
    ...providerInputs,
    ...actionInputs,
    ...(open ? [open.input] : []),
  ];
  const valuesEqual = (field: string, declared: unknown, live: unknown) => tableValuesEqual(spec.fields, field, declared, live);
  /** A field PostHog never answers (`writeOnly`): its declared value stands for PostHog's. */
  const writeOnly = (field: string) => rowOf(spec.fields, field)?.writeOnly === true;
  /** A declared value as it is sent and compared: the rule's output where the table's rules normalise. */
  const normal = (field: string, value: unknown): unknown => {
    if (!spec.normalises || !Object.hasOwn(spec.fields, field) || isUnknown(value)) return value;
    const parsed = spec.fields[field]!.input.safeParse(value);
    return parsed.success ? parsed.data : value;
  };
  /** The open settings the inputs declare: PostHog's names and values. */
  const openOf = (inputs: object): Json => {
    const value = open ? own(inputs, open.input) : undefined;
    return isPlainObject(value) && !isUnknown(value) ? value : {};
  };

  function unknownInput(property: string): string {
    const suggestion = closestName(property, inputNames);
    const hint = suggestion
      ? `Did you mean \`${suggestion}\`?`
      : `Inputs are camelCase (\`${spec.exampleInput}\`); see posthog.${spec.className}'s inputs in docs/resources/.`;
    const newer =
      open && !suggestion && /^[a-z0-9_]+$/.test(property)
        ? ` A PostHog field this package does not know yet goes in \`${open.input}: { ${property}: … }\`.`
        : "";
    return `${property} is not an input of posthog.${spec.className}. ${hint}${newer}`;
  }

  function validate(inputs: Json): Failure[] {
    const failures: Failure[] = [];
    for (const property of Object.keys(inputs)) {
      if (property === "__provider" || inputNames.includes(property) || own(inputs, property) === undefined) continue;
      failures.push({ property, reason: unknownInput(property) });
    }
    for (const [input, why] of Object.entries(spec.required ?? {}))
      if (inputs[input] === undefined) failures.push({ property: input, reason: `${input} is required: ${why}` });
    failures.push(...placeFailures(placement, inputs));
    const adopt = adoptInput ? inputs[adoptInput] : undefined;
    const isKey = key.is(adopt) && typeof adopt === (key.tsType === "number" ? "number" : "string");
    if (adoptInput && adopt !== undefined && adopt !== null && !isUnknown(adopt) && !isKey)
      failures.push({
        property: adoptInput,
        reason: `${adoptInput} must be ${key.name} of an existing ${spec.className} of the ${placement.parent?.noun ?? placement.scope} (PostHog's \`id\`)`,
      });
    for (const name of providerInputs) {
      const value = inputs[name];
      if (value !== undefined && !isUnknown(value) && typeof value !== "boolean")
        failures.push({ property: name, reason: `${name} must be true or false` });
    }
    for (const [name, { rule, ok }] of Object.entries(spec.actionInputs ?? {})) {
      const value = inputs[name];
      if (value !== undefined && !isUnknown(value) && !ok(value)) failures.push({ property: name, reason: `${name} ${rule}` });
    }
    for (const field of fieldNames) {
      const name = arg(field);
      const value = inputs[name];
      if (value === undefined || isUnknown(value)) continue;
      // First, and alike for every field: what JSON would lose or PostHog's parser refuses, before any rule walks it.
      const problems = jsonValueProblems(value, name);
      if (problems.length > 0) {
        // One failure for them all: the engine shows one failure per property.
        failures.push({ property: name, reason: problems.map(jsonValueReason).join(" ") });
        continue;
      }
      const parsed = spec.fields[field]!.input.safeParse(value);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const where = issue.path.length > 0 ? ` (at ${issue.path.join(".")})` : "";
        failures.push({ property: name, reason: `${name} ${issue.message}${where}` });
      }
    }
    if (open) failures.push(...openFailures(inputs[open.input]));
    if (spec.moreFailures) {
      const failed = (input: string) => failures.some((f) => f.property === input);
      // A field already refused is not known to the resource's own rules: they need not walk a value refused as too deep.
      const known = Object.fromEntries(
        fieldNames
          .filter((f) => inputs[arg(f)] !== undefined && !isUnknown(inputs[arg(f)]) && !failed(arg(f)))
          .map((f) => [f, normal(f, inputs[arg(f)])]),
      );
      if (open && !failed(open.input)) Object.assign(known, openOf(inputs));
      failures.push(...spec.moreFailures(inputs, known, failed));
    }
    return failures;
  }

  /** The open settings' failures: not a dictionary, a field that may not be one, a value JSON would lose. */
  function openFailures(value: unknown): Failure[] {
    if (!open || value === undefined || value === null || isUnknown(value)) return [];
    const property = open.input;
    if (!isPlainObject(value)) return [{ property, reason: `${property} must be an object of PostHog field names and values` }];
    const failures: Failure[] = Object.keys(value).flatMap((field) => {
      const reason = open.problem(field);
      return reason ? [{ property, reason: `${property}.${field} ${reason}` }] : [];
    });
    if (failures.length > 0) return failures;
    const problems = jsonValueProblems(value, property);
    return problems.length > 0 ? [{ property, reason: problems.map(jsonValueReason).join(" ") }] : [];
  }

  function declaredSettings(inputs: Json): Json {
    const settings: Json = {};
    for (const field of fieldNames) {
      const value = inputs[arg(field)];
      if (value !== undefined) settings[field] = normal(field, value);
    }
    return { ...settings, ...openOf(inputs) };
  }

  const outputValue = (outputs: object, field: string): unknown =>
    Object.hasOwn(spec.fields, field) || !open ? own(outputs, arg(field)) : own(openOf(outputs), field);

  function declaredFields(recorded: Recorded): string[] {
    const declared = recorded.declaredInputs ?? {};
    return [...fieldNames.filter((field) => declared[arg(field)] !== undefined), ...Object.keys(openOf(declared))];
  }

  /** The outputs this model keeps for these recorded inputs (a state written before the state was slimmed loses the rest). */
  function kept(name: string, recorded: FieldRecorded): boolean {
    const declared = recorded.declaredInputs ?? {};
    return (
      name === kind.identity?.output ||
      placeInputs(placement).includes(name) ||
      Object.hasOwn(spec.outputTypes, name) ||
      name === "unsupportedSettings" ||
      name === "declaredInputs" ||
      keptInputs.includes(name) ||
      name === open?.input ||
      fieldNames.some((field) => arg(field) === name && declared[name] !== undefined)
    );
  }

  /** Outputs with the recorded inputs set (those not declared removed), cut to what the state keeps. */
  function withRecorded(outputs: Json, recorded: FieldRecorded): Json {
    const result: Json = {};
    for (const [name, value] of Object.entries(outputs)) if (kept(name, recorded)) result[name] = value;
    for (const [name, value] of Object.entries({ ...recorded.kept, declaredInputs: recorded.declaredInputs })) {
      if (value === null || value === undefined) delete result[name];
      else result[name] = value;
    }
    return result;
  }

  function unsupportedMessage(fields: readonly string[]): string {
    const readOnly = fields.filter((f) => rowOf(spec.fields, f)?.readOnlyIn !== undefined);
    const lacked = fields.filter((f) => !readOnly.includes(f));
    const them = (list: readonly string[]) => (list.length === 1 ? "it" : "them");
    const sentences: string[] = [];
    if (lacked.length > 0) {
      const names = lacked.map(arg).join(", ");
      const lacking = [...new Set(lacked.flatMap((f) => rowOf(spec.fields, f)?.lackedBy ?? []))];
      const known = lacked.every((f) => (rowOf(spec.fields, f)?.lackedBy ?? []).length > 0);
      const why =
        lacking.length > 0 && known
          ? ` This PostHog version predates ${them(lacked)} (PostHog ${lacking.join(", ")} has no ${names}; see "PostHog versions" in the README).`
          : "";
      sentences.push(
        `This PostHog has no ${spec.className} setting ${names} (it answered without ${them(lacked)}), so ${lacked.length === 1 ? "it" : "they"} cannot be applied.${why}`,
      );
    }
    if (readOnly.length > 0) {
      const names = readOnly.map(arg).join(", ");
      const versions = [...new Set(readOnly.flatMap((f) => rowOf(spec.fields, f)!.readOnlyIn!.versions))];
      sentences.push(
        `This PostHog takes the ${spec.className} setting ${names} read-only: it drops a written value unread, as PostHog ${versions.join(", ")} does (see "PostHog versions" in the README), so ${readOnly.length === 1 ? "it" : "they"} cannot be applied.`,
      );
    }
    const all = [...lacked, ...readOnly].map(arg).join(", ");
    return `${sentences.join(" ")} Upgrade PostHog or remove ${all} from the program.`;
  }

  const keptOf = (values: object): Json => Object.fromEntries(keptInputs.map((name) => [name, own(values, name) ?? null]));

  return {
    spec,
    inputNames,
    valuesEqual,
    unsupportedMessage,
    // A kind's own model made by spreading this one and replacing a few functions (a flag's `withLiveKeys`) keeps them:
    // only those that read the kind's facts are its kind's.
    forKind(facts) {
      const { validate, inputNames, toOutputs, withRecorded, recordInputs, recordedInputsOf } = modelOf(spec, facts);
      return { ...this, validate, inputNames, toOutputs, withRecorded, recordInputs, recordedInputsOf };
    },
    validate,
    settingsChanged(olds, news) {
      const declared = declaredSettings(news);
      if (open && isUnknown(news[open.input])) return true;
      return Object.entries(declared).some(([field, value]) => isUnknown(value) || !valuesEqual(field, value, outputValue(olds, field)));
    },
    declares: (inputs, field) =>
      Object.hasOwn(spec.fields, field) ? inputs[arg(field)] !== undefined : Object.hasOwn(openOf(inputs), field),
    declaredSettings,
    differingSettings(declared, live) {
      // A write-only field differs only from a value the state holds: PostHog's answer never has it.
      const differs = (field: string, value: unknown) => {
        const current = live(field);
        return !(writeOnly(field) && current === undefined) && !valuesEqual(field, value, current);
      };
      const differing = Object.entries(declared).filter(([field, value]) => differs(field, value));
      const sent = new Set(differing.map(([field]) => field));
      const along = Object.entries(declared).filter(
        ([field]) => !sent.has(field) && rowOf(spec.fields, field)?.sentWith?.some((other) => sent.has(other)),
      );
      return Object.fromEntries([...differing, ...along]);
    },
    withLiveKeys(body, live) {
      const sent: Json = { ...body };
      for (const field of spec.alwaysSent ?? []) if (sent[field] === undefined) sent[field] = live(field);
      for (const [field, value] of Object.entries(body)) {
        const current = live(field);
        if (rowOf(spec.fields, field)?.sendMerged && isPlainObject(value) && isPlainObject(current)) sent[field] = { ...current, ...value };
        else if (isPlainObject(value)) sent[field] = { ...value, ...othersKeysOf(spec.fields, field, value, current) };
      }
      return sent;
    },
    outputValue,
    declaredFields,
    recordInputs: (inputs) => ({
      declaredInputs: Object.fromEntries(Object.entries(inputs).filter(([name, value]) => name !== "__provider" && value !== undefined)),
      kept: keptOf(inputs),
    }),
    recordedInputsOf: (outputs) => ({
      declaredInputs: isPlainObject(outputs["declaredInputs"]) ? outputs["declaredInputs"] : null,
      kept: keptOf(outputs),
    }),
    /**
     * The slim state: the kind's outputs, the fixed ones, the live value of each declared field (and of each open
     * setting, null where PostHog answered without it), and the recorded inputs.
     */
    toOutputs(record, recorded) {
      const outputs: Json = { ...(kind.identity && kindOutputs(kind as ModelFacts, record)), ...spec.fixedOutputs(record) };
      const declared = recorded.declaredInputs ?? {};
      for (const field of fieldNames) {
        const value = declared[arg(field)];
        if (value !== undefined) outputs[arg(field)] = writeOnly(field) ? normal(field, value) : (own(record, field) ?? null);
      }
      if (open && isPlainObject(declared[open.input]))
        outputs[open.input] = Object.fromEntries(Object.keys(openOf(declared)).map((field) => [field, own(record, field) ?? null]));
      return withRecorded(outputs, recorded);
    },
    withRecorded,
    withUnsupported(outputs, unsupported) {
      const result: Json = { ...outputs };
      if (unsupported.length > 0) result["unsupportedSettings"] = [...unsupported];
      else delete result["unsupportedSettings"];
      return result;
    },
    unsupportedOf(outputs) {
      const value = own(outputs, "unsupportedSettings");
      return Array.isArray(value) ? value.filter((f): f is string => typeof f === "string") : [];
    },
    /**
     * The declared inputs with the live values: a field PostHog holds as declared (after its normalisations) keeps
     * the program's form, so that the engine shows only what drifted as `old => new`.
     */
    liveInputs(declared, record) {
      const inputs: Json = { ...declared };
      const liveForm = (field: string, value: unknown) => {
        if (writeOnly(field)) return value;
        const live = own(record, field) ?? null;
        return valuesEqual(field, normal(field, value), live) ? value : tableLiveForm(spec.fields, field, value, live);
      };
      for (const field of fieldNames) {
        const name = arg(field);
        if (declared[name] !== undefined) inputs[name] = liveForm(field, declared[name]);
      }
      if (open && isPlainObject(declared[open.input]))
        inputs[open.input] = Object.fromEntries(Object.entries(openOf(declared)).map(([field, value]) => [field, liveForm(field, value)]));
      return inputs;
    },
    inputName: arg,
    sendsLiveKeys: (field) => {
      const row = rowOf(spec.fields, field);
      return row?.sendMerged === true || (row?.othersKeys ?? []).length > 0;
    },
    setAfterCreate: (field) => rowOf(spec.fields, field)?.afterCreate === true,
    writeOnly,
    planFeatureOf: (field) => rowOf(spec.fields, field)?.planFeature,
  };
}

/**
 * The outputs a kind's facts give every object, first among its outputs: its identity (`flagId`: PostHog's `id`) and
 * where it is (`projectId`, or `organizationId` and a nested kind's parent, `roleId`), from the fields the kit's API
 * places in the record (`placeFields`: `project_id`, `organization_id`, `role_id`).
 */
export function kindOutputs(kind: Pick<KindFacts, "scope" | "parent" | "identity">, record: object): Json {
  return {
    [kind.identity.output]: own(record, "id"),
    ...Object.fromEntries(placeInputs(kind).map((input) => [input, own(record, parentField(input))])),
  };
}

/**
 * The plugin schema's inputs from a field table, where the object is (`placeInputSpecs`: `projectId` by default,
 * `organizationId`, a parent's id) and `adoptId`.
 */
export function tableInputs(fields: FieldTable, noun: string, at: Partial<Placement> = {}): Record<string, PropertySpec> {
  const placement: Placement = { ...PROJECT, ...at };
  const inputs: Record<string, PropertySpec> = {};
  for (const [field, def] of Object.entries(fields)) inputs[inputNameOf(fields, field)] = { ...typeOf(def.input), description: def.doc };
  Object.assign(inputs, placeInputSpecs(placement, noun));
  if (placement.singleton) return inputs;
  const key = keyFacts(placement.key);
  inputs[ADOPT_INPUT] = {
    type: key.schemaType,
    description: `Take over this existing ${noun} (${key.name.replace(/^the /, "its ")}) on create instead of creating one; what differs from the declared inputs is then set.`,
  };
  return inputs;
}

/** The plugin schema's inputs of a resource's provider inputs (booleans, never sent to PostHog). */
export function providerInputsSchema(inputs: FieldModelSpec<unknown>["providerInputs"] = {}): Record<string, PropertySpec> {
  return Object.fromEntries(Object.entries(inputs).map(([name, { doc }]) => [name, { type: "boolean", description: doc }]));
}

/** The plugin schema's outputs: the inputs (live values) and the resource's own. */
export function tableOutputs(
  fields: FieldTable,
  noun: string,
  own: Record<string, PropertySpec>,
  at: Partial<Placement> = {},
): Record<string, PropertySpec> {
  const inputs = Object.entries(tableInputs(fields, noun, at)).map(([name, { willReplaceOnChanges: _, ...spec }]) => [name, spec] as const);
  return { ...Object.fromEntries(inputs), ...own };
}

/**
 * The importer's facts of a field-table resource: its list call where it is not the lookups' (records carry where
 * they were read), its fields from the table, `adoptId`, the id `<scope>/[<parent>/]<id>` (`idForms`); the resource
 * gives its defaults, names and references.
 */
export function scopedImport<S extends ScopeKind, R extends { id: number | string }>(
  placement: Placement & { scope: S },
  fields: FieldTable,
  facts: Omit<ImportFacts<S, InScope<R, S>>, "list" | "fields" | "importId"> & {
    list?(http: Transport, scope: ScopeOf<S>, read: ScopeReads<S>): Promise<R[]>;
  },
): ImportFacts<S, InScope<R, S>> {
  const { list, ...rest } = facts;
  return {
    ...rest,
    ...(list && {
      list: async (http: Transport, scope: ScopeOf<S>, read: ScopeReads<S>) =>
        (await list(http, scope, read)).map(
          (record) =>
            ({
              ...record,
              ...placeFields(placement, placement.parent ? { scope, parent: own(record, parentField(placement.parent.input)) } : scope),
            }) as InScope<R, S>,
        ),
    }),
    fields: Object.fromEntries(Object.keys(fields).map((field) => [field, inputNameOf(fields, field)])),
    importId: importIdOf(placement),
  };
}

/** The importer's facts of a project-scoped field-table resource (`scopedImport` in a project). */
export function projectScopedImport<R extends { id: number | string }>(
  fields: FieldTable,
  facts: Parameters<typeof scopedImport<"project", R>>[2],
): ImportFacts<"project", InProject<R>> {
  return scopedImport<"project", R>({ scope: "project" }, fields, facts);
}
