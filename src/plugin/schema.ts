/**
 * The Pulumi package schema of the provider plugin, generated from the field table (src/schema/project.ts) and the
 * lookup table below, so that every language's SDK, `pulumi import` and `pulumi package get-schema` see exactly the
 * inputs, outputs, secrets, descriptions and replacement rules the TypeScript package has.
 */
import { z } from "zod";
import { ORGANIZATION_ID_RULE } from "../client";
import { camelCase } from "../schema/names";
import { projectFields, settingNames, type ProjectField } from "../schema/project";

export const PACKAGE = "posthog";
export const PROJECT_TOKEN = `${PACKAGE}:index:Project`;

/** A property as Pulumi's schema describes it. */
export interface PropertySpec {
  type?: "string" | "integer" | "number" | "boolean" | "array" | "object";
  items?: PropertySpec;
  additionalProperties?: PropertySpec;
  $ref?: string;
  description?: string;
  secret?: boolean;
  willReplaceOnChanges?: boolean;
  default?: unknown;
  defaultInfo?: { environment: string[] };
}

const ANY: PropertySpec = { $ref: "pulumi.json#/Any" };

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
};

/** The Pulumi type of a zod schema, through zod's JSON Schema (its input side: what a program writes). */
export function typeOf(schema: z.ZodType): PropertySpec {
  return fromJsonSchema(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema);
}

/** The alternatives of a schema, nested unions flattened and `null` left out (every Pulumi property may be absent). */
function alternatives(schema: JsonSchema): JsonSchema[] {
  if (schema.anyOf) return schema.anyOf.flatMap(alternatives);
  if (Array.isArray(schema.type)) return schema.type.filter((type) => type !== "null").map((type) => ({ type }));
  return schema.type === "null" ? [] : [schema];
}

function fromJsonSchema(schema: JsonSchema): PropertySpec {
  const variants = alternatives(schema);
  if (variants.length === 0) return ANY;
  if (variants.length > 1) {
    // A choice of literals (`0 | 1 | 2`) is one scalar type; a number that may also be spelt as a string ("0.5") is a
    // number; anything else is a value of any type.
    const values = variants.map((v) => v.const);
    if (values.every((v) => Number.isInteger(v))) return { type: "integer" };
    if (values.every((v) => typeof v === "string")) return { type: "string" };
    const types = new Set(variants.map((v) => v.type));
    if (types.size === 2 && types.has("number") && types.has("string")) return { type: "number" };
    return ANY;
  }
  const [only] = variants as [JsonSchema];
  switch (only.type) {
    case "boolean":
    case "integer":
    case "number":
    case "string":
      return { type: only.type };
    case "array":
      return { type: "array", items: only.items ? fromJsonSchema(only.items) : ANY };
    case "object":
      return { type: "object", additionalProperties: ANY };
    default:
      if (only.const !== undefined) return fromJsonSchema({ type: typeof only.const === "number" ? "number" : typeof only.const });
      return ANY;
  }
}

const ENV_FALLBACK = (name: string) => ({ defaultInfo: { environment: [name] } });

