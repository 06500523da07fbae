/**
 * The hog function endpoints (posthog/api/hog_function.py, HogFunctionViewSet), one function each. Keyed by UUID;
 * deleted by `PATCH {"deleted": true}`. A secret input is answered as `{"secret": true}`: sending that placeholder
 * back keeps the stored value.
 */
import { type HogFunction, hogFunctionSchema } from "../schema/hog-function";
import * as objects from "./project-objects";
import type { Transport } from "./transport";

export type HogFunctionBody = objects.ObjectBody;

const kind: objects.ObjectKind<typeof hogFunctionSchema> = { path: "hog_functions", noun: "hog function", schema: hogFunctionSchema };

export interface HogFunctionFilters {
  /** Comma-separated types: `destination`, `transformation`, `site_app`, … */
  type?: string;
  enabled?: "true" | "false";
  search?: string;
}

export function listHogFunctionsPage(
  http: Transport,
  projectId: number,
  page: HogFunctionFilters & { limit?: number; offset?: number } = {},
) {
  return objects.listPage(http, kind, projectId, { ...page });
}

/** The list answers the minimal form (no inputs or schema): get each one for those. */
export function iterateHogFunctions(http: Transport, projectId: number, filters: HogFunctionFilters = {}, pageSize?: number) {
  return objects.iterate(http, kind, projectId, objects.definedOnly(filters), pageSize);
}

export function listHogFunctions(
  http: Transport,
  projectId: number,
  filters: HogFunctionFilters = {},
  pageSize?: number,
): Promise<HogFunction[]> {
  return objects.listAll(http, kind, projectId, objects.definedOnly(filters), pageSize);
}

export function getHogFunction(http: Transport, projectId: number, id: string): Promise<HogFunction> {
  return objects.get(http, kind, projectId, id);
}

/** Never resent once it may have reached PostHog (names are not unique: there is nothing to look a lost one up by). */
export function createHogFunction(http: Transport, projectId: number, body: HogFunctionBody): Promise<HogFunction> {
  return objects.create(http, kind, projectId, body);
}

export function updateHogFunction(http: Transport, projectId: number, id: string, body: HogFunctionBody): Promise<HogFunction> {
  return objects.update(http, kind, projectId, id, body);
}

export function deleteHogFunction(http: Transport, projectId: number, id: string): Promise<HogFunction> {
  return objects.softDelete(http, kind, projectId, id);
}
