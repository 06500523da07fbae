/**
 * What a program loads when it imports the package: the lookups' signatures and Output forms, not their
 * implementation. The HTTP client, the provider's configuration and the declarations (got, zod and the schemas, a
 * large part of a program's start) load on a lookup's first call, so that a
 * program that only declares resources, as most do, never loads them. Everything here imports only Pulumi's
 * outputs (not its SDK's index, which the provider plugin, serving these lookups, would otherwise load at its start).
 */
import type * as pulumi from "@pulumi/pulumi";
import { output, secret } from "@pulumi/pulumi/output";
import type { Kind } from "../kit/kind";
import type { ObjectLookupFunctions } from "./objects";
import type { Transport } from "../client";
import type { LookupOverrides, OrganizationOverride } from "./overrides";

/** The HTTP client, loaded on first use. */
export const httpClient = () => import("../client");

/** The lookups' connection for these overrides (./context, loaded on first use). */
export async function lookupTransport(overrides: LookupOverrides = {}): Promise<Transport> {
  return (await import("./context")).lookupTransport(overrides);
}

/** The organization a lookup reads in (./context, loaded on first use). */
export async function lookupOrganization(overrides: OrganizationOverride): Promise<string> {
  return (await import("./context")).lookupOrganization(overrides);
}

/** The Output form of a lookup: it waits for its inputs and stays unknown while they are unknown (preview). */
export function outputForm<A extends object, R>(
  lookup: (args: A, opts?: pulumi.InvokeOptions) => Promise<R>,
  options: { secret?: boolean } = {},
): (args: { [K in keyof A]: pulumi.Input<A[K]> }, opts?: pulumi.InvokeOptions) => pulumi.Output<R> {
  return (args, opts) => {
    const result = output(args).apply((resolved) => lookup(resolved as unknown as A, opts));
    return (options.secret ? secret(result) : result) as unknown as pulumi.Output<R>;
  };
}

type Args = LookupOverrides & { projectId?: number; organizationId?: string };

/**
 * A resource module's lookups, typed: `get<Name>`, `list<Plural>` and their Output forms, from the kind's
 * `lookups` facts (./objects), both loaded on the first call.
 */
export function typedLookups<GetArgs extends Args, ListArgs extends Args, Result>(
  kind: () => Promise<Kind<"project"> | Kind<"organization">>,
) {
  let loaded: Promise<ObjectLookupFunctions> | undefined;
  const found = () => {
    loaded ??= Promise.all([import("./objects"), kind()]).then(([objects, declared]) => objects.objectLookups(declared as Kind));
    return loaded;
  };
  const get = async (args: GetArgs, _opts?: pulumi.InvokeOptions) => (await found()).get(args) as Promise<Result>;
  const list = async (args: ListArgs = {} as ListArgs, _opts?: pulumi.InvokeOptions) => (await found()).list(args) as Promise<Result[]>;
  // A result holding a secret (a flag's encrypted payloads) is a secret Output.
  const secretIf = async <R>(result: R, records: readonly Result[]) => {
    const { secretOutputs } = await found();
    return records.some((record) => secretOutputs(record as Record<string, unknown>).length > 0) ? secret(result) : result;
  };
  const getOutput = (args: { [K in keyof GetArgs]: pulumi.Input<GetArgs[K]> }, opts?: pulumi.InvokeOptions) =>
    output(args).apply(async (resolved) => {
      const result = await get(resolved as unknown as GetArgs, opts);
      return secretIf(result, [result]);
    }) as unknown as pulumi.Output<Result>;
  const listOutput = (args: { [K in keyof ListArgs]: pulumi.Input<ListArgs[K]> }, opts?: pulumi.InvokeOptions) =>
    output(args).apply(async (resolved) => {
      const results = await list(resolved as unknown as ListArgs, opts);
      return secretIf(results, results);
    }) as unknown as pulumi.Output<Result[]>;
  return { get, list, getOutput, listOutput };
}
