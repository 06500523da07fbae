/**
 * What posthog.HogFunction's class (./hog-function, generated) does to a program's inputs before registering them:
 * secret inputs become Pulumi secrets here, before anything reaches the engine.
 */
import * as pulumi from "@pulumi/pulumi";
import type { HogFunctionArgs, HogFunctionInputSchema } from "./hog-function-types";

/**
 * The inputs as a Pulumi secret when one of them is secret (its schema item says `secret: true`): the engine then
 * stores them, and `declaredInputs`, encrypted. Pulumi's SDK makes an object holding a secret secret as a whole, so
 * the other inputs are secret with it. When the schema is not a plain list (an Output), which inputs are secret is
 * known only later, so they are kept secret.
 */
export function withSecretInputs(args: HogFunctionArgs): HogFunctionArgs {
  const { inputs, inputsSchema } = args;
  if (inputs === undefined) return args;
  const known = Array.isArray(inputsSchema) && !inputsSchema.some((item) => pulumi.Output.isInstance(item) || item instanceof Promise);
  const secret = known && (inputsSchema as HogFunctionInputSchema[]).some((item) => item.secret === true);
  return !known || secret ? { ...args, inputs: pulumi.secret(inputs) } : args;
}
