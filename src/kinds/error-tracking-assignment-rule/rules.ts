/**
 * What PostHog's three error tracking rules share, and so the three kinds (assignment, grouping and suppression rules:
 * src/kinds/error-tracking-*-rule/): each a team's ordered list under `/api/environments/<id>/error_tracking/<path>/`
 * only (posthog/api/__init__.py registers them on `environments_router`; `/api/projects/<id>/` answers 404, measured
 * on 2025-08-04), scope `error_tracking`, keyed by UUID, answered `{id, filters, order_key, …}` (today's viewsets:
 * products/error_tracking/backend/api/{assignment,grouping,suppression}_rules.py; PostHog 2025-08-04's:
 * posthog/api/error_tracking.py; models …/models/error_tracking/error_tracking.py).
 *
 * - `filters` is a property group (`PropertyGroupFilterValue`, posthog/schema.py): `{"type": "AND" | "OR", "values":
 *   [...]}`, each value a property filter or a nested group. PostHog stores it as sent.
 * - Their `update`s are PostHog's own, not DRF's: they answer 204 `{"ok": true}` (the record is read back), change only
 *   what is sent and truthy (`if filters:`, `if assignee:`), so nothing can be cleared by an update.
 * - `order_key` is set by the `reorder` action only (`PATCH …/reorder/ {"orders": {id: key}}`, RuleReorderingMixin), a
 *   `@action` without `required_scopes`, which refuses every personal API key (posthog/permissions.py
 *   APIScopePermission: 403 "This action does not support Personal API Key access", measured on 2025-08-04): it is an
 *   output. A create starts at 0 (today's assignment rule create also takes `order_key`).
 * - `disabled_data` is written by PostHog's pipeline when a rule fails (`{"message": …}`): an output.
 * - DELETE is ModelViewSet's (today's `destroy`): gone for good, 204.
 * - Nothing records who made a rule, and PostHog 2025-08-04 answers no creation time: a create whose answer was lost
 *   cannot show a rule to be its own, so none is ever taken; the rules holding what it sent are named.
 */
import { z } from "zod";
import { PostHogError, type Transport } from "../../client";
import * as objects from "../../client/project-objects";
import type { ProviderConfig } from "../../kit/config";
import type { KindExample } from "../../kit/example";
import { FieldTableLifecycle } from "../../kit/field-lifecycle";
import { type FieldModel, type InProject, projectScopedApi, projectScopedImport, tableInputs, tableOutputs } from "../../kit/field-model";
import type { Equality, FieldDef, FieldTable } from "../../kit/field-table";
import { isPlainObject } from "../../kit/json";
import { adoptInputOf, type Kind, keyFacts } from "../../kit/kind";
import type { Json } from "../../kit/lifecycle";
import { listedPages } from "../../kit/list-reads";
import { notTakenMessage } from "../../kit/lost-create";
import { ANY } from "../../kit/property";
import { camelCase } from "../../kit/names";
import { kindNames } from "../../kit/tokens";
import { isUnknown } from "../../kit/unknown";

/** Where PostHog's rules are, for the docs and messages. */
export const RULES_SOURCE = "products/error_tracking/backend/api/ (posthog/api/error_tracking.py in PostHog 2025-08-04)";

/** The record fields every rule answers with. */
export const ruleAnswer = {
  id: z.string(),
  filters: z.unknown(),
  order_key: z.number().int(),
  /** Absent from PostHog 2025-08-04's suppression rules. */
  disabled_data: z.unknown().optional(),
  /** Today's PostHog only. */
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
};

/** `get_assignee`: `{"type": "user", "id": <user id>}`, `{"type": "role", "id": "<role uuid>"}`, or null. */
export const assigneeAnswer = z.looseObject({ type: z.string(), id: z.union([z.number(), z.string()]) }).nullable();

export type RuleRecord = { id: string; order_key: number; filters?: unknown; disabled_data?: unknown; created_at?: string | null };

const GROUP = `a property group {"type": "AND" | "OR", "values": [...]}, each value a property filter or a nested group (PropertyGroupFilterValue, posthog/schema.py)`;

