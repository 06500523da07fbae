/**
 * Between Pulumi's view of a warehouse view link (a join) and PostHog's: the kit's field-table model over its table
 * (src/kinds/warehouse-view-link/fields.ts). PostHog needs both tables, both keys and the field name.
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { WarehouseViewLink } from "./record";
import { warehouseViewLinkFields } from "./fields";

export type WarehouseViewLinkRecord = InProject<WarehouseViewLink>;

const REQUIRED = "ViewLinkSerializer.create, products/data_warehouse/backend/api/view_link.py";

export const warehouseViewLinkModel = fieldModel<WarehouseViewLink>({
  className: "WarehouseViewLink",
  noun: "warehouse view link",
  summary: "A join of a project's data warehouse: a field of one table holding the matching row of another.",
  fields: warehouseViewLinkFields,
  exampleInput: "fieldName",
  required: {
    sourceTableName: `PostHog joins from a table (${REQUIRED})`,
    sourceTableKey: `PostHog matches the tables on a key of each (${REQUIRED})`,
    joiningTableName: `PostHog joins a table (${REQUIRED})`,
    joiningTableKey: `PostHog matches the tables on a key of each (${REQUIRED})`,
    fieldName: `the join is a field of the source table (${REQUIRED})`,
  },
  fixedOutputs: (record) => ({
    sourceTableName: record.source_table_name,
    joiningTableName: record.joining_table_name,
    fieldName: record.field_name,
  }),
  outputTypes: {
    sourceTableName: { type: "string", doc: "The table the field is added to, as PostHog prints it." },
    joiningTableName: { type: "string", doc: "The table joined, as PostHog prints it." },
    fieldName: { type: "string", doc: "The field the source table gains." },
  },
});
