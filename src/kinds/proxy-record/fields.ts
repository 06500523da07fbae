/**
 * The proxy record's field table: `domain`, the one field a create reads (ProxyRecordViewset.create,
 * posthog/api/proxy_record.py, takes it from the body unvalidated; posthog/models/proxy_record.py holds it in a
 * `CharField(max_length=64, unique=True)`, so a longer or taken one fails in PostgreSQL with a 500). The target CNAME is
 * made from it on create (`generate_target_cname`): a change of domain replaces the record.
 */
import { z } from "zod";
import type { FieldDef, ApiTypes } from "../../kit/field-table";

export const proxyRecordFields = {
  domain: {
    input: z
      .string({ error: "must be a string" })
      .max(64, { error: "must be at most 64 characters (ProxyRecord.domain, posthog/models/proxy_record.py)" }),
    doc: "The domain (at most 64 characters) whose DNS points at `targetCname`, such as `e.example.com`. PostHog keeps each domain once across every organization. Changing it replaces the proxy record (its target CNAME is made from the domain).",
  },
} as const satisfies Record<string, FieldDef>;

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const proxyRecordApiTypes: ApiTypes = {
  missing: "no generated type found in the stored copies of PostHog/posthog read for this fixture",
};
