/**
 * One program declaring two objects of a value PostHog keeps unique in a scope, whatever its case and surrounding
 * spaces (a role's name in its organization): PostHog would refuse the second create after the first was made, so the
 * program is refused before anything is sent. The claims are kept per program run, by whoever sees every resource of
 * it: the TypeScript classes (src/resources/declared.ts) and the provider plugin's check (src/plugin/provider.ts), which
 * serves YAML, Python and every other language. Imports nothing: the program side loads it.
 */

/** A kind's unique input, the input naming its scope, and PostHog's rule with its source. */
export interface UniqueInProgram {
  readonly input: string;
  readonly scope: string;
  readonly rule: string;
}

/** The values a program declared, by kind, scope and value as PostHog compares them: the resource holding each. */
export class UniqueClaims {
  private readonly claimed = new Map<string, string>();

  /**
   * Claims `value` for the resource `name`; the refusal naming both resources and the rule when another holds it. The
   * scope left out (null) is the configured one.
   */
  claim(className: string, unique: UniqueInProgram, name: string, value: string, scope: unknown): string | undefined {
    const key = JSON.stringify([className, scope ?? null, value.trim().toLowerCase()]);
    const holder = this.claimed.get(key);
    if (holder !== undefined && holder !== name)
      return `posthog.${className} "${name}": ${unique.input} ${JSON.stringify(value)} is also declared by "${holder}" ${scope ? `in ${unique.scope} ${String(scope)}` : "in the configured scope"}: ${unique.rule}. Give one of them another ${unique.input}.`;
    this.claimed.set(key, name);
    return undefined;
  }
}
