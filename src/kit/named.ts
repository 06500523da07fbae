/**
 * A lookup by a name PostHog does not keep unique: the one live object of the project holding it, or an error naming
 * every one that does (the program then gives the id instead).
 */
import type { Transport } from "../client";

export interface NamedLookup<R extends { readonly id: unknown }> {
  /** Every object of the project, as the kind's endpoints list them. */
  readonly list: (http: Transport, projectId: number) => Promise<readonly R[]>;
  /** The field holding the name: `name` unless said. */
  readonly nameOf?: (record: R) => unknown;
  /** "log alerts", for the message. */
  readonly plural: string;
  /** The input to give instead: `logsAlertId`. */
  readonly idInput: string;
}

/**
 * A kind's `uniqueBy` lookup by `name` (`get<Name>({ name })`): `description` says it for the schema ("The view's exact
 * name; or give shortId.").
 */
export function byName<R extends { readonly id: unknown }>(lookup: NamedLookup<R> & { readonly description: string }) {
  return { input: "name", spec: { type: "string", description: lookup.description }, find: findOneNamed(lookup) } as const;
}

/** The `find` of a kind's `uniqueBy` name lookup. */
function findOneNamed<R extends { readonly id: unknown }>(lookup: NamedLookup<R>) {
  const nameOf = lookup.nameOf ?? ((record: R) => (record as { readonly name?: unknown }).name);
  return async (http: Transport, projectId: number, name: string): Promise<R | null> => {
    const found = (await lookup.list(http, projectId)).filter((record) => nameOf(record) === name);
    if (found.length > 1)
      throw new Error(
        `Project ${projectId} has ${found.length} ${lookup.plural} named "${name}" (ids ${found.map((r) => String(r.id)).join(", ")}): give ${lookup.idInput} instead.`,
      );
    return found[0] ?? null;
  };
}
