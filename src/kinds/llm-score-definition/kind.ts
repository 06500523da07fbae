/**
 * LlmScoreDefinition (a scorer of LLM analytics' human reviews), declared once for the kit (src/kit): project-scoped
 * (`/api/projects/<projectId>/llm_analytics/score_definitions/`, ScoreDefinitionViewSet,
 * products/ai_observability/backend/api/score_definitions.py; the product was products/llm_analytics before PostHog
 * renamed it), keyed by UUID, identified as `<projectId>/<uuid>`. Personal API keys need
 * `llm_analytics:read`/`llm_analytics:write`; PostHog Cloud also serves it only to users with the `llma-trace-review`
 * feature flag (HumanReviewsFeatureFlagPermission). PostHog 2025-08-04 has no score definitions: it answers 404.
 *
 * PostHog deletes no score definition (its methods are GET, POST and PATCH): destroy archives it, and an archived one
 * counts as deleted (the list leaves it out; one archived by hand is created again). Its `kind` is set on create
 * only: a change replaces it. Its config is immutable: PostHog keeps each as a version, so a changed config is posted
 * as the next version (`new_version`) and `currentVersion` counts them; the name and description are a PATCH. Names
 * are not unique: a create whose answer was lost is never resent blindly.
 */
import { PostHogError } from "../../client";
import { defineKind } from "../../kit/define-kind";
import { isPlainObject } from "../../kit/json";
import type { Failure, Json } from "../../kit/lifecycle";
import { listedPages } from "../../kit/list-reads";
import { byName } from "../../kit/named";
import { ANY } from "../../kit/property";
import { isUnknown } from "../../kit/unknown";
import { unservedRefusal } from "../../kit/unserved";
import { CONFIG_FIELD, configProblem } from "./config";
import * as definitions from "./endpoints";
import { llmScoreDefinitionExample } from "./example";
import { llmScoreDefinitionFields, SERIALIZER } from "./fields";

const unserved = unservedRefusal("score definitions", "llm_analytics:write");

/** A create's refusal said as what it means: no such route (2025-08-04), or PostHog Cloud's feature flag. */
function refusal(error: unknown): Error | undefined {
  if (!(error instanceof PostHogError)) return undefined;
  if (error.endpointMissing) return unserved(error);
  if (error.status === 403 && !/scope/i.test(error.message))
    return new Error(
      `${error.message} PostHog serves score definitions only to users with its \`llma-trace-review\` feature flag (HumanReviewsFeatureFlagPermission, products/ai_observability/backend/api/score_definitions.py), besides the \`llm_analytics:write\` scope: ask PostHog to enable human reviews for the organization.`,
    );
  return undefined;
}

/** ScoreDefinitionConfigField's rules for the declared kind, on what is known before anything is sent. */
function crossFieldFailures(inputs: Json, known: Json, failed: (input: string) => boolean): Failure[] {
  const kind = known["kind"];
  const config = known["config"];
  if (typeof kind !== "string" || !isPlainObject(config) || failed("kind") || failed("config")) return [];
  if (isUnknown(inputs["kind"]) || isUnknown(inputs["config"])) return [];
  const problem = configProblem(kind, config);
  return problem ? [{ property: "config", reason: `${problem} (${CONFIG_FIELD})` }] : [];
}

