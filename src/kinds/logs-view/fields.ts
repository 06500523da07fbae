/**
 * The saved logs view's field table: the writable fields of today's LogsViewSerializer
 * (products/logs/backend/presentation/views/views_api.py in PostHog/posthog; model LogsView,
 * products/logs/backend/models.py, migrations 0002_logsview and 0016_logsview_columns; types LogsViewApi,
 * products/logs/frontend/generated/api.schemas.ts), each with PostHog's rule. PostHog 2025-08-04 has no saved views.
 */
import { z } from "zod";
import { type ApiTypes, type Equality, type FieldDef, type LeftOut, sameJson } from "../../kit/field-table";
import { isPlainObject } from "../../kit/json";

export const SERIALIZER = "LogsViewSerializer, products/logs/backend/presentation/views/views_api.py";
const COLUMN_SERIALIZER = "LogsViewColumnSerializer, products/logs/backend/presentation/views/views_api.py";

/** LogsViewColumnTypeEnumApi (the column serializer's `type` choices). */
export const COLUMN_TYPES = [
  "timestamp",
  "level",
  "source",
  "trace_id",
  "span_id",
  "person",
  "session",
  "pattern",
  "message",
  "custom",
] as const;
/** The column serializer's `width` bounds (MAX_ATTRIBUTE_COLUMN_WIDTH of PostHog's frontend resizer). */
const MAX_WIDTH = 2000;

/** A DRF CharField: trimmed, then refused when blank. */
const text = (what: string) =>
  z
    .string({ error: `must be a string: ${what}` })
    .refine((v) => v.trim() !== "", { error: `must not be blank: ${what} (${COLUMN_SERIALIZER})` });

const column = z
  .strictObject(
    {
      id: text("the column's identity, the client's own"),
      type: z.enum(COLUMN_TYPES, { error: `must be one of ${COLUMN_TYPES.join(", ")} (${COLUMN_SERIALIZER})` }),
      name: text("the header label").optional(),
      expression: text("a custom column's expression").optional(),
      width: z
        .number({ error: `must be an integer from 1 to ${MAX_WIDTH} (${COLUMN_SERIALIZER})` })
        .int({ error: `must be an integer from 1 to ${MAX_WIDTH} (${COLUMN_SERIALIZER})` })
        .min(1, { error: `must be at least 1 pixel (${COLUMN_SERIALIZER})` })
        .max(MAX_WIDTH, { error: `must be at most ${MAX_WIDTH} pixels (${COLUMN_SERIALIZER})` })
        .optional(),
    },
    { error: `must be { id, type, name?, expression?, width? } (${COLUMN_SERIALIZER} drops any other key)` },
  )
  // LogsViewColumnSerializer.validate: a custom column is computed from its expression.
  .refine((c) => c.type !== "custom" || (c.expression ?? "").trim() !== "", {
    error: `a custom column needs an expression ("Custom columns require an expression.", ${COLUMN_SERIALIZER})`,
    path: ["expression"],
  });

/** The columns as PostHog stores them: each CharField trimmed. */
function storedColumns(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((c) =>
    isPlainObject(c) ? Object.fromEntries(Object.entries(c).map(([k, v]) => [k, typeof v === "string" ? v.trim() : v])) : c,
  );
}

const sameColumns: Equality = (declared, live) => sameJson(storedColumns(declared), live);
const sameName: Equality = (declared, live) => sameJson(typeof declared === "string" ? declared.trim() : declared, live);

export const logsViewFields = {
  name: {
    input: z
      .string({ error: "must be a string" })
      .max(400, { error: `must be at most 400 characters (LogsView.name, ${SERIALIZER})` })
      .refine((v) => v.trim() !== "", { error: `must not be blank (${SERIALIZER})` }),
    equal: sameName,
    doc: "The view's name as the logs page lists it (at most 400 characters).",
  },
  filters: {
    type: "Record<string, unknown>",
    input: z.record(z.string(), z.unknown(), { error: `must be an object (a DictField, ${SERIALIZER})` }),
    doc: 'What the view shows: the logs page\'s filters (`{severityLevels: ["error"], serviceNames: ["checkout"], searchTerm, filterGroup, dateRange, …}`), kept as given. Default `{}`.',
  },
  columns: {
    type: "LogsViewColumn[] | null",
    input: z.array(column, { error: "must be a list of columns, or null" }).nullable(),
    equal: sameColumns,
    doc: "The table's columns in order: `{id, type, name?, expression?, width?}`, `type` one of timestamp, level, source, trace_id, span_id, person, session, pattern, message or custom (a custom column needs its `expression`, `attributes.<key>` or a HogQL expression); `width` 1 to 2000 pixels. Null (PostHog's default) for the default columns.",
  },
  pinned: {
    input: z.boolean({ error: "must be true or false" }),
    doc: "Whether the view is pinned in the saved-views list (default false).",
  },
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of: none. */
export const logsViewLeftOut: LeftOut = {};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const logsViewApiTypes: ApiTypes = {
  file: "products/logs/frontend/generated/api.schemas.ts",
  schemas: ["LogsViewApi", "PatchedLogsViewApi"],
};
