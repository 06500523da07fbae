/**
 * Between Pulumi's view of a project (camelCase inputs and outputs) and PostHog's (snake_case settings and records).
 * Everything here is driven by the field table; no setting is named.
 */
import type { KindModel } from "../../kit/lifecycle";
import {
  isProjectField,
  keptInState,
  recordFieldNames,
  projectFields,
  settingNames,
  type ProjectRecord,
  type ProjectSettings,
  valuesEqual,
  type WritableField,
} from "./fields";
import { rowOf, tableLiveForm } from "../../kit/field-table";
import { isPlainObject, jsonValueProblems, jsonValueReason, own, PROTOTYPE_NAMES } from "../../kit/json";
import { camelCase, closestName } from "../../kit/names";
import { isUnknown } from "../../kit/unknown";
import { placeFailures, type Placement } from "../../kit/kind";

/** Where projects are: in an organization (`/api/organizations/<organizationId>/projects/`, posthog/api/project.py). */
const projectPlacement: Placement = { scope: "organization" };

/**
 * A project's outputs as the lifecycle handles them: plain JSON. Their program types (ProjectOutputs, …) are generated
 * from the field table above the kinds (src/resources/project-types.ts), which a kind does not import.
 */
type Outputs = Record<string, unknown>;

/**
 * The program's inputs the outputs keep, null when not declared (the outputs then leave them out). `read` needs
 * `declaredInputs` to hand the engine the declared inputs with their live values, so that drift shows setting by
 * setting (`~ anonymizeIps: false => true`); for additionalSettings, which fields (their values are live).
 */
export interface RecordedInputs {
  apiTokenRotation: string | null;
  adoptProjectId: number | null;
  additionalSettings: Record<string, unknown> | null;
  declaredInputs: Record<string, unknown> | null;
}

const isWritable = (field: string): field is WritableField => Object.hasOwn(projectFields, field);

export interface Failure {
  readonly property: string;
  readonly reason: string;
}

/** Inputs that tell the provider what to do rather than name a setting. */
const providerInputs = ["organizationId", "apiTokenRotation", "adoptProjectId", "additionalSettings"] as const;
/** Every input a program may declare; `__provider` is the serialized provider Pulumi adds. */
const inputNames: readonly string[] = [...settingNames.map((s) => s.arg), ...providerInputs];
/**
 * Read-only fields of PostHog's project and environment serializers that the field table leaves out of the outputs
 * (`read_only_fields` of ProjectBackwardCompatSerializer in posthog/api/project.py and of TeamSerializer in
 * posthog/api/team.py): PostHog ignores them when sent, so declaring one would only ever show as not applied.
 */
const readOnlyNotInTable: ReadonlySet<string> = new Set(["project_id"]);

/** PostHog's own rules, applied before anything is sent. Values unknown during preview are left for later. */
export function validateInputs(inputs: Record<string, unknown>): Failure[] {
  const failures: Failure[] = [];
  for (const property of Object.keys(inputs)) {
    if (property === "__provider" || inputNames.includes(property) || own(inputs, property) === undefined) continue;
    failures.push({ property, reason: unknownInput(property) });
  }
  for (const { api, arg } of settingNames) {
    const value = inputs[arg];
    if (value === undefined || isUnknown(value)) continue;
    const parsed = projectFields[api].input.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const where = issue.path.length > 0 ? ` (at ${issue.path.join(".")})` : "";
      failures.push({ property: arg, reason: `${arg} ${issue.message}${where}` });
    }
  }
  const check = (property: (typeof providerInputs)[number], ok: (v: unknown) => boolean, rule: string) => {
    const value = inputs[property];
    if (value !== undefined && !isUnknown(value) && !ok(value)) failures.push({ property, reason: `${property} ${rule}` });
  };
  failures.push(...placeFailures(projectPlacement, inputs));
  check("apiTokenRotation", (v) => typeof v === "string", "must be a string; change it to rotate the project API key");
  check("adoptProjectId", (v) => Number.isInteger(v) && (v as number) > 0, "must be the numeric id of an existing project");
  const extra = inputs["additionalSettings"];
  if (extra !== undefined && extra !== null && !isUnknown(extra)) {
    if (!isPlainObject(extra))
      failures.push({ property: "additionalSettings", reason: "additionalSettings must be an object of PostHog field names and values" });
    else
      for (const field of Object.keys(extra)) {
        const reason = additionalSettingProblem(field);
        if (reason) failures.push({ property: "additionalSettings", reason: `additionalSettings.${field} ${reason}` });
      }
  }
  for (const property of [...settingNames.map((s) => s.arg), "additionalSettings"]) {
    const value = inputs[property];
    if (failures.some((f) => f.property === property)) continue;
    if (value === undefined || value === null || typeof value !== "object" || isUnknown(value)) continue;
    // What JSON would lose or PostHog's parser refuses, as for every resource's JSON-valued field (src/kit/field-model.ts).
    const problems = jsonValueProblems(value, property);
    if (problems.length > 0) failures.push({ property, reason: problems.map(jsonValueReason).join(" ") });
  }
  if (failures.length === 0) {
    const oversized = requestSizeProblem(inputs);
    if (oversized) failures.push(oversized);
  }
  return failures;
}

