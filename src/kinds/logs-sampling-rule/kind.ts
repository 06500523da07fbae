/**
 * LogsSamplingRule (a rule applied to a project's logs at ingestion), declared once for the kit (src/kit):
 * project-scoped (`/api/projects/<projectId>/logs/sampling_rules/`, LogsSamplingRuleViewSet,
 * products/logs/backend/presentation/views/sampling_api.py; routed by products/logs/backend/routes.py), keyed by UUID,
 * deleted by DELETE (a plain ModelViewSet), identified as `<projectId>/<uuid>`. Its model is LogsExclusionRule
 * (products/logs/backend/models.py; made as LogsSamplingRule by migration 0009_logssamplingrule). Personal API keys
 * need `logs:read`/`logs:write` (`scope_object = "logs"`, posthog/scopes.py); PostHog Cloud serves it only to users
 * with its `logs-settings-drop-rules` feature flag (PostHogFeatureFlagPermission). PostHog 2025-08-04 has no
 * sampling rules: it answers 404. Its field table is ./fields.ts; its model's own rule is the serializer's `validate`:
 * what `config` holds for each `rule_type`. PostHog counts a rule's `version` up on each update and puts a rule
 * created without a `priority` after the project's others. Nothing about a rule is unique: a create whose answer was
 * lost is never resent blindly.
 */
import { defineKind } from "../../kit/define-kind";
import type { Failure, Json } from "../../kit/lifecycle";
import { isPlainObject } from "../../kit/json";
import { listedPages } from "../../kit/list-reads";
import { byName } from "../../kit/named";
import { ANY } from "../../kit/property";
import { isUnknown } from "../../kit/unknown";
import { unservedRefusal } from "../../kit/unserved";
import * as rules from "./endpoints";
import { logsSamplingRuleExample } from "./example";
import { logsSamplingRuleFields, SERIALIZER } from "./fields";

/** MAX_FILTER_GROUP_DEPTH and MAX_FILTER_GROUP_NODES (sampling_api.py, as PostHog's ingestion worker bounds them). */
const MAX_DEPTH = 16;
const MAX_NODES = 256;
const MAX_RATE = 1_000_000;
const MAX_BURST = 10_000_000;

const isGroup = (node: unknown): node is { type: string; values: unknown[] } =>
  isPlainObject(node) && (node["type"] === "AND" || node["type"] === "OR") && Array.isArray(node["values"]);

/** `_filter_group_depth`: the levels of groups above the deepest leaf. */
const depthOf = (node: unknown, depth = 0): number =>
  depth > MAX_DEPTH || !isGroup(node) ? depth : Math.max(depth, ...node.values.map((child) => depthOf(child, depth + 1)));

/** `_filter_group_node_count`: groups and leaves. */
const nodesOf = (node: unknown): number => (isGroup(node) ? 1 + node.values.reduce<number>((n, child) => n + nodesOf(child), 0) : 1);

const hasEmptyGroup = (node: unknown): boolean => isGroup(node) && (node.values.length === 0 || node.values.some(hasEmptyGroup));

/** PropertyGroupFilter's shape (posthog/schema.py): a group of groups, each of groups or property filters (objects). */
function shapeProblem(group: unknown): string | undefined {
  if (!isGroup(group)) return 'must be a property group {type: "AND" | "OR", values: [...]}';
  const inner = (node: unknown): boolean => isPlainObject(node) && (!("values" in node) || (isGroup(node) && node.values.every(inner)));
  if (!group.values.every((child) => isGroup(child) && child.values.every(inner)))
    return 'its values must be groups {type: "AND" | "OR", values: [groups or property filters]}';
  return undefined;
}

/** `_validate_filter_group`, for a config that is sent (a rule always sends its declared config whole). */
function filterGroupProblem(group: unknown): string | undefined {
  if (group === undefined || group === null) return undefined;
  const shape = shapeProblem(group);
  if (shape) return `config.filter_group ${shape} ("Invalid filter_group shape", ${SERIALIZER})`;
  if (depthOf(group) > MAX_DEPTH) return `config.filter_group is nested deeper than ${MAX_DEPTH} levels (${SERIALIZER})`;
  if (nodesOf(group) > MAX_NODES) return `config.filter_group has more than ${MAX_NODES} groups and filters (${SERIALIZER})`;
  if (hasEmptyGroup(group))
    return `config.filter_group has an empty group, which never matches, so the rule would never apply; leave filter_group out to match every log (${SERIALIZER})`;
  return undefined;
}

const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);

/** `_validate_rate_limit_lines` / `_validate_rate_limit_kb`: one rate, from 1 to 1000000, and its burst. */
function rateProblem(config: Record<string, unknown>): string | undefined {
  const lines = "logs_per_second" in config;
  const kb = "kb_per_second" in config;
  if (lines && kb) return `config sets both logs_per_second and kb_per_second: a rate_limit rule takes one (${SERIALIZER})`;
  if (!lines && !kb) return `config of a rate_limit rule needs logs_per_second or kb_per_second (${SERIALIZER})`;
  const [rate, burst] = lines ? ["logs_per_second", "burst_logs"] : ["kb_per_second", "burst_kb"];
  const value = config[rate];
  if (!isInt(value) || value < 1 || value > MAX_RATE) return `config.${rate} must be an integer from 1 to ${MAX_RATE} (${SERIALIZER})`;
  const most = config[burst];
  if (most === undefined || most === null) return undefined;
  if (!isInt(most) || most < value || most > MAX_BURST)
    return `config.${burst} must be an integer from ${rate} (${value}) to ${MAX_BURST} (${SERIALIZER})`;
  return undefined;
}

