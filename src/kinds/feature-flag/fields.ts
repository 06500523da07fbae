/**
 * The feature flag's field table: every writable field of today's FeatureFlagSerializer
 * (products/feature_flags/backend/api/feature_flag.py in PostHog/posthog, `Meta.fields` less its read-only ones) that
 * PostHog answers with, with PostHog's rule for it and how a declared value compares with what PostHog stores. The
 * provider's check, diff, drift and the plugin schema are derived from it. What it leaves out, and why:
 * `featureFlagLeftOut` below.
 */
import { z } from "zod";
import {
  CREATE_IN_FOLDER,
  type Equality,
  type FieldDef,
  type LeftOut,
  sameJson,
  sameTags,
  tableValuesEqual,
  TAGGING,
  type ApiTypes,
} from "../../kit/field-table";
import { isPlainObject } from "../../kit/json";

/** FeatureFlagSerializer.validate_key: `^[a-zA-Z0-9_-]+$`, at most 400 characters (the model's CharField). */
export const KEY_PATTERN = /^[a-zA-Z0-9_-]+$/;
export const KEY_RULE = "Only letters, numbers, hyphens (-) & underscores (_) are allowed";

/** A set of ids: PostHog answers in its own order. */
const sameIdSet: Equality = (a, b) => sameJson(Array.isArray(a) ? [...a].sort() : (a ?? []), Array.isArray(b) ? [...b].sort() : (b ?? []));

/** A payload as PostHog stores it, JSON text, read back as the value it holds. */
function payloadValue(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** Keys PostHog adds on read that a program does not write: a cohort property's `cohort_name` (to_representation). */
const ADDED_ON_READ = new Set(["cohort_name"]);

/** A JSON value with keys whose value is null dropped (absent and null mean the same to PostHog's filters). */
function withoutNulls(value: unknown, drop: ReadonlySet<string> = new Set()): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutNulls(item, drop));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, item]) => item !== null && item !== undefined && !drop.has(key))
      .map(([key, item]) => [key, withoutNulls(item, drop)]),
  );
}

/**
 * `filters` as PostHog stores it, in one form for comparison: today's PostHog gives every condition set the flag-level
 * `aggregation_group_type_index` when it has none (and the flag-level one becomes theirs when they agree); payloads
 * are stored as JSON text; jsonb reorders keys (canonicalJson sorts them); null and absent keys are alike; a cohort
 * property comes back with its `cohort_name`.
 */
export function normalFilters(filters: unknown): unknown {
  if (!isPlainObject(filters)) return filters;
  const flagLevel = filters["aggregation_group_type_index"] ?? null;
  const groups = Array.isArray(filters["groups"]) ? filters["groups"] : [];
  const normalGroups = groups.map((group) => {
    if (!isPlainObject(group)) return group;
    const properties = Array.isArray(group["properties"]) ? group["properties"] : [];
    return {
      ...group,
      properties: properties.map((p) => withoutNulls(p, ADDED_ON_READ)),
      aggregation_group_type_index: group["aggregation_group_type_index"] ?? flagLevel,
    };
  });
  const aggregations = normalGroups.map((g) => (isPlainObject(g) ? (g["aggregation_group_type_index"] ?? null) : null));
  const level = aggregations.length > 0 && aggregations.every((a) => a === aggregations[0]) ? aggregations[0] : flagLevel;
  const payloads = isPlainObject(filters["payloads"])
    ? Object.fromEntries(Object.entries(filters["payloads"]).map(([k, v]) => [k, payloadValue(v)]))
    : {};
  const multivariate = isPlainObject(filters["multivariate"]) ? filters["multivariate"] : null;
  const variants = multivariate && Array.isArray(multivariate["variants"]) && multivariate["variants"].length > 0 ? multivariate : null;
  return withoutNulls({
    ...filters,
    groups: normalGroups,
    aggregation_group_type_index: level,
    payloads: Object.keys(payloads).length > 0 ? payloads : null,
    multivariate: variants,
  });
}

const sameFilters: Equality = (a, b) => sameJson(normalFilters(a), normalFilters(b));

