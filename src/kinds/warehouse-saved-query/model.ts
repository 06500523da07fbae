/**
 * Between Pulumi's view of a warehouse saved query (a view) and PostHog's: the kit's field-table model over its table
 * (src/kinds/warehouse-saved-query/fields.ts). PostHog needs both the name and the query: a view without a query has
 * no columns to infer, and its create fails.
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { WarehouseSavedQuery } from "./record";
import { warehouseSavedQueryFields } from "./fields";

export type WarehouseSavedQueryRecord = InProject<WarehouseSavedQuery>;

export const warehouseSavedQueryModel = fieldModel<WarehouseSavedQuery>({
  className: "WarehouseSavedQuery",
  noun: "warehouse saved query",
  summary: "A view of a project's data warehouse: a named HogQL query that other queries select from as a table.",
  fields: warehouseSavedQueryFields,
  exampleInput: "query",
  required: {
    name: "HogQL queries a view by its name",
    query: "PostHog infers a view's columns from its query (DataWarehouseSavedQuerySerializer.create)",
  },
  fixedOutputs: (record) => ({ name: record.name, query: record.query ?? null, status: record.status ?? null }),
  outputTypes: {
    name: { type: "string", doc: "The view's name, as PostHog stores it." },
    query: { type: "WarehouseViewQuery | null", doc: "The view's query, as PostHog stores it." },
    status: {
      type: "string | null",
      doc: 'The state of its materialization, if any ("Running", "Completed", "Failed", "Modified", "Cancelled"), else null.',
    },
  },
  types: {
    WarehouseViewQuery: {
      type: '{\n  kind: "HogQLQuery";\n  /** One HogQL SELECT, without variables (`{name}`) or filters. */\n  query: string;\n  [key: string]: unknown;\n}',
      doc: "A view's query: one HogQL SELECT.",
    },
  },
});