/** Where a value is not a property group as PostHog's `PropertyGroupFilterValue(**filters)` parses one. */
function groupProblem(value: unknown, path: (string | number)[]): { message: string; path: (string | number)[] } | undefined {
  if (!isPlainObject(value)) return { message: `must be ${GROUP}`, path };
  if (value["type"] !== "AND" && value["type"] !== "OR")
    return { message: `type must be "AND" or "OR" (${GROUP})`, path: [...path, "type"] };
  const values = value["values"];
  if (!Array.isArray(values)) return { message: `values must be a list (${GROUP})`, path: [...path, "values"] };
  for (const [i, item] of values.entries()) {
    if (!isPlainObject(item)) return { message: `must be a property filter or a nested group (${GROUP})`, path: [...path, "values", i] };
    // A property filter has a `value`; a nested group has `values`.
    if (Object.hasOwn(item, "values")) {
      const problem = groupProblem(item, [...path, "values", i]);
      if (problem) return problem;
    }
  }
  return undefined;
}

/** A rule's `filters`: PostHog stores the group as sent, so it compares as JSON. */
export function filtersField(doc: string): FieldDef {
  return {
    input: z.unknown().superRefine((value, ctx) => {
      const problem = groupProblem(value, []);
      if (problem) ctx.addIssue({ code: "custom", message: problem.message, path: problem.path });
    }),
    type: '{ type: "AND" | "OR"; values: Record<string, unknown>[] }',
    doc,
  };
}

const ASSIGNEE_RULE = `must be {"type": "user", "id": <a user's numeric id>} or {"type": "role", "id": "<a role's UUID>"} (ErrorTrackingAssignmentRuleAssigneeRequestSerializer, ${RULES_SOURCE})`;

/** A user's id as today's assignee id field takes it: an integer, or its digits as a string. */
const isUserId = (id: unknown) => (typeof id === "number" && Number.isInteger(id)) || (typeof id === "string" && /^[0-9]+$/.test(id));

/** The assignee PostHog answers is the one sent (a user's id as a number, a role's UUID in lower case). */
const sameAssignee: Equality = (declared, live) => {
  if (!isPlainObject(declared) || !isPlainObject(live)) return (declared ?? null) === (live ?? null);
  return declared["type"] === live["type"] && String(declared["id"]).toLowerCase() === String(live["id"]).toLowerCase();
};

/** A rule's `assignee`: a user (by numeric id) or a role (by UUID); `nullable` where the rule may have none. */
export function assigneeField(doc: string, nullable: boolean): FieldDef {
  const assignee = z
    .looseObject({ type: z.enum(["user", "role"], { error: ASSIGNEE_RULE }), id: z.unknown() }, { error: ASSIGNEE_RULE })
    .refine((value) => (value.type === "user" ? isUserId(value.id) : keyFacts("uuid").is(value.id)), { error: ASSIGNEE_RULE });
  return {
    input: nullable ? assignee.nullable() : assignee,
    equal: sameAssignee,
    // The id may be another resource's output (a Role's `roleId`).
    type: {
      input: `{ type: "user"; id: pulumi.Input<number> } | { type: "role"; id: pulumi.Input<string> }${nullable ? " | null" : ""}`,
      output: `{ type: "user"; id: number } | { type: "role"; id: string }${nullable ? " | null" : ""}`,
    },
    doc,
  };
}

/** The outputs every rule has from its record besides its id and project. */
export function ruleOutputs(record: RuleRecord): Json {
  return { filters: (record.filters ?? null) as Json, orderKey: record.order_key, disabledData: (record.disabled_data ?? null) as Json };
}

export const ruleOutputTypes = {
  filters: {
    type: '{ type: "AND" | "OR"; values: Record<string, unknown>[] }',
    doc: "Which exceptions the rule matches, as PostHog stores them.",
  },
  orderKey: {
    type: "number",
    doc: "Where the rule stands in the project's order (lowest first; PostHog evaluates its rules in this order). PostHog starts every rule at 0; only its interface reorders them (its `reorder` action refuses personal API keys).",
  },
  disabledData: {
    type: "Record<string, unknown> | null",
    doc: "Why PostHog disabled the rule (`{message, …}`: its filters failed on an event), or null while it is enabled.",
  },
} as const;

