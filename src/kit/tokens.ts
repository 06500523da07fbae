/**
 * The names Pulumi knows each resource by, in a module that loads nothing: the dynamic resources (src/resources) use
 * them without loading the kit, the plugin and the kinds with it.
 */
export const PACKAGE = "posthog";

/** The plugin's resource token and the dynamic resource's type, for a resource class name. */
export const pluginToken = (name: string) => `${PACKAGE}:index:${name}`;
export const dynamicType = (name: string) => `pulumi-nodejs:dynamic/${PACKAGE}:${name}`;

/**
 * The export of `pulumi-posthog/provider` that a kind's serialized provider names (`featureFlagProvider`): written in
 * every stack's state, so it never changes.
 */
// Spelt out rather than ./names' lowerFirst: the program side loads this module, which must import nothing.
export const providerExport = (name: string) => `${name.charAt(0).toLowerCase()}${name.slice(1)}Provider`;

/** A kind's names, each from its class name: the name, the plugin's token and the dynamic resource's type. */
export const kindNames = (name: string) => ({ name, token: pluginToken(name), dynamicType: dynamicType(name) });

// Project's class and kind are still written by hand (src/resources/project.ts, src/kinds/project/kind.ts): they
// name its type and token through these until Project's class is generated as every other kind's is.
export const PROJECT_TOKEN = pluginToken("Project");
export const PROJECT_TYPE = dynamicType("Project");
