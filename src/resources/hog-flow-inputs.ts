/**
 * What posthog.HogFlow's class (./hog-flow, generated) does to a program's inputs before registering them: the
 * actions become a Pulumi secret here, before anything reaches the engine, when one of them has function inputs.
 */
import * as pulumi from "@pulumi/pulumi";
import type { HogFlowArgs } from "./hog-flow-types";

/**
 * The inputs with `actions` a Pulumi secret when an action has `config.inputs` (a function action's template says
 * which of them are secret, and the program cannot be asked), or when the actions are not yet known: the engine then
 * stores them, their output and `declaredInputs` encrypted. Pulumi's SDK makes a list holding a secret secret as a
 * whole.
 */
export function withSecretActions(args: HogFlowArgs): HogFlowArgs {
  const { actions } = args;
  if (actions === undefined) return args;
  const known = Array.isArray(actions) && !actions.some((action) => pulumi.Output.isInstance(action) || action instanceof Promise);
  const inputs =
    known &&
    (actions as unknown[]).some((action) => {
      const config = action !== null && typeof action === "object" ? (action as { config?: unknown }).config : undefined;
      return config !== null && typeof config === "object" && (config as { inputs?: unknown }).inputs !== undefined;
    });
  return !known || inputs ? { ...args, actions: pulumi.secret(actions) } : args;
}
