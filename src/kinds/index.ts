/**
 * The registry: every kind, in schema order; the plugin's schema and handlers and the importer follow from it, and
 * dispatch by a kind's token, never by naming one. A kind is its folder, src/kinds/<kind>/ (src/kinds/annotation/ is
 * the smallest): `fields.ts`, its field table (src/kit/field-table.ts: PostHog's writable fields, their rules, docs
 * and comparison); `record.ts`, the shape of PostHog's answer; `endpoints.ts`, its HTTP calls over src/client;
 * `model.ts`, the kit's `fieldModel` over the table with only its own facts; `kind.ts`, its `Kind` (src/kit/kind.ts:
 * token, noun, scope, identity, deletion, api, schema, lookups, import facts, example) and its lifecycle, a
 * `FieldTableLifecycle` with its create (`obtain`) and only the hooks it needs; `example.ts`, one object as a
 * program declares it. Then its line below, its program types and class (one line in src/generate/types.ts's
 * `generatedTypes`, then `npm run docs`), the exports of its class (src/index.ts), its hosted lifecycle
 * (src/provider/index.ts), its endpoints (src/client-entry.ts) and its lookups (src/functions/), and its folder of
 * the local server (src/server/<kind>/).
 */
import { projectKind } from "./project/kind";
import { actionKind } from "./action/kind";
import { annotationKind } from "./annotation/kind";
import { featureFlagKind } from "./feature-flag/kind";
import { cohortKind } from "./cohort/kind";
import { dashboardKind } from "./dashboard/kind";
import { insightKind } from "./insight/kind";
import { alertKind } from "./alert/kind";
import { surveyKind } from "./survey/kind";
import { experimentKind } from "./experiment/kind";
import { hogFunctionKind } from "./hog-function/kind";
import type { Kind } from "../kit/kind";

export const kinds: readonly Kind[] = [
  projectKind as Kind,
  featureFlagKind as Kind,
  annotationKind as Kind,
  actionKind as Kind,
  cohortKind as Kind,
  dashboardKind as Kind,
  insightKind as Kind,
  alertKind as Kind,
  surveyKind as Kind,
  experimentKind as Kind,
  hogFunctionKind as Kind,
];

/** The kind of a plugin token (own entries only: a token named like a JavaScript built-in finds nothing). */
export function kindOf(token: string): Kind | undefined {
  return kinds.find((kind) => kind.token === token);
}
