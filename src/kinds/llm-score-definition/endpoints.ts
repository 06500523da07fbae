/**
 * The score definition endpoints (ScoreDefinitionViewSet, products/ai_observability/backend/api/score_definitions.py:
 * `/api/projects/<id>/llm_analytics/score_definitions/`, also under `/api/environments/<id>/`), one function each.
 * Keyed by UUID. PostHog deletes none (its methods are GET, POST and PATCH): a definition is archived
 * (`PATCH {"archived": true}`), after which the list leaves it out unless asked. Its config is immutable: a change
 * is a new version (`POST …/<id>/new_version/`). Personal API keys need `llm_analytics:read`/`llm_analytics:write`.
 * PostHog 2025-08-04 has none (404).
 */
import { llmScoreDefinitionSchema } from "./record";
import * as objects from "../../client/project-objects";
import { uuidSegment } from "../../client/paths";
import type { Transport } from "../../client/transport";

const definitions = objects.endpoints<typeof llmScoreDefinitionSchema, string>({
  path: "llm_analytics/score_definitions",
  noun: "score definition",
  schema: llmScoreDefinitionSchema,
});

/** Every active score definition of the project, by name (archived ones are left out: the list's default). */
export const listLlmScoreDefinitions = definitions.listAll;

export const getLlmScoreDefinition = definitions.get;

/** Never resent once it may have reached PostHog: nothing about a score definition is unique, a resend makes a twin. */
export const createLlmScoreDefinition = definitions.create;

/** The name, description and archived state (ScoreDefinitionMetadataSerializer): the rest is PostHog's. */
export const updateLlmScoreDefinition = definitions.update;

/** `PATCH {"archived": true}`: PostHog has no delete of a score definition. */
export const archiveLlmScoreDefinition = (http: Transport, projectId: number, id: string) =>
  definitions.update(http, projectId, id, { archived: true });

/**
 * `POST …/<id>/new_version/ {config}` (ScoreDefinitionViewSet.new_version): the config as its next immutable version,
 * answering the definition. Sent again after an unclear answer, it makes one more version of the same config, which
 * changes nothing a reader sees: so it counts as idempotent.
 */
export function newLlmScoreDefinitionVersion(http: Transport, projectId: number, id: string, config: unknown) {
  return http.request({
    method: "POST",
    path: `${objects.collectionPath(definitions.collection, projectId)}${uuidSegment("score definition id", id)}/new_version/`,
    body: { config },
    schema: llmScoreDefinitionSchema,
    subject: `score definition ${id} in project ${projectId}`,
    idempotent: true,
  });
}

/** Every page of the active definitions. */
export const llmScoreDefinitionPages = definitions.pages;
