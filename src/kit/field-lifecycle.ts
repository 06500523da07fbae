/**
 * The lifecycle of a project-scoped field-table resource (src/kit/field-state.ts): the kit's, with a declared field
 * the record lacks reported as one this PostHog does not have (the 2025-08-04 backend has no flag `archived`, no
 * annotation `emoji`, …), naming the versions its field table knows to lack it, rather than as drift that never
 * settles (as for Project, the `up` that meets it fails once, and every preview after says so before sending
 * anything); and `adoptId`, the object a create takes over with a GET and a PATCH of what differs (none when the
 * program declares what PostHog has), as Project's `adoptProjectId`; and `madeByCreate`, finding what a create whose
 * answer was lost made, for a resource whose identity PostHog does not keep unique.
 */
import { PostHogError, projects, type Transport } from "../client";
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

  /**
   * What a create whose answer was unclear (`error`: it may have reached PostHog) made, if it made anything: among what
   * `find` lists under the identity the program gave it (`described`: `named "web"`), those `alike` the request and
   * created since the attempt started, less the clock difference allowed between this machine and PostHog
   * (projects.CLOCK_SKEW_MS). One is taken. Several are named and none is taken, since any could be another program's;
   * none means the create did not happen; a failing lookup says what to look for.
   */
  protected async madeByCreate<T extends { id: ObjectId; created_at?: string | null }>(
    error: PostHogError,
    projectId: number,
    started: number,
    look: { find: () => Promise<readonly T[]>; alike: (candidate: T) => boolean; described: string; several?: string },
  ): Promise<T> {
    const { noun, token } = this.declaration;
    const since = new Date(started - projects.CLOCK_SKEW_MS).toISOString();
    let found: readonly T[];
    try {
      found = await look.find();
    } catch (lookupError) {
      throw new Error(
        `${error.message} Checking whether it did failed too: ${(lookupError as Error).message} Look in PostHog (project ${projectId}) for ${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun} ${look.described} created after ${since}: if it is there, \`pulumi import ${token} <name> ${projectId}/<its id>\` takes it over; if not, run \`pulumi up\` again.`,
      );
    }
    const recent = found.filter(
      (c) => typeof c.created_at === "string" && Date.parse(c.created_at) >= started - projects.CLOCK_SKEW_MS && look.alike(c),
    );
    if (recent.length === 1) return recent[0]!;
    if (recent.length > 1) {
      const ids = recent.map((c) => `${c.id} (created ${c.created_at})`).join(", ");
      throw new Error(
        `${error.message} PostHog has ${recent.length} ${noun}s ${look.several ?? look.described} created since ${since}: ${ids}. None was taken over, since any could be another program's: \`pulumi import ${token} <name> ${projectId}/<id>\` takes over the right one; delete the others in PostHog.`,
      );
    }
    throw new Error(`${error.message} No ${noun} ${look.described} was created; run \`pulumi up\` again.`);
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