/**
 * PostHog's settings cap a request body at 20 MB: DATA_UPLOAD_MAX_MEMORY_SIZE = 20971520 in posthog/settings/web.py
 * (today's and 2025-08-04's), beyond which Django raises RequestDataTooBig (400) wherever the body is read whole. The
 * 2025-08-04 backend itself took a 21 MB JSON PATCH and POST (DRF's JSON parser reads the stream, which Django does
 * not measure); what sits in front of PostHog Cloud is not known here. Settings that size are a mistake either way,
 * so they are refused before anything is sent. The settings of one project go in at most two requests (the create,
 * then a PATCH of the fields PostHog refuses on create); the check measures them together, as JSON in UTF-8 as the
 * client sends them, and names the largest.
 */
export const MAX_REQUEST_BYTES = 20_971_520;

function requestSizeProblem(inputs: Record<string, unknown>): Failure | undefined {
  if (Object.values(inputs).some(isUnknown)) return undefined;
  const body = declaredSettings(inputs);
  const size = Buffer.byteLength(JSON.stringify(body));
  if (size <= MAX_REQUEST_BYTES) return undefined;
  const [largest, bytes] = Object.entries(body)
    .map(([field, value]) => [field, Buffer.byteLength(JSON.stringify(value) ?? "")] as const)
    .reduce((a, b) => (b[1] > a[1] ? b : a));
  const property = isProjectField(largest) ? camelCase(largest) : "additionalSettings";
  return {
    property,
    reason:
      `${inputName(largest)} is ${bytes} bytes as JSON, and the settings together ${size}: PostHog's settings cap a ` +
      `request body at ${MAX_REQUEST_BYTES} bytes (20 MB, Django's DATA_UPLOAD_MAX_MEMORY_SIZE in posthog/settings/web.py). Make it smaller.`,
  };
}

function unknownInput(property: string): string {
  const suggestion = closestName(property, inputNames);
  const hint = suggestion
    ? `Did you mean \`${suggestion}\`?`
    : "Inputs are camelCase (`anonymizeIps`); see posthog.Project's inputs in docs/resources/project.md.";
  const newer =
    /^[a-z0-9_]+$/.test(property) && !suggestion
      ? ` A PostHog field this package does not know yet goes in \`additionalSettings: { ${property}: … }\`.`
      : "";
  return `${property} is not an input of posthog.Project. ${hint}${newer}`;
}

