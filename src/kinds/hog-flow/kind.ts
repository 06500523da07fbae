/**
 * HogFlow (a workflow), declared once for the kit (src/kit): project-scoped (`/api/projects/<projectId>/hog_flows/`),
 * keyed by UUID, deleted by DELETE (HogFlowViewSet is a ModelViewSet, posthog/api/hog_flow.py: gone for good),
 * identified as `<projectId>/<uuid>`. PostHog 2025-08-04 refuses every personal API key with scopes here (`scope_object =
 * "INTERNAL"`; a legacy key without scopes passes, posthog/permissions.py); today's needs the `hog_flow` scope. Its actions' input values are Pulumi secrets. Its field table is
 * ./fields.ts, with `actions` required (HogFlowSerializer: `required=True`) and the actions' rules. A function action's
 * input values may be secrets (its template says which): each is a Pulumi secret in the state, never in a message,
 * and one PostHog answers as `{"secret": true}` compares with the value the program declared last. Names are not
 * unique, so a create whose answer was lost takes only a flow it can show is its own (made since, by this key's user,
 * holding what was sent).
 */
import { defineKind } from "../../kit/define-kind";
import { internalRefusalOf } from "../../kit/internal-viewsets";
import { isPlainObject, own } from "../../kit/json";
import type { Failure, Json } from "../../kit/lifecycle";
import { listedPages } from "../../kit/list-reads";
import { ANY } from "../../kit/property";
import * as hogFlows from "./endpoints";
import { hogFlowExample } from "./example";
import { actionsProblems, HOG_FLOW_SERIALIZER, hogFlowFields, withDeclaredInputs } from "./fields";
import type { HogFlow } from "./record";

/** Each input value of each function action PostHog answered: the importer reads them from the stack's secrets. */
function actionInputSecrets(flow: HogFlow): Array<{ field: string; path: Array<string | number>; what: string }> {
  const actions = Array.isArray(flow.actions) ? flow.actions : [];
  return actions.flatMap((action: unknown, i: number) => {
    const config = isPlainObject(action) ? action["config"] : undefined;
    const inputs = isPlainObject(config) ? config["inputs"] : undefined;
    if (!isPlainObject(inputs)) return [];
    return Object.entries(inputs)
      .filter(([, entry]) => isPlainObject(entry) && Object.hasOwn(entry, "value"))
      .map(([key]) => ({
        field: "actions",
        path: [i, "config", "inputs", key, "value"],
        what: `the input ${key} of action ${String((action as Json)["id"] ?? i)}`,
      }));
  });
}

/** The outputs with the input values PostHog shows as `{"secret": true}` replaced by those the program declared last. */
function withDeclaredSecrets(outputs: object): object {
  const recorded = own(outputs, "declaredInputs");
  const declared = isPlainObject(recorded) ? recorded["actions"] : undefined;
  if (declared === undefined) return outputs;
  return { ...outputs, actions: withDeclaredInputs(declared, own(outputs, "actions")) };
}

/** Where the secret values are among the inputs: each input of each action's `config.inputs` (`actions.<i>.config.inputs.<key>`). */
export function secretInputPaths(inputs: Json): string[][] {
  const actions = inputs["actions"];
  if (!Array.isArray(actions)) return [];
  return actions.flatMap((action, i) => {
    const config = isPlainObject(action) ? action["config"] : undefined;
    const values = isPlainObject(config) ? config["inputs"] : undefined;
    return isPlainObject(values) ? Object.keys(values).map((key) => ["actions", String(i), "config", "inputs", key]) : [];
  });
}

