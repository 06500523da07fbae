/**
 * Cohort, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/cohorts/`), soft-deleted
 * (`PATCH {"deleted": true}`: CohortViewSet is a ForbidDestroyModel, posthog/api/cohort.py), identified as
 * `<projectId>/<id>`. Its field table is src/kinds/cohort/fields.ts.
 */
import { cohorts, type Transport } from "../../client";
import type { ImportReference, ResourceDeclaration } from "../../kit/declaration";
import { PROJECT_SCOPED_ID_FORMS, projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-state";
import { ANY } from "../../kit/property";
import { COHORT_TOKEN, COHORT_TYPE } from "../../kit/tokens";
import type { Cohort } from "./record";
import { cohortFields, shapedCohortFilters } from "./fields";
import { isPlainObject } from "../../kit/json";
import { CohortProvider } from "./lifecycle";
import type { CohortRecord } from "./state";

/** The live cohort of this name: names are not unique, so two of them are an error naming their ids. */
async function findOneNamed(http: Transport, projectId: number, name: string): Promise<Cohort | null> {
  const found = await cohorts.findCohortsNamed(http, projectId, name);
  if (found.length > 1)
    throw new Error(
      `Project ${projectId} has ${found.length} cohorts named "${name}" (ids ${found.map((c) => c.id).join(", ")}): give cohortId instead.`,
    );
  return found[0] ?? null;
}

/**
 * The cohorts a field's filters name, wherever they sit: `{"type": "cohort", "value": <cohort id>}`, in a flag's
 * release conditions (`groups[].properties[]`) as in a cohort's nested groups (`properties.values[]…`).
 */
export function cohortsIn(field: string): ImportReference {
  const walk = (value: unknown, path: Array<string | number>): Array<{ path: Array<string | number>; id: number | string }> => {
    if (Array.isArray(value)) return value.flatMap((item, i) => walk(item, [...path, i]));
    if (!isPlainObject(value)) return [];
    const id = value["value"];
    if (value["type"] === "cohort" && (typeof id === "number" || typeof id === "string")) return [{ path: [...path, "value"], id }];
    return Object.entries(value).flatMap(([key, item]) => walk(item, [...path, key]));
  };
  return { field, resource: "Cohort", ids: (value) => walk(value, []) };
}

export const cohortDeclaration: ResourceDeclaration<"project", CohortRecord> = {
  name: "Cohort",
  token: COHORT_TOKEN,
  dynamicType: COHORT_TYPE,
  noun: "cohort",
  scope: "project",
  identity: { output: "cohortId", forms: PROJECT_SCOPED_ID_FORMS },
  deletion: "soft-delete",
  importInputs: ["projectId", "name"],
  api: projectScopedApi({ get: cohorts.getCohort, update: cohorts.updateCohort, remove: cohorts.deleteCohort }),
  schema: () => {
    const inputs = tableInputs(cohortFields, "cohort");
    inputs["isStatic"] = { ...inputs["isStatic"]!, willReplaceOnChanges: true };
    return {
      description:
        "A PostHog cohort: persons defined by filters (dynamic) or a fixed list (static). Declared fields are managed; deleted as PostHog deletes cohorts (marked deleted); one deleted by hand is created again.",
      inputs,
      outputs: tableOutputs(cohortFields, "cohort", { cohortId: { type: "integer", description: "Numeric id of the cohort in PostHog." } }),
      required: ["cohortId", "projectId", "name", "isStatic"],
    };
  },
  lookups: {
    plural: "Cohorts",
    list: (http, projectId, query) => cohorts.listCohorts(http, projectId, query?.["search"]),
    uniqueBy: { input: "name", spec: { type: "string", description: "The cohort's exact name; or give cohortId." }, find: findOneNamed },
    filters: {
      // Today's search also answers similar names (trigram matches; at most 200 characters, CohortViewSet._filter_request)
      // and 2025-08-04's a substring: the substring is kept here, so both answer alike.
      search: {
        spec: { type: "string", description: "Part of the name (case-insensitive)." },
        query: (v) => ["search", String(v).slice(0, 200)],
        match: (cohort, v) =>
          String(cohort["name"] ?? "")
            .toLowerCase()
            .includes(String(v).toLowerCase()),
      },
      // Today's list takes `type=static|dynamic`; 2025-08-04's ignores it: matched here.
      isStatic: {
        spec: { type: "boolean", description: "Only static (true) or dynamic (false) cohorts." },
        match: (cohort, v) => cohort["is_static"] === v,
      },
    },
    outputs: {
      name: { type: "string" },
      description: { type: "string" },
      filters: { type: "object", additionalProperties: ANY },
      isStatic: { type: "boolean" },
      count: { type: "integer" },
      isCalculating: { type: "boolean" },
      createdAt: { type: "string" },
    },
  },
  lifecycle: () => new CohortProvider(),
  // CohortViewSet lists with CohortSerializer (posthog/api/cohort.py): the lookups' list has every field, no GET each.
  importer: projectScopedImport(cohortFields, {
    // The Cohort model's defaults (posthog/models/cohort/cohort.py); a static cohort answers `{"properties": {}}`.
    defaults: { description: "", is_static: false, filters: { properties: {} } },
    // Filters as a program writes them: what today's PostHog adds (`negation: false`, bytecode) left out.
    inputValue: (field, value) => (field === "filters" ? shapedCohortFilters({}, value) : value),
    references: [cohortsIn("filters")],
    label: (cohort) => cohort.name ?? `cohort ${cohort.id}`,
  }),
};
