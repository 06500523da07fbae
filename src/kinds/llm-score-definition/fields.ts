/**
 * The score definition's field table: what today's ScoreDefinitionCreateSerializer takes
 * (products/ai_observability/backend/api/score_definitions.py in PostHog/posthog; the config's serializers
 * products/ai_observability/backend/score_definition_configs.py; model ScoreDefinition and its immutable
 * ScoreDefinitionVersion, products/ai_observability/backend/models/score_definitions.py; types ScoreDefinitionCreateApi
 * and PatchedScoreDefinitionMetadataApi, products/ai_observability/frontend/generated/api.schemas.ts), each with
 * PostHog's rule. `kind` is set on create only (a change replaces it); a changed `config` is a new version. The
 * config's rules depend on the kind: ./config.ts. PostHog 2025-08-04 has no score definitions.
 */
import { z } from "zod";
import { type ApiTypes, type Equality, type FieldDef, type LeftOut, sameJson } from "../../kit/field-table";
import { CONFIG_FIELD, normalisedConfig } from "./config";

export const SERIALIZER = "ScoreDefinitionCreateSerializer, products/ai_observability/backend/api/score_definitions.py";
/** ScoreDefinition.Kind. */
export const KINDS = ["categorical", "numeric", "boolean"] as const;

const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);
/** `validate_name` strips the name. */
const sameName: Equality = (declared, live) => trimmed(declared) === trimmed(live);
/** A description is stored blank when null (`_create_definition`, `_update_definition_metadata`). */
const sameDescription: Equality = (declared, live) => (trimmed(declared) ?? "") === (trimmed(live) ?? "");
/** The config as PostHog keeps it: option keys stripped and lower-cased, labels stripped. */
const sameConfig: Equality = (declared, live) => sameJson(normalisedConfig(declared), live);

export const llmScoreDefinitionFields = {
  name: {
    input: z
      .string({ error: "must be a string" })
      .refine((v) => v.trim() !== "", { error: `must not be blank ("\`name\` is required.", ${SERIALIZER})` })
      .refine((v) => [...v.trim()].length <= 255, { error: `must be at most 255 characters (${SERIALIZER})` }),
    equal: sameName,
    doc: "The scorer's name, as reviewers see it (at most 255 characters; PostHog strips it).",
  },
  description: {
    input: z.string({ error: "must be a string or null" }).nullable(),
    equal: sameDescription,
    doc: "What the scorer measures (PostHog stores blank for null).",
  },
  kind: {
    input: z.enum(KINDS, { error: `must be one of ${KINDS.join(", ")} (ScoreDefinition.Kind, ${SERIALIZER})` }),
    doc: '"categorical" (options to pick), "numeric" (a number) or "boolean" (true or false). PostHog never changes it: a change replaces the scorer.',
  },
  config: {
    type: "LlmScoreDefinitionConfig",
    input: z.record(z.string(), z.unknown(), { error: `must be an object (${CONFIG_FIELD})` }),
    equal: sameConfig,
    doc: "The scorer's settings for its kind: categorical `{options: [{key, label}], selection_mode?, min_selections?, max_selections?}`, numeric `{min?, max?, step?}`, boolean `{true_label?, false_label?}`. PostHog keeps each as an immutable version: a change is a new version (`currentVersion`).",
  },
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const llmScoreDefinitionLeftOut: LeftOut = {
  archived:
    'the deletion: PostHog deletes no score definition, so destroy archives it (`PATCH {archived: true}`); a new one is always active ("New scorers must be created as active.")',
};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const llmScoreDefinitionApiTypes: ApiTypes = {
  file: "products/ai_observability/frontend/generated/api.schemas.ts",
  schemas: ["ScoreDefinitionCreateApi", "PatchedScoreDefinitionMetadataApi"],
};