export const {
  kind: hogFlowKind,
  model: hogFlowModel,
  Lifecycle: HogFlowLifecycle,
} = defineKind({
  name: "HogFlow",
  noun: "hog flow",
  summary: "A workflow: a trigger and the actions that follow it (messages, webhooks, delays, branches).",
  description:
    "A PostHog workflow (hog flow): a trigger and the actions that follow it. Its actions' function inputs are Pulumi secrets, never in the state in plain text. Deleted by DELETE. PostHog 2025-08-04 refuses personal API keys with scopes here (a legacy key without scopes passes); today's needs the `hog_flow` scope.",
  example: hogFlowExample,
  scope: "project",
  identity: { output: "hogFlowId", key: "uuid", doc: "The hog flow's UUID in PostHog." },
  deletion: "delete",
  importInputs: ["projectId", "name", "actions"],
  endpoints: {
    get: hogFlows.getHogFlow,
    update: hogFlows.updateHogFlow,
    remove: hogFlows.deleteHogFlow,
    create: (http, projectId, body) => hogFlows.createHogFlow(http, projectId, withTrigger(body as Json)),
  },
  // HogFlowViewSet lists with HogFlowMinimalSerializer, whose fields are HogFlowSerializer's (posthog/api/hog_flow.py).
  listReads: listedPages(hogFlows.hogFlowPages),
  // PostHog answers a function action's input values (2025-08-04, today's): the output is a secret as a whole.
  outputs: (table) => ({
    ...table,
    trigger: { type: "object", additionalProperties: ANY, description: "Its trigger, as PostHog derives it from the trigger action." },
    version: { type: "integer", description: "PostHog's version number of it." },
    actions: { ...table["actions"]!, secret: true },
  }),
  alwaysPresent: ["hogFlowId", "projectId", "status", "actions"],
  secretInputPaths,
  // A function action's template says which of its `config.inputs` are secret, and the program cannot be asked: the
  // actions are secret when one has inputs. Pulumi's SDK makes a list holding a secret secret as a whole.
  secretInProgram: {
    inputs: [{ input: "actions", when: { input: "actions", someItem: ["config", "inputs"] } }],
    doc: "The actions, whose function inputs may hold secrets, become a Pulumi secret",
  },
  fields: hogFlowFields,
  exampleInput: "actions",
  required: { actions: `its steps, one of them the trigger (${HOG_FLOW_SERIALIZER})` },
  fixedOutputs: (record) => ({
    name: record.name ?? null,
    status: record.status,
    trigger: record.trigger ?? null,
    version: record.version ?? null,
    // Always: what an import declares (PostHog requires the actions); a secret output (its kind's schema).
    actions: record.actions ?? [],
  }),
  outputTypes: {
    name: { type: "string | null", doc: "Its name." },
    status: { type: "HogFlowStatus", doc: "Whether it runs." },
    trigger: { type: "Record<string, unknown> | null", doc: "Its trigger as PostHog derives it from the trigger action's config." },
    version: { type: "number | null", doc: "PostHog's version number of it." },
    actions: { type: "HogFlowAction[]", doc: "Its steps, as PostHog holds them (a Pulumi secret: their inputs may hold secrets)." },
  },
  types: {
    HogFlowStatus: { type: '"draft" | "active" | "archived"', doc: "Whether a hog flow runs." },
    HogFlowExitCondition: {
      type: '\n  | "exit_on_conversion"\n  | "exit_on_trigger_not_matched"\n  | "exit_on_trigger_not_matched_or_conversion"\n  | "exit_only_at_end"',
      doc: "When a person leaves a hog flow.",
    },
    HogFlowAction: {
      type: '{\n  id: string;\n  name: string;\n  type: string;\n  description?: string;\n  /** The action\'s settings; a function action\'s `inputs` are kept Pulumi secrets. */\n  config: Record<string, unknown>;\n  on_error?: "continue" | "abort" | "complete" | "branch" | null;\n  filters?: Record<string, unknown> | null;\n  [key: string]: unknown;\n}',
      doc: "One step of a hog flow (PostHog's HogFlowActionSerializer).",
    },
    HogFlowTriggerMasking: {
      type: '{\n  /** A template of the key, such as `"{person.id}"`; PostHog compiles it. */\n  hash: string;\n  /** Seconds (60 to 94608000) within which repeats of a key are suppressed. */\n  ttl?: number | null;\n  /** Fire once per this many matches of a key instead. */\n  threshold?: number | null;\n}',
      doc: "How often a hog flow's trigger fires for the same key (PostHog's HogFlowMaskingSerializer).",
    },
    HogFlowVariable: {
      type: '{\n  key?: string;\n  /** "string", "number" or "boolean", as PostHog\'s editor writes it. */\n  type?: string;\n  default?: string | number;\n  [key: string]: string | number | undefined;\n}',
      doc: "A hog flow's variable (PostHog's HogFlowVariableSerializer: string values; a number is stored as its string).",
    },
    HogFlowEdge: {
      type: '{\n  from: string;\n  to: string;\n  type: "continue" | "branch";\n  index?: number;\n}',
      doc: "Which action follows which.",
    },
  },
  moreFailures(_inputs, known, failed) {
    const failures: Failure[] = [];
    if (!failed("actions") && Array.isArray(known["actions"]))
      for (const reason of actionsProblems(known["actions"], known["status"] === "active")) failures.push({ property: "actions", reason });
    return failures;
  },
  modelHooks: (kit) => ({
    settingsChanged: (olds: Json, news: Json) => kit.settingsChanged(withDeclaredSecrets(olds) as Json, news),
    outputValue: (outputs: object, field: string) => kit.outputValue(field === "actions" ? withDeclaredSecrets(outputs) : outputs, field),
  }),
  lookups: {
    list: (http, projectId) => hogFlows.listHogFlows(http, projectId),
    outputs: {
      name: { type: "string", nullable: true },
      description: { type: "string", nullable: true },
      status: { type: "string" },
      exitCondition: { type: "string", nullable: true },
    },
  },
  importer: {
    // The HogFlow model's defaults (posthog/models/hog_flow/hog_flow.py).
    defaults: {
      description: "",
      status: "draft",
      exit_condition: "exit_on_conversion",
      conversion: null,
      trigger_masking: null,
      variables: [],
    },
    // A function action's input values may be secrets (its template says which): none is written; each is read from
    // the stack's secrets.
    secrets: actionInputSecrets,
    label: (flow) => flow.name ?? `hog flow ${flow.id}`,
  },
  findBy: {
    field: "name",
    find: async (http, projectId, name) =>
      (await hogFlows.listHogFlows(http, projectId)).filter((found) => (found.name ?? null) === (name ?? null)),
    described: (name) => `named ${JSON.stringify(name ?? null)}`,
    otherwise: "delete it in PostHog and run `pulumi up` again to create one",
  },
  createRefusal: (error) => internalRefusalOf(error, { what: "workflows", viewSet: "HogFlowViewSet", scope: "hog_flow" }),
  hooks: {
    write(projectId, id, body, declared) {
      return this.kit.write(projectId, id, withTrigger(body), declared);
    },
  },
});

/**
 * The body with `trigger`, the trigger action's config, beside the actions. PostHog 2025-08-04 requires it
 * (HogFlowSerializer's `trigger = HogFlowTriggerSerializer()`, posthog/api/hog_flow.py: refused without, measured);
 * today's derives the same from the trigger action (HogFlowSerializer.validate, `data["trigger"] =
 * trigger_actions[0]["config"]`) and writes over what is sent. Not an input: it is that action's config, written once.
 */
function withTrigger(body: Json): Json {
  const actions = body["actions"];
  if (!Array.isArray(actions)) return body;
  const triggers = actions.filter((action) => isPlainObject(action) && action["type"] === "trigger");
  const config = triggers.length === 1 && isPlainObject(triggers[0]) ? triggers[0]["config"] : undefined;
  return config === undefined ? body : { ...body, trigger: config };
}
