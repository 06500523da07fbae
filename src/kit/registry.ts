/**
 * Every declared resource, in schema order; the plugin's schema and handlers follow from it. Adding a resource
 * (issue 18's FeatureFlag, say):
 * 1. its field table, src/schema/<resource>.ts, as src/schema/project.ts: PostHog names, zod input rules, response
 *    types, how values compare, which are secret, merged, set after create, kept in the state;
 * 2. its `DeclaredState`: `fieldState` (./field-state) over the table, with only its own facts (required inputs,
 *    rules between fields, fixed outputs), as src/provider/annotation-state.ts;
 * 3. its declaration, src/provider/<resource>-declaration.ts: token (`pluginToken("FeatureFlag")`), noun, scope
 *    ("project": `projectId` input, `posthog:projectId` or POSTHOG_PROJECT_ID), identity forms (`<projectId>/<id>`),
 *    deletion ("soft-delete": `PATCH {"deleted": true}`), the client calls, its schema and its `lookups` facts (plural,
 *    list call, unique field, list filters, typed outputs): `get<Name>`/`list<Plural>` then come from
 *    src/functions/objects.ts (a typed export and its Output form in src/functions/<resource>.ts) and the plugin's
 *    invokes and schema follow by themselves;
 * 4. its lifecycle: `class X extends FieldTableLifecycle` (./field-lifecycle) with `obtain` (the create call) and only
 *    the hooks it needs;
 *    `isGone` already treats `deleted: true` as gone;
 * 5. its thin class in src/resources (`declaredRegistration` with its facts, then `super`), its generated types, an export of
 *    its provider in src/provider/index.ts, and one line below.
 */
import { projectDeclaration } from "../provider/project-declaration";
import { actionDeclaration } from "../provider/action-declaration";
import { annotationDeclaration } from "../provider/annotation-declaration";
import { featureFlagDeclaration } from "../provider/feature-flag-declaration";
import { surveyDeclaration } from "../provider/survey-declaration";
import { experimentDeclaration } from "../provider/experiment-declaration";
import { hogFunctionDeclaration } from "../provider/hog-function-declaration";
import type { ResourceDeclaration } from "./declaration";

export const declarations: readonly ResourceDeclaration[] = [
  projectDeclaration as ResourceDeclaration,
  featureFlagDeclaration as ResourceDeclaration,
  annotationDeclaration as ResourceDeclaration,
  actionDeclaration as ResourceDeclaration,
  surveyDeclaration as ResourceDeclaration,
  experimentDeclaration as ResourceDeclaration,
  hogFunctionDeclaration as ResourceDeclaration,
];

/** The declaration of a plugin token (own entries only: a token named like a JavaScript built-in finds nothing). */
export function declarationOf(token: string): ResourceDeclaration | undefined {
  return declarations.find((declaration) => declaration.token === token);
}
