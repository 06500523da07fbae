/**
 * How a dynamic-provider host process runs a kind: its lifecycle with the slim record of its inputs and failures
 * that name none of its secrets, each error carrying its message as its stack.
 */
import type * as pulumi from "@pulumi/pulumi";
import { withHolds } from "../kit/holds";
import type { Kind } from "../kit/kind";
import { withCompactRecord } from "../kit/recorded";
import { withRedactedFailures } from "../kit/redaction";
import { providerExport } from "../kit/tokens";

/**
 * `target` with every method's errors carrying their message as their stack. Pulumi's provider hosts print a failed
 * check, diff, read or delete to the CLI as `${error}: ${error.stack}` (@pulumi/pulumi cmd/dynamic-provider and
 * provider/server): with a real stack, every failing refresh showed the provider's source lines under the stack.
 */
export function withoutStackTraces<T extends object>(target: T): T {
  const traceless = (error: unknown): unknown => {
    if (error instanceof Error) error.stack = error.message;
    return error;
  };
  return new Proxy(target, {
    get(object, key) {
      const value: unknown = Reflect.get(object, key, object);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        try {
          const result: unknown = value.apply(object, args);
          return result instanceof Promise
            ? result.catch((error: unknown) => {
                throw traceless(error);
              })
            : result;
        } catch (error) {
          throw traceless(error);
        }
      };
    },
  });
}

/**
 * The lifecycle a dynamic-provider host process uses for a declared resource, with the slim record of its inputs
 * (../kit/recorded), failures that name none of its secrets (../kit/redaction) and no delete of an object another
 * resource holds (../kit/holds); `configure` gives it the stack's configuration.
 */
export function hosted(kind: Kind): pulumi.dynamic.ResourceProvider {
  const lifecycle = withHolds(kind, withRedactedFailures(kind.lifecycle(), kind.secretInputPaths));
  return withoutStackTraces(withCompactRecord(lifecycle, () => Object.keys(kind.schema().inputs)));
}

/** Each kind's loader by class name, as lazyKind defines them: what `kindNamed` finds. */
const loaders = new Map<string, () => Kind>();

/**
 * The kind of this class name, its folder loaded now if it was not yet; undefined for a name no kind has. The provider
 * plugin serves every kind, and loads each only when the program first declares one of it (./kinds defines them all).
 */
export function kindNamed(name: string): Kind | undefined {
  return loaders.get(name)?.();
}

/**
 * Defines a kind's exports of `pulumi-posthog/provider` on `target`, the module's exports (src/provider/kinds.ts
 * declares their types): `<Name>Lifecycle`, `<Name>Provider` (its earlier name) and the hosted provider the serialized
 * provider in the state names. `load` requires the kind's folder, on the first use of any of them: a provider host
 * loads only the kinds of the resources it serves, not every kind at its start.
 */
export function lazyKind(
  target: object,
  name: string,
  load: () => { readonly kind: Kind; readonly Lifecycle: abstract new (...args: never[]) => unknown },
): void {
  let loaded: ReturnType<typeof load> | undefined;
  let provider: pulumi.dynamic.ResourceProvider | undefined;
  const kind = () => {
    loaded ??= load();
    return loaded;
  };
  const lifecycle = { enumerable: true, get: () => kind().Lifecycle };
  const hostedProvider = () => {
    provider ??= hosted(kind().kind);
    return provider;
  };
  loaders.set(name, () => kind().kind);
  Object.defineProperties(target, {
    [`${name}Lifecycle`]: lifecycle,
    [`${name}Provider`]: lifecycle,
    [providerExport(name)]: { enumerable: true, get: hostedProvider },
  });
}