const bool = z.boolean({ error: "must be true or false" });
const choice = (values: readonly string[]) =>
  z.enum(values as [string, ...string[]], { error: `must be one of ${values.map((v) => `"${v}"`).join(", ")}` });

export const flagFields = {
  key: {
    input: z
      .string({ error: "must be a string" })
      .min(1, { error: "may not be blank" })
      .max(400, { error: "must be at most 400 characters" })
      .regex(KEY_PATTERN, { error: `must match ${KEY_PATTERN.source}: ${KEY_RULE} (FeatureFlagSerializer.validate_key)` }),
    doc: "The key SDKs evaluate the flag by: letters, digits, `-` and `_`, at most 400 characters, unique in the project. Changing it renames the flag.",
  },
  name: {
    input: z.string({ error: "must be a string" }),
    doc: "Description of the flag (PostHog calls it `name`); may be empty.",
  },
  filters: {
    input: z.record(z.string(), z.unknown(), { error: "must be an object (PostHog's release conditions)" }),
    equal: sameFilters,
    // Written into the flag by other objects, theirs unless the program declares them. PostHog 2025-08-04: an early
    // access feature's enrolment condition as `super_groups` (products/early_access_features/backend/api.py), an
    // experiment's holdout as `holdout_groups` (ExperimentSerializer, ee/clickhouse/views/experiments.py). Today's:
    // the enrolment as the marker `feature_enrollment` (true, None once the feature is deleted or back in concept;
    // `set_feature_enrollment`, products/feature_flags/backend/facade/filters.py, test_facade.py), the holdout as
    // `holdout: {id, exclusion_percentage}` (None when detached; `holdout_filters_for_flag`,
    // products/experiments/backend/models/experiment.py). Flags written before keep the old keys.
    othersKeys: ["super_groups", "holdout_groups", "feature_enrollment", "holdout"],
    type: "FlagFilters",
    doc: "Release conditions, as PostHog's `filters`: `groups` (each with `properties`, `rollout_percentage` 0-100, an optional `variant` and `aggregation_group_type_index`), `multivariate.variants` (rollouts summing to 100), `payloads` (by `\"true\"` or variant key; any JSON value, stored as JSON text) and `aggregation_group_type_index` for flags on groups such as companies. The keys an early access feature or an experiment writes into the flag are theirs, left as they are unless declared: its enrolment (`feature_enrollment` in today's PostHog, `super_groups` in 2025-08-04) and its holdout (`holdout` today, `holdout_groups` in 2025-08-04). An update reads the flag first and sends them along, so a change of the program never takes them away.",
  },
  active: { input: bool, doc: "Whether the flag is on." },
  archived: {
    beyondApiTypes:
      "today's FeatureFlagSerializer takes it (products/feature_flags/backend/api/feature_flag.py, as this table cites); the generated types at the fixture's commit do not list it",
    input: bool,
    doc: "Archived (today's PostHog only); an archived flag must be inactive.",
    lackedBy: ["2025-08-04"],
  },
  ensure_experience_continuity: {
    input: bool.nullable(),
    doc: "Persist the flag's value across authentication steps (not with `bucketingIdentifier: device_id`).",
  },
  rollback_conditions: { input: z.unknown(), type: "JsonValue", doc: "Conditions for an automatic rollback, as PostHog's JSON (or null)." },
  tags: {
    input: z.array(z.string({ error: "must be a list of strings" }), { error: "must be a list of strings" }),
    equal: sameTags,
    planFeature: TAGGING,
    doc: "Tags; PostHog trims and lower-cases them and keeps each once.",
  },
  analytics_dashboards: {
    input: z.array(z.number().int({ error: "must be a list of dashboard ids" }), { error: "must be a list of dashboard ids" }),
    equal: sameIdSet,
    doc: "Ids of the project's dashboards that show this flag's analytics.",
  },
  has_enriched_analytics: { input: bool.nullable(), doc: "Whether PostHog enriches the flag's analytics events." },
  is_remote_configuration: { input: bool.nullable(), doc: "A remote configuration flag: always on, serving its payload." },
  has_encrypted_payloads: { input: bool.nullable(), doc: "Encrypt the payload (remote configuration flags only)." },
  evaluation_runtime: {
    input: choice(["server", "client", "all"]).nullable(),
    doc: 'Where the flag is evaluated: "server", "client" or "all" (PostHog\'s default).',
  },
  bucketing_identifier: {
    input: choice(["distinct_id", "device_id"]).nullable(),
    doc: 'What a rollout hashes (today\'s PostHog only): "distinct_id" or "device_id".',
    lackedBy: ["2025-08-04"],
  },
} as const satisfies Record<string, FieldDef>;