/** One rule kind's endpoints, under `/api/environments/<id>/error_tracking/<path>/`. */
export function ruleEndpoints<S extends z.ZodType<{ id: string }>>(path: string, noun: string, schema: S) {
  return objects.endpoints<S, string>({
    path: `error_tracking/${path}`,
    noun,
    schema,
    root: "environments",
    readBack: true,
    // Today's grouping rules are listed whole (`pagination_class = None`), the others 100 to a page.
    mayListWhole: true,
  });
}

export type RuleEndpoints<S extends z.ZodType<{ id: string }>> = ReturnType<typeof ruleEndpoints<S>>;

/** What makes one rule kind besides what they share. */
export interface RuleFacts<R extends RuleRecord, S extends z.ZodType<R>> {
  readonly name: string;
  readonly noun: string;
  /** The output holding its UUID: `assignmentRuleId`. */
  readonly idOutput: string;
  readonly description: string;
  readonly fields: FieldTable;
  readonly endpoints: RuleEndpoints<S>;
  readonly model: FieldModel<R>;
  readonly example: KindExample;
  /** The inputs always present besides its id, its project and its filters. */
  readonly required: readonly string[];
  /** The fields PostHog sets on create only (PostHog's names): changing one replaces the rule. */
  readonly createOnly: readonly string[];
  /** PostHog's own values of the fields nobody set (the importer leaves them out). */
  readonly defaults: Readonly<Record<string, unknown>>;
  readonly lifecycle: () => RuleLifecycle<R, S>;
}

/** One rule kind's `Kind`: project-scoped, keyed by UUID, deleted by DELETE, listed whole or 100 to a page. */
export function ruleKind<R extends RuleRecord, S extends z.ZodType<R>>(facts: RuleFacts<R, S>): Kind<"project", InProject<R>> {
  const { endpoints, fields, noun } = facts;
  const list = (http: Transport, projectId: number) => endpoints.listAll(http, projectId);
  return {
    ...kindNames(facts.name),
    example: facts.example,
    noun,
    scope: "project",
    identity: { output: facts.idOutput, key: "uuid" },
    deletion: "delete",
    importInputs: ["projectId", "filters"],
    api: projectScopedApi<R, string>({ get: endpoints.get, update: endpoints.update, remove: endpoints.destroy }),
    // The list answers each rule with the serializer its GET answers with (both versions).
    listReads: listedPages(endpoints.pages),
    schema: () => ({
      description: facts.description,
      inputs: Object.fromEntries(
        Object.entries(tableInputs(fields, noun, { key: "uuid" })).map(([input, spec]) => [
          input,
          facts.createOnly.some((field) => camelCase(field) === input) ? { ...spec, willReplaceOnChanges: true } : spec,
        ]),
      ),
      outputs: tableOutputs(
        fields,
        noun,
        {
          [facts.idOutput]: { type: "string", description: `The ${noun}'s UUID in PostHog.` },
          orderKey: { type: "integer", description: ruleOutputTypes.orderKey.doc },
          disabledData: { type: "object", additionalProperties: ANY, description: ruleOutputTypes.disabledData.doc },
        },
        { key: "uuid" },
      ),
      required: [facts.idOutput, "projectId", "filters", "orderKey", ...facts.required],
    }),
    lookups: {
      list,
      outputs: {
        filters: { type: "object", additionalProperties: ANY },
        orderKey: { type: "integer" },
        disabledData: { type: "object", additionalProperties: ANY, nullable: true },
      },
    },
    model: facts.model,
    lifecycle: facts.lifecycle,
    importer: projectScopedImport<R>(fields, {
      list,
      defaults: facts.defaults,
      label: (rule) => `${noun} ${rule.id}`,
    }),
  };
}