/** LogsSamplingRuleSerializer.validate: what `config` holds for each rule type. */
function configProblem(ruleType: unknown, config: unknown): string | undefined {
  if (ruleType !== "path_drop" && ruleType !== "rate_limit") return undefined;
  if (!isPlainObject(config)) return `config of a ${ruleType} rule must be an object (${SERIALIZER})`;
  if (ruleType === "path_drop") {
    const patterns = config["patterns"];
    if (patterns !== undefined && patterns !== null && !(Array.isArray(patterns) && patterns.every((p) => typeof p === "string")))
      return `config.patterns must be a list of strings (regular expressions) (${SERIALIZER})`;
    const key = config["match_attribute_key"];
    if (key !== undefined && key !== null && typeof key !== "string") return `config.match_attribute_key must be a string (${SERIALIZER})`;
    return filterGroupProblem(config["filter_group"]);
  }
  return filterGroupProblem(config["filter_group"]) ?? rateProblem(config);
}

function crossFieldFailures(inputs: Json, known: Json, failed: (input: string) => boolean): Failure[] {
  // A value not known yet (another resource's output) is PostHog's to judge.
  if (failed("ruleType") || failed("config") || isUnknown(inputs["ruleType"]) || isUnknown(inputs["config"])) return [];
  const reason = configProblem(known["rule_type"], known["config"]);
  return reason ? [{ property: "config", reason }] : [];
}

export const {
  kind: logsSamplingRuleKind,
  model: logsSamplingRuleModel,
  Lifecycle: LogsSamplingRuleLifecycle,
} = defineKind({
  name: "LogsSamplingRule",
  noun: "logs sampling rule",
  summary: "A rule PostHog applies to a project's logs as they arrive: keep a share by severity, drop matching logs, or cap their rate.",
  description:
    "A PostHog logs sampling rule: applied to the project's logs at ingestion, first match first, to keep a share of each severity, drop matching logs or cap their rate. Declared fields are managed; deleted with DELETE; one deleted by hand is created again. Today's PostHog only (the `logs:write` scope); PostHog 2025-08-04 has no sampling rules.",
  example: logsSamplingRuleExample,
  scope: "project",
  identity: { output: "logsSamplingRuleId", key: "uuid", doc: "The rule's UUID in PostHog." },
  deletion: "delete",
  importInputs: ["projectId", "name", "ruleType", "config"],
  endpoints: {
    get: rules.getLogsSamplingRule,
    update: rules.updateLogsSamplingRule,
    remove: rules.deleteLogsSamplingRule,
    create: rules.createLogsSamplingRule,
  },
  // LogsSamplingRuleViewSet lists with the serializer it retrieves with.
  listReads: listedPages(rules.logsSamplingRulePages),
  outputs: {
    version: { type: "integer", description: "PostHog's count of the rule's writes (its ingestion workers' cache key)." },
  },
  fields: logsSamplingRuleFields,
  exampleInput: "ruleType",
  // `name`, `rule_type` and `config` are declared without `required=False` (LogsSamplingRuleSerializer).
  required: {
    name: `the rule's label (${SERIALIZER})`,
    ruleType: `what the rule does (${SERIALIZER})`,
    config: `the rule's settings for its type (${SERIALIZER})`,
  },
  moreFailures: crossFieldFailures,
  fixedOutputs: (record) => ({
    name: record.name,
    ruleType: record.rule_type,
    config: record.config ?? null,
    priority: record.priority,
    version: record.version,
  }),
  outputTypes: {
    name: { type: "string", doc: "The rule's label." },
    ruleType: { type: "string", doc: "What the rule does: severity_sampling, path_drop or rate_limit." },
    config: { type: "Record<string, unknown>", doc: "The rule's settings for its type." },
    priority: { type: "number", doc: "Where the rule is evaluated among the project's: lower first." },
    version: { type: "number", doc: "PostHog's count of the rule's writes." },
  },
  lookups: {
    list: (http, projectId) => rules.listLogsSamplingRules(http, projectId),
    uniqueBy: byName({
      list: rules.listLogsSamplingRules,
      plural: "logs sampling rules",
      idInput: "logsSamplingRuleId",
      description: "The rule's exact name; or give logsSamplingRuleId.",
    }),
    outputs: {
      name: { type: "string" },
      enabled: { type: "boolean" },
      priority: { type: "integer" },
      ruleType: { type: "string" },
      config: { type: "object", additionalProperties: ANY },
    },
  },
  importer: {
    // LogsSamplingRuleSerializer's defaults; `priority` is PostHog's order of the rules as they are.
    defaults: { enabled: false, scope_service: null, scope_path_pattern: null, scope_attribute_filters: [] },
    label: (rule) => rule.name,
  },
  lostCreate: (sent) => `among the project's logs sampling rules (named ${JSON.stringify(sent["name"] ?? null)})`,
  createRefusal: unservedRefusal("logs sampling rules", "logs:write"),
});