function additionalSettingProblem(field: string): string | undefined {
  if (PROTOTYPE_NAMES.has(field)) {
    return (
      "is not a PostHog field: it is a name every JavaScript object already has (Object.prototype), and is refused " +
      "as a key because it would be read as that built-in instead of your value. Remove it."
    );
  }
  if (!/^[a-z][a-z0-9_]*$/.test(field)) return "must be PostHog's snake_case field name";
  const readOnly =
    "is read-only in PostHog (one of the read_only_fields of its project and environment serializers, " +
    "posthog/api/project.py and posthog/api/team.py): PostHog ignores it when sent. Remove it.";
  if (readOnlyNotInTable.has(field)) return readOnly;
  if (!isProjectField(field)) return undefined;
  const writable = settingNames.find((s) => s.api === field);
  return writable ? `is a known setting: declare it as \`${writable.arg}\` instead` : readOnly;
}

/** Settings as sent to PostHog: the typed ones, and any `additionalSettings` under their own names. */
export type SettingsBody = ProjectSettings & Record<string, unknown>;

/** The declared settings, snake_case and normalised by their schemas (e.g. a sample rate "0.5" becomes 0.5). */
export function declaredSettings(inputs: Record<string, unknown>): SettingsBody {
  const settings: Record<string, unknown> = {};
  for (const { api, arg } of settingNames) {
    const value = inputs[arg];
    if (value !== undefined) settings[api] = projectFields[api].input.parse(value);
  }
  const extra = inputs["additionalSettings"];
  if (isPlainObject(extra)) Object.assign(settings, extra);
  return settings as SettingsBody;
}

/** Declared settings whose value differs from the live one, compared the way PostHog rewrites them. */
export function differingSettings(declared: SettingsBody, live: (field: string) => unknown): SettingsBody {
  return Object.fromEntries(Object.entries(declared).filter(([field, value]) => !valuesEqual(field, value, live(field)))) as SettingsBody;
}

/**
 * The body to send: a dictionary PostHog merges today but the 2025-08-04 PostHog replaces (`modifiers`) goes with
 * its live keys under the declared ones, so that keys set elsewhere survive on either.
 */
export function withLiveKeys(body: SettingsBody, live: (field: string) => unknown): SettingsBody {
  const out: Record<string, unknown> = { ...body };
  for (const [field, value] of Object.entries(body)) {
    const current = live(field);
    if (rowOf(projectFields, field)?.sendMerged && isPlainObject(value) && isPlainObject(current)) out[field] = { ...current, ...value };
  }
  return out as SettingsBody;
}

/** The PostHog names of the settings the recorded inputs declare: typed ones and additionalSettings. */
export function declaredFields(recorded: RecordedInputs): string[] {
  const declared = recorded.declaredInputs ?? {};
  const typed = settingNames.filter(({ arg }) => declared[arg] !== undefined).map(({ api }) => api as string);
  const extra = declared["additionalSettings"];
  return [...typed, ...(isPlainObject(extra) ? Object.keys(extra) : [])];
}

/**
 * Outputs with the declared settings this PostHog has nowhere (neither the project nor its environment), as the
 * write or read found them: state, not a resource property, so that the next diff can say so before anything is sent.
 */
export function withUnsupported<T extends Outputs>(outputs: T, unsupported: readonly string[]): T {
  const result: Record<string, unknown> = { ...outputs };
  if (unsupported.length > 0) result["unsupportedSettings"] = [...unsupported];
  else delete result["unsupportedSettings"];
  return result as T;
}

/** The settings the last write or read found missing from this PostHog, as the outputs keep them. */
export function unsupportedOf(outputs: object): string[] {
  const value = (outputs as Record<string, unknown>)["unsupportedSettings"];
  return Array.isArray(value) ? value.filter((f): f is string => typeof f === "string") : [];
}

/** A setting's value as the outputs hold it: typed settings under their input name, the others in additionalSettings. */
export function outputValue(outputs: object, field: string): unknown {
  const values = outputs as Record<string, unknown>;
  if (isProjectField(field)) return values[camelCase(field)];
  const extra = values["additionalSettings"];
  return isPlainObject(extra) ? own(extra, field) : undefined;
}

/**
 * The fields of a record PostHog sent, camelCased (the numeric `id` as `projectId`). A field PostHog did not send
 * (an older or newer PostHog) is left out, not stored as null: the state keeps only what PostHog said.
 */
