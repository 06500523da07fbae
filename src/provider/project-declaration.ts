/**
 * Project, declared once for the kit (src/kit): its token, identity, scope, endpoints, deletion, schema and lookups.
 * Its field table is src/schema/project.ts; its own behaviours (adoption, rotation, the environments fallback of an
 * older PostHog, the create recovery by name and time, the organization-visibility check of a 404, partial successes)
 * are ProjectProvider's (./project-provider).
 */
import { ORGANIZATION_ID_RULE, projects } from "../client";
import type { ResourceDeclaration } from "../kit/declaration";
import { ANY, type PropertySpec, typeOf } from "../kit/property";
import { PROJECT_TOKEN, PROJECT_TYPE } from "../kit/tokens";
import { camelCase } from "../schema/names";
import { keptInState, projectFields, settingNames, type ProjectField, type ProjectRecord } from "../schema/project";
import { ProjectProvider } from "./project-provider";

function projectInputs(): Record<string, PropertySpec> {
  const inputs: Record<string, PropertySpec> = {};
  for (const { api, arg } of settingNames) inputs[arg] = { ...typeOf(projectFields[api].input), description: projectFields[api].doc };
  inputs["organizationId"] = {
    type: "string",
    willReplaceOnChanges: true,
    description: `Organization that owns the project (${ORGANIZATION_ID_RULE}); defaults to posthog:organizationId. Changing it replaces the project.`,
  };
  inputs["apiTokenRotation"] = { type: "string", description: "Any string; changing it rotates the project API key (reset_token)." };
  inputs["adoptProjectId"] = { type: "integer", description: "Take over this existing project on create instead of creating one." };
  inputs["additionalSettings"] = {
    type: "object",
    additionalProperties: ANY,
    description: "Settings this package does not know yet, by PostHog's own field name: sent as they are, compared as JSON.",
  };
  return inputs;
}

/** PostHog's record as outputs: every field but `id`, which is `projectId`. */
export function projectRecordProperties(): Record<string, PropertySpec> {
  const outputs: Record<string, PropertySpec> = {};
  for (const [field, def] of Object.entries(projectFields) as Array<[ProjectField, (typeof projectFields)[ProjectField]]>) {
    if (field === "id") continue;
    // A setting's live value has the type a program declares it with; read-only fields have PostHog's.
    const type = "input" in def ? typeOf(def.input) : typeOf(def.response);
    outputs[camelCase(field)] = { ...type, description: def.doc, ...("secret" in def && def.secret ? { secret: true } : {}) };
  }
  outputs["projectId"] = { type: "integer", description: projectFields.id.doc };
  outputs["organizationId"] = { type: "string", description: "UUID of the organization that owns the project." };
  return outputs;
}

/**
 * The resource's outputs, what its state keeps: every input with its live value (present when declared), the ids and
 * the record fields programs reference (`keptInState`). The rest of the record is getProject's.
 */
function projectOutputs(): Record<string, PropertySpec> {
  const inputs = Object.fromEntries(Object.entries(projectInputs()).map(([name, { willReplaceOnChanges: _, ...spec }]) => [name, spec]));
  const kept = new Set(["projectId", "organizationId", ...keptInState.map((field) => camelCase(field))]);
  const record = Object.entries(projectRecordProperties()).filter(([name]) => kept.has(name));
  return {
    ...inputs,
    ...Object.fromEntries(record),
    additionalSettings: { type: "object", additionalProperties: ANY, description: "The live values of the declared additionalSettings." },
  };
}

export const projectDeclaration: ResourceDeclaration<"organization", ProjectRecord> = {
  name: "Project",
  token: PROJECT_TOKEN,
  dynamicType: PROJECT_TYPE,
  noun: "project",
  scope: "organization",
  identity: { output: "projectId", forms: ["the numeric id", "<organizationId>/<projectId>"] },
  // posthog/api/project.py ProjectViewSet.perform_destroy: a real DELETE (today's in the background).
  deletion: "delete",
  importInputs: ["name"],
  api: { get: projects.getProject, update: projects.updateProject, remove: projects.deleteProject },
  schema: () => ({
    description: "A PostHog project. Declared settings are managed; settings left out keep whatever PostHog has.",
    inputs: projectInputs(),
    outputs: projectOutputs(),
    required: ["projectId", "organizationId", "uuid", "name", "apiToken"],
  }),
  lifecycle: () => new ProjectProvider(),
};
