/**
 * The external data source endpoints (ExternalDataSourceViewSet, `/api/projects/<id>/external_data_sources/`), one
 * function each. Keyed by UUID. The create is PostHog's own (not the serializer's): it takes `source_type`, `prefix`
 * and `payload` (the job inputs and the tables to sync, `schemas`) and answers only `{"id": …}`. An update merges
 * `job_inputs` into the stored ones. DELETE marks it deleted (its tables and schedules with it), after which it is a
 * 404. PostHog 2025-08-04's viewset is `INTERNAL` and refuses every personal API key (measured); a later one's scope
 * is `external_data_source`.
 */
import { z } from "zod";
import { externalDataSchemaSchema, externalDataSourceSchema } from "./record";
import * as objects from "../../client/project-objects";
import type { Transport } from "../../client/transport";

const sources = objects.endpoints<typeof externalDataSourceSchema, string>({
  path: "external_data_sources",
  noun: "external data source",
  schema: externalDataSourceSchema,
});

export const listExternalDataSources = sources.listAll;

export const getExternalDataSource = sources.get;

export const updateExternalDataSource = sources.update;

export const deleteExternalDataSource = sources.destroy;

/** Every page of the unfiltered list. */
export const externalDataSourcePages = sources.pages;

/** A source's tables, each its own ExternalDataSchema (ExternalDataSchemaViewset, `…/external_data_schemas/<uuid>/`). */
const tables = objects.endpoints<typeof externalDataSchemaSchema, string>({
  path: "external_data_schemas",
  noun: "external data source table",
  schema: externalDataSchemaSchema,
});

/** `PATCH …/external_data_schemas/<uuid>/` (ExternalDataSchemaSerializer.update): a table's own sync settings. */
export const updateExternalDataSchema = tables.update;

/** What a create sends: the source's type, its table prefix, and its job inputs with the tables to sync. */
export interface ExternalDataSourceCreate {
  source_type: string;
  prefix: string | null;
  payload: Record<string, unknown>;
}

/**
 * `POST …/external_data_sources/` (ExternalDataSourceViewSet.create): PostHog checks the config, connects where the
 * source needs it to list its tables, and answers `{"id": <uuid>}` (201); the source is read after. Never resent once
 * it may have reached PostHog.
 */
export async function createExternalDataSource(
  http: Transport,
  projectId: number,
  body: ExternalDataSourceCreate,
): Promise<{ id: string }> {
  return http.request({
    method: "POST",
    path: objects.collectionPath(sources.collection, projectId),
    body,
    schema: z.looseObject({ id: z.string() }),
    subject: `external data source in project ${projectId}`,
  });
}
