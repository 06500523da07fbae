/**
 * The Java SDK (sdk/java, a Maven project) from the package schema, as pulumi-java's code generation writes one
 * (written before pulumi-java's generator could be had here: scripts/sdks.js says how the two differ), for the part
 * of the schema language this package uses (strings, integers, numbers, booleans, Any, arrays and maps of them; no
 * object types, enums or plain inputs): each resource a `@ResourceType` CustomResource with `@Export` outputs and an
 * `XArgs` of `@Import` inputs with a builder, the provider and its configuration, and the invokes as
 * `PosthogFunctions` (an Output form and a `Plain` CompletableFuture form, arguments `GetXArgs`/`GetXPlainArgs`,
 * results `@CustomType` classes). It runs on Pulumi's Java runtime com.pulumi:pulumi (JAVA_RUNTIME_VERSION).
 * scripts/sdks.js writes its files; test/languages/sdks.test.ts builds them with `mvn -o package` and runs them
 * under Pulumi's Java mocks.
 */

/** Pulumi's Java runtime on Maven Central the SDK compiles against (the newest that resolved with its dependencies). */
export const JAVA_RUNTIME_VERSION = "1.36.1";
/** JUnit for the SDK's tests under Pulumi's mocks (test scope). */
const JUNIT_VERSION = "5.10.2";

/** A property as the schema types it. */
export interface SchemaProperty {
  readonly type?: string;
  readonly $ref?: string;
  readonly items?: SchemaProperty;
  readonly additionalProperties?: SchemaProperty;
  readonly description?: string;
  readonly secret?: boolean;
  readonly default?: string | number | boolean;
  readonly defaultInfo?: { readonly environment?: readonly string[] };
}

type Properties = Readonly<Record<string, SchemaProperty>>;

/** The part of a Pulumi package schema the Java SDK is written from. */
export interface PackageSchema {
  readonly name: string;
  readonly version: string;
  readonly description?: string;
  readonly pluginDownloadURL?: string;
  readonly config?: { readonly variables?: Properties };
  readonly provider?: { readonly description?: string; readonly inputProperties?: Properties };
  readonly resources: Readonly<
    Record<
      string,
      {
        description?: string;
        inputProperties?: Properties;
        properties?: Properties;
        required?: readonly string[];
        requiredInputs?: readonly string[];
      }
    >
  >;
  readonly functions?: Readonly<
    Record<
      string,
      {
        description?: string;
        inputs?: { properties?: Properties; required?: readonly string[] };
        outputs?: { properties?: Properties; required?: readonly string[] };
      }
    >
  >;
}

const ANY = "pulumi.json#/Any";

/** Java's reserved words and literals: a property so named gets a trailing underscore, as pulumi-java names it. */
const RESERVED = new Set(
  (
    "abstract assert boolean break byte case catch char class const continue default do double else enum extends final " +
    "finally float for goto if implements import instanceof int interface long native new package private protected public " +
    "return short static strictfp super switch synchronized this throw throws transient try void volatile while true false null"
  ).split(" "),
);

/** A property's Java name (its field, getter and builder method). */
export const javaName = (name: string) => (RESERVED.has(name) ? `${name}_` : name);
const upperFirst = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** A property's Java type: `String`, `List<Map<String,Object>>`, … */
export function javaType(property: SchemaProperty): string {
  if (property.$ref === ANY) return "Object";
  switch (property.type) {
    case "string":
      return "String";
    case "integer":
      return "Integer";
    case "number":
      return "Double";
    case "boolean":
      return "Boolean";
    case "array":
      return `List<${javaType(property.items ?? { $ref: ANY })}>`;
    case "object":
      return `Map<String,${javaType(property.additionalProperties ?? { $ref: ANY })}>`;
    default:
      throw new Error(`The Java SDK has no type for ${JSON.stringify(property)}: only strings, numbers, booleans, Any, arrays and maps.`);
  }
}

/** The class a Java type is built on (`List`, `String`) and its type arguments. */
function parts(property: SchemaProperty): { raw: string; args: SchemaProperty[] } {
  if (property.type === "array") return { raw: "List", args: [property.items ?? { $ref: ANY }] };
  if (property.type === "object") return { raw: "Map", args: [{ type: "string" }, property.additionalProperties ?? { $ref: ANY }] };
  return { raw: javaType(property), args: [] };
}

