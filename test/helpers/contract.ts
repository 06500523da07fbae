/**
 * The contract every registered kind keeps (src/kinds/index.ts): its example (src/kinds/<kind>/example.ts) is created,
 * a preview right after shows no change, a change made by hand in PostHog shows as `old => new` and `pulumi up` puts it
 * back, a second create with the kind's adopt input takes the object over and changes nothing, `pulumi import` by each
 * of its id forms reads the same outputs, and destroy deletes it. Each step calls the kind's hosted provider
 * (`pulumi-posthog/provider`'s `<kind>Provider`, what a stack's serialized provider names) exactly as Pulumi's
 * dynamic-provider host does: configure, check, diff, create, read, update, delete, over HTTP.
 *
 * Registering a kind adds it here: nothing names a kind. The kinds run in the order their examples reference each
 * other (a ref's kind first) and are deleted in the reverse order; the project-scoped ones live in one project made for
 * the run.
 */
import type * as pulumi from "@pulumi/pulumi";
import { type Transport, users } from "../../src/client-entry";
import { kinds } from "../../src/kinds";
import { z } from "zod";
import { recordResult } from "../../src/functions/context";
import { ExampleLookup, ExampleRef, ExampleSecret, ExampleUser, type ExampleValue, markersIn } from "../../src/kit/example";
import { adoptInputOf, idForms, type Kind, keyFacts, placeFields, placementOf, scopeInput } from "../../src/kit/kind";
import * as hosted from "../../src/provider";
import { hosted as hostedRun } from "../../src/provider/host";
import type { SeedDefinitionsRequest } from "../../src/server";
import { eventDefinitionExample } from "../../src/kinds/event-definition/example";
import { propertyDefinitionExample } from "../../src/kinds/property-definition/example";

type Json = Record<string, unknown>;

/**
 * What PostHog's ingestion has made before a program declares the definition examples (EventDefinition,
 * PropertyDefinition: a create takes the definition over, and no PostHog creates a property definition over the
 * API): a run seeds it in the examples' project first (`POST /_control/projects/:id/definitions`).
 */
export const ingestedByExamples: SeedDefinitionsRequest = {
  events: [{ name: String(eventDefinitionExample.inputs["name"]) }],
  properties: [
    {
      name: String(propertyDefinitionExample.inputs["name"]),
      type: propertyDefinitionExample.inputs["type"] as "event",
    },
  ],
};

/** The kinds whose objects ingestion makes: a program declares them in a project seeded first. */
export const INGESTED_KINDS: readonly string[] = ["EventDefinition", "PropertyDefinition"];

/**
 * The kinds a program declares in that project: the ingested ones, the kinds whose examples reference one, and the
 * kinds those reference (an EventSchema names an EventDefinition and a SchemaPropertyGroup: PostHog refuses another
 * project's, "does not exist").
 */
export const BESIDE_INGESTED: readonly string[] = (() => {
  const beside = new Set(INGESTED_KINDS);
  const project = kinds.filter((kind) => kind.scope === "project");
  for (const kind of project) {
    const referenced = referencedKinds(kind.example.inputs as ExampleValue);
    if (referenced.some((name) => INGESTED_KINDS.includes(name)))
      for (const name of [kind.name, ...referenced]) if (project.some((k) => k.name === name)) beside.add(name);
  }
  return [...beside];
})();

/** Every registered kind, each after the kinds its example references. */
export const contractKinds: readonly Kind[] = byReferences(kinds);

function referencedKinds(value: ExampleValue): string[] {
  return markersIn(value, ExampleRef).map((ref) => ref.kind);
}

function byReferences(kinds: readonly Kind[]): Kind[] {
  const ordered: Kind[] = [];
  const visit = (kind: Kind, path: readonly string[]) => {
    if (ordered.includes(kind)) return;
    if (path.includes(kind.name)) throw new Error(`The examples reference each other in a circle: ${[...path, kind.name].join(" → ")}`);
    for (const name of referencedKinds(kind.example.inputs as ExampleValue)) {
      const referenced = kinds.find((k) => k.name === name);
      if (!referenced) throw new Error(`${kind.name}'s example references ${name}, which is not a registered kind.`);
      visit(referenced, [...path, kind.name]);
    }
    ordered.push(kind);
  };
  for (const kind of kinds) visit(kind, []);
  return ordered;
}

