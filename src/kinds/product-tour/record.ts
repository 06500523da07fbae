/**
 * Product tours as PostHog answers them (ProductTourSerializer for GET, ProductTourSerializerCreateUpdateOnly for the
 * answers to POST and PATCH, products/product_tours/backend/api/product_tour.py in PostHog/posthog; model
 * products/product_tours/backend/models.py; types ProductTourApi, products/product_tours/frontend/generated/
 * api.schemas.ts). Keyed by UUID. The linked flag's id, which both answer only inside `linked_flag`, is read into
 * `linked_flag_id`, the field a write takes. Loose.
 */
import { z } from "zod";

const minimalFlag = z.looseObject({ id: z.number().int(), key: z.string(), active: z.boolean().optional() });

export const productTourSchema = z
  .looseObject({
    id: z.string(),
    name: z.string(),
    description: z.string().nullish(),
    internal_targeting_flag: minimalFlag.nullish(),
    linked_flag: minimalFlag.nullish(),
    /** The targeting flag's groups without the tour's own exclusions (ProductTourSerializer only: a GET's). */
    targeting_flag_filters: z.unknown().optional(),
    content: z.unknown(),
    draft_content: z.unknown().optional(),
    has_draft: z.boolean().optional(),
    auto_launch: z.boolean(),
    start_date: z.string().nullish(),
    end_date: z.string().nullish(),
    archived: z.boolean(),
    created_at: z.string().nullish(),
    updated_at: z.string().nullish(),
  })
  .transform((tour) => ({ ...tour, linked_flag_id: tour.linked_flag?.id ?? null }));
export type ProductTour = z.output<typeof productTourSchema>;
