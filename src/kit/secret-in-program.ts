/**
 * Inputs a program's class makes Pulumi secrets before anything reaches the engine, which then stores them, their
 * outputs and `declaredInputs` encrypted: a kind states them as data in its model (`secretInProgram`,
 * src/kit/program.ts), its generated class carries them, and src/resources/declared.ts applies them as it registers
 * the resource. Imports nothing: the program side loads it.
 */

/** A plain value an input is compared with. */
export type SecretValue = string | boolean;

/**
 * When an input is made secret, by another input's value (or its own). A value known only later (an Output, a
 * Promise) always meets the condition: whether it is met is not known yet.
 * - `is`: the input is this value;
 * - `someItem`: the input is a list one of whose items has a value at this path (this value, with `is`); anything
 *   but a list meets it.
 */
export type SecretWhen =
  | { readonly input: string; readonly is: SecretValue }
  | { readonly input: string; readonly someItem: readonly string[]; readonly is?: SecretValue };

/** An input made secret when the program gives it: always, or `when` says. */
export interface SecretInput {
  readonly input: string;
  readonly when?: SecretWhen;
}
