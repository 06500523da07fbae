/**
 * The warehouse view link endpoints (ViewLinkViewSet, `/api/projects/<id>/warehouse_view_links/`), one function each.
 * Joins are keyed by UUID and deleted by DELETE (ModelViewSet's: gone for good). Today's scope is `warehouse_view`;
 * PostHog 2025-08-04's viewset is `INTERNAL` and refuses every personal API key (403 "This action does not support
 * Personal API Key access", measured). The list is limit/offset, 100 to a page, live joins newest first.
 */
import { warehouseViewLinkSchema } from "./record";
import * as objects from "../../client/project-objects";

const links = objects.endpoints<typeof warehouseViewLinkSchema, string>({
  path: "warehouse_view_links",
  noun: "warehouse view link",
  schema: warehouseViewLinkSchema,
});

export const listWarehouseViewLinks = links.listAll;

export const getWarehouseViewLink = links.get;

/** Never resent once it may have reached PostHog: a resend is refused (the field name is taken) or makes a twin. */
export const createWarehouseViewLink = links.create;

export const updateWarehouseViewLink = links.update;

export const deleteWarehouseViewLink = links.destroy;

/** Every page of the unfiltered list. */
export const warehouseViewLinkPages = links.pages;
