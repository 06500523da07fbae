/**
 * `posthog.HogFunction`: a destination, transformation or site app from Hog code. The class declares inputs and
 * outputs and hands them to the engine; the lifecycle runs in `pulumi-posthog/provider` (HogFunctionProvider), loaded
 * by name inside Pulumi's provider host. Like ./project, this module loads nothing else of the package: its types are
 * written out. Secret inputs become Pulumi secrets here, before anything reaches the engine.
 */
import * as pulumi from "@pulumi/pulumi";
import { HOG_FUNCTION_TYPE } from "../kit/tokens";
import { declaredRegistration, quietPromiseTraces, serializedProvider, warnIfPlainApiKey } from "./declared";

type In<T> = pulumi.Input<T>;

export type HogFunctionType =
  | "destination"
  | "site_destination"
  | "internal_destination"
  | "source_webhook"
  | "site_app"
  | "transformation"
  | "warehouse_source_webhook";

/** One input the function takes (PostHog's InputsSchemaItemSerializer). */
export interface HogFunctionInputSchema {
  key: string;
  type: "string" | "number" | "boolean" | "dictionary" | "choice" | "json" | "integration" | "integration_field" | "email";
  label?: string;
  description?: string;
  required?: boolean;
  default?: unknown;
  /** PostHog never answers its value; the provider keeps it a Pulumi secret. */
  secret?: boolean;
  hidden?: boolean;
  templating?: boolean;
  choices?: Array<Record<string, unknown>>;
  [key: string]: unknown;
}

/** An input's value (`templating`: how string values are templated). */
export interface HogFunctionInput {
  value: unknown;
  templating?: "hog" | "liquid";
}

/** A hog function's inputs (posthog/api/hog_function.py), camelCase. */
export interface HogFunctionArgs {
  /** The project (a number, or a Project's projectId); defaults to `posthog:projectId` or POSTHOG_PROJECT_ID. Changing it replaces the function. */
  projectId?: In<number>;
  /** Take over this existing hog function (its UUID) on create instead of creating one (GET, then a PATCH of what differs). */
  adoptId?: In<string>;
  /** PostHog's default is "destination". Changing it replaces the function. */
  type?: In<HogFunctionType>;
  name?: In<string>;
  description?: In<string>;
  /** Hog source (TypeScript for site apps); required unless `templateId` gives it. */
  hog?: In<string>;
  inputsSchema?: In<In<HogFunctionInputSchema>[]>;
  /** By key of `inputsSchema`; the secret ones are stored as Pulumi secrets. */
  inputs?: In<Record<string, In<HogFunctionInput>>>;
  filters?: In<Record<string, unknown> | null>;
  enabled?: In<boolean>;
  masking?: In<{ ttl: number; hash: string; threshold?: number | null } | null>;
  /** Where the PostHog in front of you has templates. Changing it replaces the function. */
  templateId?: In<string>;
}

/** Properties for looking up an existing hog function with `HogFunction.get`. */
export interface HogFunctionState {
  /** The project, when the id is only the function's UUID; defaults to `posthog:projectId`. */
  projectId?: In<number>;
}

export const HOG_FUNCTION_PROVIDER = serializedProvider("hogFunctionProvider");

export interface HogFunction {
  /** The function's UUID in PostHog. */
  readonly hogFunctionId: pulumi.Output<string>;
  readonly projectId: pulumi.Output<number>;
  readonly type: pulumi.Output<HogFunctionType>;
  readonly name: pulumi.Output<string | null>;
  readonly hog: pulumi.Output<string>;
  /** The live values of the declared fields (present when declared); a secret input reads `{secret: true}`. */
  readonly description?: pulumi.Output<string>;
  readonly inputsSchema?: pulumi.Output<HogFunctionInputSchema[]>;
  readonly inputs?: pulumi.Output<Record<string, HogFunctionInput | { secret: true }>>;
  readonly filters?: pulumi.Output<Record<string, unknown> | null>;
  readonly enabled?: pulumi.Output<boolean>;
  readonly masking?: pulumi.Output<{ ttl: number; hash: string; threshold?: number | null } | null>;
  readonly templateId?: pulumi.Output<string>;
}

/**
 * The inputs as a Pulumi secret when one of them is secret (its schema item says `secret: true`): the engine then
 * stores them, and `declaredInputs`, encrypted. Pulumi's SDK makes an object holding a secret secret as a whole, so
 * the other inputs are secret with it. When the schema is not a plain list (an Output), which inputs are secret is
 * known only later, so they are kept secret.
 */
function withSecretInputs(args: HogFunctionArgs): HogFunctionArgs {
  const { inputs, inputsSchema } = args;
  if (inputs === undefined) return args;
  const known = Array.isArray(inputsSchema) && !inputsSchema.some((item) => pulumi.Output.isInstance(item) || item instanceof Promise);
  const secret = known && (inputsSchema as HogFunctionInputSchema[]).some((item) => item.secret === true);
  return !known || secret ? { ...args, inputs: pulumi.secret(inputs) } : args;
}

/**
 * A PostHog hog function.
 *
 * ```ts
 * new posthog.HogFunction("webhook", {
 *   projectId: web.projectId,
 *   type: "destination",
 *   name: "Webhook",
 *   hog: "fetch(inputs.url, {'method': 'POST', 'headers': {'Authorization': inputs.token}, 'body': event})",
 *   inputsSchema: [{ key: "url", type: "string", required: true }, { key: "token", type: "string", secret: true }],
 *   inputs: { url: { value: "https://example.com/hook" }, token: { value: config.requireSecret("hookToken") } },
 *   enabled: true,
 * });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above declares the output properties the engine fills in
export class HogFunction extends pulumi.CustomResource {
  /** Reads an existing hog function into the program without managing it. `id` is `<projectId>/<uuid>`, or its UUID with `state.projectId`. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: HogFunctionState, opts?: pulumi.CustomResourceOptions): HogFunction {
    return new HogFunction(name, { projectId: state?.projectId } as HogFunctionArgs, { ...opts, id });
  }

  static override isInstance(obj: unknown): obj is HogFunction {
    return (
      obj instanceof HogFunction ||
      (pulumi.CustomResource.isInstance(obj) && (obj as { __pulumiType?: string }).__pulumiType === HOG_FUNCTION_TYPE)
    );
  }

  constructor(name: string, args: HogFunctionArgs, opts: pulumi.CustomResourceOptions = {}) {
    const facts = {
      className: "HogFunction",
      type: HOG_FUNCTION_TYPE,
      provider: HOG_FUNCTION_PROVIDER,
      outputNames: ["hogFunctionId", "projectId", "type", "name", "hog"],
      secretOutputNames: [],
    };
    const { props, options } = declaredRegistration(facts, name, { ...withSecretInputs(args) }, opts);
    // `super` here, not in a shared base class: Pulumi records the frame that called this constructor as the
    // resource's source position.
    const restore = quietPromiseTraces();
    try {
      super(HOG_FUNCTION_TYPE, name, props, options);
    } finally {
      restore();
    }
    warnIfPlainApiKey();
  }
}