export type FlagField = keyof typeof flagFields;

export function flagValuesEqual(field: string, declared: unknown, live: unknown): boolean {
  return tableValuesEqual(flagFields, field, declared, live);
}

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const SERIALIZER = "FeatureFlagSerializer, products/feature_flags/backend/api/feature_flag.py";

/**
 * The rules of FeatureFlagSerializer.validate_filters (today's, cited above; the local server's
 * src/server/feature-flags/filters.ts models the same) that can be checked without PostHog's data: each problem as
 * `filters.<path> …, PostHog's rule`. Property operators, cohorts and flag dependencies need the project and are
 * left to PostHog. PostHog 2025-08-04's validate_filters (posthog/api/feature_flag.py) stores what today's shape
 * checks refuse (a new flag without a condition set, a rollout outside 0 to 100, a fractional group type index);
 * the provider applies today's rules, and docs/validation-parity.md shows the two versions' verdicts.
 */
export function filtersProblems(filters: Record<string, unknown>, creating: boolean): string[] {
  const problems: string[] = [];
  const groups = filters["groups"];
  if (groups !== undefined && !Array.isArray(groups)) return ["filters.groups must be a list of condition sets"];
  const list = (groups ?? []) as unknown[];
  if (creating && list.length === 0) problems.push("filters.groups must hold at least one condition set (PostHog: a new flag needs one)");
  const multivariate = filters["multivariate"];
  const variants = isPlainObject(multivariate) && Array.isArray(multivariate["variants"]) ? (multivariate["variants"] as unknown[]) : [];
  const variantKeys = new Set<string>();
  for (const [i, variant] of variants.entries()) {
    const at = `filters.multivariate.variants[${i}]`;
    if (!isPlainObject(variant)) {
      problems.push(`${at} must be an object with key and rollout_percentage`);
      continue;
    }
    // Both versions read `variant["key"]` (a missing key is a KeyError, 500 in 2025-08-04) and store "" as a key.
    if (typeof variant["key"] !== "string") problems.push(`${at}.key must be a string`);
    else variantKeys.add(variant["key"]);
    const rollout = variant["rollout_percentage"];
    if (!isNumber(rollout) || rollout < 0 || rollout > 100) problems.push(`${at}.rollout_percentage must be a number between 0 and 100`);
  }
  if (variants.length > 0) {
    const sum = variants.reduce<number>(
      (s, v) => s + (isPlainObject(v) && isNumber(v["rollout_percentage"]) ? v["rollout_percentage"] : 0),
      0,
    );
    if (sum !== 100)
      problems.push(`filters.multivariate.variants rollout percentages sum to ${sum}: PostHog's rule is that they sum to 100`);
  }
  const integerOrNull = (value: unknown) => value === undefined || value === null || Number.isInteger(value);
  if (!integerOrNull(filters["aggregation_group_type_index"]))
    problems.push("filters.aggregation_group_type_index must be an integer (a group type index) or null");
  for (const [i, group] of list.entries()) {
    const at = `filters.groups[${i}]`;
    if (!isPlainObject(group)) {
      problems.push(`${at} must be an object (a condition set)`);
      continue;
    }
    const rollout = group["rollout_percentage"];
    if (rollout !== undefined && rollout !== null && (!isNumber(rollout) || rollout < 0 || rollout > 100))
      problems.push(`${at}.rollout_percentage must be a number between 0 and 100, or null`);
    if (!integerOrNull(group["aggregation_group_type_index"]))
      problems.push(`${at}.aggregation_group_type_index must be an integer or null`);
    const variant = group["variant"];
    // `if condition.get("variant") and …` in both versions: an empty override is no override, and is stored.
    if (variant !== undefined && variant !== null && variant !== "") {
      if (typeof variant !== "string") problems.push(`${at}.variant must be a string or null`);
      else if (!variantKeys.has(variant))
        problems.push(`${at}.variant "${variant}" is not a variant of filters.multivariate (PostHog: variant override does not exist)`);
    }
    const properties = group["properties"];
    if (properties !== undefined && properties !== null && (!Array.isArray(properties) || !properties.every(isPlainObject)))
      problems.push(`${at}.properties must be a list of property filters`);
  }
  const payloads = filters["payloads"];
  if (payloads !== undefined && payloads !== null) {
    if (!isPlainObject(payloads)) problems.push("filters.payloads must be an object (PostHog: payloads must be passed as a dictionary)");
    else {
      for (const [key, value] of Object.entries(payloads)) {
        if (typeof value === "string") {
          try {
            JSON.parse(value);
          } catch {
            problems.push(
              `filters.payloads.${key} is a string that is not valid JSON (PostHog stores payloads as JSON text: give the value itself, or its JSON)`,
            );
          }
        }
      }
      const keys = Object.keys(payloads);
      if (variants.length > 0) {
        const stray = keys.filter((k) => !variantKeys.has(k));
        if (stray.length > 0)
          problems.push(`filters.payloads keys ${stray.join(", ")} must each be a variant key (PostHog's rule for multivariate flags)`);
      } else if (keys.some((k) => k !== "true")) {
        problems.push(
          `filters.payloads keys must be "true" for a boolean flag (PostHog's rule), not ${keys.filter((k) => k !== "true").join(", ")}`,
        );
      }
    }
  }
  return problems.map((p) => `${p} (${SERIALIZER})`);
}

