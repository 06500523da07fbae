/**
 * `posthog.Project`: the Pulumi face of a PostHog project. It declares inputs and outputs and hands them to the
 * engine; everything else happens in `pulumi-posthog/provider`, loaded by name inside Pulumi's provider host. This
 * module loads nothing else of the package (its types are plain, generated into ./project-types), so that a program
 * that declares projects loads and type-checks little more than Pulumi itself.
 */
import * as pulumi from "@pulumi/pulumi";
import { PROJECT_TYPE } from "../kit/tokens";
import { outputNames, secretOutputNames, type ProjectArgs, type ProjectOutputProperties } from "./project-types";

export type { ProjectArgs } from "./project-types";

/** Properties for looking up an existing project with `Project.get`. */
export interface ProjectState {
  /** The organization the project is in; defaults to `posthog:organizationId`. */
  organizationId?: pulumi.Input<string>;
}

/**
 * The serialized provider, `__provider` in every project's inputs and outputs: the module Pulumi's dynamic-provider
 * host evaluates, whose `handler` loads the implementation as the program itself would, from the program's
 * directory (the host's working directory): from node_modules where the package is installed, or by its own name
 * inside this repository. Written out rather than made by Pulumi's closure serializer (2.5 KB for the same thing,
 * stored twice per project), it is the same 119 bytes on every machine and holds no credential, host or local module.
 */
export const SERIALIZED_PROVIDER =
  'exports.handler=()=>require("node:module").createRequire(process.cwd()+"/")("pulumi-posthog/provider").projectProvider;';

export { PROJECT_TYPE } from "../kit/tokens";

export interface Project extends ProjectOutputProperties {}

/**
 * A PostHog project.
 *
 * ```ts
 * const web = new posthog.Project("web", { timezone: "Europe/Amsterdam", anonymizeIps: true });
 * export const apiToken = web.apiToken; // secret
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above declares the output properties the engine fills in
export class Project extends pulumi.CustomResource {
  /** Reads an existing project into the program without managing it. `id` is `<projectId>` or `<organizationId>/<projectId>`. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: ProjectState, opts?: pulumi.CustomResourceOptions): Project {
    return new Project(name, { organizationId: state?.organizationId }, { ...opts, id });
  }

  static override isInstance(obj: unknown): obj is Project {
    return (
      obj instanceof Project || (pulumi.CustomResource.isInstance(obj) && (obj as { __pulumiType?: string }).__pulumiType === PROJECT_TYPE)
    );
  }

  constructor(name: string, args: ProjectArgs = {}, opts: pulumi.CustomResourceOptions = {}) {
    for (const [arg, value] of Object.entries(args)) {
      const where = prototypeKey(value, arg);
      if (where !== undefined) {
        throw new pulumi.RunError(
          `posthog.Project "${name}": ${where} is a name every JavaScript object already has (Object.prototype: ` +
            "constructor, __proto__, toString, valueOf, …); it cannot be a key of a setting. PostHog has no setting " +
            "of that name: remove or rename it.",
        );
      }
    }
    // What pulumi.dynamic.Resource does, with the provider above instead of a closure serialized per program.
    const props: Record<string, unknown> = Object.fromEntries(outputNames.map((output) => [output, undefined]));
    Object.assign(props, args);
    if (!opts.id) props["name"] = args.name ?? name;
    props["__provider"] = SERIALIZED_PROVIDER;
    // `declaredInputs` keeps the program's inputs (read needs them to show drift setting by setting). The engine
    // marks an output secret when the input of the same name is, but this output has no such input: it would hold a
    // `pulumi.secret(...)` input in plain text. Whether an Output or a Promise is secret is known only later, so with
    // one among the inputs it always is; plain values cannot be secret, and a secret costs the state twice the bytes.
    const secrets = Object.values(args).some(mayBeSecret) ? [...secretOutputNames, "declaredInputs"] : [...secretOutputNames];
    const options = pulumi.mergeOptions(opts, { additionalSecretOutputs: secrets });
    // Pulumi's SDK gives each output property four promises and stores a stack trace on each, only for its message
    // about leaked promises (PULUMI_DEBUG_PROMISE_LEAKS): with ~95 outputs that was 55-80 ms of CPU and 0.8 MB kept
    // per project. The resource's own source position is captured apart, with no limit, and is unaffected.
    const stackTraceLimit = Error.stackTraceLimit;
    if (!process.env["PULUMI_DEBUG_PROMISE_LEAKS"]) Error.stackTraceLimit = 0;
    try {
      super(PROJECT_TYPE, name, props, options);
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
    warnIfPlainApiKey();
  }
}

/** Whether a value is or holds an Output or a Promise, whose secrecy is not known yet. */
function mayBeSecret(value: unknown): boolean {
  if (pulumi.Output.isInstance(value) || value instanceof Promise) return true;
  if (value === null || typeof value !== "object") return false;
  return Object.values(value).some(mayBeSecret);
}

/**
 * Where the plain objects of `value` have an own key named like a property of every JavaScript object, as a path
 * (`additionalSettings.toString`). Pulumi's SDK fails to serialize some of them ("Cannot convert object to primitive
 * value" for `toString`) before the provider's check can name them; values still to come (Outputs, Promises) are
 * left to that check.
 */
function prototypeKey(value: unknown, path: string): string | undefined {
  if (value === null || typeof value !== "object" || pulumi.Output.isInstance(value) || value instanceof Promise) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const here = `${path}.${key}`;
    if (key in Object.prototype) return here;
    const deeper = prototypeKey(inner, here);
    if (deeper !== undefined) return deeper;
  }
  return undefined;
}

const API_KEY_CONFIG = "posthog:apiKey";
let plainKeyWarned = false;

/**
 * Pulumi's engine keeps the stack configuration a dynamic provider runs with in the state, as the default
 * `pulumi-nodejs` provider's inputs, exactly as it is set: `posthog:apiKey` set without `--secret` is stored there in
 * plain text (measured with the CLI v3.274.1; with `--secret` it is encrypted). The provider cannot prevent it, so
 * each program run says so once, with the command that fixes it: on the stack, not on a resource, whose message
 * would wait for the resource's URN and be lost if its registration failed.
 */
function warnIfPlainApiKey(): void {
  if (plainKeyWarned || pulumi.runtime.getConfig(API_KEY_CONFIG) === undefined) return;
  // The language host lists the secret configuration keys in PULUMI_CONFIG_SECRET_KEYS (a JSON list).
  let secretKeys: unknown = [];
  try {
    secretKeys = JSON.parse(process.env["PULUMI_CONFIG_SECRET_KEYS"] ?? "[]");
  } catch {
    return;
  }
  if (Array.isArray(secretKeys) && secretKeys.includes(API_KEY_CONFIG)) return;
  plainKeyWarned = true;
  void pulumi.log.warn(
    `${API_KEY_CONFIG} is set without --secret, so Pulumi stores it in plain text in this stack's state (the ` +
      "configuration of the default pulumi-nodejs provider, which runs posthog.Project). Run " +
      `\`pulumi config set --secret ${API_KEY_CONFIG} <your phx_ key>\` and then \`pulumi up\`: the state then holds it ` +
      "encrypted. Until then it is also plain in Pulumi.<stack>.yaml and in the backend's record of each update, and " +
      "earlier checkpoints keep it: rotate it in PostHog if others can read them.",
  );
}
