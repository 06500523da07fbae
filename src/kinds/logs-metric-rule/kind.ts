/**
 * LogsMetricRule, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/logs/metric_rules/`,
 * LogsMetricRuleViewSet, products/logs/backend/presentation/views/metric_rules_api.py), keyed by UUID, deleted by
 * DELETE (a plain ModelViewSet), identified as `<projectId>/<uuid>`. Personal API keys need `logs:read` to read and
 * `logs:write` with `metrics:write` to write (`dangerously_get_required_scopes`: a rule publishes log attributes to the
 * Metrics product); PostHog Cloud serves it only to users with the `logs-metric-rules` feature flag
 * (PostHogFeatureFlagPermission), and a write needs editor access to metrics. At most 10 rules of a project are
 * enabled. Its metric name is unique in the project for its source (`logs_metric_rule_team_metric_uniq`, migration
 * 0024_logsmetricrule_source): a create whose answer was lost is found by it. The metric name, the value attribute and
 * the source are immutable (`_validate_immutable_fields`; the source as its generated type says): a change of one
 * replaces the rule, the old one deleted first, as the new one may keep its metric name. PostHog 2025-08-04 has no
 * metric rules: it answers 404.
 */
import type { Transport } from "../../client";
import { defineKind } from "../../kit/define-kind";
import { sameJson } from "../../kit/field-table";
import type { Failure, Json } from "../../kit/lifecycle";
import { listedPages } from "../../kit/list-reads";
import { ANY } from "../../kit/property";
import { isUnknown } from "../../kit/unknown";
import { unservedRefusal } from "../../kit/unserved";
import * as rules from "./endpoints";
import { logsMetricRuleExample } from "./example";
import { GROUP_BY_TOP_LEVEL_KEYS, isAttributeKey, logsMetricRuleFields, SERIALIZER, SOURCES, type Source, SPAN_DURATION } from "./fields";
import type { LogsMetricRule } from "./record";

/** The inputs PostHog keeps as created: a change is a new rule. */
const FIXED = ["metricName", "valueAttribute", "source"] as const;

/** The project's rule emitting this metric (one a source): two of them are an error naming their ids. */
async function findOneEmitting(http: Transport, projectId: number, metricName: unknown): Promise<LogsMetricRule | null> {
  const found = (await rules.listLogsMetricRules(http, projectId)).filter((rule) => rule.metric_name === metricName);
  if (found.length > 1)
    throw new Error(
      `Project ${projectId} has ${found.length} log metric rules emitting "${String(metricName)}", one a source (ids ${found.map((r) => r.id).join(", ")}): give logsMetricRuleId instead.`,
    );
  return found[0] ?? null;
}

/**
 * What a group-by key or a value attribute may be in a rule of the declared source: each source's own keys, and the
 * span's duration in a spans rule only. A rule whose source is not declared is left to PostHog (an adopted one may be
 * a spans rule).
 */
function sourceFailures(inputs: Json, known: Json, failed: (input: string) => boolean): Failure[] {
  const source = known["source"];
  if (failed("source") || isUnknown(inputs["source"]) || !SOURCES.includes(source as Source)) return [];
  const own = GROUP_BY_TOP_LEVEL_KEYS[source as Source];
  const failures: Failure[] = [];
  const groupBy = known["group_by"];
  const strangers =
    Array.isArray(groupBy) && !failed("groupBy")
      ? groupBy.filter((key) => typeof key === "string" && !own.includes(key) && !isAttributeKey(key))
      : [];
  if (strangers.length > 0)
    failures.push({
      property: "groupBy",
      reason: `groupBy ${strangers.map((k) => JSON.stringify(k)).join(", ")} is not a key of a ${source} rule: use ${own.join(", ")}, or keys prefixed with \`attributes.\` or \`resource_attributes.\` (${SERIALIZER})`,
    });
  if (known["value_attribute"] === SPAN_DURATION && source !== "spans" && !failed("valueAttribute"))
    failures.push({
      property: "valueAttribute",
      reason: `valueAttribute "${SPAN_DURATION}" (a span's duration) is for a spans rule only: a ${source} rule's must be prefixed with \`attributes.\` or \`resource_attributes.\` (${SERIALIZER})`,
    });
  return failures;
}