/**
 * `@Export`'s `refs` and `tree`: the classes of a generic type, each once, and the type as a tree of their indexes
 * (`List<Map<String,Object>>` is refs {List, Map, String, Object}, tree [0,[1,2,3]]), how the runtime rebuilds it.
 */
export function exportShape(property: SchemaProperty): { refs: string; tree: string } {
  const refs: string[] = [];
  const index = (raw: string) => {
    if (!refs.includes(raw)) refs.push(raw);
    return refs.indexOf(raw);
  };
  const tree = (each: SchemaProperty): string => {
    const { raw, args } = parts(each);
    const at = index(raw);
    return args.length === 0 ? `${at}` : `[${at},${args.map(tree).join(",")}]`;
  };
  const shape = tree(property);
  return { refs: refs.map((raw) => `${raw}.class`).join(","), tree: shape.startsWith("[") ? shape : `[${shape}]` };
}

/**
 * A description as a Javadoc comment at `indent`: only its Java examples (as pulumi's codegen.FilterExamples keeps a
 * language's code blocks), code in `<pre>{@code …}</pre>`, and nothing that would end the comment or start a Unicode
 * escape.
 */
export function javadoc(description: string | undefined, indent: string): string {
  if (!description) return "";
  const text = description
    .replace(/```(\w+)\n([\s\S]*?)```\n?/g, (_, language: string, code: string) =>
      language === "java" ? `<pre>\n{@code\n${code}}\n</pre>\n` : "",
    )
    .replace(/\{\{% \/?examples? %\}\}\n?/g, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
    .replace(/\\/g, "&#92;")
    .replace(/\*\//g, "*&#47;");
  return `${indent}/**\n${text
    .split("\n")
    .map((line) => `${indent} *${line ? ` ${line}` : ""}`)
    .join("\n")}\n${indent} */\n`;
}

const HEADER =
  "// *** WARNING: this file was generated by pulumi-posthog's Java SDK generator (src/generate/java-sdk.ts). ***\n// *** Do not edit by hand unless you're certain you know what you are doing! ***\n\n";

/** The Java imports a class needs: java.util's collections when its types name them. */
function imports(types: readonly string[], always: readonly string[]): string {
  const needed = new Set(always);
  if (types.some((type) => type.includes("List<"))) needed.add("java.util.List");
  if (types.some((type) => type.includes("Map<"))) needed.add("java.util.Map");
  return [...needed]
    .sort()
    .map((name) => `import ${name};\n`)
    .join("");
}

/** A token's name: `posthog:index:FeatureFlag` → `FeatureFlag`. */
const tokenName = (token: string) => token.split(":")[2] ?? token;

/**
 * An input-arguments class: `@Import` fields, getters, a builder with Output, plain and (for lists) varargs setters,
 * and the required inputs checked by build(). `plain`: the invoke's Plain form, whose fields are values.
 */
function argsClass(options: {
  pkg: string;
  name: string;
  base: string;
  description?: string;
  properties: Properties;
  required: readonly string[];
  plain: boolean;
  config?: boolean;
}): string {
  const { pkg, name, base, properties, required, plain } = options;
  const entries = Object.entries(properties);
  const wrap = (type: string) => (plain ? type : `Output<${type}>`);
  const types = entries.map(([, property]) => javaType(property));
  const fields = entries.map(([prop, property]) => {
    const type = javaType(property);
    const field = javaName(prop);
    const isRequired = required.includes(prop);
    return [
      javadoc(property.description, "    "),
      `    @Import(name="${prop}"${isRequired ? ", required=true" : ""})\n`,
      `    private ${isRequired ? "" : "@Nullable "}${wrap(type)} ${field};\n\n`,
      isRequired
        ? `    public ${wrap(type)} ${field}() {\n        return this.${field};\n    }\n`
        : `    public Optional<${wrap(type)}> ${field}() {\n        return Optional.ofNullable(this.${field});\n    }\n`,
    ].join("");
  });
  const setters = entries.map(([prop, property]) => {
    const type = javaType(property);
    const field = javaName(prop);
    const nullable = required.includes(prop) ? "" : "@Nullable ";
    const lines = [
      `        public Builder ${field}(${nullable}${wrap(type)} ${field}) {\n            $.${field} = ${field};\n            return this;\n        }\n`,
    ];
    if (!plain)
      lines.push(`        public Builder ${field}(${type} ${field}) {\n            return ${field}(Output.of(${field}));\n        }\n`);
    if (property.type === "array") {
      const item = javaType(property.items ?? { $ref: ANY });
      lines.push(`        public Builder ${field}(${item}... ${field}) {\n            return ${field}(List.of(${field}));\n        }\n`);
    }
    return lines.join("\n");
  });
  const checks = entries
    .filter(([prop]) => required.includes(prop))
    .map(
      ([prop]) =>
        `            if ($.${javaName(prop)} == null) {\n                throw new MissingRequiredPropertyException("${name}", "${prop}");\n            }\n`,
    );
  // The provider's configuration falls back to its environment variables and defaults, as pulumi-java's does.
  const defaults = options.config
    ? entries
        .filter(([, property]) => property.defaultInfo?.environment?.length || property.default !== undefined)
        .map(([prop, property]) => {
          const field = javaName(prop);
          const env = property.defaultInfo?.environment?.length
            ? `.env(${property.defaultInfo.environment.map((e) => JSON.stringify(e)).join(", ")})`
            : "";
          const def = property.default !== undefined ? `.def(${JSON.stringify(property.default)})` : "";
          return `            $.${field} = Codegen.${propKind(property)}Prop("${prop}")${plain ? "" : ".output()"}.arg($.${field})${env}${def}.getNullable();\n`;
        })
    : [];
  const always = [
    "com.pulumi.core.annotations.Import",
    "java.lang.String",
    "java.util.Objects",
    "java.util.Optional",
    "javax.annotation.Nullable",
  ];
  if (!plain) always.push("com.pulumi.core.Output");
  if (checks.length > 0) always.push("com.pulumi.exceptions.MissingRequiredPropertyException");
  if (defaults.length > 0) always.push("com.pulumi.core.internal.Codegen");
  const baseImport = base === "ResourceArgs" ? "com.pulumi.resources.ResourceArgs" : "com.pulumi.resources.InvokeArgs";
  return [
    HEADER,
    `package ${pkg};\n\n`,
    imports(types, [baseImport, ...always]),
    "\n\n",
    javadoc(options.description, ""),
    `public final class ${name} extends ${base} {\n\n`,
    `    public static final ${name} Empty = new ${name}();\n\n`,
    fields.join("\n"),
    `\n    private ${name}() {}\n\n`,
    `    private ${name}(${name} $) {\n${entries.map(([prop]) => `        this.${javaName(prop)} = $.${javaName(prop)};\n`).join("")}    }\n\n`,
    `    public static Builder builder() {\n        return new Builder();\n    }\n`,
    `    public static Builder builder(${name} defaults) {\n        return new Builder(defaults);\n    }\n\n`,
    "    public static final class Builder {\n",
    `        private ${name} $;\n\n`,
    `        public Builder() {\n            $ = new ${name}();\n        }\n\n`,
    `        public Builder(${name} defaults) {\n            $ = new ${name}(Objects.requireNonNull(defaults));\n        }\n\n`,
    setters.join("\n"),
    `\n        public ${name} build() {\n${defaults.join("")}${checks.join("")}            return $;\n        }\n    }\n\n}\n`,
  ].join("");
}

/** Codegen's property builder for a configuration value's type. */
function propKind(property: SchemaProperty): string {
  const kinds: Record<string, string> = { string: "string", integer: "integer", number: "double", boolean: "boolean" };
  const kind = property.type === undefined ? undefined : kinds[property.type];
  if (!kind) throw new Error(`A configuration value of type ${JSON.stringify(property)} has no Java default.`);
  return kind;
}

/** A resource's class: its `@Export` outputs, constructors, options (the SDK's version, secret outputs) and `get`. */
function resourceClass(
  pkg: string,
  token: string,
  name: string,
  resource: { description?: string; properties?: Properties; required?: readonly string[] },
  provider: boolean,
): string {
  const properties = Object.entries(resource.properties ?? {});
  const required = resource.required ?? [];
  const secrets = properties.filter(([, property]) => property.secret).map(([prop]) => prop);
  const outputs = properties.map(([prop, property]) => {
    const type = javaType(property);
    const field = javaName(prop);
    const { refs, tree } = exportShape(property);
    const isRequired = required.includes(prop);
    return [
      javadoc(property.description, "    "),
      `    @Export(name="${prop}", refs={${refs}}, tree="${tree}")\n`,
      `    private Output<${isRequired ? "" : "/* @Nullable */ "}${type}> ${field};\n\n`,
      isRequired
        ? `    public Output<${type}> ${field}() {\n        return this.${field};\n    }\n`
        : `    public Output<Optional<${type}>> ${field}() {\n        return Codegen.optional(this.${field});\n    }\n`,
    ].join("");
  });
  const type = `"${token}"`;
  const base = provider ? "com.pulumi.resources.ProviderResource" : "com.pulumi.resources.CustomResource";
  const options = [
    "            .version(Utilities.getVersion())\n",
    ...(secrets.length > 0
      ? [`            .additionalSecretOutputs(List.of(\n${secrets.map((s) => `                "${s}"`).join(",\n")}\n            ))\n`]
      : []),
  ];
  const types = properties.map(([, property]) => javaType(property));
  return [
    HEADER,
    `package ${pkg};\n\n`,
    imports(secrets.length > 0 ? [...types, "List<"] : types, [
      "com.pulumi.core.Output",
      "com.pulumi.core.annotations.ResourceType",
      "com.pulumi.core.internal.Codegen",
      ...(properties.length > 0 ? ["com.pulumi.core.annotations.Export"] : []),
      ...(properties.some(([prop]) => !required.includes(prop)) ? ["java.util.Optional"] : []),
      "java.lang.String",
      "javax.annotation.Nullable",
    ]),
    "\n",
    javadoc(resource.description, ""),
    `@ResourceType(type="${provider ? `pulumi:providers:${token}` : token}")\n`,
    `public class ${name} extends ${base} {\n`,
    outputs.join("\n"),
    "\n    /**\n     *\n     * @param name The _unique_ name of the resulting resource.\n     */\n",
    `    public ${name}(java.lang.String name) {\n        this(name, ${name}Args.Empty);\n    }\n`,
    "    /**\n     *\n     * @param name The _unique_ name of the resulting resource.\n     * @param args The arguments to use to populate this resource's properties.\n     */\n",
    `    public ${name}(java.lang.String name, @Nullable ${name}Args args) {\n        this(name, args, null);\n    }\n`,
    "    /**\n     *\n     * @param name The _unique_ name of the resulting resource.\n     * @param args The arguments to use to populate this resource's properties.\n     * @param options A bag of options that control this resource's behavior.\n     */\n",
    `    public ${name}(java.lang.String name, @Nullable ${name}Args args, @Nullable com.pulumi.resources.CustomResourceOptions options) {\n`,
    `        super(${type}, name, makeArgs(args, options), makeResourceOptions(options, Codegen.empty()), false);\n    }\n\n`,
    ...(provider
      ? []
      : [
          `    private ${name}(java.lang.String name, Output<java.lang.String> id, @Nullable com.pulumi.resources.CustomResourceOptions options) {\n`,
          `        super(${type}, name, null, makeResourceOptions(options, id), false);\n    }\n\n`,
        ]),
    `    private static ${name}Args makeArgs(@Nullable ${name}Args args, @Nullable com.pulumi.resources.CustomResourceOptions options) {\n`,
    "        if (options != null && options.getUrn().isPresent()) {\n            return null;\n        }\n",
    `        return args == null ? ${name}Args.Empty : args;\n    }\n\n`,
    "    private static com.pulumi.resources.CustomResourceOptions makeResourceOptions(@Nullable com.pulumi.resources.CustomResourceOptions options, @Nullable Output<java.lang.String> id) {\n",
    "        var defaultOptions = com.pulumi.resources.CustomResourceOptions.builder()\n",
    ...options,
    "            .build();\n",
    "        return com.pulumi.resources.CustomResourceOptions.merge(defaultOptions, options, id);\n    }\n\n",
    ...(provider
      ? []
      : [
          "    /**\n     * Get an existing Host resource's state with the given name, ID, and optional extra\n     * properties used to qualify the lookup.\n     *\n",
          "     * @param name The _unique_ name of the resulting resource.\n     * @param id The _unique_ provider ID of the resource to lookup.\n     * @param options Optional settings to control the behavior of the CustomResource.\n     */\n",
          `    public static ${name} get(java.lang.String name, Output<java.lang.String> id, @Nullable com.pulumi.resources.CustomResourceOptions options) {\n`,
          `        return new ${name}(name, id, options);\n    }\n`,
        ]),
    "}\n",
  ].join("");
}

/** An invoke's result: a `@CustomType` with Optional getters (the schema requires no output) and a builder. */
function resultClass(pkg: string, name: string, outputs: Properties, required: readonly string[]): string {
  const entries = Object.entries(outputs);
  const types = entries.map(([, property]) => javaType(property));
  return [
    HEADER,
    `package ${pkg};\n\n`,
    imports(types, [
      "com.pulumi.core.annotations.CustomType",
      "java.lang.String",
      "java.util.Objects",
      "java.util.Optional",
      "javax.annotation.Nullable",
    ]),
    "\n@CustomType\n",
    `public final class ${name} {\n`,
    entries
      .map(
        ([prop, property]) =>
          `${javadoc(property.description, "    ")}    private ${required.includes(prop) ? "" : "@Nullable "}${javaType(property)} ${javaName(prop)};\n`,
      )
      .join(""),
    `\n    private ${name}() {}\n`,
    entries
      .map(([prop, property]) => {
        const field = javaName(prop);
        const type = javaType(property);
        return required.includes(prop)
          ? `    public ${type} ${field}() {\n        return this.${field};\n    }\n`
          : `    public Optional<${type}> ${field}() {\n        return Optional.ofNullable(this.${field});\n    }\n`;
      })
      .join(""),
    "\n    public static Builder builder() {\n        return new Builder();\n    }\n\n",
    `    public static Builder builder(${name} defaults) {\n        return new Builder(defaults);\n    }\n`,
    "    @CustomType.Builder\n    public static final class Builder {\n",
    entries.map(([prop, property]) => `        private @Nullable ${javaType(property)} ${javaName(prop)};\n`).join(""),
    "        public Builder() {}\n",
    `        public Builder(${name} defaults) {\n            Objects.requireNonNull(defaults);\n${entries.map(([prop]) => `            this.${javaName(prop)} = defaults.${javaName(prop)};\n`).join("")}        }\n\n`,
    entries
      .map(([prop, property]) => {
        const field = javaName(prop);
        return `        @CustomType.Setter\n        public Builder ${field}(@Nullable ${javaType(property)} ${field}) {\n            this.${field} = ${field};\n            return this;\n        }\n`;
      })
      .join(""),
    `        public ${name} build() {\n            final var _resultValue = new ${name}();\n${entries.map(([prop]) => `            _resultValue.${javaName(prop)} = ${javaName(prop)};\n`).join("")}            return _resultValue;\n        }\n    }\n}\n`,
  ].join("");
}

/** The invokes: each an Output form and a Plain (CompletableFuture) form, with overloads without arguments where none is required. */
function functionsClass(pkg: string, className: string, functions: NonNullable<PackageSchema["functions"]>): string {
  const methods = Object.entries(functions).map(([token, fn]) => {
    const name = tokenName(token);
    const type = upperFirst(name);
    const result = `${type}Result`;
    const shape = `TypeShape.of(${result}.class)`;
    const none = (fn.inputs?.required ?? []).length === 0;
    return [
      javadoc(fn.description, "    "),
      ...(none
        ? [
            `    public static Output<${result}> ${name}() {\n        return ${name}(${type}Args.Empty, InvokeOptions.Empty);\n    }\n`,
            `    public static CompletableFuture<${result}> ${name}Plain() {\n        return ${name}Plain(${type}PlainArgs.Empty, InvokeOptions.Empty);\n    }\n`,
          ]
        : []),
      `    public static Output<${result}> ${name}(${type}Args args) {\n        return ${name}(args, InvokeOptions.Empty);\n    }\n`,
      `    public static CompletableFuture<${result}> ${name}Plain(${type}PlainArgs args) {\n        return ${name}Plain(args, InvokeOptions.Empty);\n    }\n`,
      `    public static Output<${result}> ${name}(${type}Args args, InvokeOptions options) {\n        return Deployment.getInstance().invoke("${token}", ${shape}, args, Utilities.withVersion(options));\n    }\n`,
      `    public static CompletableFuture<${result}> ${name}Plain(${type}PlainArgs args, InvokeOptions options) {\n        return Deployment.getInstance().invokeAsync("${token}", ${shape}, args, Utilities.withVersion(options));\n    }\n`,
    ].join("");
  });
  const names = Object.keys(functions).map((token) => upperFirst(tokenName(token)));
  return [
    HEADER,
    `package ${pkg};\n\n`,
    [
      "com.pulumi.core.Output",
      "com.pulumi.core.TypeShape",
      "com.pulumi.deployment.Deployment",
      "com.pulumi.deployment.InvokeOptions",
      ...names.flatMap((n) => [`${pkg}.inputs.${n}Args`, `${pkg}.inputs.${n}PlainArgs`, `${pkg}.outputs.${n}Result`]),
      "java.util.concurrent.CompletableFuture",
    ]
      .sort()
      .map((name) => `import ${name};\n`)
      .join(""),
    `\npublic final class ${className} {\n`,
    methods.join("\n"),
    "}\n",
  ].join("");
}

/** The SDK's version, the invokes' default options, and where the plugin comes from. */
function utilitiesClass(pkg: string, schema: PackageSchema): string {
  return `${HEADER}package ${pkg};

import com.pulumi.deployment.InvokeOptions;
import java.util.Optional;
import javax.annotation.Nullable;

public class Utilities {

    /** The SDK's version, the package's: the plugin version its resources and invokes ask for. */
    public static final String VERSION = ${JSON.stringify(schema.version)};
    /** Where the Pulumi CLI downloads the plugin when it lacks that version. */
    public static final String PLUGIN_DOWNLOAD_URL = ${JSON.stringify(schema.pluginDownloadURL ?? "")};

    public static String getVersion() {
        return VERSION;
    }

    public static InvokeOptions withVersion(@Nullable InvokeOptions options) {
        if (options != null && options.getVersion().isPresent()) {
            return options;
        }
        return new InvokeOptions(
            options == null ? null : options.getParent().orElse(null),
            options == null ? null : options.getProvider().orElse(null),
            getVersion(),
            Optional.ofNullable(options).flatMap(InvokeOptions::getPluginDownloadURL).orElse(PLUGIN_DOWNLOAD_URL.isEmpty() ? null : PLUGIN_DOWNLOAD_URL)
        );
    }
}
`;
}

/** The stack configuration `posthog:*`, read as pulumi-java's Config classes read it (then the environment, then the default). */
function configClass(pkg: string, name: string, variables: Properties): string {
  const getters = Object.entries(variables).map(([prop, property]) => {
    const env = property.defaultInfo?.environment?.length
      ? `.env(${property.defaultInfo.environment.map((e) => JSON.stringify(e)).join(", ")})`
      : "";
    const def = property.default !== undefined ? `.def(${JSON.stringify(property.default)})` : "";
    return `${javadoc(property.description, "    ")}    public Optional<${javaType(property)}> ${javaName(prop)}() {\n        return Codegen.${propKind(property)}Prop("${prop}").config(config)${env}${def}.get();\n    }\n`;
  });
  return `${HEADER}package ${pkg};

import com.pulumi.core.internal.Codegen;
import java.lang.String;
import java.util.Optional;

public final class Config {

    private static final com.pulumi.Config config = com.pulumi.Config.of(${JSON.stringify(name)});
${getters.join("")}}
`;
}

/**
 * pom.xml: the SDK's coordinates and version (the package's), Java 11, the runtime and javax.annotation's @Nullable (as
 * pulumi-java's build files name them), JUnit for tests under mocks.
 */
function pom(schema: PackageSchema, groupId: string): string {
  const xmlText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- Generated by pulumi-posthog's Java SDK generator (src/generate/java-sdk.ts): \`npm run sdks\` writes it. -->
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
    <modelVersion>4.0.0</modelVersion>

    <groupId>${groupId}</groupId>
    <artifactId>${schema.name}</artifactId>
    <version>${schema.version}</version>
    <packaging>jar</packaging>
    <name>${schema.name}</name>
    <description>${xmlText(schema.description ?? "")}</description>

    <properties>
        <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
        <maven.compiler.release>11</maven.compiler.release>
    </properties>

    <dependencies>
        <dependency>
            <groupId>com.pulumi</groupId>
            <artifactId>pulumi</artifactId>
            <version>${JAVA_RUNTIME_VERSION}</version>
        </dependency>
        <dependency>
            <groupId>com.google.code.findbugs</groupId>
            <artifactId>jsr305</artifactId>
            <version>3.0.2</version>
        </dependency>
        <dependency>
            <groupId>org.junit.jupiter</groupId>
            <artifactId>junit-jupiter</artifactId>
            <version>${JUNIT_VERSION}</version>
            <scope>test</scope>
        </dependency>
    </dependencies>

    <build>
        <plugins>
            <plugin>
                <groupId>org.apache.maven.plugins</groupId>
                <artifactId>maven-compiler-plugin</artifactId>
                <version>3.13.0</version>
            </plugin>
            <plugin>
                <groupId>org.apache.maven.plugins</groupId>
                <artifactId>maven-surefire-plugin</artifactId>
                <version>3.2.5</version>
            </plugin>
            <plugin>
                <groupId>org.apache.maven.plugins</groupId>
                <artifactId>maven-jar-plugin</artifactId>
                <version>3.4.1</version>
            </plugin>
            <plugin>
                <groupId>org.apache.maven.plugins</groupId>
                <artifactId>maven-resources-plugin</artifactId>
                <version>3.3.1</version>
            </plugin>
            <plugin>
                <groupId>org.apache.maven.plugins</groupId>
                <artifactId>maven-install-plugin</artifactId>
                <version>3.1.2</version>
            </plugin>
        </plugins>
    </build>
</project>
`;
}

/** Every file of sdk/java, by its path under it. */
export function javaSdk(schema: PackageSchema): Record<string, string> {
  const pkg = `com.pulumi.${schema.name}`;
  const dir = `src/main/java/${pkg.replace(/\./g, "/")}`;
  const files: Record<string, string> = {};
  files["pom.xml"] = pom(schema, "com.pulumi");
  files[`src/main/resources/${pkg.replace(/\./g, "/")}/plugin.json`] = `${JSON.stringify(
    {
      resource: true,
      name: schema.name,
      version: schema.version,
      ...(schema.pluginDownloadURL ? { server: schema.pluginDownloadURL } : {}),
    },
    null,
    2,
  )}\n`;
  files[`${dir}/Utilities.java`] = utilitiesClass(pkg, schema);
  files[`${dir}/Config.java`] = configClass(pkg, schema.name, schema.config?.variables ?? {});
  const providerInputs = schema.provider?.inputProperties ?? {};
  files[`${dir}/Provider.java`] = resourceClass(pkg, schema.name, "Provider", { description: schema.provider?.description }, true);
  files[`${dir}/ProviderArgs.java`] = argsClass({
    pkg,
    name: "ProviderArgs",
    base: "ResourceArgs",
    properties: providerInputs,
    required: [],
    plain: false,
    config: true,
  });
  for (const [token, resource] of Object.entries(schema.resources)) {
    const name = tokenName(token);
    files[`${dir}/${name}.java`] = resourceClass(pkg, token, name, resource, false);
    files[`${dir}/${name}Args.java`] = argsClass({
      pkg,
      name: `${name}Args`,
      base: "ResourceArgs",
      properties: resource.inputProperties ?? {},
      required: resource.requiredInputs ?? [],
      plain: false,
    });
  }
  const functions = schema.functions ?? {};
  for (const [token, fn] of Object.entries(functions)) {
    const type = upperFirst(tokenName(token));
    const inputs = fn.inputs?.properties ?? {};
    const required = fn.inputs?.required ?? [];
    for (const plain of [false, true]) {
      const name = `${type}${plain ? "PlainArgs" : "Args"}`;
      files[`${dir}/inputs/${name}.java`] = argsClass({
        pkg: `${pkg}.inputs`,
        name,
        base: "InvokeArgs",
        properties: inputs,
        required,
        plain,
      });
    }
    files[`${dir}/outputs/${type}Result.java`] = resultClass(
      `${pkg}.outputs`,
      `${type}Result`,
      fn.outputs?.properties ?? {},
      fn.outputs?.required ?? [],
    );
  }
  files[`${dir}/${upperFirst(schema.name)}Functions.java`] = functionsClass(pkg, `${upperFirst(schema.name)}Functions`, functions);
  return files;
}
