/**
 * A score definition's config, as ScoreDefinitionConfigField checks it for the definition's kind
 * (products/ai_observability/backend/score_definition_configs.py): the keys each kind takes, and the rules of
 * CategoricalScoreDefinitionConfigSerializer, NumericScoreDefinitionConfigSerializer and
 * BooleanScoreDefinitionConfigSerializer; and the config as PostHog keeps it (option keys stripped and lower-cased,
 * labels stripped), which a declared one is compared as.
 */
import { isPlainObject } from "../../kit/json";

export const CONFIG_FIELD = "ScoreDefinitionConfigField, products/ai_observability/backend/score_definition_configs.py";

/** The keys each kind's config serializer has: any other is refused ("Unsupported keys for `kind` …"). */
const KEYS: Readonly<Record<string, readonly string[]>> = {
  categorical: ["options", "selection_mode", "min_selections", "max_selections"],
  numeric: ["min", "max", "step"],
  boolean: ["true_label", "false_label"],
};

/** SCORE_DEFINITION_KEY_PATTERN, over the key as `normalize_score_definition_key` leaves it. */
const KEY_PATTERN = /^[a-z0-9]+(?:[_-][a-z0-9]+)*$/;

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isText = (v: unknown, max?: number) => typeof v === "string" && v.trim() !== "" && (max === undefined || [...v.trim()].length <= max);

/** The first of PostHog's refusals of a config for a kind, or undefined. */
export function configProblem(kind: string, config: Record<string, unknown>): string | undefined {
  const allowed = KEYS[kind];
  if (!allowed) return undefined;
  const unknown = Object.keys(config)
    .filter((key) => !allowed.includes(key))
    .sort();
  if (unknown.length > 0)
    return `a ${kind} scorer's config takes ${allowed.join(", ")} only, not ${unknown.join(", ")} ("Unsupported keys for \`kind\`")`;
  if (kind === "categorical") return categoricalProblem(config);
  if (kind === "numeric") return numericProblem(config);
  for (const key of ["true_label", "false_label"])
    if (config[key] !== undefined && !isText(config[key]))
      return `${key} must be text that is not blank (BooleanScoreDefinitionConfigSerializer)`;
  return undefined;
}

function categoricalProblem(config: Record<string, unknown>): string | undefined {
  const options = config["options"];
  if (!Array.isArray(options))
    return "a categorical scorer's config needs options: a list of {key, label} (CategoricalScoreDefinitionConfigSerializer)";
  if (options.length === 0) return '"Provide at least one categorical option." (CategoricalScoreDefinitionConfigSerializer)';
  for (const [i, option] of options.entries()) {
    if (!isPlainObject(option)) return `options[${i}] must be {key, label} (CategoricalScoreOptionSerializer)`;
    const key = option["key"];
    if (!(typeof key === "string" && [...key.trim()].length <= 128 && KEY_PATTERN.test(key.trim().toLowerCase())))
      return `options[${i}].key must use lowercase letters, numbers, underscores, or hyphens, at most 128 characters (CategoricalScoreOptionSerializer)`;
    if (!isText(option["label"], 256))
      return `options[${i}].label must be text that is not blank, at most 256 characters (CategoricalScoreOptionSerializer)`;
  }
  const keys = options.map((option) =>
    String((option as Record<string, unknown>)["key"])
      .trim()
      .toLowerCase(),
  );
  if (new Set(keys).size !== keys.length) return '"Categorical option keys must be unique." (CategoricalScoreDefinitionConfigSerializer)';
  const mode = config["selection_mode"] ?? "single";
  if (mode !== "single" && mode !== "multiple")
    return 'selection_mode must be "single" or "multiple" (CategoricalScoreDefinitionConfigSerializer)';
  const min = config["min_selections"] ?? null;
  const max = config["max_selections"] ?? null;
  for (const [name, value] of [
    ["min_selections", min],
    ["max_selections", max],
  ] as const)
    if (value !== null && !(Number.isInteger(value) && (value as number) >= 1))
      return `${name} must be an integer of at least 1 or null (CategoricalScoreDefinitionConfigSerializer)`;
  if (mode === "single") {
    if (min !== null)
      return '"`min_selections` is only supported when `selection_mode` is `multiple`." (CategoricalScoreDefinitionConfigSerializer)';
    if (max !== null)
      return '"`max_selections` is only supported when `selection_mode` is `multiple`." (CategoricalScoreDefinitionConfigSerializer)';
    return undefined;
  }
  if (typeof min === "number" && min > options.length)
    return '"Ensure `min_selections` is less than or equal to the number of options." (CategoricalScoreDefinitionConfigSerializer)';
  if (typeof max === "number" && max > options.length)
    return '"Ensure `max_selections` is less than or equal to the number of options." (CategoricalScoreDefinitionConfigSerializer)';
  if (typeof min === "number" && typeof max === "number" && min > max)
    return '"Ensure `max_selections` is greater than or equal to `min_selections`." (CategoricalScoreDefinitionConfigSerializer)';
  return undefined;
}

function numericProblem(config: Record<string, unknown>): string | undefined {
  for (const key of ["min", "max", "step"])
    if (config[key] !== undefined && config[key] !== null && !isNumber(config[key]))
      return `${key} must be a number or null (NumericScoreDefinitionConfigSerializer)`;
  const { min, max, step } = config;
  if (isNumber(min) && isNumber(max) && min > max)
    return '"Ensure `max` is greater than or equal to `min`." (NumericScoreDefinitionConfigSerializer)';
  if (isNumber(step) && step <= 0) return '"Ensure `step` is greater than 0." (NumericScoreDefinitionConfigSerializer)';
  return undefined;
}

/** A declared config as PostHog keeps it: option keys stripped and lower-cased, labels stripped (CharFields). */
export function normalisedConfig(config: unknown): unknown {
  if (!isPlainObject(config)) return config;
  const strip = (v: unknown) => (typeof v === "string" ? v.trim() : v);
  const out: Record<string, unknown> = { ...config };
  if (Array.isArray(config["options"]))
    out["options"] = config["options"].map((option) =>
      isPlainObject(option)
        ? {
            ...option,
            key: typeof option["key"] === "string" ? option["key"].trim().toLowerCase() : option["key"],
            label: strip(option["label"]),
          }
        : option,
    );
  for (const key of ["true_label", "false_label"]) if (typeof out[key] === "string") out[key] = strip(out[key]);
  return out;
}