/**
 * The input a change by hand edits: the first of the example's inputs that is a plain string a change of which does not
 * replace the object (a name, a flag's key, an annotation's content). Undefined for an example without one.
 */
export function driftInput(kind: Kind): string | undefined {
  const specs = kind.schema().inputs;
  return Object.entries(kind.example.inputs).find(
    ([name, value]) => typeof value === "string" && specs[name]?.type === "string" && specs[name]?.willReplaceOnChanges !== true,
  )?.[0];
}

/**
 * The value written by hand: the example's, edited (valid wherever the example's is: a key's letters, a name's, a
 * warehouse view's name, which takes no "-").
 */
export const byHand = (value: string) => `${value}_by_hand`;

/**
 * The value a change by hand writes to a kind's input: for an input of a few values (a member's `level`), another of
 * them; for a date and time (a schedule's `scheduledAt`), a day later, in PostHog's own form; else the example's,
 * edited (`byHand`).
 */
export function driftValue(kind: Kind, input: string, value: string): string {
  const rule = kind.model?.spec.fields[postHogField(kind, input)]?.input;
  if (rule instanceof z.ZodEnum) return (rule.options as string[]).find((option) => option !== value)!;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(value)) {
    return new Date(Date.parse(value) + 24 * 3600 * 1000).toISOString().replace(".000Z", "Z");
  }
  return byHand(value);
}

/** The PostHog field of an input, from the kind's importer facts (PostHog's name → the input's). */
export function postHogField(kind: Kind, input: string): string {
  const field = Object.entries(kind.importer?.fields ?? {}).find(([, name]) => name === input)?.[0];
  if (!field) throw new Error(`${kind.name} declares no PostHog field for its input ${input} (its importer's fields).`);
  return field;
}

/**
 * Kinds whose example's updatable inputs are no plain string (an external data source's only one is its job inputs,
 * merged by PostHog): their drift made by hand is shown in their own tests, named here.
 */
export const DRIFTED_IN_OWN_TESTS: Readonly<Record<string, string>> = {
  ExternalDataSource: "test/kinds/external-data-source/lifecycle.test.ts",
};

/** The input a second create takes the object over with (`adoptId`, `adoptProjectId`). */
export function adoptInput(kind: Kind): string {
  if (!kind.importer) throw new Error(`${kind.name} has no importer facts: pulumi-posthog import does not adopt it.`);
  return adoptInputOf(kind);
}

/**
 * The ids `pulumi import` takes for an object, one per form the kind declares: a form with a scope
 * (`<projectId>/<id>`, `<organizationId>/<projectId>`) filled in, a bare id form (`the numeric id`, `the UUID`) as the id.
 */
export function importIds(kind: Kind, scope: string | number, id: string, parent?: unknown): Array<{ form: string; id: string }> {
  // A nested kind's forms name its parent: `<organizationId>/<roleId>/<id>`, `<roleId>/<id>`.
  const under = kind.parent ? `${String(parent)}/` : "";
  return idForms(placementOf(kind)).map((form) => ({
    form,
    id: /^<[^>]+>\/(<[^>]+>\/)?<[^>]+>$/.test(form) ? `${scope}/${under}${id}` : form.startsWith("<") ? `${under}${id}` : id,
  }));
}

/** The lifecycle Pulumi's dynamic-provider host loads for a kind: `require("pulumi-posthog/provider").<kind>Provider`. */
export function hostedProvider(kind: Kind): pulumi.dynamic.ResourceProvider {
  const exportName = `${kind.name.charAt(0).toLowerCase()}${kind.name.slice(1)}Provider`;
  const provider = (hosted as unknown as Record<string, pulumi.dynamic.ResourceProvider | undefined>)[exportName];
  if (!provider) throw new Error(`pulumi-posthog/provider exports no ${exportName}: the kind ${kind.name} cannot be hosted.`);
  return provider;
}

/** The object id as the kind's endpoints take it: a number, or a UUID. */
const objectId = (kind: Kind, id: string) => keyFacts(kind.identity.key).value(id);

/** Where a run creates: a PostHog, a key, its organization and the project made for the run. */
export interface ContractTarget {
  url: string;
  apiKey: string;
  organizationId: string;
  projectId: number;
  http: Transport;
  /** What the example's inputs become here (a real PostHog's run names its projects with the run's prefix). */
  adapt?: (kind: Kind, inputs: Json) => Json;
  /**
   * The value a lookup of the examples is called with here, for a sample value (the example's member
   * `ana@example.com`: one this PostHog has). Default: the sample.
   */
  lookupAs?: (sample: string) => Promise<string>;
}

