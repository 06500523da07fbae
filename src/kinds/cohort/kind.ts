/**
 * Cohort, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/cohorts/`), soft-deleted
 * (`PATCH {"deleted": true}`: CohortViewSet is a ForbidDestroyModel, posthog/api/cohort.py), identified as
 * `<projectId>/<id>`. Its field table is ./fields.ts; `name` is required, the filters' rules and a static cohort
 * declared without filters are its model's. Cohort names are not unique in PostHog, so after an unclear answer to the
 * create the cohort is looked for by its name and a creation time after the create was sent and, beyond that, by what
 * was sent: taken only when exactly one live cohort has the name, the time and the same definition.
 */
import type { Transport } from "../../client";
import { defineKind } from "../../kit/define-kind";
import { isPlainObject } from "../../kit/json";
import type { ImportReference } from "../../kit/kind";
import type { Failure } from "../../kit/lifecycle";
import { listedPages } from "../../kit/list-reads";
import { ANY } from "../../kit/property";
import { isUnknown } from "../../kit/unknown";
import * as cohorts from "./endpoints";
import { cohortExample } from "./example";
import { cohortFields, cohortFiltersProblems, shapedCohortFilters } from "./fields";
import type { Cohort } from "./record";

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

export const {
  kind: cohortKind,
  model: cohortModel,
  Lifecycle: CohortLifecycle,
} = defineKind({
  name: "Cohort",
  noun: "cohort",
  summary:
    "Persons a project groups by filters (dynamic) or as a fixed list (static), used by insights and by feature flags' release conditions.",
  description:
    "A PostHog cohort: persons defined by filters (dynamic) or a fixed list (static). Declared fields are managed; deleted as PostHog deletes cohorts (marked deleted); one deleted by hand is created again.",
  example: cohortExample,
  scope: "project",
  identity: {
    output: "cohortId",
    doc: 'Numeric id of the cohort in PostHog: what a flag\'s `{key: "id", type: "cohort", value}` condition names.',
  },
  deletion: "soft-delete",
  importInputs: ["projectId", "name"],
  endpoints: { get: cohorts.getCohort, update: cohorts.updateCohort, remove: cohorts.deleteCohort, create: cohorts.createCohort },
  // CohortViewSet lists with CohortSerializer, as it retrieves (posthog/api/cohort.py; the 2025-08-04 backend's list
  // and GET answers compared equal field by field).
  listReads: listedPages(cohorts.cohortPages),
  inputs: (table) => ({ ...table, isStatic: { ...table["isStatic"]!, willReplaceOnChanges: true } }),
  fields: cohortFields,
  exampleInput: "isStatic",
  required: { name: "a cohort whose create answer was lost is found again by its name (PostHog does not require one)" },
  // The outputs every Cohort has besides its kind's (its id, its project): name and kind (a declared setting adds its
  // live value).
  fixedOutputs: (record) => ({ name: record.name, isStatic: record.is_static }),
  outputTypes: {
    name: { type: "string", doc: "The cohort's name." },
    isStatic: { type: "boolean", doc: "Whether the cohort is a fixed list of persons (static) rather than defined by filters." },
  },
  types: {
    CohortPropertyFilter: {
      type: '{\n  type: "person" | "cohort" | "behavioral" | "person_metadata";\n  /** A person property\'s name; `"id"` for a cohort filter; an event name or action id for a behavioral one. */\n  key: pulumi.Input<string | number>;\n  /** The compared value; another cohort\'s id for a cohort filter; the behaviour (`"performed_event"`, …) for a behavioral one. */\n  value?: pulumi.Input<unknown>;\n  /** `exact`, `is_not`, `icontains`, `regex`, `is_set`, `gt`, … (person filters). */\n  operator?: pulumi.Input<string>;\n  negation?: pulumi.Input<boolean>;\n  [field: string]: unknown;\n}',
      doc: "One filter of a cohort (PostHog's `person`, `cohort`, `behavioral` or `person_metadata` filter), snake_case as PostHog's.",
    },
    CohortFilterGroup: {
      type: '{\n  type: "AND" | "OR";\n  values: pulumi.Input<pulumi.Input<CohortFilterGroup | CohortPropertyFilter>[]>;\n}',
      doc: "Groups of filters, AND or OR, nested at will.",
    },
    CohortFilters: {
      type: "{\n  properties: pulumi.Input<CohortFilterGroup>;\n}",
      doc: "A dynamic cohort's definition: `{properties: group}`.",
    },
  },
  moreFailures(inputs, _known, failed) {
    const failures: Failure[] = [];
    const filters = inputs["filters"];
    const isStatic = inputs["isStatic"];
    if (isStatic === true && filters !== undefined && filters !== null) {
      // PostHog 2025-08-04 stores a static cohort's filters unchecked and never evaluates them; today's fills the
      // cohort from them once and refuses every later change ("Editing the criteria of a static cohort is not
      // supported yet", CohortSerializer.update): neither can be managed.
      failures.push({
        property: "filters",
        reason:
          "filters cannot be declared with isStatic: true: a static cohort is a fixed list of persons, which PostHog does not recompute from filters (CohortSerializer.update, posthog/api/cohort.py). Declare a dynamic cohort (no isStatic) to keep it defined by filters.",
      });
      return failures;
    }
    if (isPlainObject(filters) && !isUnknown(filters) && !failed("filters"))
      for (const reason of cohortFiltersProblems(filters)) failures.push({ property: "filters", reason });
    return failures;
  },
  lookups: {
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
      name: { type: "string", nullable: true },
      description: { type: "string" },
      filters: { type: "object", additionalProperties: ANY },
      isStatic: { type: "boolean" },
      count: { type: "integer", nullable: true, description: "Persons in it once PostHog has calculated it; null before." },
      isCalculating: { type: "boolean" },
      // Cohort.count and created_at are null=True (posthog/models/cohort/cohort.py).
      createdAt: { type: "string", nullable: true },
    },
  },
  // CohortViewSet lists with CohortSerializer (posthog/api/cohort.py): the lookups' list has every field, no GET each.
  importer: {
    // The Cohort model's defaults (posthog/models/cohort/cohort.py); a static cohort answers `{"properties": {}}`.
    defaults: { description: "", is_static: false, filters: { properties: {} } },
    // Filters as a program writes them: what today's PostHog adds (`negation: false`, bytecode) left out.
    inputValue: (field, value) => (field === "filters" ? shapedCohortFilters({}, value) : value),
    references: [cohortsIn("filters")],
    label: (cohort) => cohort.name ?? `cohort ${cohort.id}`,
  },
  // The POST may have reached PostHog: its cohort, if any, has this name, this definition and a recent creation.
  findBy: {
    field: "name",
    find: (http, projectId, name) => cohorts.findCohortsNamed(http, projectId, String(name)),
    several: (name) => `named ${JSON.stringify(name)} with this definition`,
  },
  hooks: {
    /**
     * A static cohort is a fixed list and a dynamic one a definition: changing `isStatic` makes another cohort. Filters
     * declared without `isStatic` ask for a dynamic cohort too: a static one found in its place (flipped by hand, or
     * imported) is replaced rather than sent filters PostHog 2025-08-04 would keep unevaluated and today's refuses.
     */
    replaces(olds, news) {
      const replaces = this.kit.replaces(olds, news);
      const declared = news["isStatic"];
      const wanted = declared === undefined ? (news["filters"] !== undefined ? false : undefined) : declared;
      if (wanted !== undefined && !isUnknown(wanted) && Boolean(wanted) !== Boolean(olds["isStatic"])) replaces.push("isStatic");
      return replaces;
    },
  },
});
