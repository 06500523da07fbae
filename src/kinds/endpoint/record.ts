/**
 * Endpoints as PostHog answers them (EndpointViewSet's `_serialize`, products/endpoints/backend/api.py; model Endpoint
 * and EndpointVersion, products/endpoints/backend/models.py; types EndpointResponseApi,
 * products/endpoints/frontend/generated/api.schemas.ts). PostHog keys an endpoint in its paths by its name
 * (`lookup_field = "name"`) and answers a UUID besides: the record's `id` is the name, PostHog's own id its `uuid`.
 * `query`, `description` and `data_freshness_seconds` are the current version's. Loose.
 */
import { z } from "zod";

export const endpointSchema = z
  .looseObject({
    id: z.string(),
    name: z.string(),
    description: z.string().nullish(),
    query: z.record(z.string(), z.unknown()).nullable(),
    is_active: z.boolean(),
    data_freshness_seconds: z.number().int().nullish(),
    endpoint_path: z.string().nullish(),
    is_materialized: z.boolean().nullish(),
    current_version: z.number().int(),
    versions_count: z.number().int().nullish(),
    created_at: z.string().nullish(),
    updated_at: z.string().nullish(),
    created_by: z.looseObject({}).nullish(),
  })
  .transform(({ id, ...rest }) => ({ ...rest, id: rest.name, uuid: id }));
export type Endpoint = z.output<typeof endpointSchema>;