export function recordOutputs(record: ProjectRecord): Outputs {
  const outputs: Record<string, unknown> = { projectId: record.id, organizationId: record.organization };
  for (const field of recordFieldNames)
    if (field !== "id" && own(record, field) !== undefined) outputs[camelCase(field)] = own(record, field);
  return outputs as unknown as Outputs;
}

/**
 * What a project's state keeps of a record: its ids, the fields programs reference (`keptInState`) and the live
 * values of the declared settings (a setting PostHog did not send is left out). The rest is `getProject`'s.
 */
export function stateOutputs(record: ProjectRecord, declaredInputs: Record<string, unknown> | null): Outputs {
  const outputs: Record<string, unknown> = { projectId: record.id, organizationId: record.organization };
  for (const field of keptInState) if (own(record, field) !== undefined) outputs[camelCase(field)] = own(record, field);
  for (const { api, arg } of settingNames) {
    if (declaredInputs?.[arg] !== undefined && own(record, api) !== undefined) outputs[arg] = own(record, api);
  }
  return outputs as Outputs;
}

/**
 * The outputs of a record and the recorded inputs, those not declared left out; `recorded.additionalSettings` names
 * the extra fields whose live values to keep (null for a field PostHog did not send: that is how it shows as not applied).
 */
export function toOutputs(record: ProjectRecord, recorded: RecordedInputs): Outputs {
  const extra = recorded.additionalSettings;
  const additionalSettings = extra && Object.fromEntries(Object.keys(extra).map((field) => [field, own(record, field) ?? null]));
  return withRecorded(stateOutputs(record, recorded.declaredInputs), { ...recorded, additionalSettings }) as Outputs;
}

/**
 * Earlier outputs cut to what the state keeps for these recorded inputs: a setting no longer declared leaves the
 * state, and a state written before the state was slimmed (every field of the record) loses the rest.
 */
export function slimOutputs<T extends Outputs>(outputs: T, recorded: RecordedInputs): T {
  const declared = recorded.declaredInputs ?? {};
  const keep = (name: string) =>
    stateNames.has(name) || Object.hasOwn(recorded, name) || (settingArgs.has(name) && declared[name] !== undefined);
  return Object.fromEntries(Object.entries(outputs).filter(([name]) => keep(name))) as T;
}

const settingArgs: ReadonlySet<string> = new Set(settingNames.map(({ arg }) => arg));
/** Outputs every state keeps: ids, the record fields programs reference, and what the provider itself records. */
const stateNames: ReadonlySet<string> = new Set(["projectId", "organizationId", "unsupportedSettings", ...keptInState.map(camelCase)]);

/** Outputs with the recorded inputs set, and those not declared (null) removed. */
export function withRecorded<T extends Outputs>(outputs: T, recorded: RecordedInputs): T {
  const result: Record<string, unknown> = { ...outputs };
  for (const [name, value] of Object.entries(recorded)) {
    if (value === null) delete result[name];
    else result[name] = value;
  }
  return result as T;
}

/** What the outputs keep of a program's inputs. */
export function recordInputs(inputs: Record<string, unknown>): RecordedInputs {
  const declared = Object.fromEntries(inputNames.filter((name) => inputs[name] !== undefined).map((name) => [name, inputs[name]]));
  return {
    apiTokenRotation: (inputs["apiTokenRotation"] as string | undefined) ?? null,
    adoptProjectId: (inputs["adoptProjectId"] as number | undefined) ?? null,
    additionalSettings: (inputs["additionalSettings"] as Record<string, unknown> | undefined) ?? null,
    declaredInputs: declared,
  };
}

/** What earlier outputs kept of the program's inputs. */
export function recordedInputsOf(outputs: Partial<Record<keyof RecordedInputs, unknown>>): RecordedInputs {
  return {
    apiTokenRotation: (outputs.apiTokenRotation as string | null | undefined) ?? null,
    adoptProjectId: (outputs.adoptProjectId as number | null | undefined) ?? null,
    additionalSettings: isPlainObject(outputs.additionalSettings) ? outputs.additionalSettings : null,
    declaredInputs: isPlainObject(outputs.declaredInputs) ? outputs.declaredInputs : null,
  };
}