/**
 * A rule kind's lifecycle: the kit's field-table lifecycle with its create, never resent blindly, and the fields
 * PostHog sets on create only (`createOnly`: changing one replaces the rule, as no update of PostHog's changes it).
 */
export abstract class RuleLifecycle<R extends RuleRecord, S extends z.ZodType<R>> extends FieldTableLifecycle<R> {
  constructor(
    kind: Kind<"project", InProject<R>>,
    private readonly rules: FieldModel<R>,
    private readonly endpoints: RuleEndpoints<S>,
    private readonly createOnly: readonly string[],
    connection?: { config: ProviderConfig; transport: Transport },
  ) {
    super(kind, rules, connection);
  }

  protected override replaces(olds: Json, news: Json): string[] {
    const changed = this.createOnly.filter((field) => {
      const value = news[this.rules.inputName(field)];
      return isUnknown(value) || !this.rules.valuesEqual(field, value ?? null, this.rules.outputValue(olds, field) ?? null);
    });
    return [...super.replaces(olds, news), ...changed.map((field) => this.rules.inputName(field))];
  }

  protected override async obtain(projectId: number, body: Json): Promise<InProject<R>> {
    const started = Date.now();
    try {
      return { ...(await this.endpoints.create(this.http(), projectId, body)), project_id: projectId };
    } catch (error) {
      if (!(error instanceof PostHogError && error.kind === "ambiguous")) throw error;
      throw new Error(`${error.message} ${await this.lostCreate(projectId, body, started)}`);
    }
  }

  /**
   * What to do after a create whose answer was lost: the rules created since it was sent (PostHog 2025-08-04 does not
   * say when: all of them) that hold what it sent are named, and none is taken, since PostHog does not record who
   * made a rule: any of them may be another program's.
   */
  private async lostCreate(projectId: number, body: Json, started: number): Promise<string> {
    const { noun } = this.kind;
    let found: R[];
    try {
      found = await this.endpoints.listAll(this.http(), projectId);
    } catch (lookupError) {
      return `Checking whether it was created failed too: ${(lookupError as Error).message} Look in the project's error tracking rules for ${noun}s holding these filters: if one is this program's, set \`${adoptInputOf(this.kind)}\` to its id and run \`pulumi up\` again; if none, run \`pulumi up\` again.`;
    }
    // Those PostHog's clock shows to be older than the create are not it (src/kit/lost-create.ts).
    const since = this.http().postHogTimeAtLeast(started);
    const alike = found.filter(
      (rule) =>
        !(since !== undefined && typeof rule.created_at === "string" && Date.parse(rule.created_at) + 1 <= since) &&
        Object.entries(body).every(
          ([field, value]) => !Object.hasOwn(rule, field) || this.rules.valuesEqual(field, value, (rule as Record<string, unknown>)[field]),
        ),
    );
    if (alike.length === 0) return `No ${noun} holding what was sent was created; run \`pulumi up\` again.`;
    const why = "PostHog does not record who made a rule, so it cannot be shown to be this create's";
    return notTakenMessage(
      noun,
      "holding these filters",
      alike.map((candidate) => ({ candidate, why, recent: true })),
      { input: adoptInputOf(this.kind), otherwise: "delete it in PostHog and run `pulumi up` again" },
    );
  }
}

/** One rule kind's lifecycle class; its kind is read when one is made (the kind names its lifecycle too). */
export function ruleLifecycle<R extends RuleRecord, S extends z.ZodType<R>>(
  kind: () => Kind<"project", InProject<R>>,
  model: FieldModel<R>,
  endpoints: RuleEndpoints<S>,
  createOnly: readonly string[],
): new (connection?: {
  config: ProviderConfig;
  transport: Transport;
}) => RuleLifecycle<R, S> {
  return class extends RuleLifecycle<R, S> {
    /** `connection` replaces configuration and client, for tests and for programs that build their own. */
    constructor(connection?: { config: ProviderConfig; transport: Transport }) {
      super(kind(), model, endpoints, createOnly, connection);
    }
  };
}
