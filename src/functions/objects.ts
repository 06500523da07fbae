/**
 * The lookups of a resource, in whichever scope its kind lives, from the kind's `lookups` facts (src/kit/kind.ts):
 * `get<Name>` by id or by the field unique among live objects, `list<Plural>` with the list's filters, each result the
 * whole record PostHog returns, camelCased. The TypeScript functions (./feature-flags, …) and the plugin's invokes are
 * both these.
 */
import {
  describeWhere,
  type Kind,
  type ObjectId,
  resolveWhere,
  type ScopeKind,
  type ScopeOf,
  pluralOf,
  title,
  type WhereOf,
  whereOutputs,
} from "../kit/kind";
import { own } from "../kit/json";
import { readObject } from "../kit/list-reads";
import { lowerFirst, pluralNoun, upperFirst } from "../kit/names";
import { lookupConfig, lookupTransport, recordResult } from "./context";
import type { LookupOverrides } from "./overrides";

/** The overrides and where to look: `projectId`, or `organizationId` (and a nested kind's parent, read by name). */
type Args = LookupOverrides & { projectId?: number; organizationId?: string };
type Result = Record<string, unknown>;

export interface ObjectLookupFunctions {
  /** `getFeatureFlag`, `listFeatureFlags`: the names every language sees. */
  readonly getName: string;
  readonly listName: string;
  /** The property the plugin wraps a list result in (function results are objects): `featureFlags`. */
  readonly listProperty: string;
  get(args: Args): Promise<Result>;
  list(args?: Args): Promise<Result[]>;
  /** The properties of a result that hold a secret (where the kind's `secretInputPaths` find one): none for most. */
  secretOutputs(result: Result): readonly string[];
}

export function objectLookups<S extends ScopeKind, W extends WhereOf<S> = ScopeOf<S>>(kind: Kind<S, unknown, W>): ObjectLookupFunctions {
  const facts = kind.lookups;
  if (!facts) throw new Error(`${kind.name} declares no lookups.`);
  const idInput = kind.identity.output;
  const getName = `get${kind.name}`;
  const noun = kind.noun;

  async function get(args: Args): Promise<Result> {
    const http = lookupTransport(args);
    const where = resolveWhere<S, W>(kind, lookupConfig(args), args as Record<string, unknown>);
    const id = own(args, idInput) as ObjectId | undefined;
    if (id !== undefined && id !== null) {
      const record = (await readObject(kind, http, where, id)) as Result;
      if (own(record, "deleted") === true) throw new Error(`${title(kind)} ${id} of ${describeWhere(kind, where)} is deleted.`);
      return recordResult(record, idInput, whereOutputs(kind, where));
    }
    const unique = facts!.uniqueBy;
    const value = unique ? own(args, unique.input) : undefined;
    if (!unique || typeof value !== "string") {
      throw new Error(`${getName} needs ${idInput}${unique ? ` or ${unique.input}` : ""}.`);
    }
    const record = await unique.find(http, where, value);
    if (!record)
      throw new Error(
        `${upperFirst(describeWhere(kind, where))} has no ${noun} with ${unique.input} "${value}" (deleted ${pluralNoun(noun)} are not found).`,
      );
    return recordResult(record, idInput, whereOutputs(kind, where));
  }

  /** Every object where it looks that is not deleted, filtered as PostHog's list filters them. */
  async function list(args: Args = {}): Promise<Result[]> {
    const where = resolveWhere<S, W>(kind, lookupConfig(args), args as Record<string, unknown>);
    const query: Record<string, string> = {};
    const matches: Array<(record: Result) => boolean> = [];
    for (const [name, filter] of Object.entries(facts!.filters ?? {})) {
      const value = own(args, name);
      if (value === undefined || value === null) continue;
      if (filter.query) {
        const [param, written] = filter.query(value);
        query[param] = written;
      }
      const match = filter.match;
      if (match) matches.push((record) => match(record, value));
    }
    const found = await facts!.list(lookupTransport(args), where, query);
    const place = whereOutputs(kind, where);
    return found.filter((record) => matches.every((match) => match(record))).map((record) => recordResult(record, idInput, place));
  }

  // Where the kind's resource keeps a secret among its inputs, PostHog's answer holds one too (a hog flow's action
  // inputs, a flag's decrypted payloads, a webhook's URL): that property of the result is a secret.
  const secretOutputs = (result: Result) => [...new Set((kind.secretInputPaths?.(result) ?? []).map(([property]) => property!))];
  const plural = pluralOf(kind);
  return { getName, listName: `list${plural}`, listProperty: lowerFirst(plural), get, list, secretOutputs };
}
