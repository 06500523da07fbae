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
import { PostHogError } from "../../client/errors";
import { getCurrentUser } from "../../client/users";

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
 *
 * `unpause` answers 401 "Authentication credentials were not provided" to a working key whose user has no current
 * project (`request.user.current_team is None`, in 2025-08-04 and today): PostHog clears it when that project is
 * deleted (`User.current_team`, SET_NULL). Reading the user is PostHog's own repair: its `team` field (`User.team`)
 * picks a project of the user's organization and saves it, as the web app does on load. So a 401 there reads the user
 * once and asks again; a second 401 is explained.
 */
export async function setPaused(http: Transport, projectId: number, id: string, paused: boolean): Promise<void> {
  const path = `${objects.collectionPath(batchExports.collection, projectId)}${uuidSegment("batch export id", id)}/${paused ? "pause" : "unpause"}/`;
  const ask = () =>
    http.request({
      method: "POST",
      path,
      body: {},
      schema: z.looseObject({ paused: z.boolean() }),
      subject: `batch export ${id} in project ${projectId}`,
      idempotent: true,
    });
  try {
    await ask();
  } catch (error) {
    if (!(error instanceof PostHogError && error.status === 401)) throw error;
    const user = await getCurrentUser(http).catch(() => undefined);
    if (user?.team == null) throw noCurrentProject(error);
    try {
      await ask();
    } catch (again) {
      throw again instanceof PostHogError && again.status === 401 ? noCurrentProject(again) : again;
    }
  }
}

function noCurrentProject(error: PostHogError): Error {
  return new Error(
    `PostHog refused ${error.method} ${error.path} (401: ${error.detail ?? "not authenticated"}) although it accepts this ` +
      "key elsewhere: it does so when the key's user has no current project, which PostHog clears when that project is " +
      "deleted (BatchExportViewSet.unpause, posthog/batch_exports/http.py). Open PostHog in a browser as that user and " +
      "pick a project, or give the key the `user:read` scope so the provider can have PostHog pick one; then run " +
      "`pulumi up` again.",
  );
}
