/**
 * EventDefinition, declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/event_definitions/`),
 * keyed by UUID, identified as `<projectId>/<uuid>`. PostHog makes a definition when the first event of its name
 * arrives (ingestion); PostHog 2025-08-04 has no create (a POST refuses personal API keys, measured), today's creates
 * one by name (EventDefinitionSerializer.create, posthog/api/event_definition.py). A create takes the project's
 * definition of its name over, creates it where this PostHog can, and otherwise fails saying how PostHog makes one.
 *
 * Deleting the resource releases the definition: it stays in PostHog as it is. PostHog's DELETE removes the record
 * of an event the project receives, with everything written on it, and ingestion makes it again, bare, on the next
 * such event: what a program that stops describing an event wants is for it to stay what it is, not to lose its
 * history (the definition may also hold what people wrote on it before the program took it over).
 */
import { PostHogError, type Transport } from "../../client";
import type { ProviderConfig } from "../../kit/config";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import { type InProject, projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import { type Kind, type ObjectId, title } from "../../kit/kind";
import { type Json, pick, type Placed } from "../../kit/lifecycle";
import { article } from "../../kit/names";
import { pluralNoun } from "../../kit/names";
import { listedPages } from "../../kit/list-reads";
import { kindNames } from "../../kit/tokens";
import { isUnknown } from "../../kit/unknown";
import * as definitions from "./endpoints";
import { eventDefinitionExample } from "./example";
import { eventDefinitionFields, INGESTION_TAXONOMY } from "./fields";
import { type EventDefinitionRecord, eventDefinitionModel } from "./model";
import type { EventDefinition } from "./record";

const NOUN = "event definition";
const PLACEMENT = { scope: "project", key: "uuid" } as const;
const inputs = () => tableInputs(eventDefinitionFields, NOUN, PLACEMENT);

/** What a definition that carries nothing but what ingestion made has: the importer leaves it out. */
const bare = (record: { description?: string | null; tags?: readonly string[]; verified?: boolean; hidden?: boolean | null }) =>
  !record.description && (record.tags ?? []).length === 0 && record.verified !== true && record.hidden !== true;

export const eventDefinitionKind: Kind<"project", EventDefinitionRecord> = {
  ...kindNames("EventDefinition"),
  example: eventDefinitionExample,
  noun: NOUN,
  scope: "project",
  identity: { output: "eventDefinitionId", key: "uuid" },
  deletion: "release",
  importInputs: ["projectId", "name"],
  api: projectScopedApi<EventDefinition, string>({
    get: definitions.getEventDefinition,
    update: definitions.updateEventDefinition,
    remove: definitions.deleteEventDefinition,
  }),
  // EventDefinitionViewSet lists with the serializer it retrieves with (posthog/api/event_definition.py), 100 a page.
  listReads: listedPages(definitions.eventDefinitionPages),
  schema: () => ({
    description:
      "What an event a PostHog project receives means: description, tags, owner, verified or hidden. Takes the project's definition of its name over (PostHog makes one when the first such event arrives; today's PostHog also creates one by name). Deleting the resource leaves the definition in PostHog as it is.",
    inputs: { ...inputs(), name: { ...inputs()["name"]!, willReplaceOnChanges: true } },
    outputs: tableOutputs(
      eventDefinitionFields,
      NOUN,
      {
        eventDefinitionId: { type: "string", description: "The definition's UUID in PostHog." },
        lastSeenAt: { type: "string", description: "When PostHog last received the event (absent: never)." },
      },
      PLACEMENT,
    ),
    required: ["eventDefinitionId", "projectId", "name"],
  }),
  lookups: {
    list: (http, projectId, query) => definitions.listEventDefinitions(http, projectId, query),
    uniqueBy: {
      input: "name",
      spec: { type: "string", description: "The event's name, exactly (case-sensitive)." },
      find: definitions.findEventDefinitionByName,
    },
    filters: {
      search: {
        spec: { type: "string", description: "Words of the name (case-insensitive; every word must be in it)." },
        query: (v) => ["search", String(v)],
      },
    },
    outputs: {
      name: { type: "string" },
      description: { type: "string", nullable: true, optional: true },
      tags: { type: "array", items: { type: "string" } },
      verified: { type: "boolean", optional: true },
      hidden: { type: "boolean", nullable: true, optional: true },
      lastSeenAt: { type: "string", nullable: true },
    },
  },
  model: eventDefinitionModel,
  lifecycle: () => new EventDefinitionLifecycle(),
  // Only what people described: a project receives hundreds of events PostHog and its SDKs name ($pageview, …),
  // each with a definition nobody wrote anything on.
  importer: projectScopedImport<EventDefinition>(eventDefinitionFields, {
    list: (http, projectId) => definitions.listEventDefinitions(http, projectId),
    // The models' defaults (ee/models/event_definition.py): nothing described, verified or hidden; no owner.
    defaults: { description: null, tags: [], verified: false, hidden: false, owner_id: null },
    label: (definition) => definition.name,
    skip: (definition) =>
      bare(definition) && (definition.owner_id ?? null) === null ? "nothing is written on it beyond what ingestion made" : undefined,
  }),
};

/**
 * Whose plan PostHog 2025-08-04 judges: the organization the key's user has selected in PostHog, whatever the
 * project's (`request.user.organization` in EventDefinitionViewSet and EventDefinitionSerializer.update,
 * posthog/api/event_definition.py; PropertyDefinitionViewSet and PropertyDefinitionSerializer.update,
 * posthog/taxonomy/property_definition_api.py; TaggedItemSerializerMixin, posthog/api/tagged_item.py). Measured: a
 * project of an organization with the feature is refused while the user has another one selected, and one without
 * it is served while the user has one with it selected.
 */
const JUDGED =
  "PostHog 2025-08-04 judges the plan of the organization the key's user has selected in PostHog (`request.user.organization`), not the project's: select one whose plan has it, upgrade the plan, or";

/**
 * What both definition kinds' lifecycles share: the definition found by what identifies it (an identity input's
 * change manages another one: the resource is replaced); and where the plan lacks the feature PostHog's enterprise
 * serializers need (its answer then lacks their fields), the settings PostHog cannot write recorded as such, which
 * every later preview says before sending anything, rather than PATCHed again to be refused again (402).
 */
export abstract class DefinitionLifecycle<R extends { id: ObjectId }> extends FieldTableLifecycle<R> {
  /**
   * The inputs that identify the definition, each with the value it has when not declared: `name`, and a property's
   * `type` ("event") and `groupTypeIndex` (none).
   */
  protected abstract readonly identityInputs: Readonly<Record<string, unknown>>;
  /** The settings PostHog writes without the plan feature, each alone (a property's `property_type`). */
  protected abstract readonly writableWithoutPlan: readonly string[];
  /** The enterprise serializer's fields the answer lacks without the plan feature, as the program names them. */
  protected abstract readonly enterpriseInputs: string;

  protected override replaces(olds: Json, news: Json): string[] {
    const changed = Object.entries(this.identityInputs).filter(([input, unset]) => {
      if (isUnknown(news[input])) return true;
      return JSON.stringify(news[input] ?? unset) !== JSON.stringify(olds[input] ?? unset);
    });
    return [...super.replaces(olds, news), ...changed.map(([input]) => input)];
  }

  /**
   * An answer without `description` is the base serializer's, which PostHog answers where the plan lacks the
   * feature: every declared setting but those it writes without it is then nowhere to be applied.
   */
  protected override async complete(record: InProject<R>, declared: readonly string[]): Promise<Placed<InProject<R>>> {
    if (Object.hasOwn(record, "description")) return super.complete(record, declared);
    const settable = (field: string) => !(this.model.inputName(field) in this.identityInputs) && !this.writableWithoutPlan.includes(field);
    return { record, nowhere: declared.filter(settable) };
  }

  /**
   * PostHog's 402 for a write the plan does not allow (EnterpriseFeatureException): the definition is read to tell
   * what cannot be written (`complete`), and what PostHog writes without the feature is sent alone.
   */
  protected override async write(scope: number, id: ObjectId, body: Json, declared: readonly string[]): Promise<Placed<InProject<R>>> {
    try {
      return await super.write(scope, id, body, declared);
    } catch (error) {
      if (!(error instanceof PostHogError && error.status === 402)) throw error;
      const placed = await this.complete(await this.kind.api.get(this.http(), scope, id), declared);
      if (placed.nowhere.length === 0)
        throw new Error(
          `${error.message} PostHog writes ${article(this.kind.noun)} ${this.kind.noun}'s ${this.enterpriseInputs} and tags only where the plan has ${INGESTION_TAXONOMY}. ${JUDGED} declare only what identifies it${this.writableWithoutPlan.length > 0 ? ` and ${this.writableWithoutPlan.map((f) => this.model.inputName(f)).join(", ")}` : ""}.`,
        );
      const free = pick(body, (field) => this.writableWithoutPlan.includes(field));
      return Object.keys(free).length > 0 ? super.write(scope, id, free, declared) : placed;
    }
  }

  protected override unsupportedMessage(fields: readonly string[]): string {
    const names = fields.map((f) => this.model.inputName(f)).join(", ");
    const free = this.writableWithoutPlan.map((f) => this.model.inputName(f)).join(", ");
    return `PostHog cannot apply ${names} to this ${this.kind.noun}: where the plan lacks ${INGESTION_TAXONOMY} it answers ${pluralNoun(this.kind.noun)} without their ${this.enterpriseInputs}, and refuses to write ${free ? `anything but ${free} (alone)` : "anything"} (402: EnterpriseFeatureException, posthog/api/event_definition.py, posthog/taxonomy/property_definition_api.py). ${JUDGED} remove ${names} from the program.`;
  }

  /** The error for a definition PostHog does not have and this PostHog cannot create: how PostHog makes one. */
  protected notIngested(projectId: number, described: string, send: string): Error {
    return new Error(
      `${title(this.kind)} ${described} does not exist in project ${projectId}, and this PostHog cannot create one: PostHog makes definitions when events arrive (ingestion). ${send}, then run \`pulumi up\` again; or remove the resource.`,
    );
  }
}

/** Whether a create was refused because this PostHog has none for the key (2025-08-04: 403; no route: 405). */
export const noCreate = (error: unknown) => error instanceof PostHogError && (error.status === 403 || error.status === 405);

/**
 * The EventDefinition lifecycle: a create takes the project's definition of its name over, else creates one where
 * this PostHog can (a lost answer is looked for by the name, which is unique), else says how PostHog makes one;
 * delete releases it.
 */
export class EventDefinitionLifecycle extends DefinitionLifecycle<EventDefinition> {
  protected readonly identityInputs = { name: null };
  // EventDefinitionSerializer.update refuses every write without the plan feature.
  protected readonly writableWithoutPlan = [];
  protected readonly enterpriseInputs = "description, owner, verified and hidden";

  /** `connection` replaces configuration and client, for tests and for programs that build their own. */
  constructor(connection?: { config: ProviderConfig; transport: Transport }) {
    super(eventDefinitionKind, eventDefinitionModel, connection);
  }

  protected override async obtain(projectId: number, body: Json): Promise<EventDefinitionRecord> {
    const name = String(body["name"]);
    const http = this.http();
    const found = async () => definitions.findEventDefinitionByName(http, projectId, name);
    const existing = await found();
    if (existing) return { ...existing, project_id: projectId };
    let made: EventDefinition | null;
    try {
      made = await definitions.createEventDefinition(http, projectId, name);
    } catch (error) {
      if (noCreate(error))
        throw this.notIngested(
          projectId,
          `named ${JSON.stringify(name)}`,
          `Send one event named ${JSON.stringify(name)} to the project (\`posthog.capture(${JSON.stringify(name)})\`)`,
        );
      // Created meanwhile (the name is taken), or a lost answer: the definition of this name is the one to manage.
      if (!(error instanceof PostHogError && (error.kind === "ambiguous" || (error.status === 400 && error.attr === "name")))) throw error;
      made = await found();
      if (!made) throw error;
    }
    return { ...made, project_id: projectId };
  }
}