export const {
  kind: logsMetricRuleKind,
  model: logsMetricRuleModel,
  Lifecycle: LogsMetricRuleLifecycle,
} = defineKind({
  name: "LogsMetricRule",
  noun: "log metric rule",
  summary: "A rule that turns a project's matching logs or spans into a metric.",
  description:
    "A PostHog log metric rule: ingestion counts the project's log records (or trace spans) matching its filter group, or sums a numeric attribute of them, into a metric of the Metrics product, one series per group-by value. Declared fields are managed; a new metric name, value attribute or source replaces it; deleted with DELETE; one deleted by hand is created again. Today's PostHog only (the `logs:write` and `metrics:write` scopes); PostHog 2025-08-04 has no metric rules.",
  example: logsMetricRuleExample,
  scope: "project",
  identity: { output: "logsMetricRuleId", key: "uuid", doc: "The log metric rule's UUID in PostHog." },
  deletion: "delete",
  importInputs: ["projectId", "name", "metricName"],
  endpoints: {
    get: rules.getLogsMetricRule,
    update: rules.updateLogsMetricRule,
    remove: rules.deleteLogsMetricRule,
    create: rules.createLogsMetricRule,
  },
  // LogsMetricRuleViewSet lists with the serializer it retrieves with.
  listReads: listedPages(rules.logsMetricRulePages),
  inputs: (table) => ({ ...table, ...Object.fromEntries(FIXED.map((input) => [input, { ...table[input]!, willReplaceOnChanges: true }])) }),
  outputs: { version: { type: "integer", description: "PostHog's count of the rule's updates (each PATCH adds one)." } },
  fields: logsMetricRuleFields,
  exampleInput: "groupBy",
  moreFailures: sourceFailures,
  // `name` and `metric_name` are required CharFields of the serializer.
  required: {
    name: `the rule's label (${SERIALIZER})`,
    metricName: `the name of the metric it emits (${SERIALIZER})`,
  },
  // The outputs every LogsMetricRule has besides its kind's (its id, its project): what `pulumi import` declares, what
  // PostHog keeps as created (which a newly declared value is compared with) and PostHog's count of updates.
  fixedOutputs: (record) => ({
    name: record.name,
    metricName: record.metric_name,
    valueAttribute: record.value_attribute,
    source: record.source ?? "logs",
    version: record.version,
  }),
  outputTypes: {
    name: { type: "string", doc: "The rule's label." },
    metricName: { type: "string", doc: "The name of the metric it emits." },
    valueAttribute: { type: "string | null", doc: "The attribute it aggregates; null when it counts records." },
    source: { type: "string", doc: "What it tallies: logs or spans." },
    version: { type: "number", doc: "PostHog's count of the rule's updates (1 when created; each PATCH adds one)." },
  },
  types: {
    LogsMetricRuleFilterGroup: {
      type: '{\n  type: "AND" | "OR";\n  /** Groups of property filters: `{type: "AND", values: [{key, operator, value, type: "log_attribute" | "log_resource_attribute" | "log"}]}`. */\n  values: Array<{ type: "AND" | "OR"; values: unknown[] }>;\n}',
      doc: "Which log records a metric rule reads (PropertyGroupFilter of PostHog's schema): groups of property filters, none empty.",
    },
  },
  lookups: {
    list: (http, projectId) => rules.listLogsMetricRules(http, projectId),
    uniqueBy: {
      input: "metricName",
      spec: {
        type: "string",
        description: "The metric name the rule emits (unique in the project for its source); or give logsMetricRuleId.",
      },
      find: findOneEmitting,
    },
    outputs: {
      name: { type: "string" },
      metricName: { type: "string" },
      enabled: { type: "boolean" },
      filterGroup: { type: "object", additionalProperties: ANY, nullable: true },
      valueAttribute: { type: "string", nullable: true },
      groupBy: { type: "array", items: { type: "string" } },
      source: { type: "string" },
      version: { type: "integer" },
    },
  },
  // The list has every field of the table: no GET each.
  importer: {
    // LogsMetricRuleSerializer's defaults.
    defaults: { enabled: false, filter_group: null, value_attribute: null, group_by: [], source: "logs" },
    label: (rule) => rule.metric_name,
  },
  /**
   * The metric name is unique in the project for its source: after an unclear answer the project's rule of that metric
   * name and source is looked for, and taken only when shown to be this create's (`created_by` is the user's numeric id).
   */
  findBy: {
    field: "metric_name",
    find: async (http, projectId, metricName, sent) =>
      (await rules.listLogsMetricRules(http, projectId)).filter(
        (r) => r.metric_name === metricName && (r.source ?? "logs") === (sent["source"] ?? "logs"),
      ),
    described: (metricName, sent) => `emitting metric ${JSON.stringify(metricName ?? null)} from ${String(sent["source"] ?? "logs")}`,
    maker: async (candidate, self) => {
      const me = await self();
      if (candidate.created_by === null || candidate.created_by === undefined || me.id === undefined) return null;
      return candidate.created_by === me.id ? me : { email: `the user with id ${candidate.created_by}` };
    },
    // `_validate_team_limits`: 400 {"metric_name": "A rule already emits this metric name in this project."}.
    taken: (error) => error.status === 400 && /already emits this metric name/.test(error.message),
    otherwise: "choose another metric name",
  },
  createRefusal: unservedRefusal("log metric rules", "logs:write", "metrics:write"),
  deleteBeforeReplace: true,
  hooks: {
    /** A new metric name or value attribute is a new rule: PostHog refuses to change either. */
    replaces(olds, news) {
      const fixed = FIXED.filter((input) => {
        const value = news[input];
        if (value === undefined) return false;
        return isUnknown(value) || !sameJson(value, olds[input] ?? null);
      });
      return [...this.kit.replaces(olds, news), ...fixed];
    },
  },
});
