/** This PostHog area of the local server: its routes and the collections it stores (src/server/areas.ts lists it). */
import type { ServerArea } from "../pipeline/api";
import { evaluationRoutes } from "./evaluations";
import { scoreDefinitionRoutes } from "./score-definitions";

export const area: ServerArea = {
  routes: (version) => [...evaluationRoutes(version), ...scoreDefinitionRoutes(version)],
  collections: ["llmEvaluations", "llmScoreDefinitions"],
};
