/**
 * The hog function endpoints (posthog/api/hog_function.py, HogFunctionViewSet), one function each. Keyed by UUID;
 * deleted by `PATCH {"deleted": true}`. A secret input is answered as `{"secret": true}`: sending that placeholder
 * back keeps the stored value.
 */
import { hogFunctionSchema } from "./record";
import * as objects from "../../client/project-objects";

export type HogFunctionBody = objects.ObjectBody;

export interface HogFunctionFilters {
  /** Comma-separated types: `destination`, `transformation`, `site_app`, … */
  type?: string;
  enabled?: "true" | "false";
  search?: string;
}

const hogFunctions = objects.endpoints<typeof hogFunctionSchema, string, HogFunctionFilters>({
  path: "hog_functions",
  noun: "hog function",
  schema: hogFunctionSchema,
});

export const listHogFunctionsPage = hogFunctions.listPage;

/** The list answers the minimal form (no inputs or schema): get each one for those. */
export const iterateHogFunctions = hogFunctions.iterate;

export const listHogFunctions = hogFunctions.listAll;

export const getHogFunction = hogFunctions.get;

/** Never resent once it may have reached PostHog (names are not unique: there is nothing to look a lost one up by). */
export const createHogFunction = hogFunctions.create;

export const updateHogFunction = hogFunctions.update;

export const deleteHogFunction = hogFunctions.softDelete;