/** One kind's object as the run made it: its id, its outputs after the last step, the inputs it was declared with. */
export interface Made {
  id: string;
  outs: Json;
  inputs: Json;
}

/** One run of the contract: the examples it created, by kind, and the user of its key. */
export class ContractRun {
  private readonly made = new Map<string, Made>();
  private userId: number | undefined;

  constructor(readonly target: ContractTarget) {}

  /**
   * The kind's hosted provider, configured with the target as a stack's `posthog:*` configuration. `ownRun`: a new one,
   * as the host process of an engine run of its own has (what a run's resources hold by adoption is that run's).
   */
  async provider(kind: Kind, ownRun = false): Promise<pulumi.dynamic.ResourceProvider> {
    const provider = ownRun ? hostedRun(kind) : hostedProvider(kind);
    const config: Record<string, string> = {
      "posthog:host": this.target.url,
      "posthog:apiKey": this.target.apiKey,
      "posthog:organizationId": this.target.organizationId,
      "posthog:projectId": String(this.target.projectId),
      "posthog:rateLimited": "false",
    };
    await provider.configure?.({ config: { get: (key: string) => config[key] } } as unknown as pulumi.dynamic.ConfigureRequest);
    return provider;
  }

  /** Where the kind's objects live: the organization, or the run's project. */
  scope(kind: Kind): string | number {
    return kind.scope === "organization" ? this.target.organizationId : this.target.projectId;
  }

  /** Where an object of the kind is, as its calls take it: its scope, and for a nested kind its parent from its outputs. */
  where(kind: Kind, outs: Json): unknown {
    return kind.parent ? { scope: this.scope(kind), parent: outs[kind.parent.input] } : this.scope(kind);
  }

  /** The example's inputs with every ref, secret and user resolved, in the run's project. */
  /**
   * The example's inputs as this run resolves them; `placeholders`: a reference to a kind this PostHog refuses too
   * (whose example was not created) is a well-formed id of it, for a create refused before PostHog reads it.
   */
  async inputs(kind: Kind, placeholders = false): Promise<Json> {
    const resolved = (await this.resolve(kind.example.inputs as ExampleValue, placeholders)) as Json;
    const inputs = kind.scope === "project" ? { [scopeInput(kind)]: this.target.projectId, ...resolved } : resolved;
    return this.target.adapt?.(kind, inputs) ?? inputs;
  }

  private async resolve(value: ExampleValue, placeholders: boolean): Promise<unknown> {
    if (value instanceof ExampleRef) {
      const made = this.made.get(value.kind);
      const referenced = kinds.find((k) => k.name === value.kind);
      if (!made && placeholders && referenced) return referenced.identity.key === "uuid" ? "00000000-0000-4000-8000-000000000000" : 1;
      if (!made) throw new Error(`The example of ${value.kind} was not created: its ${value.output} cannot be referenced.`);
      return made.outs[value.output];
    }
    if (value instanceof ExampleSecret) return value.sample;
    if (value instanceof ExampleUser)
      return value.field === "uuid" ? (await users.getCurrentUser(this.target.http)).uuid : this.currentUserId();
    if (value instanceof ExampleLookup) return this.lookedUp(value);
    if (Array.isArray(value)) return Promise.all(value.map((v) => this.resolve(v, placeholders)));
    if (value !== null && typeof value === "object") {
      const entries = await Promise.all(
        Object.entries(value).map(async ([k, v]) => [k, await this.resolve(v as ExampleValue, placeholders)] as const),
      );
      return Object.fromEntries(entries);
    }
    return value;
  }

  /** A lookup's output, as `get<Name>` answers it, by the kind's unique field. */
  private async lookedUp(lookup: ExampleLookup): Promise<unknown> {
    const kind = contractKinds.find((k) => k.name === lookup.kind);
    const unique = kind?.lookups?.uniqueBy;
    const sample = unique ? lookup.args[unique.input] : undefined;
    if (!kind || !unique || sample === undefined)
      throw new Error(`The examples' lookup get${lookup.kind} takes no unique field named in its arguments.`);
    const value = (await this.target.lookupAs?.(sample)) ?? sample;
    const found = await unique.find(this.target.http, this.scope(kind) as never, value);
    if (!found) throw new Error(`get${lookup.kind} finds nothing by ${unique.input} ${value} here: the run needs one.`);
    return recordResult(found, kind.identity.output, {})[lookup.output];
  }