/**
 * FeatureFlagSerializer.validate's rules between fields, over the declared values: device bucketing excludes
 * experience continuity, encrypted payloads need a remote configuration flag, an archived flag is inactive.
 */
export function crossFieldProblems(settings: Record<string, unknown>): Array<{ field: FlagField; reason: string }> {
  const problems: Array<{ field: FlagField; reason: string }> = [];
  if (settings["bucketing_identifier"] === "device_id" && settings["ensure_experience_continuity"] === true)
    problems.push({
      field: "ensure_experience_continuity",
      reason: `ensureExperienceContinuity cannot be true with bucketingIdentifier "device_id": PostHog refuses persisting across authentication steps with device ID bucketing (${SERIALIZER})`,
    });
  if (settings["has_encrypted_payloads"] === true && settings["is_remote_configuration"] !== true)
    problems.push({
      field: "has_encrypted_payloads",
      reason: `hasEncryptedPayloads needs isRemoteConfiguration: true: PostHog encrypts payloads of remote configuration flags only (${SERIALIZER})`,
    });
  if (settings["archived"] === true && settings["active"] !== false)
    problems.push({
      field: "archived",
      reason: `archived: true needs active: false: PostHog refuses to archive an enabled flag (${SERIALIZER})`,
    });
  return problems;
}

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const featureFlagLeftOut: LeftOut = {
  ...CREATE_IN_FOLDER,
  created_at: "PostHog's: stamped when the flag is made",
  version: "PostHog's edit counter (FeatureFlag.version), not a program's",
  performed_rollback: "PostHog's: set when it rolled the flag back",
  evaluation_contexts: "not yet managed: taken on a write but never answered as written, so a declared value cannot be compared",
  creation_context: "the product a flag was made from, taken on create and never answered: not a program's",
  last_called_at: "PostHog's: when the flag was last evaluated ($feature_flag_called events)",
  _should_create_usage_dashboard:
    "sent by the create from the createUsageDashboard input (model.ts): write-only, never answered, so not a field of the table",
};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const featureFlagApiTypes: ApiTypes = {
  file: "products/feature_flags/frontend/generated/api.schemas.ts",
  schemas: ["FeatureFlagApi"],
};
