/**
 * One PostHog object, two resources of a stack: a program imported again after a rename in PostHog declares each
 * object under a new name, adopted by it, while the state still holds the old resource, which `pulumi up` then deletes
 * (after the creates, once the program has run): its delete would delete the very object the new resource just took
 * over. Pulumi hands a delete only the resource's own id and outputs, so the lifecycle keeps, for the run, the objects
 * resources hold by adoption, and refuses to delete one another resource holds.
 *
 * A run is one provider process: Pulumi's dynamic-provider host and the plugin each serve one engine operation, every
 * resource of a kind through one lifecycle (the host caches it by its serialized provider; the plugin keeps one per
 * kind). A resource holds its object when its create adopted it, and for every later run when its diff keeps the same
 * object, its adopt input still naming it: the engine diffs each resource the program declares before it deletes
 * those it no longer declares. A resource whose adopt input is gone from the program is not known to hold its object.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type * as pulumi from "@pulumi/pulumi";
import { isPlainObject } from "./json";
import { adoptInputOf, type Kind, parseId, scopeInput, title } from "./kind";
import { isUnknown } from "./unknown";

/** The URN of the resource a call is made for, where the caller knows it (the plugin does; the dynamic host does not). */
export const callingResource = new AsyncLocalStorage<string>();

/**
 * `lifecycle` keeping the objects its resources hold by adoption in this run, and refusing to delete one another
 * resource holds.
 */
export function withHolds(kind: Kind, lifecycle: pulumi.dynamic.ResourceProvider): pulumi.dynamic.ResourceProvider {
  const held = new Map<string, string>();
  const adoptInput = adoptInputOf(kind);
  // The object's key within its project (an access control's key is its project's only); an organization's objects'
  // keys are PostHog's own, unique.
  const keyOf = (id: string, outputs: unknown) => {
    const scope = kind.scope === "project" && isPlainObject(outputs) ? String(outputs[scopeInput(kind)] ?? "") : "";
    return JSON.stringify([scope, String(parseId(kind, id).id).toLowerCase()]);
  };
  const adopts = (inputs: unknown, id: string) => {
    const adopt = isPlainObject(inputs) ? inputs[adoptInput] : undefined;
    return (
      (typeof adopt === "string" || typeof adopt === "number") &&
      !isUnknown(adopt) &&
      String(adopt).trim().toLowerCase() === String(parseId(kind, id).id).toLowerCase()
    );
  };
  const hold = (id: string, outputs: unknown) =>
    held.set(keyOf(id, outputs), callingResource.getStore() ?? `the resource of this stack declaring ${adoptInput}: ${id}`);

  const provider: pulumi.dynamic.ResourceProvider = {
    ...bound(lifecycle),
    create: async (inputs) => {
      try {
        const result = await lifecycle.create(inputs);
        if (adopts(inputs, result.id)) hold(result.id, result.outs);
        return result;
      } catch (error) {
        // Recorded all the same (a PATCH after the adoption failed): the resource holds the object.
        const partial = error as { id?: unknown; properties?: unknown };
        if (typeof partial?.id === "string" && adopts(inputs, partial.id)) hold(partial.id, partial.properties);
        throw error;
      }
    },
  };
  if (lifecycle.diff)
    provider.diff = async (id, olds, news) => {
      const result = await lifecycle.diff!(id, olds, news);
      if ((result.replaces ?? []).length === 0 && adopts(news, id)) hold(id, olds);
      return result;
    };
  if (lifecycle.delete)
    provider.delete = async (id, props) => {
      const holder = held.get(keyOf(id, props));
      const self = callingResource.getStore();
      if (holder !== undefined) {
        const remove = self
          ? `\`pulumi state delete '${self}'\``
          : "`pulumi state delete '<its URN>'` (`pulumi stack --show-urns` lists them)";
        throw new Error(
          `${title(kind)} ${id} was not deleted: ${holder} adopted the same PostHog ${kind.noun} and holds it, and deleting ` +
            `this resource would delete it from PostHog. If the object is now declared under that name (imported again, ` +
            `or renamed in the program), remove this resource from the state alone: ${remove}, then run \`pulumi up\` again.`,
        );
      }
      return lifecycle.delete!(id, props);
    };
  return provider;
}

/** The lifecycle's methods, each bound to it. */
function bound(lifecycle: pulumi.dynamic.ResourceProvider): pulumi.dynamic.ResourceProvider {
  const methods = ["configure", "check", "diff", "create", "read", "update", "delete"] as const;
  return Object.fromEntries(
    methods.flatMap((name) => {
      const method = lifecycle[name] as ((...args: never[]) => unknown) | undefined;
      return method ? [[name, method.bind(lifecycle)]] : [];
    }),
  ) as unknown as pulumi.dynamic.ResourceProvider;
}