  /**
   * The key's user, as `getCurrentUser().id` gives it (GET /api/users/@me/). PostHog 2025-08-04's UserSerializer
   * answers no `id` (src/client/users.ts): there it is the `created_by` (UserBasicSerializer, which has it) of an object
   * this run's key made.
   */
  private async currentUserId(): Promise<number> {
    this.userId ??= await this.readUserId();
    return this.userId;
  }

  private async readUserId(): Promise<number> {
    const me = await users.getCurrentUser(this.target.http);
    if (me.id !== undefined) return me.id;
    for (const [name, made] of this.made) {
      const kind = contractKinds.find((k) => k.name === name)!;
      const record = (await kind.api.get(this.target.http, this.where(kind, made.outs) as never, objectId(kind, made.id))) as {
        created_by?: { id?: number; uuid?: string };
      };
      if (record.created_by?.uuid === me.uuid && record.created_by.id !== undefined) return record.created_by.id;
    }
    throw new Error("Neither /api/users/@me/ nor any object this run made names the key's user's id.");
  }

  /** The kind's object as the last step left it. */
  madeOf(kind: Kind): Made {
    const made = this.made.get(kind.name);
    if (!made) throw new Error(`${kind.name}'s example was not created in this run.`);
    return made;
  }

  /** The kind's object after a step: the later steps, and the kinds referencing it, use it. */
  record(kind: Kind, made: Made): void {
    this.made.set(kind.name, made);
  }

  /** The kind's object is deleted. */
  forget(kind: Kind): void {
    this.made.delete(kind.name);
  }
}

/** What a run against the local server can also see: the requests PostHog received. */
export interface Requests {
  clear(): Promise<void>;
  /** The writes received since `clear`: their method and the fields of their body. */
  writes(): Promise<Array<{ method: string; bodyKeys?: string[] | undefined }>>;
}

/** A kind's example a PostHog refuses to the run's key: why (with PostHog's source), and its answer. */
export interface Refusal {
  readonly why: string;
  readonly refusal: RegExp;
}

/**
 * What PostHog 2025-08-04 refuses of the examples, to a key as the local server's and the acceptance tier's (an
 * organization without the Data Pipelines addon, as a self-hosted one is).
 */
