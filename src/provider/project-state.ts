/**
 * Between Pulumi's view of a project (camelCase inputs and outputs) and PostHog's (snake_case settings and records).
 * Everything here is driven by the field table; no setting is named.
 */
import {
  fieldDef,
  projectFields,
  settingNames,
  type ProjectField,
  type ProjectRecord,
  type ProjectSettings,
  type ProjectSettingsArgs,
  type ProjectState,
  type WritableField,
  valuesEqual,
} from "../schema/project";
import { camelCase } from "../schema/names";
import { isOrganizationId, ORGANIZATION_ID_RULE } from "../client";

/** What Pulumi sends for a value not known yet during preview, in any field whatever its type. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** The resource's inputs: every writable setting, plus the inputs that steer the provider. */
export interface ProjectInputs extends ProjectSettingsArgs {
  /** Organization that owns the project; defaults to `posthog:organizationId`. Changing it replaces the project. */
  organizationId?: string;
  /** Any string; changing it rotates the project API key (`reset_token`). */
  apiTokenRotation?: string;
  /** Take over this existing project on create instead of creating one (dynamic providers cannot `pulumi import`). */
  adoptProjectId?: number;
}

type Bookkeeping = {
  /** The project's numeric id. */
  projectId: number;
  organizationId: string;
  apiTokenRotation: string | null;
  adoptProjectId: number | null;
};

/** The outputs that record provider inputs rather than PostHog state. */
export type Steering = Pick<Bookkeeping, "apiTokenRotation" | "adoptProjectId">;

/** The resource's outputs: the whole live record (the numeric `id` as `projectId`), absent fields null. */
export type ProjectOutputs = Omit<ProjectState, "id"> & Bookkeeping;

const bookkeeping: ReadonlyArray<keyof Bookkeeping> = ["projectId", "organizationId", "apiTokenRotation", "adoptProjectId"];
const recordFields = (Object.keys(projectFields) as ProjectField[]).filter((f) => f !== "id");

/** Every output property name, for seeding the resource's outputs. */
export const outputNames: ReadonlyArray<keyof ProjectOutputs> = [...recordFields.map((f) => camelCase(f)), ...bookkeeping];
/** Output properties Pulumi must store as secrets. */
export const secretOutputNames = recordFields.filter((f) => fieldDef(f).secret).map((f) => camelCase(f));

export function isUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(isUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(isUnknown);
  return false;
}

export interface Failure {
  readonly property: string;
  readonly reason: string;
}

/** PostHog's own rules, applied before anything is sent. Values unknown during preview are left for later. */
export function validateInputs(inputs: Record<string, unknown>): Failure[] {
  const failures: Failure[] = [];
  for (const { api, arg } of settingNames) {
    const value = inputs[arg];
    if (value === undefined || isUnknown(value)) continue;
    const parsed = fieldDef(api).input!.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const where = issue.path.length > 0 ? ` (at ${issue.path.join(".")})` : "";
      failures.push({ property: arg, reason: `${arg} ${issue.message}${where}` });
    }
  }
  const check = (property: keyof ProjectInputs, ok: (v: unknown) => boolean, rule: string) => {
    const value = inputs[property];
    if (value !== undefined && !isUnknown(value) && !ok(value)) failures.push({ property, reason: `${property} ${rule}` });
  };
  check("organizationId", isOrganizationId, ORGANIZATION_ID_RULE);
  check("apiTokenRotation", (v) => typeof v === "string", "must be a string; change it to rotate the project API key");
  check("adoptProjectId", (v) => Number.isInteger(v) && (v as number) > 0, "must be the numeric id of an existing project");
  return failures;
}

/** The declared settings, snake_case and normalised by their schemas (e.g. a sample rate "0.5" becomes 0.5). */
export function declaredSettings(inputs: Record<string, unknown>): ProjectSettings {
  const settings: Record<string, unknown> = {};
  for (const { api, arg } of settingNames) {
    const value = inputs[arg];
    if (value !== undefined) settings[api] = fieldDef(api).input!.parse(value);
  }
  return settings as ProjectSettings;
}

/** Declared settings whose value differs from the live one, compared the way PostHog rewrites them. */
export function differingSettings(declared: ProjectSettings, live: (field: WritableField) => unknown): ProjectSettings {
  return Object.fromEntries(
    Object.entries(declared).filter(([field, value]) => !valuesEqual(field as WritableField, value, live(field as WritableField))),
  ) as ProjectSettings;
}

/** Every field of a record, camelCased, absent ones null (the numeric `id` as `projectId`). */
export function recordOutputs(record: ProjectRecord): Omit<ProjectOutputs, "apiTokenRotation" | "adoptProjectId"> {
  const outputs: Record<string, unknown> = {};
  for (const field of recordFields) outputs[camelCase(field)] = record[field] ?? null;
  return { ...(outputs as Omit<ProjectState, "id">), projectId: record.id, organizationId: record.organization };
}

export function toOutputs(record: ProjectRecord, steering: Steering): ProjectOutputs {
  return { ...recordOutputs(record), ...steering };
}

export function argName(field: WritableField): string {
  return camelCase(field);
}
