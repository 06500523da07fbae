/**
 * The lifecycle of a project-scoped field-table resource (src/kit/field-state.ts): the kit's, with a declared field
 * the record lacks reported as one this PostHog does not have (the 2025-08-04 backend has no flag `archived`, no
 * annotation `emoji`, …), naming the versions its field table knows to lack it, rather than as drift that never
 * settles (as for Project, the `up` that meets it fails once, and every preview after says so before sending
 * anything); and `adoptId`, the object a create takes over with a GET and a PATCH of what differs (none when the
 * program declares what PostHog has), as Project's `adoptProjectId`.
 */
import { PostHogError, type Transport } from "../client";
import type { ProviderConfig } from "../provider/config";
import { type ObjectId, type ResourceDeclaration, title } from "./declaration";
import { ADOPT_INPUT, type FieldState, type InProject } from "./field-state";
import { DeclaredLifecycle, type Json, type Placed, type Recorded } from "./lifecycle";

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

  protected override async adopted(projectId: number, inputs: Json): Promise<InProject<R> | undefined> {
    const id = inputs[ADOPT_INPUT];
    if (id === undefined || id === null) return undefined;
    const what = `${title(this.declaration)} ${String(id)} of project ${projectId}`;
    let record: InProject<R>;
    try {
      const key: ObjectId = this.declaration.identity.key === "uuid" ? String(id).toLowerCase() : Number(id);
      record = await this.declaration.api.get(this.http(), projectId, key);
    } catch (error) {
      if (error instanceof PostHogError && error.isNotFound)
        throw new Error(
          `${what} cannot be adopted: PostHog has no such ${this.declaration.noun}. Check ${ADOPT_INPUT}, or remove it to create one.`,
        );
      throw error;
    }
    if (this.isGone(record))
      throw new Error(`${what} is deleted in PostHog and cannot be adopted: remove ${ADOPT_INPUT} to create a new one.`);
    return record;
  }
}
