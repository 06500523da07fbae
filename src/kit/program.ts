/**
 * What a kind's program class and its types are generated from (src/generate/types.ts): the part of its field model a
 * program sees. Its own module, of types only, so that a kind (./kind) can carry its model without the kit's modules
 * importing each other.
 */
import type { FieldTable } from "./field-table";

export interface ProgramSpec {
  /** The class name, for messages: "FeatureFlag". */
  readonly className: string;
  readonly fields: FieldTable;
  /** Inputs a program must declare, each with why. */
  readonly required?: Readonly<Record<string, string>>;
  /**
   * The outputs every instance has (`fixedOutputs`, after those of its kind's facts): their TypeScript types and docs,
   * for the generated types.
   */
  readonly outputTypes: Readonly<Record<string, { readonly type: string; readonly doc: string }>>;
  /** Named TypeScript types the fields' `type` and the outputs' name, generated with the resource's types. */
  readonly types?: Readonly<Record<string, { readonly type: string; readonly doc: string }>>;
  /** What a message calls one ("feature flag"), for the generated docs. */
  readonly noun: string;
  /** What one is, a sentence for the generated class's documentation: "Named events a project counts, matched by steps." */
  readonly summary: string;
  /**
   * A function of the resource's own module in src/resources that its generated class applies to the program's
   * inputs before registering them, and why (HogFunction: secret inputs become Pulumi secrets there).
   */
  readonly programArgs?: { readonly module: string; readonly name: string; readonly doc: string };
  /**
   * Boolean inputs of the provider's own, never sent to PostHog: what the program allows the provider to do (an
   * Experiment's `allowReplaceWhileLaunched`), each with its doc.
   */
  readonly providerInputs?: Readonly<Record<string, { readonly doc: string }>>;
  /**
   * An input PostHog keeps unique among the kind's objects of a scope, whatever its case and surrounding spaces (a
   * role's name in its organization): the program is refused when it declares two (src/resources/declared.ts), with
   * `rule`, PostHog's rule and its source.
   */
  readonly uniqueInProgram?: { readonly input: string; readonly scope: string; readonly rule: string };
  /** The outputs every instance has, from a record (the generated types' test reads their names). */
  fixedOutputs(record: never): Readonly<Record<string, unknown>>;
}

/** A kind's model as the generators read it. */
export interface ProgramModel {
  readonly spec: ProgramSpec;
}
