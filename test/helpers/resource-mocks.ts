/**
 * Pulumi's mocks for the program-side tests of a resource class (layer 2): every registered resource is recorded and
 * answered with its inputs and the outputs `state` adds (as the engine would after a create, or a read for `get`).
 * Call it before importing the package, as Pulumi's docs require.
 */
import * as pulumi from "@pulumi/pulumi";

export interface Registered {
  type: string;
  name: string;
  inputs: Record<string, unknown>;
  id?: string;
}

export function mockResources(state: (inputs: Record<string, unknown>) => Record<string, unknown>, id = "3/9"): Registered[] {
  const registered: Registered[] = [];
  pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered.push({ type: args.type, name: args.name, inputs: args.inputs, ...(args.id ? { id: args.id } : {}) });
        return { id: args.id ?? id, state: { ...args.inputs, ...state(args.inputs) } };
      },
      call: () => ({}),
    },
    "project",
    "stack",
    false,
  );
  return registered;
}

/** An output's value, once known. */
export const resolved = <T>(output: pulumi.Output<T>) => new Promise<T>((resolve) => output.apply(resolve));
