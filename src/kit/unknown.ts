/**
 * Values not known yet: what the engine sends during a preview in place of an input that depends on a resource not
 * created yet. Every check, diff and validation skips them; a diff treats them as a change.
 */
/** What Pulumi sends for a value not known yet during preview, in any field whatever its type. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/**
 * Whether a value is, or holds at any depth, a value not known yet (preview). Iterative: check runs it on every input
 * before the depth rule (src/kit/json.ts), and a value thousands of levels deep must not overflow the stack here.
 */
export function isUnknown(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const here = stack.pop();
    if (here === UNKNOWN) return true;
    if (here !== null && typeof here === "object") for (const inner of Object.values(here)) stack.push(inner);
  }
  return false;
}
