/**
 * WarehouseViewLink (a data warehouse join), declared once for the kit (src/kit): project-scoped
 * (`/api/projects/<projectId>/warehouse_view_links/`), keyed by UUID, deleted by DELETE (ViewLinkViewSet is a
 * ModelViewSet, products/data_warehouse/backend/api/view_link.py), identified as `<projectId>/<uuid>`. Deleting a view
 * marks deleted the joins naming it: GET still answers them, `deleted: true`, and the kit reads that as gone. PostHog
 * 2025-08-04 refuses every personal API key here (`scope_object = "INTERNAL"`). Its field table is
 * src/kinds/warehouse-view-link/fields.ts.
 */
import { warehouseViewLinkExample } from "./example";
import type { Transport } from "../../client";
import * as links from "./endpoints";
import type { Kind } from "../../kit/kind";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { ANY } from "../../kit/property";
import { kindNames } from "../../kit/tokens";
import { warehouseViewLinkFields } from "./fields";
import { type WarehouseViewLinkRecord, warehouseViewLinkModel } from "./model";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import type { Json } from "../../kit/lifecycle";
import type { WarehouseViewLink } from "./record";
import type { ProviderConfig } from "../../kit/config";
import { listedPages } from "../../kit/list-reads";

export const warehouseViewLinkKind: Kind<"project", WarehouseViewLinkRecord> = {
  ...kindNames("WarehouseViewLink"),
  example: warehouseViewLinkExample,
  noun: "warehouse view link",
  scope: "project",
  identity: { output: "viewLinkId", key: "uuid" },
  deletion: "delete",
  importInputs: ["projectId", "sourceTableName", "joiningTableName", "fieldName"],
  api: projectScopedApi<WarehouseViewLink, string>({
    get: links.getWarehouseViewLink,
    update: links.updateWarehouseViewLink,
    remove: links.deleteWarehouseViewLink,
  }),
  // ViewLinkViewSet lists with ViewLinkSerializer, as it retrieves (products/data_warehouse/backend/api/view_link.py).
  listReads: listedPages(links.warehouseViewLinkPages),
  schema: () => ({
    description:
      "A PostHog data warehouse join (view link): a field of one table that holds the matching row of another, matched on a key of each. PostHog checks the tables, keys and field name when it is created. Deleted by DELETE; deleting a view deletes the joins naming it. PostHog 2025-08-04 refuses personal API keys here; today's needs the `warehouse_view` scope.",
    inputs: tableInputs(warehouseViewLinkFields, "warehouse view link", { key: "uuid" }),
    outputs: tableOutputs(
      warehouseViewLinkFields,
      "warehouse view link",
      { viewLinkId: { type: "string", description: "The join's UUID in PostHog." } },
      { key: "uuid" },
    ),
    required: ["viewLinkId", "projectId", "sourceTableName", "joiningTableName", "fieldName"],
  }),
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
  model: warehouseViewLinkModel,
  lifecycle: () => new WarehouseViewLinkLifecycle(),
  importer: projectScopedImport(warehouseViewLinkFields, {
    // The DataWarehouseJoin model's default.
    defaults: { configuration: {} },
    label: (link) => `${link.source_table_name}.${link.field_name}`,
  }),
};

/**
 * The WarehouseViewLink lifecycle: the kit's field-table lifecycle with its create, never resent blindly. A source
 * table's field names are unique (PostHog refuses a join whose field the table has), so a join of that table and field
 * name is its identity: one already there is named, never made twice; after an unclear answer the join found under it
 * is taken only if this create made it.
 */
export class WarehouseViewLinkLifecycle extends FieldTableLifecycle<WarehouseViewLink> {
  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(warehouseViewLinkKind, warehouseViewLinkModel, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<WarehouseViewLinkRecord> {
    const table = String(body["source_table_name"] ?? "").trim();
    const field = String(body["field_name"] ?? "").trim();
    const find = async () =>
      (await links.listWarehouseViewLinks(this.http(), projectId)).filter(
        (link) => link.source_table_name === table && link.field_name === field,
      );
    const link = await this.createOnce(projectId, body, () => links.createWarehouseViewLink(this.http(), projectId, body), {
      find,
      described: `adding ${JSON.stringify(field)} to ${JSON.stringify(table)}`,
      // PostHog's refusal of a field name the table has does not say whether a join or a column holds it.
      lookFirst: true,
      otherwise: "choose another field name (a table's field names are unique)",
    });
    return { ...link, project_id: projectId };
  }
}
