/**
 * The importer's line of counts for one project, in registry order: each kind it reads in a project, with the count
 * a test expects (a number, or the whole text when it says more, such as "2 insights (1 not declared)") and 0 for
 * every other. Derived from the registry so a new kind needs no line in the import tests.
 */
import { kinds } from "../../src/kinds/index";
import { pluralNoun } from "../../src/kit/names";

export function projectCounts(expected: Readonly<Record<string, number | string>> = {}): string {
  return kinds
    .filter((kind) => kind.scope === "project" && kind.importer)
    .map((kind) => {
      const count = Object.hasOwn(expected, kind.name) ? expected[kind.name]! : 0;
      if (typeof count === "string") return count;
      return `${count} ${count === 1 ? kind.noun : pluralNoun(kind.noun)}`;
    })
    .join(", ");
}
