/**
 * What a kind's program class and its types are generated from (src/generate/types.ts): the part of its field model a
 * program sees. Its own module, of types only, so that a kind (./kind) can carry its model without the kit's modules
 * importing each other.
 */
import type { z } from "zod";
import type { FieldTable } from "./field-table";
import type { SecretInput } from "./secret-in-program";
import type { UniqueInProgram } from "./unique-in-program";

/** An output's TypeScript type and doc, for the generated types. */
export interface OutputType {
  readonly type: string;
  readonly doc: string;
}

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
  readonly outputTypes: Readonly<Record<string, OutputType>>;
  /** Named TypeScript types the fields' `type` and the outputs' name, generated with the resource's types. */
  readonly types?: Readonly<Record<string, { readonly type: string; readonly doc: string }>>;
  /** What a message calls one ("feature flag"), for the generated docs. */
  readonly noun: string;
  /** What one is, a sentence for the generated class's documentation: "Named events a project counts, matched by steps." */
  readonly summary: string;
  /**
   * The inputs its generated class makes Pulumi secrets before anything reaches the engine (src/kit/secret-in-program.ts),
   * and what becomes secret, for the class's documentation ("The destination, which holds its credentials, becomes a
   * Pulumi secret").
   */
  readonly secretInProgram?: { readonly inputs: readonly SecretInput[]; readonly doc: string };
  /**
   * Boolean inputs of the provider's own, no field of the object in PostHog: what the program allows or asks the
   * provider to do (an Experiment's `allowReplaceWhileLaunched`, a FeatureFlag's `createUsageDashboard`, which its
   * create passes on), each with its doc.
   */
  readonly providerInputs?: Readonly<Record<string, { readonly doc: string }>>;
  /**
   * An input PostHog keeps unique among the kind's objects of a scope, whatever its case and surrounding spaces (a
   * role's name in its organization): the program is refused when it declares two (src/resources/declared.ts), with
   * `rule`, PostHog's rule and its source.
   */
  readonly uniqueInProgram?: UniqueInProgram;
  /** A dictionary input of PostHog fields the table does not know yet (Project's `additionalSettings`): an output too. */
  readonly openSettings?: { readonly input: string };
  /** Inputs that ask for an action rather than name a setting (Project's `apiTokenRotation`): outputs too. */
  readonly actionInputs?: Readonly<Record<string, unknown>>;
  /** The adopt input is an output too (Project's `adoptProjectId`). */
  readonly recordsAdoption?: true;
  /** An input that takes the resource's own name when the program declares none (a project's `name`). */
  readonly nameInput?: string;
  /**
   * The plain (not `pulumi.Input`) types of the inputs and of the state, under the names programs already import
   * (Project's `ProjectInputs` and `ProjectOutputs`, public before the kit generated them).
   */
  readonly plainTypes?: { readonly inputs: string; readonly outputs: string };
  /**
   * PostHog's whole record as its lookups answer it, camelCased, under a name programs already import (Project's
   * `ProjectRecordOutputs`): each field's answer rule and doc; an optional one is absent when PostHog did not send it.
   */
  readonly recordType?: {
    readonly name: string;
    readonly fields: Readonly<Record<string, { readonly answer: z.ZodType; readonly doc: string; readonly optional: boolean }>>;
  };
  /** The outputs every instance has, from a record (the generated types' test reads their names). */
  fixedOutputs(record: never): Readonly<Record<string, unknown>>;
}

/** A kind's model as the generators read it. */
export interface ProgramModel {
  readonly spec: ProgramSpec;
}
