/**
 * The warehouse saved query's field table: the writable fields of DataWarehouseSavedQuerySerializer
 * (products/data_warehouse/backend/api/saved_query.py today, posthog/warehouse/api/saved_query.py in PostHog
 * 2025-08-04, alike in what is written here; model DataWarehouseSavedQuery, …/models/datawarehouse_saved_query.py).
 * `sync_frequency` (materialization, a Temporal schedule writing to the warehouse's object storage) and the write-only
 * `soft_update` (which skips PostHog's column inference: the view would have no columns) are not managed.
 *
 * PostHog's rules that need its HogQL database are left to it and named in the docs: a name that is a table of the
 * project ("A table with this name already exists.") or one of PostHog's own tables, and the query, which PostHog
 * parses and compiles against the project's tables (variables and filters are refused), then runs once on ClickHouse
 * to infer the view's columns ("Failed to retrieve types for view" when that fails).
 */
import { z } from "zod";
import { type Equality, type FieldDef, type LeftOut, sameWithin, type ApiTypes } from "../../kit/field-table";

const SERIALIZER = "DataWarehouseSavedQuerySerializer, products/data_warehouse/backend/api/saved_query.py";
const NAME_RULE = "validate_saved_query_name, products/data_warehouse/backend/models/datawarehouse_saved_query.py";

/** `validate_saved_query_name`: `^[A-Za-z_$][A-Za-z0-9_.$]*$`, after DRF's CharField has trimmed the name. */
const VIEW_NAME = /^[A-Za-z_$][A-Za-z0-9_.$]*$/;

/** DRF's CharField trims what it stores: a declared name with spaces around it is the name PostHog answers. */
const sameName: Equality = (declared, live) => typeof declared === "string" && declared.trim() === live;

export const warehouseSavedQueryFields = {
  name: {
    input: z
      .string({ error: "must be a string" })
      .refine((name) => VIEW_NAME.test(name.trim()), {
        error: `must start with a letter, "_" or "$" and hold only letters, digits, "_", "." and "$" (${NAME_RULE})`,
      })
      .refine((name) => name.trim().length <= 128, { error: `must be at most 128 characters (DataWarehouseSavedQuery.name)` }),
    equal: sameName,
    doc: 'The view\'s name, as HogQL queries it (`SELECT * FROM signups`): letters, digits, "_", "." and "$", not starting with a digit or "."; at most 128 characters, unique in the project, and neither one of PostHog\'s own tables (`events`, `persons`, …) nor another table of the project (PostHog refuses those).',
  },
  query: {
    type: "WarehouseViewQuery",
    input: z.looseObject(
      {
        kind: z.literal("HogQLQuery", { error: `must be "HogQLQuery": a view is a HogQL query (${SERIALIZER})` }),
        query: z.string({ error: `must be the view's HogQL SELECT, a string (${SERIALIZER}, validate_query)` }),
      },
      { error: 'must be an object `{kind: "HogQLQuery", query: "SELECT …"}`' },
    ),
    equal: sameWithin,
    doc: "The view's query, `{kind: \"HogQLQuery\", query: \"SELECT …\"}`: one HogQL SELECT over the project's tables, without variables (`{name}`) or filters. PostHog compiles it against the project's tables and runs it once on ClickHouse to learn the view's columns; it refuses a query that fails either.",
  },
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const warehouseSavedQueryLeftOut: LeftOut = {
  deleted: "PostHog's soft-delete flag: the kind deletes with DELETE",
  edited_history_id: "a token of one request (the version of the query the edit starts from), not a setting",
  soft_update: "not yet managed: skipping PostHog's column inference (the view would have no columns)",
};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const warehouseSavedQueryApiTypes: ApiTypes = {
  file: "products/data_warehouse/frontend/generated/api.schemas.ts",
  schemas: ["DataWarehouseSavedQueryApi"],
};
