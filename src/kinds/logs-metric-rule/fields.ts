/**
 * The log metric rule's field table: the writable fields of today's LogsMetricRuleSerializer
 * (products/logs/backend/presentation/views/metric_rules_api.py in PostHog/posthog; model LogsMetricRule,
 * products/logs/backend/models.py, migrations 0017_logsmetricrule and 0024_logsmetricrule_source; types
 * LogsMetricRuleApi, products/logs/frontend/generated/api.schemas.ts), each with PostHog's rule. `metric_name`,
 * `value_attribute` and `source` are immutable after creation (`_validate_immutable_fields`, and the types' word for
 * `source`): a change of one replaces the rule. What a group-by key or a value attribute may be depends on the
 * source (the model's rules across fields, ./kind.ts). A filter group's limits are those of
 * products/logs/backend/presentation/filter_group_validation.py. PostHog 2025-08-04 has no metric rules.
 */
import { z } from "zod";
import { type ApiTypes, type FieldDef, sameJson } from "../../kit/field-table";
import { isPlainObject } from "../../kit/json";

export const SERIALIZER = "LogsMetricRuleSerializer, products/logs/backend/presentation/views/metric_rules_api.py";
const LIMITS = "products/logs/backend/presentation/filter_group_validation.py";
/** METRIC_NAME_PATTERN: OTLP-safe, a letter, then letters, digits, dots, underscores, dashes. */
const METRIC_NAME = /^[a-zA-Z][a-zA-Z0-9._-]*$/;
/** ATTRIBUTE_KEY_PREFIXES: a key of a record's attribute maps, something after the prefix. */
const ATTRIBUTE_PREFIXES = ["attributes.", "resource_attributes."] as const;
/** The record sources (LogsMetricRule.source): logs, the default, or spans. */
export const SOURCES = ["logs", "spans"] as const;
export type Source = (typeof SOURCES)[number];
/** The group-by keys of each source besides the attribute maps' (METRIC_RULE_GROUP_BY_TOP_LEVEL_KEYS and the spans'). */
export const GROUP_BY_TOP_LEVEL_KEYS: Readonly<Record<Source, readonly string[]>> = {
  logs: ["service_name", "severity_text", "event_name"],
  spans: ["service_name", "name", "status_code", "kind"],
};
/** The span pseudo-key a spans rule may aggregate: the span's wall-clock duration. */
export const SPAN_DURATION = "duration_ms";
/** MAX_METRIC_RULE_GROUP_BY_KEYS. */
export const MAX_GROUP_BY_KEYS = 5;
/** MAX_FILTER_GROUP_DEPTH, MAX_FILTER_GROUP_NODES, MAX_FILTER_GROUP_LEAF_VALUES, MAX_FILTER_GROUP_VALUE_LENGTH. */
export const FILTER_GROUP_LIMITS = { depth: 16, nodes: 256, leafValues: 256, valueLength: 1024 } as const;

export const isAttributeKey = (key: string) => ATTRIBUTE_PREFIXES.some((prefix) => key.startsWith(prefix) && key.length > prefix.length);

/** A group node of a PropertyGroupFilter: `{type: "AND" | "OR", values: [...]}`. */
const isGroup = (node: unknown): node is { type: string; values: unknown[] } =>
  isPlainObject(node) && (node["type"] === "AND" || node["type"] === "OR") && Array.isArray(node["values"]);

/**
 * The first problem of a filter group as PostHog's `validate_filter_group` meets them: PropertyGroupFilter's shape (an
 * AND/OR group of AND/OR groups, whose values are groups or property filters), then the depth, the nodes, the leaf
 * values, a value's length and an empty group; undefined for one PostHog takes.
 */
export function filterGroupProblem(value: unknown): string | undefined {
  if (!isGroup(value)) return `must be a property group {type: "AND" | "OR", values: [...]} (PropertyGroupFilter, ${SERIALIZER})`;
  if (!value.values.every(isGroup))
    return `must hold groups {type: "AND" | "OR", values: [property filters]} in its values, not property filters directly (PropertyGroupFilter, ${SERIALIZER})`;
  const badLeaf = (node: unknown): boolean => (isGroup(node) ? node.values.some(badLeaf) : !isPlainObject(node));
  if (value.values.some(badLeaf))
    return `must have property filters {key, type, operator, value} as its leaves (PropertyGroupFilter, ${SERIALIZER})`;
  let nodes = 0;
  let leafValues = 0;
  let depth = 0;
  let empty = false;
  let oversized = false;
  const walk = (node: unknown, at: number): void => {
    nodes += 1;
    depth = Math.max(depth, at);
    if (isGroup(node)) {
      if (node.values.length === 0) empty = true;
      for (const child of node.values) walk(child, at + 1);
      return;
    }
    const leaf = isPlainObject(node) ? node["value"] : undefined;
    const values = Array.isArray(leaf) ? leaf : leaf === undefined || leaf === null ? [] : [leaf];
    leafValues += values.length;
    if (values.some((v) => typeof v === "string" && [...v].length > FILTER_GROUP_LIMITS.valueLength)) oversized = true;
  };
  walk(value, 0);
  if (depth > FILTER_GROUP_LIMITS.depth) return `is nested too deeply (max depth ${FILTER_GROUP_LIMITS.depth}, ${LIMITS})`;
  if (nodes > FILTER_GROUP_LIMITS.nodes) return `has too many nodes (max ${FILTER_GROUP_LIMITS.nodes} groups + leaves, ${LIMITS})`;
  if (leafValues > FILTER_GROUP_LIMITS.leafValues)
    return `has too many filter values (max ${FILTER_GROUP_LIMITS.leafValues} across all filters, ${LIMITS})`;
  if (oversized) return `contains a value longer than ${FILTER_GROUP_LIMITS.valueLength} characters (${LIMITS})`;
  if (empty)
    return `must have at least one filter in every group: an empty group never matches; leave filterGroup out to match all logs (${LIMITS})`;
  return undefined;
}

