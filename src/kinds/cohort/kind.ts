/**
 * Cohort, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/cohorts/`), soft-deleted
 * (`PATCH {"deleted": true}`: CohortViewSet is a ForbidDestroyModel, posthog/api/cohort.py), identified as
 * `<projectId>/<id>`. Its field table is src/kinds/cohort/fields.ts.
 */
import { cohortExample } from "./example";
import type { Transport } from "../../client";
import * as cohorts from "./endpoints";
import type { ImportReference, Kind } from "../../kit/kind";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { ANY } from "../../kit/property";
import { kindNames } from "../../kit/tokens";
import type { Cohort } from "./record";
import { cohortFields, shapedCohortFilters } from "./fields";
import { isPlainObject } from "../../kit/json";
import { type CohortRecord, cohortModel } from "./model";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { ProviderConfig } from "../../kit/config";
import { isUnknown } from "../../kit/unknown";
import { listedPages } from "../../kit/list-reads";

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

export const cohortKind: Kind<"project", CohortRecord> = {
  ...kindNames("Cohort"),
  example: cohortExample,
  noun: "cohort",
  scope: "project",
  identity: { output: "cohortId" },
  deletion: "soft-delete",
  importInputs: ["projectId", "name"],
  api: projectScopedApi({ get: cohorts.getCohort, update: cohorts.updateCohort, remove: cohorts.deleteCohort }),
  // CohortViewSet lists with CohortSerializer, as it retrieves (posthog/api/cohort.py; the 2025-08-04 backend's list
  // and GET answers compared equal field by field).
  listReads: listedPages(cohorts.cohortPages),
  schema: () => {
    const inputs = tableInputs(cohortFields, "cohort");
    inputs["isStatic"] = { ...inputs["isStatic"]!, willReplaceOnChanges: true };
    return {
      description:
        "A PostHog cohort: persons defined by filters (dynamic) or a fixed list (static). Declared fields are managed; deleted as PostHog deletes cohorts (marked deleted); one deleted by hand is created again.",
      inputs,
      outputs: tableOutputs(cohortFields, "cohort", {
        cohortId: {
          type: "integer",
          description: 'Numeric id of the cohort in PostHog: what a flag\'s `{key: "id", type: "cohort", value}` condition names.',
        },
      }),
      required: ["cohortId", "projectId", "name", "isStatic"],
    };
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
  model: cohortModel,
  lifecycle: () => new CohortLifecycle(),
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

/**
 * The Cohort lifecycle: the kit's field-table lifecycle with its create, never sent twice blindly, and `isStatic`
 * replacing the cohort. Cohort names are not unique in PostHog, so after an unclear answer to the create the cohort is
 * looked for as Project's create does (by its name and a creation time after the create was sent) and, beyond that,
 * by what was sent: taken only when exactly one live cohort has the name, the time and the same definition.
 */
export class CohortLifecycle extends FieldTableLifecycle<Cohort> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(cohortKind, cohortModel, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<CohortRecord> {
    const name = body["name"];
    if (typeof name !== "string") throw new Error("name is required: a cohort is found again by its name");
    // The POST may have reached PostHog: its cohort, if any, has this name, this definition and a recent creation.
    const cohort = await this.createOnce(projectId, body, () => cohorts.createCohort(this.http(), projectId, body), {
      find: () => cohorts.findCohortsNamed(this.http(), projectId, name),
      described: `named "${name}"`,
      several: `named "${name}" with this definition`,
    });
    return { ...cohort, project_id: projectId };
  }

  /**
   * A static cohort is a fixed list and a dynamic one a definition: changing `isStatic` makes another cohort. Filters
   * declared without `isStatic` ask for a dynamic cohort too: a static one found in its place (flipped by hand, or
   * imported) is replaced rather than sent filters PostHog 2025-08-04 would keep unevaluated and today's refuses.
   */
  protected override replaces(olds: Json, news: Json): string[] {
    const replaces = super.replaces(olds, news);
    const declared = news["isStatic"];
    const wanted = declared === undefined ? (news["filters"] !== undefined ? false : undefined) : declared;
    if (wanted !== undefined && !isUnknown(wanted) && Boolean(wanted) !== Boolean(olds["isStatic"])) replaces.push("isStatic");
    return replaces;
  }
}
