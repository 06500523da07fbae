/**
 * Between Pulumi's view of a project (camelCase inputs and outputs) and PostHog's (snake_case settings and records):
 * the kit's field-table model (src/kit/field-model.ts) over the project's table (./fields), with what is the
 * project's own: settings the table does not know yet (`additionalSettings`), the key rotation an input asks for
 * (`apiTokenRotation`), an adoption recorded across updates, and PostHog's cap on a request's size. No setting is
 * named here.
 */
import { fieldModel, type InOrganization } from "../../kit/field-model";
import type { Failure, Json } from "../../kit/lifecycle";
import { own, PROTOTYPE_NAMES } from "../../kit/json";
import { camelCase } from "../../kit/names";
import { isUnknown } from "../../kit/unknown";
import { z } from "zod";
import {
  CORE_FIELDS,
  isProjectField,
  keptInState,
  type ProjectField,
  projectFields,
  recordField,
  recordFieldNames,
  type ProjectRecord,
} from "./fields";

/** A project's record with the organization it is in (the UUID its answer names), where the kit keeps a record's scope. */
export type PlacedProject = InOrganization<ProjectRecord>;

/**
 * Read-only fields of PostHog's project and environment serializers that the field table leaves out of the outputs
 * (`read_only_fields` of ProjectBackwardCompatSerializer in posthog/api/project.py and of TeamSerializer in
 * posthog/api/team.py): PostHog ignores them when sent, so declaring one would only ever show as not applied.
 */
const readOnlyNotInTable: ReadonlySet<string> = new Set(["project_id"]);

/** Why a field may not be one of `additionalSettings`, if it may not. */
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
  return Object.hasOwn(projectFields, field) ? `is a known setting: declare it as \`${camelCase(field)}\` instead` : readOnly;
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

function requestSizeProblem(inputs: Json, settings: Json): Failure | undefined {
  if (Object.values(inputs).some(isUnknown) || Object.keys(settings).length === 0) return undefined;
  const size = Buffer.byteLength(JSON.stringify(settings));
  if (size <= MAX_REQUEST_BYTES) return undefined;
  const [largest, bytes] = Object.entries(settings)
    .map(([field, value]) => [field, Buffer.byteLength(JSON.stringify(value) ?? "")] as const)
    .reduce((a, b) => (b[1] > a[1] ? b : a));
  const typed = Object.hasOwn(projectFields, largest);
  return {
    property: typed ? camelCase(largest) : "additionalSettings",
    reason:
      `${typed ? camelCase(largest) : `additionalSettings.${largest}`} is ${bytes} bytes as JSON, and the settings together ${size}: PostHog's settings cap a ` +
      `request body at ${MAX_REQUEST_BYTES} bytes (20 MB, Django's DATA_UPLOAD_MAX_MEMORY_SIZE in posthog/settings/web.py). Make it smaller.`,
  };
}

/**
 * What a project's state keeps of PostHog's record besides its ids and its declared settings: the fields programs
 * reference (`keptInState`), as PostHog sent them. The rest is `getProject`'s.
 */
function keptFields(record: ProjectRecord): Json {
  return Object.fromEntries(
    keptInState.filter((field) => own(record, field) !== undefined).map((field) => [camelCase(field), own(record, field)]),
  );
}

/** Project's field table at the kit's service (src/kit/field-model.ts). */
export const projectModel = fieldModel<ProjectRecord, PlacedProject>({
  className: "Project",
  noun: "project",
  summary: "A PostHog project: its settings, and the tokens its SDKs send events with.",
  fields: projectFields,
  exampleInput: "anonymizeIps",
  normalises: true,
  recordsAdoption: true,
  fixedOutputs: keptFields,
  // PostHog answers each as a string.
  outputTypes: Object.fromEntries(keptInState.map((field) => [camelCase(field), { type: "string", doc: recordField(field).doc }])),
  nameInput: "name",
  plainTypes: { inputs: "ProjectInputs", outputs: "ProjectOutputs" },
  recordType: {
    name: "ProjectRecordOutputs",
    fields: {
      projectId: { answer: recordField("id").answer, doc: recordField("id").doc, optional: false },
      organizationId: {
        answer: z.string(),
        doc: "UUID of the organization that owns the project (the same as `organization`).",
        optional: false,
      },
      ...Object.fromEntries(
        recordFieldNames
          .filter((field) => field !== "id")
          .map((field) => [
            camelCase(field),
            {
              answer: recordField(field).answer,
              doc: recordField(field).doc,
              optional: !(CORE_FIELDS as readonly ProjectField[]).includes(field),
            },
          ]),
      ),
    },
  },
  openSettings: { input: "additionalSettings", problem: additionalSettingProblem },
  actionInputs: {
    apiTokenRotation: { rule: "must be a string; change it to rotate the project API key", ok: (value) => typeof value === "string" },
  },
  moreFailures: (inputs, known, failed) => {
    if (Object.keys(inputs).some(failed)) return [];
    const oversized = requestSizeProblem(inputs, known);
    return oversized ? [oversized] : [];
  },
});

/**
 * The fields of a record PostHog sent, camelCased (the numeric `id` as `projectId`, `organization` as well as
 * `organizationId`): what `getProject` answers. A field PostHog did not send (an older or newer PostHog) is left out,
 * not null: only what PostHog said.
 */
export function recordOutputs(record: ProjectRecord): Json {
  const outputs: Json = { projectId: record.id, organizationId: record.organization };
  for (const field of recordFieldNames)
    if (field !== "id" && own(record, field) !== undefined) outputs[camelCase(field)] = own(record, field);
  return outputs;
}