export const logsMetricRuleFields = {
  name: {
    input: z
      .string({ error: "must be a string" })
      .refine((v) => v.trim() !== "", { error: `must not be blank (${SERIALIZER})` })
      .refine((v) => [...v.trim()].length <= 255, { error: `must be at most 255 characters (${SERIALIZER})` }),
    // A CharField: PostHog trims it.
    equal: (declared, live) => sameJson(typeof declared === "string" ? declared.trim() : declared, live),
    doc: "The rule's label in PostHog, at most 255 characters.",
  },
  metric_name: {
    input: z
      .string({ error: "must be a string" })
      .max(200, { error: `must be at most 200 characters (${SERIALIZER})` })
      .regex(METRIC_NAME, {
        error: `must start with a letter and hold only letters, digits, dots, underscores and dashes (METRIC_NAME_PATTERN, ${SERIALIZER})`,
      }),
    doc: "The name of the metric the rule emits, as the Metrics product shows it: a letter, then letters, digits, dots, underscores and dashes, at most 200 characters; unique in the project. PostHog does not change it after creation: a new one replaces the rule.",
  },
  enabled: {
    input: z.boolean({ error: "must be true or false" }),
    doc: "Whether ingestion evaluates the rule (PostHog's default: false). At most 10 rules of a project are enabled.",
  },
  filter_group: {
    type: "LogsMetricRuleFilterGroup | null",
    input: z.unknown().superRefine((value, ctx) => {
      const problem = value === null ? undefined : filterGroupProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
    equal: sameJson,
    doc: 'Which log records feed the metric: `{type: "AND", values: [{type: "AND", values: [{key: "service.name", operator: "exact", value: "api", type: "log_attribute"}]}]}` (groups of property filters); null (the default) for every log record.',
  },
  value_attribute: {
    input: z
      .string({ error: "must be a string or null" })
      .max(512, { error: `must be at most 512 characters (${SERIALIZER})` })
      .refine((key) => isAttributeKey(key) || key === SPAN_DURATION, {
        error: `must be prefixed with \`attributes.\` or \`resource_attributes.\` (or be \`${SPAN_DURATION}\` in a spans rule; ${SERIALIZER})`,
      })
      .nullable(),
    doc: `The attribute holding a number to aggregate into a distribution (count and sum), e.g. \`attributes.duration_ms\` (or \`${SPAN_DURATION}\`, a span's duration, in a spans rule); null (the default) counts the matching records. PostHog does not change it after creation: a new one replaces the rule.`,
  },
  group_by: {
    input: z
      .array(
        z
          .string({ error: "must be a list of keys (strings)" })
          .max(512, { error: `must be keys of at most 512 characters (${SERIALIZER})` })
          .refine((key) => SOURCES.some((source) => GROUP_BY_TOP_LEVEL_KEYS[source].includes(key)) || isAttributeKey(key), {
            error: `must be keys among ${GROUP_BY_TOP_LEVEL_KEYS.logs.join(", ")} (logs) or ${GROUP_BY_TOP_LEVEL_KEYS.spans.join(", ")} (spans), or prefixed with \`attributes.\` or \`resource_attributes.\` (${SERIALIZER})`,
          }),
        { error: "must be a list of keys" },
      )
      .max(MAX_GROUP_BY_KEYS, { error: `must have at most ${MAX_GROUP_BY_KEYS} keys (MAX_METRIC_RULE_GROUP_BY_KEYS, ${SERIALIZER})` }),
    doc: `Up to ${MAX_GROUP_BY_KEYS} dimensions, each value combination its own series, in order: ${GROUP_BY_TOP_LEVEL_KEYS.logs.join(", ")} in a logs rule, ${GROUP_BY_TOP_LEVEL_KEYS.spans.join(", ")} in a spans rule, or keys prefixed with \`attributes.\` or \`resource_attributes.\`.`,
  },
  source: {
    input: z.enum(SOURCES, { error: `must be "logs" or "spans" (LogsMetricRule.source)` }),
    doc: 'What the rule tallies: "logs" (PostHog\'s default: log records) or "spans" (trace spans). PostHog does not change it after creation: a new one replaces the rule.',
  },
} as const satisfies Record<string, FieldDef>;

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const logsMetricRuleApiTypes: ApiTypes = {
  file: "products/logs/frontend/generated/api.schemas.ts",
  schemas: ["LogsMetricRuleApi", "PatchedLogsMetricRuleApi"],
};
