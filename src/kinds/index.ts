/**
 * Every declared resource, in schema order; the plugin's schema and handlers follow from it. Adding a resource
 * (issue 18's FeatureFlag, say):
 * 1. its field table, src/schema/<resource>.ts, as src/kinds/project/fields.ts: PostHog names, zod input rules, response
 *    types, how values compare, which are secret, merged, set after create, kept in the state;
 * 2. its `KindModel`: `fieldModel` (./field-state) over the table, with only its own facts (required inputs,
 *    rules between fields, fixed outputs and their TypeScript types, the named types its fields' `type` use), as
 *    src/kinds/annotation/model.ts;
 * 3. its declaration, src/provider/<resource>-declaration.ts: token (`pluginToken("FeatureFlag")`), noun, scope
 *    ("project": `projectId` input, `posthog:projectId` or POSTHOG_PROJECT_ID; "organization": `organizationId`; and
 *    a `parent` for a kind nested under another object of its scope: the kit derives the inputs, the id forms
 *    `<projectId>/<id>` and the paths from them),
 *    deletion ("soft-delete": `PATCH {"deleted": true}`), the client calls, its schema and its `lookups` facts (plural,
 *    list call, unique field, list filters, typed outputs): `get<Name>`/`list<Plural>` then come from
 *    src/functions/objects.ts (a typed export and its Output form in src/functions/<resource>.ts) and the plugin's
 *    invokes and schema follow by themselves;
 * 4. its lifecycle: `class X extends FieldTableLifecycle` (./field-lifecycle) with `obtain` (the create call) and only
 *    the hooks it needs;
 *    `isGone` already treats `deleted: true` as gone;
 * 5. its class and types in src/resources, generated: one line in src/generate/types.ts's `generatedTypes`, then `npm run
 *    docs` writes src/resources/<resource>-types.ts and the thin class src/resources/<resource>.ts from the table and
 *    the state's `summary` and `example` (and `programArgs`, the one function of its own a class may apply to the
 *    inputs, as HogFunction's secret inputs); then an export of its provider in src/provider/index.ts
 *    (`hosted(declaration)`), of its class in src/index.ts, and one line below;
 * 6. its `importer` facts, so that `pulumi-posthog import` (src/import) declares its objects: for a project-scoped
 *    field-table resource `projectScopedImport(<its table>, { list, defaults, label, references, inputValue })`
 *    (./field-state): `list` only where it is not the lookups' list unfiltered (a GET each where PostHog's list
 *    serializer lacks fields, as Project's; another kind's list through `read`, which reads it once a project, as the
 *    insights ask for the dashboards'), the model's defaults by PostHog name (a live value equal to one is not declared), the
 *    PostHog name it is named after, and `references` to the objects of other resources its fields hold
 *    (`idField("dashboard_item", "Insight")`, a function finding the ids deep in a value, as the flag's cohorts, or
 *    `by` another field of theirs, as an experiment names its flag by key);
 *    they become references to those resources when they are imported too. Its adoption (`adoptId`), inputs and
 *    checks come with the kit (a UUID-keyed resource passes "uuid" to tableInputs/tableOutputs, so that its `adoptId`
 *    is a string). Without `importer` the importer names the resource as not imported.
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

export const declarations: readonly Kind[] = [
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

/** The declaration of a plugin token (own entries only: a token named like a JavaScript built-in finds nothing). */
export function kindOf(token: string): Kind | undefined {
  return declarations.find((declaration) => declaration.token === token);
}
