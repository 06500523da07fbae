/**
 * `posthog.HogFunction`: a destination, transformation or site app from Hog code. The class declares inputs and
 * outputs and hands them to the engine; the lifecycle runs in `pulumi-posthog/provider` (HogFunctionProvider), loaded
 * by name inside Pulumi's provider host. Like ./project, this module loads nothing else of the package: its types are
 * generated from the field table into ./hog-function-types (src/kit/types.ts). Secret inputs become Pulumi secrets
 * here, before anything reaches the engine.
 */
import * as pulumi from "@pulumi/pulumi";
import { HOG_FUNCTION_TYPE } from "../kit/tokens";
import { declaredRegistration, quietPromiseTraces, serializedProvider, warnIfPlainApiKey } from "./declared";
import {
  type HogFunctionArgs,
  type HogFunctionOutputProperties,
  type HogFunctionState,
  type HogFunctionInputSchema,
  outputNames,
} from "./hog-function-types";

export type {
  HogFunctionArgs,
  HogFunctionState,
  HogFunctionOutputProperties,
  HogFunctionType,
  HogFunctionInputSchema,
  HogFunctionInput,
} from "./hog-function-types";

export const HOG_FUNCTION_PROVIDER = serializedProvider("hogFunctionProvider");

export interface HogFunction extends HogFunctionOutputProperties {}

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
      outputNames,
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
