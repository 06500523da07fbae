/**
 * The Pulumi package schema of the provider plugin, generated from the registry of kinds (src/kinds/index.ts: each
 * kind's resource and lookups) and the lookups written out below (projects, groups, the current user), so that every
 * language's SDK, `pulumi import` and `pulumi package get-schema` see exactly the inputs, outputs, secrets,
 * descriptions and replacement rules the TypeScript package has.
 */
import { kinds, packageDescription } from "../kinds/index";
import { filterSpec, keyFacts, lookupDescriptions, pluralOf } from "../kit/kind";
import { ANY, type PropertySpec } from "../kit/property";
import { PACKAGE } from "../kit/tokens";
import type { Kind } from "../kit/kind";
import { lowerFirst } from "../kit/names";
import { projectRecordProperties } from "../kinds/project/kind";
import { schemaExamples } from "../generate/example";

export { PACKAGE, PROJECT_TOKEN } from "../kit/tokens";
export { typeOf, type PropertySpec } from "../kit/property";

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
    description:
      "A personal API key (phx_…) with the scopes of what the program manages: project:write, the :write scope of each other kind it declares (feature_flag:write, dashboard:write, …: the guide lists them) and group:read for group lookups.",
    ...ENV_FALLBACK("POSTHOG_API_KEY"),
  },
  organizationId: {
    type: "string",
    description: "The organization to work in: its UUID or `@current`. A project's own organizationId wins.",
    ...ENV_FALLBACK("POSTHOG_ORGANIZATION_ID"),
  },
  projectId: {
    type: "string",
    description: "The project a project-scoped resource works in when it names none (its numeric id). A resource's own projectId wins.",
    ...ENV_FALLBACK("POSTHOG_PROJECT_ID"),
  },
  rateLimited: {
    type: "boolean",
    description:
      "Whether to keep under PostHog's limits of 480 requests a minute and 4800 an hour per key. Default: true for PostHog Cloud (*.posthog.com), false elsewhere (a self-hosted PostHog limits nothing unless RATE_LIMIT_ENABLED is set; then set this to true). A 429 is retried after its Retry-After either way.",
    ...ENV_FALLBACK("POSTHOG_RATE_LIMITED"),
  },
};

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

/** The lookups the plugin serves as invokes (list results are wrapped in one named property), besides objectLookupSpecs'. */
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
    outputs: {
      groups: list("{ groupTypeIndex, groupKey, groupProperties, createdAt } for each group."),
      groupKeys: {
        type: "array",
        items: { type: "string" },
        description: 'The groups\' keys, in the same order: the value of a flag condition on `$group_key` (operator "exact").',
      },
    },
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
    description:
      "One project with every field PostHog returns, its other tokens among them: the Project resource keeps only its ids, name, uuid, apiToken and the declared settings.",
    inputs: { projectId, organizationId, host },
    required: ["projectId"],
    outputs: projectRecordProperties(),
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
  getCurrentUser: {
    description: "The user the API key belongs to (its id is what an Alert's subscribedUsers takes); the key needs user:read.",
    inputs: { host },
    required: [],
    outputs: {
      id: { type: "integer" },
      uuid: { type: "string" },
      email: { type: "string" },
      firstName: { type: "string" },
      lastName: { type: "string" },
      distinctId: { type: "string" },
    },
  },
};

/**
 * Where a lookup looks, its inputs (the scope defaults to the configured one; a nested kind's parent is required),
 * and as its results' outputs.
 */
function lookupPlace(kind: Kind): {
  inputs: Record<string, PropertySpec>;
  required: string[];
  outputs: Record<string, PropertySpec>;
} {
  const inputs: Record<string, PropertySpec> =
    kind.scope === "organization"
      ? {
          organizationId: {
            type: "string",
            description: "The organization (its UUID, `@current` or slug); defaults to posthog:organizationId.",
          },
        }
      : { projectId: { type: "integer", description: "Numeric id of the project; defaults to posthog:projectId." } };
  const { parent } = kind;
  if (parent) inputs[parent.input] = { type: keyFacts(parent.key).schemaType, description: `The ${parent.noun}'s id.` };
  const outputs = Object.fromEntries(Object.entries(inputs).map(([name, { type }]) => [name, { type }]));
  return { inputs, required: parent ? [parent.input] : [], outputs };
}

/**
 * `get<Name>` and `list<Plural>` of each resource that declares lookups (src/functions/objects.ts runs them): by id
 * or by its unique field, and the list with its filters.
 */
