/**
 * The lifecycle of a project-scoped field-table resource (src/kit/field-state.ts): the kit's, with a declared field
 * the record lacks reported as one this PostHog does not have (the 2025-08-04 backend has no flag `archived`, no
 * annotation `emoji`, …) rather than as drift that never settles.
 */
import type { ObjectId } from "./declaration";
import type { InProject } from "./field-state";
import { DeclaredLifecycle, type Placed, type Recorded } from "./lifecycle";

export abstract class FieldTableLifecycle<R extends { id: ObjectId }> extends DeclaredLifecycle<"project", InProject<R>, Recorded> {
  protected override async complete(record: InProject<R>, declared: readonly string[]): Promise<Placed<InProject<R>>> {
    return { record, nowhere: declared.filter((field) => !Object.hasOwn(record, field)) };
  }
}
