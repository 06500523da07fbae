/**
 * A kind's example: one object as a program declares it. The reference docs render it in TypeScript, YAML and Python,
 * the generated class shows it, and the contract suite creates it against the local server. Besides plain JSON, a
 * value may be another kind's example's output (`ref`), a stack secret (`secret`), the id of the user whose key
 * runs the program (`currentUser`), or an output of a kind's `get<Name>` lookup (`lookup`: a member found by email). A kind scoped to a project or an organization is declared in the example project
 * (`web`, Project's example) or the configured organization: its scope input is not part of `inputs`.
 */
export interface KindExample {
  /** The resource's name in the program (`launch`); its variable is this name, camelCased. */
  readonly name: string;
  readonly inputs: Readonly<Record<string, ExampleValue>>;
}

export type ExampleValue =
  | null
  | boolean
  | number
  | string
  | readonly ExampleValue[]
  | { readonly [key: string]: ExampleValue }
  | ExampleRef
  | ExampleSecret
  | ExampleUser
  | ExampleLookup;

/** Another kind's example's output: `board.dashboardId`. */
export class ExampleRef {
  constructor(
    readonly kind: string,
    readonly output: string,
  ) {}
}

/** A secret from the stack's configuration (`pulumi config set --secret <key>`), with a value tests may use. */
export class ExampleSecret {
  constructor(
    readonly key: string,
    readonly sample: string,
  ) {}
}

/** The user whose personal API key runs the program: `getCurrentUser`'s numeric `id`, or its `uuid`. */
export class ExampleUser {
  constructor(readonly field: "id" | "uuid" = "id") {}
}

/**
 * An output of a kind's `get<Name>` lookup, called once as a program variable: `lookup("ana", "OrganizationMember",
 * { email: "ana@example.com" }, "userUuid")` is `posthog.getOrganizationMemberOutput({ email: … }).userUuid`. Tests
 * resolve it against their PostHog (where the arguments' sample values may name what that PostHog has).
 */
export class ExampleLookup {
  constructor(
    readonly variable: string,
    readonly kind: string,
    readonly args: Readonly<Record<string, string>>,
    readonly output: string,
  ) {}
}

export const lookup = (variable: string, kind: string, args: Readonly<Record<string, string>>, output: string) =>
  new ExampleLookup(variable, kind, args, output);
export const ref = (kind: string, output: string) => new ExampleRef(kind, output);
export const secret = (key: string, sample: string) => new ExampleSecret(key, sample);
export const currentUser = (field: "id" | "uuid" = "id") => new ExampleUser(field);

/** A value's markers of one class (its references, secrets, lookups…), in order: what a program must declare for it. */
export function markersIn<T extends ExampleRef | ExampleSecret | ExampleUser | ExampleLookup>(
  value: ExampleValue,
  marker: new (...args: never[]) => T,
): T[] {
  if (value instanceof marker) return [value];
  if (value === null || typeof value !== "object" || isMarker(value)) return [];
  return (Array.isArray(value) ? value : Object.values(value)).flatMap((item: ExampleValue) => markersIn(item, marker));
}

const isMarker = (value: object) =>
  value instanceof ExampleRef || value instanceof ExampleSecret || value instanceof ExampleUser || value instanceof ExampleLookup;