export function objectLookupSpecs(): Record<string, LookupSpec> {
  const specs: Record<string, LookupSpec> = {};
  for (const kind of kinds) {
    const facts = kind.lookups;
    if (!facts) continue;
    const idInput = kind.identity.output;
    const idType = keyFacts(kind.identity.key).schemaType;
    const unique = facts.uniqueBy;
    const described = lookupDescriptions(kind);
    // `nullable` and `optional` type the TypeScript result only: Pulumi's schema has no null, every output may be absent.
    const outputs = Object.fromEntries(Object.entries(facts.outputs).map(([name, { nullable, optional, ...spec }]) => [name, spec]));
    const place = lookupPlace(kind);
    specs[`get${kind.name}`] = {
      description: described.get,
      inputs: {
        ...place.inputs,
        [idInput]: { type: idType, description: `The ${kind.noun}'s id${unique ? `; or give ${unique.input}` : ""}.` },
        ...(unique
          ? { [unique.input]: { ...unique.spec, description: `${unique.spec.description ?? ""} Or give ${idInput}.`.trim() } }
          : {}),
        host,
      },
      required: [...place.required, ...(unique ? [] : [idInput])],
      outputs: { [idInput]: { type: idType }, ...place.outputs, ...outputs },
    };
    const plural = pluralOf(kind);
    specs[`list${plural}`] = {
      description: described.list,
      inputs: {
        ...place.inputs,
        ...Object.fromEntries(Object.entries(facts.filters ?? {}).map(([name, filter]) => [name, filterSpec(filter)])),
        host,
      },
      required: place.required,
      outputs: { [lowerFirst(plural)]: list(`Each ${kind.noun} as get${kind.name} returns it.`) },
    };
  }
  return specs;
}

/** The whole package schema, as `pulumi package get-schema` prints it. */
export function packageSchema(version: string): Record<string, unknown> {
  return {
    name: PACKAGE,
    displayName: "PostHog",
    version,
    description: packageDescription(),
    keywords: ["pulumi", "posthog", "analytics", "category/monitoring", "kind/native"],
    homepage: "https://github.com/pulumi-posthog/pulumi-posthog",
    repository: "https://github.com/pulumi-posthog/pulumi-posthog",
    license: "Apache-2.0",
    publisher: "pulumi-posthog",
    // Where the CLI fetches the plugin archives (`npm run plugin-artifacts`) when a program needs a version it lacks:
    // the GitHub releases of this repository, tagged v<version> (Pulumi's github:// scheme).
    pluginDownloadURL: "github://api.github.com/pulumi-posthog/pulumi-posthog",
    config: { variables: configuration },
    provider: { description: "The PostHog provider: where PostHog is and which key to use.", inputProperties: configuration },
    resources: Object.fromEntries(
      kinds.map((kind) => {
        const { description, inputs, outputs, required } = kind.schema();
        return [
          kind.token,
          { description: `${description}\n\n${schemaExamples(kind)}`, inputProperties: inputs, properties: outputs, required },
        ];
      }),
    ),
    functions: Object.fromEntries(
      Object.entries({ ...lookups, ...objectLookupSpecs() }).map(([name, spec]) => [
        `${PACKAGE}:index:${name}`,
        {
          description: spec.description,
          inputs: { properties: spec.inputs, required: spec.required },
          outputs: { properties: spec.outputs },
        },
      ]),
    ),
    language: {
      // The code gen-sdk writes needs pulumi 3.269 or newer (each resource's `exists` calls the runtime's
      // existsResource, first in that release); the SDK's own version is the package's.
      nodejs: { packageName: "@pulumi-posthog/sdk", dependencies: { "@pulumi/pulumi": "^3.269.0" } },
      python: { packageName: "pulumi_posthog", requires: { pulumi: ">=3.269.0,<4.0.0" }, respectSchemaVersion: true },
      // The Go SDK's resources and invokes ask for the plugin at the schema's version (pkg/codegen/go's
      // respectSchemaVersion): without it, a program on sdk/ through a `replace` directive has no module version to
      // take it from and asks for v0.0.0, which an installed plugin is not.
      go: { importBasePath: "github.com/pulumi-posthog/pulumi-posthog/sdk/go/posthog", respectSchemaVersion: true },
      csharp: { rootNamespace: "PulumiPosthog", packageReferences: { Pulumi: "3.*" } },
      // Java classes in com.pulumi.posthog (sdk/java's), whichever way the SDK is made: pulumi-java's code generation
      // puts a package that has a namespace under com.<namespace> (pulumi-java's pkg/codegen/java/gen.go,
      // generateModuleContextMap), and `pulumi package add` of a git URL gives it one, the URL's owner (pulumi's
      // pkg/cmd/pulumi/packages/packages.go, setSpecNamespace): com.pulumiposthog.posthog, which a program written for
      // sdk/java would not compile against.
      java: { basePackage: "com.pulumi" },
    },
  };
}
