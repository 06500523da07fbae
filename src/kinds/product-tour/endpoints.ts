/**
 * The product tour endpoints (ProductTourViewSet, products/product_tours/backend/api/product_tour.py:
 * `/api/projects/<id>/product_tours/`, scope `product_tour`), one function each. Keyed by UUID; DELETE deletes the
 * tour for good, with its internal targeting flag (`perform_destroy`). A write answers ProductTourSerializerCreateUpdateOnly,
 * which has no `targeting_flag_filters` (write-only there): the tour is read back with a GET, which answers them.
 * PostHog 2025-08-04 has none (404).
 */
import type { Transport } from "../../client";
import * as objects from "../../client/project-objects";
import { type ProductTour, productTourSchema } from "./record";

const tours = objects.endpoints<typeof productTourSchema, string>({
  path: "product_tours",
  noun: "product tour",
  schema: productTourSchema,
});

/** Every tour of the project, archived ones too (the viewset lists `ProductTour.all_objects`). */
export const listProductTours = tours.listAll;

export const getProductTour = tours.get;

/** Never resent blindly once it may have reached PostHog: a live tour's name is unique in its project. */
export async function createProductTour(http: Transport, projectId: number, body: Record<string, unknown>): Promise<ProductTour> {
  const made = await tours.create(http, projectId, body);
  return tours.get(http, projectId, made.id);
}

export async function updateProductTour(
  http: Transport,
  projectId: number,
  id: string,
  body: Record<string, unknown>,
): Promise<ProductTour> {
  await tours.update(http, projectId, id, body);
  return tours.get(http, projectId, id);
}

/** DELETE (204): the tour and its internal targeting flag are gone; the surveys of its survey steps are ended. */
export const deleteProductTour = tours.destroy;

/** Every page of the list, for reads that arrive together. */
export const productTourPages = tours.pages;
