/** PostHog speaks snake_case on the wire; Pulumi users write camelCase. One mapping serves every layer. */

export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

export function camelCase<S extends string>(name: S): CamelCase<S> {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) as CamelCase<S>;
}
