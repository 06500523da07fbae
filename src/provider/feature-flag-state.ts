/**
 * Between Pulumi's view of a feature flag (camelCase inputs, slim outputs) and PostHog's (snake_case fields), driven
 * by the flag's field table (src/schema/feature-flag-fields.ts): the kit's `DeclaredState` for FeatureFlag.
 */
import type { DeclaredState, Failure, Json, Recorded } from "../kit/lifecycle";
import type { FeatureFlag } from "../schema/feature-flag";
import {
  crossFieldProblems,
  type FlagField,
  flagFieldNames,
  flagFields,
  flagValuesEqual,
  filtersProblems,
} from "../schema/feature-flag-fields";
import { isPlainObject, own, prototypeKeyPath } from "../schema/json";
import { camelCase, closestName } from "../schema/names";
import { isUnknown } from "./project-state";

/** A flag record with the project it was read from (PostHog's answer does not name it). */
export type FlagRecord = FeatureFlag & { project_id: number };

export interface FlagRecorded extends Recorded {}

const argOf = new Map<string, string>(flagFieldNames.map((field) => [field, camelCase(field)]));
const fieldOfArg = new Map<string, FlagField>(flagFieldNames.map((field) => [camelCase(field), field]));
/** Every input a program may declare; `__provider` is the serialized provider Pulumi adds. */
export const flagInputNames: readonly string[] = [...fieldOfArg.keys(), "projectId"];

/** The outputs every FeatureFlag has: its ids, key and name (a declared setting adds its live value). */
export const flagOutputNames = ["flagId", "projectId", "key", "name"] as const;

function validate(inputs: Json): Failure[] {
  const failures: Failure[] = [];
  for (const property of Object.keys(inputs)) {
    if (property === "__provider" || flagInputNames.includes(property) || own(inputs, property) === undefined) continue;
    const suggestion = closestName(property, flagInputNames);
    failures.push({
      property,
      reason: `${property} is not an input of posthog.FeatureFlag. ${suggestion ? `Did you mean \`${suggestion}\`?` : "Inputs are camelCase (`ensureExperienceContinuity`); see the settings reference in the README."}`,
    });
  }
  if (inputs["key"] === undefined) failures.push({ property: "key", reason: "key is required: the key SDKs evaluate the flag by" });
  const projectId = inputs["projectId"];
  if (
    projectId !== undefined &&
    projectId !== null &&
    !isUnknown(projectId) &&
    !(Number.isSafeInteger(Number(projectId)) && Number(projectId) > 0)
  )
    failures.push({ property: "projectId", reason: "projectId must be the numeric id of a project (a number, or a Project's projectId)" });
  for (const field of flagFieldNames) {
    const arg = argOf.get(field)!;
    const value = inputs[arg];
    if (value === undefined || isUnknown(value)) continue;
    const parsed = flagFields[field].input.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const where = issue.path.length > 0 ? ` (at ${issue.path.join(".")})` : "";
      failures.push({ property: arg, reason: `${arg} ${issue.message}${where}` });
      continue;
    }
    if (value !== null && typeof value === "object") {
      const keyPath = prototypeKeyPath(value);
      if (keyPath !== undefined)
        failures.push({ property: arg, reason: `${arg} has the key at ${keyPath}, a name every JavaScript object already has: rename it` });
    }
  }
  const filters = inputs["filters"];
  if (isPlainObject(filters) && !isUnknown(filters) && !failures.some((f) => f.property === "filters"))
    for (const reason of filtersProblems(filters, true)) failures.push({ property: "filters", reason });
  const known = Object.fromEntries(
    flagFieldNames
      .filter((f) => inputs[argOf.get(f)!] !== undefined && !isUnknown(inputs[argOf.get(f)!]))
      .map((f) => [f, inputs[argOf.get(f)!]]),
  );
  // A rule between fields one of which is not known yet waits for the values (`active` defaults to true).
  for (const { field, reason } of crossFieldProblems(known))
    if (!failures.some((f) => f.property === argOf.get(field))) {
      if (field === "archived" && isUnknown(inputs["active"])) continue;
      failures.push({ property: argOf.get(field)!, reason });
    }
  return failures;
}

function declaredSettings(inputs: Json): Json {
  const settings: Json = {};
  for (const field of flagFieldNames) {
    const value = inputs[argOf.get(field)!];
    if (value !== undefined) settings[field] = value;
  }
  return settings;
}

function differingSettings(declared: Json, live: (field: string) => unknown): Json {
  return Object.fromEntries(Object.entries(declared).filter(([field, value]) => !flagValuesEqual(field, value, live(field))));
}

function outputValue(outputs: object, field: string): unknown {
  return own(outputs, argOf.get(field) ?? field);
}

function recordInputs(inputs: Json): FlagRecorded {
  const declared = Object.fromEntries(Object.entries(inputs).filter(([name, value]) => name !== "__provider" && value !== undefined));
  return { declaredInputs: declared };
}

function declaredFields(recorded: FlagRecorded): string[] {
  const declared = recorded.declaredInputs ?? {};
  return flagFieldNames.filter((field) => declared[argOf.get(field)!] !== undefined);
}

/** The slim state: ids, key and name, the live value of each declared field, and the declared inputs. */
function toOutputs(record: FlagRecord, recorded: FlagRecorded): Json {
  const outputs: Json = { flagId: record.id, projectId: record.project_id, key: record.key, name: record.name };
  for (const field of declaredFields(recorded)) outputs[argOf.get(field)!] = own(record, field) ?? null;
  return withRecorded(outputs, recorded);
}

function withRecorded(outputs: Json, recorded: FlagRecorded): Json {
  return recorded.declaredInputs ? { ...outputs, declaredInputs: recorded.declaredInputs } : outputs;
}

/**
 * The declared inputs with the live values: a field PostHog holds as declared (after its normalisations) keeps the
 * program's form, so that the engine shows only what drifted as `old => new`.
 */
function liveInputs(declared: Json, record: FlagRecord): Json {
  const inputs: Json = { ...declared };
  for (const field of flagFieldNames) {
    const arg = argOf.get(field)!;
    if (declared[arg] === undefined) continue;
    const live = own(record, field) ?? null;
    if (!flagValuesEqual(field, declared[arg], live)) inputs[arg] = live;
  }
  return inputs;
}

export const featureFlagState: DeclaredState<FlagRecord, FlagRecorded> = {
  validate,
  settingsChanged(olds, news) {
    const declared = declaredSettings(news);
    return Object.entries(declared).some(([field, value]) => isUnknown(value) || !flagValuesEqual(field, value, outputValue(olds, field)));
  },
  declares: (inputs, field) => inputs[argOf.get(field) ?? field] !== undefined,
  declaredSettings,
  differingSettings,
  withLiveKeys: (body) => body,
  outputValue,
  declaredFields,
  recordInputs,
  recordedInputsOf: (outputs) => ({ declaredInputs: isPlainObject(outputs["declaredInputs"]) ? outputs["declaredInputs"] : null }),
  toOutputs,
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
  liveInputs,
  inputName: (field) => argOf.get(field) ?? field,
  sendsMerged: () => false,
  setAfterCreate: () => false,
  // TaggedItemSerializerMixin (posthog/api/tagged_item.py) saves tags only for organizations with the `tagging`
  // plan feature, and answers 200 with no tags otherwise (measured on the 2025-08-04 backend).
  planFeatureOf: (field) => (field === "tags" ? "the `tagging` feature (AvailableFeature.TAGGING)" : undefined),
};
