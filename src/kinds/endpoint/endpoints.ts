/**
 * The endpoint endpoints (EndpointViewSet, `/api/projects/<id>/endpoints/` and `/api/environments/<id>/endpoints/`,
 * products/endpoints/backend/api.py; registered with `register_grandfathered_environment_nested_viewset` in
 * posthog/api/__init__.py), one function each. Keyed by name; DELETE soft-deletes (204), after which the name is
 * free and PostHog answers 404 for it. Personal API keys need `endpoint:read`/`endpoint:write`. PostHog 2025-08-04 has
 * none (404).
 */
import type { Transport } from "../../client/transport";
import * as objects from "../../client/project-objects";
import { type Endpoint, endpointSchema } from "./record";

const endpoints = objects.endpoints<typeof endpointSchema, string>({
  path: "endpoints",
  noun: "endpoint",
  schema: endpointSchema,
  byName: true,
});

/** Every endpoint of the project that is not deleted (`safely_get_queryset`). */
export const listEndpoints = endpoints.listAll;

export const getEndpoint = endpoints.get;

/** The live endpoint of this name, or null: a name is one active endpoint's in a project. */
export async function findEndpointNamed(http: Transport, projectId: number, name: string): Promise<Endpoint | null> {
  return (await listEndpoints(http, projectId)).find((endpoint) => endpoint.name === name) ?? null;
}

/** Never resent once it may have reached PostHog: a resend is refused (the name is taken). */
export const createEndpoint = endpoints.create;

/** A `query` other than the current version's makes a new version; the rest are the current version's or the endpoint's. */
export const updateEndpoint = endpoints.update;

/** DELETE (204): PostHog marks it deleted, its materialization undone. */
export const deleteEndpoint = endpoints.destroy;

/** Every page of the unfiltered list. */
export const endpointPages = endpoints.pages;
