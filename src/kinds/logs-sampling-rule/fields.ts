/**
 * The logs sampling rule's field table: the writable fields of today's LogsSamplingRuleSerializer
 * (products/logs/backend/presentation/views/sampling_api.py in PostHog/posthog; model LogsExclusionRule,
 * products/logs/backend/models.py; types LogsSamplingRuleApi, products/logs/frontend/generated/api.schemas.ts), each
 * with PostHog's rule. What `config` holds depends on `rule_type`: the serializer's `validate`, the model's own rule
 * (./kind.ts). PostHog 2025-08-04 has no sampling rules.
 */
import { z } from "zod";
import { type ApiTypes, type Equality, type FieldDef, type LeftOut, sameJson } from "../../kit/field-table";

export const SERIALIZER = "LogsSamplingRuleSerializer, products/logs/backend/presentation/views/sampling_api.py";
/** LogsExclusionRule.RuleType. */
export const RULE_TYPES = ["severity_sampling", "path_drop", "rate_limit"] as const;

/** A CharField: trimmed, refused when blank, at most `max` characters. */
const text = (max: number, what: string) =>
  z
    .string({ error: "must be a string" })
    .max(max, { error: `must be at most ${max} characters: ${what} (${SERIALIZER})` })
    .refine((v) => v.trim() !== "", { error: `must not be blank: ${what} (${SERIALIZER})` });

const trimmed: Equality = (declared, live) => sameJson(typeof declared === "string" ? declared.trim() : declared, live);

export const logsSamplingRuleFields = {
  name: {
    input: text(255, "the rule's label"),
    equal: trimmed,
    doc: "The rule's label (at most 255 characters).",
  },
  enabled: {
    input: z.boolean({ error: "must be true or false" }),
    doc: "Whether ingestion applies the rule (PostHog's default: false, a new rule is off).",
  },
  // The serializer takes null (`allow_null=True`), which a create reads as not sent (the rule goes last) but an update
  // stores in a column that holds none (`PositiveIntegerField`, a 500): a program declares a number or nothing.
  priority: {
    input: z
      .number({ error: `must be an integer of at least 0 (${SERIALIZER})` })
      .int({ error: `must be an integer of at least 0 (${SERIALIZER})` })
      .min(0, { error: `must be at least 0 (${SERIALIZER})` }),
    doc: "Where the rule is evaluated: lower first, the first matching rule wins. Not declared, PostHog puts a new rule after the project's others (its output then says where).",
  },
  rule_type: {
    input: z.enum(RULE_TYPES, { error: `must be one of ${RULE_TYPES.join(", ")} (LogsExclusionRule.RuleType)` }),
    doc: 'What the rule does: "severity_sampling" (keeps a share of each severity), "path_drop" (drops matching logs) or "rate_limit" (caps matching logs\' volume).',
  },
  scope_service: {
    input: text(512, "the service the rule applies to").nullable(),
    equal: trimmed,
    doc: "A service name the rule is limited to (the older form: new rules match with `config.filter_group`); null for none.",
  },
  scope_path_pattern: {
    input: text(1024, "a regular expression over a path-like attribute").nullable(),
    equal: trimmed,
    doc: "A regular expression matched against a path-like log attribute when the log has one; null for none.",
  },
  scope_attribute_filters: {
    type: "Array<{ key: string; op: string; [more: string]: unknown }>",
    input: z.array(
      z
        .record(z.string(), z.unknown(), { error: `each filter must be an object ("Each filter must be an object.", ${SERIALIZER})` })
        .refine((f) => "key" in f && "op" in f, {
          error: `each filter must have \`key\` and \`op\` ("Each filter must include key and op.", ${SERIALIZER})`,
        }),
      { error: `must be a list of filters ({key, op, value}) (${SERIALIZER})` },
    ),
    doc: 'Predicates over string attributes the rule is limited to, e.g. `[{key: "http.route", op: "eq", value: "/api"}]`. Default: none.',
  },
  config: {
    type: "Record<string, unknown>",
    input: z.unknown().refine((v) => v !== null && v !== undefined, { error: `must be given (a JSONField, not null: ${SERIALIZER})` }),
    doc: 'What the rule does, by `ruleType`, in PostHog\'s keys: for "rate_limit" `{logs_per_second, burst_logs?}` or `{kb_per_second, burst_kb?}` (1 to 1000000 a second, a burst no lower and at most 10000000), with an optional `filter_group`; for "path_drop" `{filter_group?, patterns?: [regular expressions], match_attribute_key?}`; for "severity_sampling" `{actions: {<severity>: …}, always_keep?}`. A `filter_group` is a property group (`{type: "AND", values: [{type: "AND", values: [{key, operator, value, type: "log_attribute"}]}]}`) of at most 16 levels and 256 nodes, no group empty.',
  },
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of: none. */
export const logsSamplingRuleLeftOut: LeftOut = {};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const logsSamplingRuleApiTypes: ApiTypes = {
  file: "products/logs/frontend/generated/api.schemas.ts",
  schemas: ["LogsSamplingRuleApi", "PatchedLogsSamplingRuleApi"],
};
