/**
 * The batch export endpoints (posthog/batch_exports/http.py, BatchExportViewSet), one function each. Keyed by UUID;
 * DELETE marks it deleted and deletes its Temporal schedule (`disable_and_delete_export`, 204), after which it is a
 * 404. `pause` and `unpause` are actions of their own. Every answer is without the destination's secrets
 * (./record.ts).
 */
import { z } from "zod";
import { batchExportSchema } from "./record";
import * as objects from "../../client/project-objects";
import type { Transport } from "../../client/transport";
import { uuidSegment } from "../../client/paths";

export type BatchExportBody = objects.ObjectBody;

const batchExports = objects.endpoints<typeof batchExportSchema, string>({
  path: "batch_exports",
  noun: "batch export",
  schema: batchExportSchema,
});

export const iterateBatchExports = batchExports.iterate;

/** The list answers the whole record (BatchExportSerializer, as a GET does), newest first. */
export const listBatchExports = batchExports.listAll;

export const getBatchExport = batchExports.get;

/** Never resent once it may have reached PostHog: names are not unique, a resend makes a second export. */
export const createBatchExport = batchExports.create;

/** A PATCH: a destination's `config` is merged into the stored one. */
export const updateBatchExport = batchExports.update;

/** DELETE (204): marked deleted, its schedule removed. */
export const deleteBatchExport = batchExports.destroy;

/** Every page of the unfiltered list. */
export const batchExportPages = batchExports.pages;

/**
 * `POST …/batch_exports/<id>/pause/` or `…/unpause/` (BatchExportViewSet.pause/unpause): pauses or resumes its Temporal
 * schedule and records it (`last_paused_at`); answers `{"paused": …}`. Idempotent: pausing a paused one changes nothing.
 */
export async function setPaused(http: Transport, projectId: number, id: string, paused: boolean): Promise<void> {
  const path = `${objects.collectionPath(batchExports.collection, projectId)}${uuidSegment("batch export id", id)}/${paused ? "pause" : "unpause"}/`;
  await http.request({
    method: "POST",
    path,
    body: {},
    schema: z.looseObject({ paused: z.boolean() }),
    subject: `batch export ${id} in project ${projectId}`,
    idempotent: true,
  });
}
