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
import type { KindLifecycle } from "../../kit/define-kind";
import { type Equality, type FieldDef, type FieldTable, inputNameOf, tableValuesEqual } from "../../kit/field-table";
import { isPlainObject } from "../../kit/json";
import { adoptInputOf, keyFacts } from "../../kit/kind";
import type { Json } from "../../kit/lifecycle";
import { listedPages } from "../../kit/list-reads";
import { notTakenMessage } from "../../kit/lost-create";
import { ANY, type PropertySpec } from "../../kit/property";
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

/**
 * `has_filter_values` (products/error_tracking/backend/logic/rules.py): a property filter (a `key`) in the group or in
 * a nested one; an entry that is no object counts (PostHog's parser then refuses it).
 */
function hasFilterValues(group: Record<string, unknown>): boolean {
  const values = group["values"];
  if (!Array.isArray(values)) return false;
  return values.some((value) => !isPlainObject(value) || Object.hasOwn(value, "key") || hasFilterValues(value));
}

/**
 * A rule's `filters`: PostHog stores the group as sent, so it compares as JSON. `oneFilter`: PostHog's words where
 * every PostHog that has the kind refuses a group without a property filter (`has_filter_values`).
 */
export function filtersField(doc: string, oneFilter?: string): FieldDef {
  return {
    input: z.unknown().superRefine((value, ctx) => {
      const problem = groupProblem(value, []);
      if (problem) ctx.addIssue({ code: "custom", message: problem.message, path: problem.path });
      else if (oneFilter && isPlainObject(value) && !hasFilterValues(value))
        ctx.addIssue({ code: "custom", message: `must hold at least one property filter (${oneFilter}, ${RULES_SOURCE})` });
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

/** What makes one rule kind's shared facts its own. */
export interface RuleFacts<R extends RuleRecord, S extends z.ZodType<R>> {
  readonly noun: string;
  /** The output holding its UUID: `assignmentRuleId`. */
  readonly idOutput: string;
  readonly fields: FieldTable;
  readonly endpoints: RuleEndpoints<S>;
  /** The inputs PostHog requires, each with PostHog's words. */
  readonly required: Readonly<Record<string, string>>;
  /** The fields PostHog sets on create only (PostHog's names): changing one replaces the rule. */
  readonly createOnly: readonly string[];
  /** PostHog's own values of the fields nobody set (the importer leaves them out). */
  readonly defaults: Readonly<Record<string, unknown>>;
}

/**
 * What the three rule kinds' declarations share (`defineKind({...ruleKindFacts(...), ...})`): project-scoped, keyed by
 * UUID, deleted by DELETE, listed whole or 100 to a page; their create never resent blindly, and the fields PostHog
 * sets on create only (`createOnly`: changing one replaces the rule, as no update of PostHog's changes it).
 */
export function ruleKindFacts<R extends RuleRecord, S extends z.ZodType<R>>(facts: RuleFacts<R, S>) {
  const { endpoints, fields, noun, idOutput, createOnly } = facts;
  const list = (http: Transport, projectId: number) => endpoints.listAll(http, projectId);
  const { required } = facts;
  return {
    scope: "project",
    identity: { output: idOutput, key: "uuid", doc: `The ${noun}'s UUID in PostHog.` },
    deletion: "delete",
    importInputs: ["projectId", "filters"],
    endpoints: { get: endpoints.get, update: endpoints.update, remove: endpoints.destroy },
    // The list answers each rule with the serializer its GET answers with (both versions).
    listReads: listedPages(endpoints.pages),
    inputs: (table: Record<string, PropertySpec>) =>
      Object.fromEntries(
        Object.entries(table).map(([input, spec]) => [
          input,
          createOnly.some((field) => inputNameOf(fields, field) === input) ? { ...spec, willReplaceOnChanges: true } : spec,
        ]),
      ),
    outputs: {
      orderKey: { type: "integer", description: ruleOutputTypes.orderKey.doc },
      disabledData: { type: "object", additionalProperties: ANY, description: ruleOutputTypes.disabledData.doc },
    },
    alwaysPresent: [...new Set([idOutput, "projectId", "filters", "orderKey", ...Object.keys(required)])],
    required,
    fixedOutputs: ruleOutputs,
    outputTypes: ruleOutputTypes,
    lookups: {
      list,
      outputs: {
        filters: { type: "object", additionalProperties: ANY },
        orderKey: { type: "integer" },
        disabledData: { type: "object", additionalProperties: ANY, nullable: true },
      },
    },
    importer: { list, defaults: facts.defaults, label: (rule: R) => `${noun} ${rule.id}` },
    hooks: {
      replaces(this: KindLifecycle<"project", R, number>, olds: Json, news: Json): string[] {
        const changed = createOnly.filter((field) => {
          const input = inputNameOf(fields, field);
          return isUnknown(news[input]) || !tableValuesEqual(fields, field, news[input] ?? null, olds[input] ?? null);
        });
        return [...this.kit.replaces(olds, news), ...changed.map((field) => inputNameOf(fields, field))];
      },
      async obtain(this: KindLifecycle<"project", R, number>, projectId: number, body: Json): Promise<R> {
        const started = Date.now();
        try {
          return await endpoints.create(this.http(), projectId, body);
        } catch (error) {
          if (!(error instanceof PostHogError && error.kind === "ambiguous")) throw error;
          throw new Error(`${error.message} ${await lostCreate(this, projectId, fields, endpoints, body, started)}`);
        }
      },
    },
  } as const;
}

/**
 * What to do after a create whose answer was lost: the rules created since it was sent (PostHog 2025-08-04 does not
 * say when: all of them) that hold what it sent are named, and none is taken, since PostHog does not record who made
 * a rule: any of them may be another program's.
 */
async function lostCreate<R extends RuleRecord, S extends z.ZodType<R>>(
  self: KindLifecycle<"project", R, number>,
  projectId: number,
  fields: FieldTable,
  endpoints: RuleEndpoints<S>,
  body: Json,
  started: number,
): Promise<string> {
  const { noun } = self.kind;
  let found: R[];
  try {
    found = await endpoints.listAll(self.http(), projectId);
  } catch (lookupError) {
    return `Checking whether it was created failed too: ${(lookupError as Error).message} Look in the project's error tracking rules for ${noun}s holding these filters: if one is this program's, set \`${adoptInputOf(self.kind)}\` to its id and run \`pulumi up\` again; if none, run \`pulumi up\` again.`;
  }
  // Those PostHog's clock shows to be older than the create are not it (src/kit/lost-create.ts).
  const since = self.http().postHogTimeAtLeast(started);
  const alike = found.filter(
    (rule) =>
      !(since !== undefined && typeof rule.created_at === "string" && Date.parse(rule.created_at) + 1 <= since) &&
      Object.entries(body).every(
        ([field, value]) => !Object.hasOwn(rule, field) || tableValuesEqual(fields, field, value, (rule as Record<string, unknown>)[field]),
      ),
  );
  if (alike.length === 0) return `No ${noun} holding what was sent was created; run \`pulumi up\` again.`;
  const why = "PostHog does not record who made a rule, so it cannot be shown to be this create's";
  return notTakenMessage(
    noun,
    "holding these filters",
    alike.map((candidate) => ({ candidate, why, recent: true })),
    { input: adoptInputOf(self.kind), otherwise: "delete it in PostHog and run `pulumi up` again" },
  );
}
