/**
 * PropertyDefinition, declared once for the kit (src/kit): project-scoped
 * (`/api/projects/<projectId>/property_definitions/`), keyed by UUID, identified as `<projectId>/<uuid>`. PostHog
 * makes a definition when a property first arrives (ingestion) and has no create for them in any version
 * (PropertyDefinitionViewSet, posthog/taxonomy/property_definition_api.py): a create takes the project's definition
 * of its name, type and group type over, and fails saying how PostHog makes one when there is none. Deleting the
 * resource releases the definition, as EventDefinition's does (src/kinds/event-definition/kind.ts says why).
 */
import type { Transport } from "../../client";
import type { ProviderConfig } from "../../kit/config";
import { projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import type { Kind } from "../../kit/kind";
import type { Json } from "../../kit/lifecycle";
import { kindNames } from "../../kit/tokens";
import { DefinitionLifecycle } from "../event-definition/kind";
import * as definitions from "./endpoints";
import { propertyDefinitionExample } from "./example";
import { propertyDefinitionFields } from "./fields";
import { type PropertyDefinitionRecord, propertyDefinitionModel } from "./model";
import { PROPERTY_KINDS, type PropertyDefinition, type PropertyKind } from "./record";

const NOUN = "property definition";
const PLACEMENT = { scope: "project", key: "uuid" } as const;
const inputs = () => tableInputs(propertyDefinitionFields, NOUN, PLACEMENT);
const replacing = (name: string) => ({ ...inputs()[name]!, willReplaceOnChanges: true });

export const propertyDefinitionKind: Kind<"project", PropertyDefinitionRecord> = {
  ...kindNames("PropertyDefinition"),
  example: propertyDefinitionExample,
  noun: NOUN,
  scope: "project",
  identity: { output: "propertyDefinitionId", key: "uuid" },
  deletion: "release",
  importInputs: ["projectId", "name", "type"],
  api: projectScopedApi<PropertyDefinition, string>({
    get: definitions.getPropertyDefinition,
    update: definitions.updatePropertyDefinition,
    remove: definitions.deletePropertyDefinition,
  }),
  // No list reads: PostHog lists one type (and group type) at a time, and answers no definition's type.
  schema: () => ({
    description:
      "What a property of a PostHog project's events, persons or groups means: value type, description, tags, verified or hidden. Takes the project's definition of its name and type over (PostHog makes one when the property first arrives; no PostHog creates them over the API). Deleting the resource leaves the definition in PostHog as it is.",
    inputs: { ...inputs(), name: replacing("name"), type: replacing("type"), groupTypeIndex: replacing("groupTypeIndex") },
    outputs: tableOutputs(
      propertyDefinitionFields,
      NOUN,
      {
        propertyDefinitionId: { type: "string", description: "The definition's UUID in PostHog." },
        isNumerical: { type: "boolean", description: "Whether PostHog treats it as a number." },
      },
      PLACEMENT,
    ),
    required: ["propertyDefinitionId", "projectId", "name", "type", "isNumerical"],
  }),
  lookups: {
    list: (http, projectId, query) => definitions.listPropertyDefinitions(http, projectId, query),
    filters: {
      type: {
        spec: { type: "string" },
        values: PROPERTY_KINDS,
        query: (v) => ["type", String(v)],
      },
      groupTypeIndex: {
        spec: { type: "integer", description: 'The group type\'s index, with type "group".' },
        query: (v) => ["group_type_index", String(v)],
      },
      search: {
        spec: { type: "string", description: "Words of the name (case-insensitive; every word must be in it)." },
        query: (v) => ["search", String(v)],
      },
    },
    outputs: {
      name: { type: "string" },
      type: { type: "string" },
      groupTypeIndex: { type: "integer", nullable: true },
      propertyType: { type: "string", nullable: true },
      description: { type: "string", nullable: true, optional: true },
      tags: { type: "array", items: { type: "string" } },
      verified: { type: "boolean", optional: true },
      hidden: { type: "boolean", nullable: true, optional: true },
    },
  },
  model: propertyDefinitionModel,
  lifecycle: () => new PropertyDefinitionLifecycle(),
  // Only what people described or typed: a project has a definition for every property PostHog and its SDKs send.
  importer: projectScopedImport<PropertyDefinition>(propertyDefinitionFields, {
    list: (http, projectId) => definitions.listPropertyDefinitions(http, projectId),
    // The models' defaults (ee/models/property_definition.py); "event", the list's default type.
    defaults: { type: "event", description: null, tags: [], verified: false, hidden: false, property_type: null },
    label: (definition) => (definition.type === "event" ? definition.name : `${definition.type}-${definition.name}`),
    skip: (definition) =>
      !definition.description && (definition.tags ?? []).length === 0 && definition.verified !== true && definition.hidden !== true
        ? "nothing is written on it beyond what ingestion made"
        : undefined,
  }),
};

/** What a program sends for PostHog to make a definition of this type. */
function howToSend(type: PropertyKind, name: string): string {
  const property = JSON.stringify(name);
  if (type === "person") return `Set the person property ${property} on someone (\`posthog.identify(id, { ${property}: … })\` or \`$set\`)`;
  if (type === "group") return `Send a group identify (\`$groupidentify\`) for that group type setting ${property}`;
  return `Send one event carrying the property ${property} (\`posthog.capture("…", { ${property}: … })\`)`;
}

/**
 * The PropertyDefinition lifecycle: a create takes the project's definition of its name, type and group type over,
 * or says how PostHog makes one; any change of what identifies it replaces it; delete releases it.
 */
export class PropertyDefinitionLifecycle extends DefinitionLifecycle<PropertyDefinition> {
  protected readonly identityInputs = { name: null, type: "event", groupTypeIndex: null };
  // PropertyDefinitionSerializer.update lets a change of `property_type` alone through without the plan feature.
  protected readonly writableWithoutPlan = ["property_type"];
  protected readonly enterpriseInputs = "description, verified and hidden";

  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(propertyDefinitionKind, propertyDefinitionModel, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<PropertyDefinitionRecord> {
    const name = String(body["name"]);
    const type = (body["type"] ?? "event") as PropertyKind;
    const index = typeof body["group_type_index"] === "number" ? body["group_type_index"] : null;
    const found = await definitions.findPropertyDefinition(this.http(), projectId, { type, group_type_index: index }, name);
    if (found) return { ...found, project_id: projectId };
    const described = `${type}${index === null ? "" : ` (group type ${index})`} property ${JSON.stringify(name)}`;
    throw this.notIngested(projectId, `for the ${described}`, howToSend(type, name));
  }
}
