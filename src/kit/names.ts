/** PostHog speaks snake_case on the wire; Pulumi users write camelCase. One mapping serves every layer. */

export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

export function camelCase<S extends string>(name: S): CamelCase<S> {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) as CamelCase<S>;
}

/** Names compared loosely: case, `_` and `-` ignored, so that `anonymize_ips` finds `anonymizeIps`. */
const loose = (name: string) => name.toLowerCase().replace(/[_-]/g, "");

/** The candidate a misspelt `name` most likely meant, if any is close enough to suggest. */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  const wanted = loose(name);
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(wanted, loose(candidate));
    if (!best || distance < best.distance) best = { candidate, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(wanted.length / 4)) ? best.candidate : undefined;
}

/** Levenshtein distance, one row at a time. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** `FeatureFlags` → `featureFlags`: a JavaScript name from a class name. */
export const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);
export const upperFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** A class name as a file name, `FeatureFlag` → `feature-flag`: a kind's folder, its generated files, its docs page. */
export function kebabCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
}

/** A noun's plural as the messages say it: "warehouse saved queries", "feature flags". */
export function pluralNoun(noun: string): string {
  // A noun plural already ("error tracking settings") stays as it is.
  if (noun.endsWith("s")) return noun;
  return /[^aeiou]y$/.test(noun) ? `${noun.slice(0, -1)}ies` : `${noun}s`;
}

/** A noun's indefinite article as the messages and pages say it: "an" before a vowel ("an annotation"), else "a". */
export function article(noun: string): "a" | "an" {
  return /^[aeiou]/i.test(noun) ? "an" : "a";
}