/**
 * The declared inputs with the live values of a record, as the program would write them: a setting whose live value
 * compares equal (as diff compares) keeps its declared form, a drifted one takes the live value, so that the engine
 * shows exactly the drifted settings as `old => new`.
 */
export function liveInputs(declared: Record<string, unknown>, record: ProjectRecord): Record<string, unknown> {
  const inputs: Record<string, unknown> = { ...declared };
  for (const { api, arg } of settingNames) {
    if (declared[arg] === undefined) continue;
    inputs[arg] = liveForm(api, declared[arg], own(record, api) ?? null);
  }
  const extra = declared["additionalSettings"];
  if (isPlainObject(extra)) {
    inputs["additionalSettings"] = Object.fromEntries(
      Object.entries(extra).map(([field, value]) => [field, liveForm(field, value, own(record, field) ?? null)]),
    );
  }
  return inputs;
}

function liveForm(field: string, declared: unknown, live: unknown): unknown {
  const parsed = isWritable(field) ? projectFields[field].input.safeParse(declared) : undefined;
  if (valuesEqual(field, parsed?.success ? parsed.data : declared, live)) return declared;
  return tableLiveForm(projectFields, field, declared, live);
}

/** How the program names a setting: its input, or its place in additionalSettings. */
export function inputName(field: string): string {
  return isProjectField(field) ? camelCase(field) : `additionalSettings.${field}`;
}

/** Whether a declared setting differs from the live value the outputs hold (as diff compares), or is not known yet. */
export function settingsChanged(olds: Record<string, unknown>, news: Record<string, unknown>): boolean {
  const settingChanged = settingNames.some(({ api, arg }) => {
    const value = news[arg];
    if (value === undefined) return false;
    const parsed = projectFields[api].input.safeParse(value);
    // No live value in the state: declared just now (the state keeps declared settings only), so it is a change.
    return isUnknown(value) || !parsed.success || olds[arg] === undefined || !valuesEqual(api, parsed.data, olds[arg]);
  });
  const extra = news["additionalSettings"];
  return (
    settingChanged ||
    (extra !== undefined &&
      extra !== null &&
      (isUnknown(extra) ||
        Object.entries(extra as Record<string, unknown>).some(
          ([field, value]) => outputValue(olds, field) === undefined || !valuesEqual(field, value, outputValue(olds, field)),
        )))
  );
}

/** Whether the inputs declare this PostHog field, typed or in additionalSettings. */
export function declaresField(inputs: Record<string, unknown>, field: string): boolean {
  const typed = settingNames.find(({ api }) => api === field);
  if (typed) return inputs[typed.arg] !== undefined;
  const extra = inputs["additionalSettings"];
  return extra !== null && extra !== undefined && typeof extra === "object" && Object.hasOwn(extra, field);
}

/** Project's field table at the kit's service (src/kit/lifecycle.ts). */
export const projectModel: KindModel<ProjectRecord, RecordedInputs> = {
  validate: validateInputs,
  settingsChanged,
  declares: declaresField,
  declaredSettings,
  differingSettings: (declared, live) => differingSettings(declared as SettingsBody, live),
  withLiveKeys: (body, live) => withLiveKeys(body as SettingsBody, live),
  outputValue,
  declaredFields,
  recordInputs,
  recordedInputsOf,
  toOutputs,
  withRecorded: (outputs, recorded) => slimOutputs(withRecorded(outputs, recorded), recorded),
  withUnsupported,
  unsupportedOf,
  liveInputs,
  sendsMerged: (field) => rowOf(projectFields, field)?.sendMerged === true,
  inputName,
  setAfterCreate: (field) => rowOf(projectFields, field)?.afterCreate === true,
  planFeatureOf: (field) => rowOf(projectFields, field)?.planFeature,
};
