/**
 * The lifecycle of a project-scoped field-table resource (src/kit/field-state.ts): the kit's, with a declared field
 * the record lacks reported as one this PostHog does not have (the 2025-08-04 backend has no flag `archived`, no
 * annotation `emoji`, …), naming the versions its field table knows to lack it, rather than as drift that never
 * settles. As for Project, the `up` that meets it fails once, and every preview after says so before sending anything.
 */
import type { Transport } from "../client";
import type { ProviderConfig } from "../provider/config";
import type { ObjectId, ResourceDeclaration } from "./declaration";
import type { FieldState, InProject } from "./field-state";
import { DeclaredLifecycle, type Placed, type Recorded } from "./lifecycle";

export abstract class FieldTableLifecycle<R extends { id: ObjectId }> extends DeclaredLifecycle<"project", InProject<R>, Recorded> {
  constructor(
    declaration: ResourceDeclaration<"project", InProject<R>>,
    private readonly fields: FieldState<R>,
    connection?: { config: ProviderConfig; transport: Transport },
  ) {
    super(declaration, fields, connection);
  }

  protected override async complete(record: InProject<R>, declared: readonly string[]): Promise<Placed<InProject<R>>> {
    return { record, nowhere: declared.filter((field) => !Object.hasOwn(record, field)) };
  }

  protected override unsupportedMessage(fields: readonly string[]): string {
    return this.fields.unsupportedMessage(fields);
  }
}