export const {
  kind: llmScoreDefinitionKind,
  model: llmScoreDefinitionModel,
  Lifecycle: LlmScoreDefinitionLifecycle,
} = defineKind({
  name: "LlmScoreDefinition",
  noun: "score definition",
  summary: "A scorer of LLM analytics' human reviews: categorical options, a number or a boolean reviewers give a trace.",
  description:
    "A PostHog LLM analytics score definition (a scorer): what reviewers give a trace in a human review, categorical options, a number or a boolean. Declared fields are managed; a changed config is a new immutable version; a changed kind replaces it. PostHog deletes none: destroy archives it, and one archived by hand is created again. Today's PostHog only (the `llm_analytics:write` scope, and on PostHog Cloud its human reviews feature); PostHog 2025-08-04 has no score definitions.",
  example: llmScoreDefinitionExample,
  scope: "project",
  identity: { output: "llmScoreDefinitionId", key: "uuid", doc: "The score definition's UUID in PostHog." },
  deletion: "delete",
  importInputs: ["projectId", "name", "kind", "config"],
  endpoints: {
    get: definitions.getLlmScoreDefinition,
    update: definitions.updateLlmScoreDefinition,
    remove: definitions.archiveLlmScoreDefinition,
    create: definitions.createLlmScoreDefinition,
  },
  outputs: {
    currentVersion: {
      type: "integer",
      description: "The number of the current config version (1 for the first, one more for each change).",
    },
  },
  // The list answers ScoreDefinitionSerializer, as the retrieve does; an archived one is on no page: its own GET.
  listReads: listedPages(definitions.llmScoreDefinitionPages),
  fields: llmScoreDefinitionFields,
  inputs: (table) => ({ ...table, kind: { ...table["kind"]!, willReplaceOnChanges: true } }),
  exampleInput: "config",
  // `name`, `kind` and `config` are required by ScoreDefinitionCreateSerializer.
  required: {
    name: `the scorer's name (${SERIALIZER})`,
    kind: `categorical, numeric or boolean (${SERIALIZER})`,
    config: `its settings for the kind (${SERIALIZER})`,
  },
  moreFailures: crossFieldFailures,
  // The outputs every LlmScoreDefinition has besides its kind's (its id, its project): what `pulumi import` declares
  // and the version PostHog numbers its configs by.
  fixedOutputs: (record) => ({
    name: record.name,
    kind: record.kind,
    config: record.config ?? {},
    currentVersion: record.current_version ?? null,
  }),
  outputTypes: {
    name: { type: "string", doc: "The scorer's name." },
    kind: { type: "string", doc: "categorical, numeric or boolean." },
    config: { type: "LlmScoreDefinitionConfig", doc: "The current version's config." },
    currentVersion: { type: "number | null", doc: "The number of the current config version (1 for the first, one more for each change)." },
  },
  types: {
    LlmScoreDefinitionConfig: {
      type: '{\n  /** categorical: the options, in order (keys: lowercase letters, numbers, `_` or `-`, unique). */\n  options?: Array<{ key: string; label: string }>;\n  /** categorical: "single" (the default) or "multiple". */\n  selection_mode?: "single" | "multiple";\n  /** categorical, multiple selection: the least and most options a reviewer picks. */\n  min_selections?: number | null;\n  max_selections?: number | null;\n  /** numeric: the inclusive bounds and the input step (greater than 0). */\n  min?: number | null;\n  max?: number | null;\n  step?: number | null;\n  /** boolean: the labels of true and false. */\n  true_label?: string;\n  false_label?: string;\n}',
      doc: "A score definition's settings for its kind (ScoreDefinitionConfig).",
    },
  },
  lookups: {
    list: (http, projectId) => definitions.listLlmScoreDefinitions(http, projectId),
    uniqueBy: byName({
      list: definitions.listLlmScoreDefinitions,
      plural: "score definitions",
      idInput: "llmScoreDefinitionId",
      description: "The score definition's exact name (active ones); or give llmScoreDefinitionId.",
    }),
    outputs: {
      name: { type: "string" },
      description: { type: "string" },
      kind: { type: "string" },
      archived: { type: "boolean" },
      currentVersion: { type: "integer" },
      config: { type: "object", additionalProperties: ANY },
    },
  },
  importer: {
    defaults: { description: "" },
    label: (definition) => definition.name,
  },
  lostCreate: (sent) => `among the project's score definitions (named ${JSON.stringify(sent["name"] ?? null)})`,
  createRefusal: refusal,
  hooks: {
    replaces(olds, news) {
      const changed = isUnknown(news["kind"]) || (olds["kind"] !== undefined && news["kind"] !== olds["kind"]);
      return [...this.kit.replaces(olds, news), ...(changed ? ["kind"] : [])];
    },
    /** A changed config is the next version (PostHog's PATCH takes no config); then the name and description. */
    async write(projectId, id, body, declared) {
      const { config, ...metadata } = body;
      if (config !== undefined) await definitions.newLlmScoreDefinitionVersion(this.http(), projectId, String(id), config);
      return this.kit.write(projectId, id, metadata, declared);
    },
    /** An archived definition is deleted as far as a program goes: PostHog has no other delete. */
    isGone: (definition) => definition.archived === true,
  },
});
