/**
 * One program declaring two objects of a value PostHog keeps unique in a scope, whatever its case and surrounding
 * spaces (a role's name in its organization): PostHog would refuse the second create after the first was made, so the
 * program is refused before anything is sent. So is a second declaration of an object PostHog keeps one of per
 * project (a singleton: its error tracking settings), which both resources would write over. The claims are kept per
 * program run, by whoever sees every resource of it: the TypeScript classes (src/resources/declared.ts) and the
 * provider plugin's check (src/plugin/provider.ts), which serves YAML, Python and every other language. Imports
 * nothing: the program side loads it.
 */

/** A kind's unique input, the input naming its scope, and PostHog's rule with its source. */
export interface UniqueInProgram {
  readonly input: string;
  readonly scope: string;
  readonly rule: string;
  /**
   * The object is its scope's own, one per scope (a project's error tracking settings): the scope is what is unique,
   * and `input` names it too.
   */
  readonly perScope?: boolean;
}

/** The value a resource's inputs claim: its unique input's, or for one object per scope, the scope's alone. */
export function claimedValue(unique: UniqueInProgram, inputs: Record<string, unknown>): unknown {
  return unique.perScope ? "" : inputs[unique.input];
}

/** The values a program declared, by kind, scope and value as PostHog compares them: the resource holding each. */
export class UniqueClaims {
  private readonly claimed = new Map<string, string>();

  /**
   * Claims `value` for the resource `name`; the refusal naming both resources and the rule when another holds it. The
   * scope left out (null) is the configured one.
   */
  claim(className: string, unique: UniqueInProgram, name: string, value: string, scope: unknown): string | undefined {
    // A scope given as a number (a project's id) or as its text is one scope.
    const key = JSON.stringify([className, scope === undefined || scope === null ? null : String(scope), value.trim().toLowerCase()]);
    const holder = this.claimed.get(key);
    this.claimed.set(key, holder ?? name);
    if (holder === undefined || holder === name) return undefined;
    if (unique.perScope) {
      // `projectId` names a project.
      const scopeNoun = unique.scope.replace(/Id$/, "");
      const which = scope ? `${unique.scope} ${String(scope)}` : `the configured ${scopeNoun}`;
      return `posthog.${className} "${name}": the ${className} of ${which} is also declared by "${holder}": ${unique.rule}. Declare it once per ${scopeNoun}.`;
    }
    const where = scope ? `${unique.scope} ${String(scope)}` : "the configured scope";
    return `posthog.${className} "${name}": ${unique.input} ${JSON.stringify(value)} is also declared by "${holder}" in ${where}: ${unique.rule}. Give one of them another ${unique.input}.`;
  }
}
