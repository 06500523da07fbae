/**
 * The proxy record endpoints (ProxyRecordViewset, posthog/api/proxy_record.py): its own list, create and destroy.
 * PostHog 2025-08-04 lists a bare array; today's PostHog `{"results": [...], "max_proxy_records": n}`. The viewset
 * declares no `queryset`, so a GET (or PATCH) of one record fails with 500: one is found in the list.
 */
import { z } from "zod";
import type { Transport } from "../../client";
import * as objects from "../../client/project-objects";
import { type ProxyRecord, proxyRecordSchema } from "./record";

const records = objects.endpoints<typeof proxyRecordSchema, string, Record<never, never>, string>({
  path: "proxy_records",
  noun: "proxy record",
  schema: proxyRecordSchema,
  scope: "organization",
});

const listSchema = z.union([z.array(proxyRecordSchema), z.looseObject({ results: z.array(proxyRecordSchema) })]);

/** Every proxy record of the organization, newest first (one answer, unpaginated). */
export async function listProxyRecords(http: Transport, organizationId: string): Promise<ProxyRecord[]> {
  const answer = await http.request({
    method: "GET",
    path: objects.collectionPath(records.collection, organizationId),
    schema: listSchema,
    subject: `organization ${organizationId}`,
  });
  return Array.isArray(answer) ? answer : answer.results;
}

export function getProxyRecord(http: Transport, organizationId: string, id: string): Promise<ProxyRecord> {
  const key = id.toLowerCase();
  return objects.findListed(
    listProxyRecords(http, organizationId),
    (r) => r.id.toLowerCase() === key,
    records.collection,
    organizationId,
    id,
  );
}

/** Answered 200 with the record, `waiting`. Never resent once it may have reached PostHog. */
export const createProxyRecord = records.create;

/** PostHog answers 500 (no `queryset`): nothing about a proxy record is changed in place. */
export const updateProxyRecord = records.update;

/** A `waiting`, `erroring` or `timed_out` record is deleted at once; any other is marked `deleting` (200 either way). */
export const deleteProxyRecord = records.destroy;