/** The provider's configuration, as `posthog:*` stack config and the `posthog.Provider` resource's inputs. */
const configuration: Record<string, PropertySpec> = {
  host: {
    type: "string",
    description: "PostHog's address: https://us.posthog.com (default), https://eu.posthog.com or a self-hosted URL.",
    default: "https://us.posthog.com",
    ...ENV_FALLBACK("POSTHOG_HOST"),
  },
  apiKey: {
    type: "string",
    secret: true,
    description: "A personal API key (phx_…) with project:read and project:write (group:read for group lookups).",
    ...ENV_FALLBACK("POSTHOG_API_KEY"),
  },
  organizationId: {
    type: "string",
    description: "The organization to work in: its UUID or `@current`. A project's own organizationId wins.",
    ...ENV_FALLBACK("POSTHOG_ORGANIZATION_ID"),
  },
};

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
function recordOutputs(): Record<string, PropertySpec> {
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

/** The resource's outputs: every input with its live value, and the whole record. */
function projectOutputs(): Record<string, PropertySpec> {
  const inputs = Object.fromEntries(Object.entries(projectInputs()).map(([name, { willReplaceOnChanges: _, ...spec }]) => [name, spec]));
  return {
    ...inputs,
    ...recordOutputs(),
    additionalSettings: { type: "object", additionalProperties: ANY, description: "The live values of the declared additionalSettings." },
  };
}

/** A lookup: its arguments and its result, each property with its Pulumi type. */
interface LookupSpec {
  description: string;
  inputs: Record<string, PropertySpec>;
  required: string[];
  outputs: Record<string, PropertySpec>;
}

const projectId: PropertySpec = { type: "integer", description: "Numeric id of the project." };
const groupTypeIndex: PropertySpec = { type: "integer", description: "The group type by index (0–4); or give groupType." };
const groupType: PropertySpec = { type: "string", description: 'The group type by name, such as "company"; or give groupTypeIndex.' };
const host: PropertySpec = { type: "string", description: "PostHog host instead of the configured one." };
const organizationId: PropertySpec = { type: "string", description: "Organization instead of the configured one." };
const list = (description: string): PropertySpec => ({ type: "array", items: ANY, description });

/** The lookups the plugin serves as invokes; list results are wrapped in one named property. */
export const lookups: Record<string, LookupSpec> = {
  getGroup: {
    description: "One group of a project by its key.",
    inputs: { projectId, groupTypeIndex, groupType, groupKey: { type: "string", description: "The group's key." }, host },
    required: ["projectId", "groupKey"],
    outputs: {
      groupTypeIndex: { type: "integer" },
      groupKey: { type: "string" },
      groupProperties: { type: "object", additionalProperties: ANY },
      createdAt: { type: "string" },
    },
  },
  listGroups: {
    description: "Groups of one type, newest first.",
    inputs: { projectId, groupTypeIndex, groupType, search: { type: "string" }, limit: { type: "integer" }, host },
    required: ["projectId"],
    outputs: { groups: list("{ groupTypeIndex, groupKey, groupProperties, createdAt } for each group.") },
  },
  listGroupTypes: {
    description: "The project's group types with their index.",
    inputs: { projectId, host },
    required: ["projectId"],
    outputs: { groupTypes: list("{ groupType, groupTypeIndex, nameSingular, namePlural, … } for each group type.") },
  },
  getGroupPropertyDefinitions: {
    description: "Property names of each group type with the number of groups that have them.",
    inputs: { projectId, host },
    required: ["projectId"],
    outputs: { definitions: { type: "object", additionalProperties: ANY, description: "{ [groupTypeIndex]: [{ name, count }] }" } },
  },
  getGroupPropertyValues: {
    description: "The most common values of one property of a group type (at most 20).",
    inputs: { projectId, groupTypeIndex, groupType, key: { type: "string" }, value: { type: "string" }, host },
    required: ["projectId", "key"],
    outputs: { values: list("{ name, count } for each value.") },
  },
  listProjects: {
    description: "Every project of the organization.",
    inputs: { organizationId, host },
    required: [],
    outputs: { projects: { ...list("A summary of each project, with its API token."), secret: true } },
  },
  getProject: {
    description: "One project with every field, as the Project resource's outputs.",
    inputs: { projectId, organizationId, host },
    required: ["projectId"],
    outputs: recordOutputs(),
  },
  getProjectActivity: {
    description: "The project's change log, newest first.",
    inputs: { projectId, organizationId, limit: { type: "integer" }, host },
    required: ["projectId"],
    outputs: { entries: list("{ activity, scope, itemId, user, detail, createdAt } for each entry.") },
  },
  isGeneratingDemoData: {
    description: "Whether PostHog is generating demo data for the project.",
    inputs: { projectId, organizationId, host },
    required: ["projectId"],
    outputs: { generating: { type: "boolean" } },
  },
};

/** The whole package schema, as `pulumi package get-schema` prints it. */
export function packageSchema(version: string): Record<string, unknown> {
  const outputs = projectOutputs();
  return {
    name: PACKAGE,
    displayName: "PostHog",
    version,
    description:
      "Manage PostHog projects as code: every project setting, drift detection, secret API tokens, and lookups of groups and projects.",
    keywords: ["pulumi", "posthog", "analytics", "category/monitoring", "kind/native"],
    homepage: "https://github.com/pulumi-posthog/pulumi-posthog",
    repository: "https://github.com/pulumi-posthog/pulumi-posthog",
    license: "Apache-2.0",
    publisher: "pulumi-posthog",
    config: { variables: configuration },
    provider: { description: "The PostHog provider: where PostHog is and which key to use.", inputProperties: configuration },
    resources: {
      [PROJECT_TOKEN]: {
        description: "A PostHog project. Declared settings are managed; settings left out keep whatever PostHog has.",
        inputProperties: projectInputs(),
        properties: outputs,
        required: ["projectId", "organizationId", "uuid", "name", "apiToken", "createdAt"],
      },
    },
    functions: Object.fromEntries(
      Object.entries(lookups).map(([name, spec]) => [
        `${PACKAGE}:index:${name}`,
        {
          description: spec.description,
          inputs: { properties: spec.inputs, required: spec.required },
          outputs: { properties: spec.outputs },
        },
      ]),
    ),
    language: {
      nodejs: { packageName: "@pulumi-posthog/sdk", dependencies: { "@pulumi/pulumi": "^3.0.0" } },
      // The code gen-sdk writes needs pulumi 3.269 or newer; the SDK's own version is the package's.
      python: { packageName: "pulumi_posthog", requires: { pulumi: ">=3.269.0,<4.0.0" }, respectSchemaVersion: true },
      go: { importBasePath: "github.com/pulumi-posthog/pulumi-posthog/sdk/go/posthog" },
      csharp: { rootNamespace: "PulumiPosthog", packageReferences: { Pulumi: "3.*" } },
    },
  };
}
