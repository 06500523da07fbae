/**
 * The warehouse view link's field table: the writable fields of ViewLinkSerializer (products/data_warehouse/backend/
 * api/view_link.py today, posthog/warehouse/api/view_link.py in PostHog 2025-08-04, alike; model DataWarehouseJoin,
 * …/models/join.py: CharFields of at most 400 characters, `configuration` a JSONField). `deleted` is PostHog's.
 *
 * PostHog checks on create only, against its HogQL database, what is left to it and named in the docs: both tables
 * exist ("Invalid table: …"), each key is a field of its table or a call on one ("Join key … must be a table field"),
 * and the field name has no "." and is not a field of the source table already (its columns, or an earlier join's).
 */
import { z } from "zod";
import { type Equality, type FieldDef, sameWithin, type ApiTypes } from "../../kit/field-table";

const MODEL = "DataWarehouseJoin, products/data_warehouse/backend/models/join.py";

/** DRF's CharField trims what it stores. */
const sameText: Equality = (declared, live) => typeof declared === "string" && declared.trim() === live;

const text = (what: string) => ({
  input: z
    .string({ error: "must be a string" })
    .refine((value) => value.trim() !== "", { error: `may not be blank (${MODEL})` })
    .refine((value) => value.trim().length <= 400, { error: `must be at most 400 characters (${MODEL})` }),
  equal: sameText,
  doc: what,
});

export const warehouseViewLinkFields = {
  source_table_name: text("The table the new field is added to: one of PostHog's (`events`, `persons`, …), a view or a warehouse table."),
  source_table_key: text(
    "The source table's key: a field of it (`distinct_id`, `properties.email`) or a call on one (`lower(properties.email)`).",
  ),
  joining_table_name: text("The table joined: one of PostHog's, a view or a warehouse table."),
  joining_table_key: text("The joined table's key matched against the source table's: a field of it or a call on one."),
  field_name: text(
    'The field the source table gains, holding the joined row (`SELECT signup.plan FROM events`): no ".", and not a field the source table has already.',
  ),
  configuration: {
    input: z.record(z.string(), z.unknown(), { error: "must be an object or null" }).nullable(),
    equal: sameWithin,
    doc: "How the join is made, as PostHog's interface sets it (`experiments_optimized`, `experiments_timestamp_key`); PostHog's default is `{}`.",
  },
} as const satisfies Record<string, FieldDef>;

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const warehouseViewLinkApiTypes: ApiTypes = {
  missing: "no generated type found in the stored copies of PostHog/posthog read for this fixture",
};