export const refusedBy2025_08_04: Readonly<Record<string, Refusal>> = {
  SchemaPropertyGroup: {
    why: 'PostHog 2025-08-04 has no schema management (its posthog/api/__init__.py routes no schema_property_groups: 404 "Endpoint not found.")',
    refusal: /This PostHog has no schema management/,
  },
  EventSchema: {
    why: 'PostHog 2025-08-04 has no schema management (its posthog/api/__init__.py routes no event_schemas: 404 "Endpoint not found.")',
    refusal: /This PostHog has no schema management/,
  },
  HogFunction: {
    why: "PostHog 2025-08-04 creates no function but a transformation without a template where the organization lacks the Data Pipelines addon (HogFunctionSerializer.validate, posthog/api/hog_function.py), and the example is a destination",
    refusal: /The Data Pipelines addon is required to create custom functions/,
  },
  LogsAlert: {
    why: "PostHog 2025-08-04 has no log alerts (its products/logs/backend/ serves the log query only): its router answers 404",
    refusal: /This PostHog has no log alerts \(PostHog 2025-08-04 and older serve none\)/,
  },
  LogsAlertDestination: {
    why: "PostHog 2025-08-04 has no log alerts, so none of their destinations: its router answers 404",
    refusal: /This PostHog has no log alerts \(PostHog 2025-08-04 and older serve none\)/,
  },
  ErrorTrackingSeverityRule: {
    why: "PostHog 2025-08-04 has no severity rules (its posthog/api/__init__.py routes no error_tracking/severity_rules): its router answers 404",
    refusal: /This PostHog has no error tracking severity rules \(PostHog 2025-08-04 and older serve none\)/,
  },
  ErrorTrackingBypassRule: {
    why: "PostHog 2025-08-04 has no bypass rules (its posthog/api/__init__.py routes no error_tracking/bypass_rules): its router answers 404",
    refusal: /This PostHog has no error tracking bypass rules \(PostHog 2025-08-04 and older serve none\)/,
  },
  ErrorTrackingSettings: {
    why: "PostHog 2025-08-04 has no error tracking settings (its posthog/api/__init__.py routes no error_tracking/settings): its router answers 404",
    refusal: /This PostHog has no error tracking settings \(PostHog 2025-08-04 and older serve none\)/,
  },
  ErrorTrackingSpikeDetectionConfig: {
    why: "PostHog 2025-08-04 has no spike detection (its posthog/api/__init__.py routes no error_tracking/spike_detection_config): its router answers 404",
    refusal: /This PostHog has no error tracking spike detection \(PostHog 2025-08-04 and older serve none\)/,
  },
  MessagingTemplate: {
    why: "PostHog 2025-08-04 serves messaging templates to its web app only (MessageTemplatesViewSet under /api/environments/ alone, scope_object INTERNAL, products/messaging/backend/api/message_templates.py): under /api/projects/ its router answers 404",
    refusal: /This PostHog serves messaging templates to its web app only \(PostHog 2025-08-04 and older/,
  },
  DashboardTemplate: {
    why: "PostHog 2025-08-04 lets staff alone write dashboard templates (OnlyStaffCanEditDashboardTemplate, posthog/api/dashboards/dashboard_templates.py), and the key's user is not staff",
    refusal: /You don't have edit permissions for this dashboard template\..*PostHog 2025-08-04 and older, staff alone/s,
  },
  LogsMetricRule: {
    why: "PostHog 2025-08-04 has no log metric rules (its products/logs/backend/ serves the log query only): its router answers 404",
    refusal: /This PostHog has no log metric rules \(PostHog 2025-08-04 and older serve none\)/,
  },
  Endpoint: {
    why: "PostHog 2025-08-04 has no endpoints (no products/endpoints, nothing routed as endpoints in posthog/api/__init__.py): its router answers 404",
    refusal: /This PostHog has no endpoints \(PostHog 2025-08-04 and older serve none\)/,
  },
  LlmEvaluation: {
    why: "PostHog 2025-08-04 has no LLM evaluations (its products/llm_observability/ serves the LLM proxy only): its router answers 404",
    refusal: /This PostHog has no LLM evaluations \(PostHog 2025-08-04 and older serve none\)/,
  },
  LlmScoreDefinition: {
    why: "PostHog 2025-08-04 has no score definitions (its products/llm_observability/ serves the LLM proxy only): its router answers 404",
    refusal: /This PostHog has no score definitions \(PostHog 2025-08-04 and older serve none\)/,
  },
  ProductTour: {
    why: "PostHog 2025-08-04 has no product tours (its products/ has no product_tours): its router answers 404",
    refusal: /This PostHog has no product tours \(PostHog 2025-08-04 and older serve none\)/,
  },
  LogsView: {
    why: "PostHog 2025-08-04 has no saved logs views (LogsView came with products/logs/backend/migrations/0002_logsview): its router answers 404",
    refusal: /This PostHog has no saved logs views \(PostHog 2025-08-04 and older serve none\)/,
  },
  LogsSamplingRule: {
    why: "PostHog 2025-08-04 has no logs sampling rules (they came with products/logs/backend/migrations/0009_logssamplingrule): its router answers 404",
    refusal: /This PostHog has no logs sampling rules \(PostHog 2025-08-04 and older serve none\)/,
  },
};

export interface ContractOptions {
  /** "PostHog 2025-08-04", as the cases' titles say which PostHog answered. */
  postHog: string;
  run: () => ContractRun;
  requests?: () => Requests;
  /**
   * Kinds this PostHog does not serve to the run's key, each with why: their case asserts that refusal (the create of
   * the example fails with `refusal`) instead of the lifecycle.
   */
  refused?: Readonly<Record<string, Refusal>>;
}

/**
 * The contract's cases for every registered kind, in steps as a stack lives them: every example created (in reference
 * order), each previewed without change, each drifted by hand and put back, adopted, imported; then every one deleted
 * (in the reverse order). Registers its tests in the calling describe block.
 */
export function contractCases(options: ContractOptions): void {
  const { postHog, run } = options;
  const served = contractKinds.filter((kind) => !options.refused?.[kind.name]);
  const named = (kind: Kind, what: string) => `${kind.name} (${postHog}): ${what}`;
  const scoped = (kind: Kind, outs: Json) => run().where(kind, outs) as never;

  for (const kind of served) {
    test(named(kind, `up creates its example, ${kind.identity.output} its id`), async () => {
      const provider = await run().provider(kind);
      const inputs = await run().inputs(kind);
      const checked = await provider.check!({}, inputs);
      expect(checked.failures).toBeUndefined();
      const created = await provider.create(checked.inputs);
      const outs = created.outs as Json;
      expect(outs[kind.identity.output]).toBe(objectId(kind, created.id));
      run().record(kind, { id: created.id, outs, inputs: checked.inputs });
      await expect(kind.api.get(run().target.http, scoped(kind, outs), objectId(kind, created.id))).resolves.toMatchObject({
        id: objectId(kind, created.id),
      });
    });
  }

  for (const [name, { why, refusal }] of Object.entries(options.refused ?? {})) {
    const kind = contractKinds.find((k) => k.name === name)!;
    test(named(kind, `refused here: ${why}; up fails saying so`), async () => {
      const provider = await run().provider(kind);
      await expect(provider.create(await run().inputs(kind, true))).rejects.toThrow(refusal);
    });
  }

  for (const kind of served.filter((k) => k.listReads)) {
    // A kind's `listReads` (src/kit/list-reads.ts) says its list answers each object as its GET does: reads that
    // arrive together are answered from it, so a refresh's outputs must not depend on which of the two answered.
    test(named(kind, "its list answers the object as its GET does (list reads)"), async () => {
      const { id, outs } = run().madeOf(kind);
      const where = scoped(kind, outs);
      const key = String(objectId(kind, id)).toLowerCase();
      const listed: Array<{ readonly id: unknown }> = [];
      for await (const page of kind.listReads!(run().target.http, where)) listed.push(...page.results);
      const found = listed.find((record) => String(record.id).toLowerCase() === key);
      expect(found).toBeDefined();
      const got = await kind.api.get(run().target.http, where, objectId(kind, id));
      expect({ ...found, ...placeFields(placementOf(kind), where) }).toEqual(got);
    });
  }

  for (const kind of served) {
    test(named(kind, "a preview right after up shows no change, nor after a refresh"), async () => {
      const { id, outs, inputs } = run().madeOf(kind);
      const provider = await run().provider(kind);
      await options.requests?.().clear();
      expect((await provider.diff!(id, outs, inputs)).changes).toBe(false);
      // A refresh reads PostHog's forms back as the program's own inputs.
      const refreshed = await provider.read!(id, outs);
      expect(refreshed.inputs).toEqual(inputs);
      expect((await provider.diff!(id, refreshed.props as Json, inputs)).changes).toBe(false);
      if (options.requests) expect(await options.requests().writes()).toEqual([]);
    });
  }

  for (const kind of served.filter((k) => driftInput(k) === undefined && !Object.hasOwn(DRIFTED_IN_OWN_TESTS, k.name))) {
    // A kind whose example has no plain text PostHog changes in place: a kind PostHog changes nothing of in place (an
    // invite, a proxy record, a role membership: no change by hand is possible through its API, and a change of any
    // input in the program replaces the object), or one whose example declares only structures (an error tracking
    // rule's filters: its own tests drift them by hand). Each input the schema says replaces it does, the others not.
    test(named(kind, "a change of an input replaces it where its schema says so, and only there"), async () => {
      const { id, outs, inputs: declared } = run().madeOf(kind);
      const provider = await run().provider(kind);
      for (const input of Object.keys(kind.example.inputs)) {
        const replaces = kind.schema().inputs[input]?.willReplaceOnChanges === true ? [input] : [];
        const other = typeof declared[input] === "string" ? "00000000-0000-4000-8000-000000000000" : 1;
        expect({ input, diff: await provider.diff!(id, outs, { ...declared, [input]: other }) }).toMatchObject({
          input,
          diff: { changes: true, replaces },
        });
      }
    });
  }

  for (const kind of served.filter((k) => driftInput(k) !== undefined)) {
    const field = driftInput(kind)!;
    test(named(kind, `drift made by hand shows ${field} old => new and up puts it back`), async () => {
      const { id, outs, inputs } = run().madeOf(kind);
      const provider = await run().provider(kind);
      const old = inputs[field] as string;
      const edited = driftValue(kind, field, old);
      // The value written by hand is one the kind's own rules accept.
      expect((await provider.check!({}, { ...inputs, [field]: edited })).failures).toBeUndefined();
      const postHogName = postHogField(kind, field);
      await kind.api.update(run().target.http, scoped(kind, outs), objectId(kind, id), { [postHogName]: edited });

      // A refresh gives the engine the live inputs: this one differs (shown `old => new`), nothing else.
      const drifted = await provider.read!(id, outs);
      expect(drifted.inputs).toEqual({ ...inputs, [field]: edited });
      expect(await provider.diff!(id, drifted.props as Json, inputs)).toMatchObject({ changes: true, replaces: [] });

      // `pulumi up` puts it back in place, one write of it (a PATCH; an access control's upsert is a PUT), and then
      // there is nothing left to change.
      await options.requests?.().clear();
      const restored = (await provider.update!(id, drifted.props as Json, inputs)).outs as Json;
      if (options.requests)
        expect(await options.requests().writes()).toEqual([
          { method: expect.stringMatching(/^(PATCH|PUT)$/), bodyKeys: expect.arrayContaining([postHogName]) },
        ]);
      const live = (await kind.api.get(run().target.http, scoped(kind, outs), objectId(kind, id))) as Json;
      expect(live[postHogName]).toBe(old);
      expect((await provider.diff!(id, restored, inputs)).changes).toBe(false);
      run().record(kind, { id, outs: restored, inputs });
    });
  }

  for (const kind of served) {
    // A singleton has no adopt input: every create takes the project's over.
    const by = kind.singleton ? undefined : adoptInput(kind);
    test(named(kind, `adoption: a second create${by ? ` with ${by}` : ""} takes the object over and changes nothing`), async () => {
      const { id, outs, inputs } = run().madeOf(kind);
      // A run of its own: the resources of the contract's run are deleted at its end, the adopting one is not.
      const provider = await run().provider(kind, true);
      const adopting = by ? { ...inputs, [by]: objectId(kind, id) } : inputs;
      expect((await provider.check!({}, adopting)).failures).toBeUndefined();
      await options.requests?.().clear();
      const adopted = await provider.create(adopting);
      expect(adopted.id).toBe(id);
      if (options.requests) expect(await options.requests().writes()).toEqual([]);
      const held = Object.fromEntries(Object.entries(adopted.outs as Json).filter(([name]) => name !== by));
      expect(withoutRecord(held)).toEqual(withoutRecord(outs));
      expect((await provider.diff!(id, adopted.outs as Json, adopting)).changes).toBe(false);
    });
  }

  for (const kind of served) {
    test(named(kind, `import by ${idForms(placementOf(kind)).join(" or by ")} reads the same outputs`), async () => {
      const { id, outs } = run().madeOf(kind);
      const provider = await run().provider(kind);
      const refreshed = (await provider.read!(id, outs)).props as Json;
      for (const imported of importIds(kind, run().scope(kind), id, kind.parent && outs[kind.parent.input])) {
        // `pulumi import` reads with the id alone: no outputs, no recorded inputs.
        const read = await provider.read!(imported.id);
        expect({ form: imported.form, id: read.id }).toEqual({ form: imported.form, id });
        // Its outputs are those of the import's inputs (`importInputs`) and PostHog's own: each as a refresh reads it.
        const outputs = read.props as Json;
        expect(Object.keys(outputs)).toEqual(expect.arrayContaining([kind.identity.output, ...kind.importInputs]));
        expect(refreshed).toMatchObject(outputs);
      }
    });
  }

  for (const kind of [...served].reverse()) {
    const released = kind.deletion === "release";
    const what = released
      ? "destroy stops managing it and leaves it in PostHog, as a refresh then finds it"
      : "destroy deletes it, and a refresh then finds it gone";
    test(named(kind, what), async () => {
      const { id, outs } = run().madeOf(kind);
      const provider = await run().provider(kind);
      await options.requests?.().clear();
      await provider.delete!(id, outs);
      if (released) {
        if (options.requests) expect(await options.requests().writes()).toEqual([]);
        expect((await provider.read!(id, outs)).id).toBe(id);
      } else expect(await provider.read!(id, outs)).toEqual({});
      run().forget(kind);
    });
  }
}

/** Outputs without what the state records of the program (its declared inputs): what PostHog holds. */
function withoutRecord(outs: Json): Json {
  const { declaredInputs: _, ...held } = outs;
  return held;
}
