/**
 * WarehouseViewLink (a data warehouse join), declared once for the kit (src/kit): project-scoped
 * (`/api/projects/<projectId>/warehouse_view_links/`), keyed by UUID, deleted by DELETE (ViewLinkViewSet is a
 * ModelViewSet, products/data_warehouse/backend/api/view_link.py), identified as `<projectId>/<uuid>`. Deleting a view
 * marks deleted the joins naming it: GET still answers them, `deleted: true`, and the kit reads that as gone. PostHog
 * 2025-08-04 refuses every personal API key here (`scope_object = "INTERNAL"`). Its field table is
 * src/kinds/warehouse-view-link/fields.ts; PostHog needs both tables, both keys and the field name.
 *
 * Its create is never resent blindly. A source table's field names are unique (PostHog refuses a join whose field the
 * table has), so a join of that table and field name is its identity: one already there is named, never made twice;
 * after an unclear answer the join found under it is taken only if this create made it.
 */
import { warehouseViewLinkExample } from "./example";
import * as links from "./endpoints";
import { defineKind } from "../../kit/define-kind";
import { ANY } from "../../kit/property";
import { warehouseViewLinkFields } from "./fields";
import { listedPages } from "../../kit/list-reads";

const REQUIRED = "ViewLinkSerializer.create, products/data_warehouse/backend/api/view_link.py";
const trimmed = (value: unknown) => String(value ?? "").trim();

export const {
  kind: warehouseViewLinkKind,
  model: warehouseViewLinkModel,
  Lifecycle: WarehouseViewLinkLifecycle,
} = defineKind({
  name: "WarehouseViewLink",
  noun: "warehouse view link",
  summary: "A join of a project's data warehouse: a field of one table holding the matching row of another.",
  description:
    "A PostHog data warehouse join (view link): a field of one table that holds the matching row of another, matched on a key of each. PostHog checks the tables, keys and field name when it is created. Deleted by DELETE; deleting a view deletes the joins naming it. PostHog 2025-08-04 refuses personal API keys here; today's needs the `warehouse_view` scope.",
  example: warehouseViewLinkExample,
  scope: "project",
  identity: { output: "viewLinkId", key: "uuid", doc: "The join's UUID in PostHog." },
  deletion: "delete",
  importInputs: ["projectId", "sourceTableName", "joiningTableName", "fieldName"],
  endpoints: {
    get: links.getWarehouseViewLink,
    update: links.updateWarehouseViewLink,
    remove: links.deleteWarehouseViewLink,
    create: links.createWarehouseViewLink,
  },
  // ViewLinkViewSet lists with ViewLinkSerializer, as it retrieves (products/data_warehouse/backend/api/view_link.py).
  listReads: listedPages(links.warehouseViewLinkPages),
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
  lookups: {
    list: (http, projectId) => links.listWarehouseViewLinks(http, projectId),
    outputs: {
      sourceTableName: { type: "string" },
      sourceTableKey: { type: "string" },
      joiningTableName: { type: "string" },
      joiningTableKey: { type: "string" },
      fieldName: { type: "string" },
      configuration: { type: "object", additionalProperties: ANY, nullable: true },
    },
  },
  importer: {
    // The DataWarehouseJoin model's default.
    defaults: { configuration: {} },
    label: (link) => `${link.source_table_name}.${link.field_name}`,
  },
  findBy: {
    field: "field_name",
    find: async (http, projectId, field, sent) =>
      (await links.listWarehouseViewLinks(http, projectId)).filter(
        (link) => link.source_table_name === trimmed(sent["source_table_name"]) && link.field_name === trimmed(field),
      ),
    described: (field, sent) => `adding ${JSON.stringify(trimmed(field))} to ${JSON.stringify(trimmed(sent["source_table_name"]))}`,
    // PostHog's refusal of a field name the table has does not say whether a join or a column holds it.
    lookFirst: true,
    otherwise: "choose another field name (a table's field names are unique)",
  },
});
