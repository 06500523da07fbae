/**
 * Between Pulumi's view of a hog flow (a workflow) and PostHog's: the kit's field-table model over its table
 * (src/kinds/hog-flow/fields.ts), with what is its own: `actions` required (HogFlowSerializer: `required=True`), the
 * actions' rules, and their inputs kept secret. A function action's input values may be secrets (its template says
 * which): each is a Pulumi secret in the state, never in a message, and one PostHog answers as `{"secret": true}`
 * compares with the value the program declared last.
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { Failure, Json } from "../../kit/lifecycle";
import { isPlainObject, own } from "../../kit/json";
import type { HogFlow } from "./record";
import { actionsProblems, HOG_FLOW_SERIALIZER, hogFlowFields, withDeclaredInputs } from "./fields";

export type HogFlowRecord = InProject<HogFlow>;

const base = fieldModel<HogFlow>({
  className: "HogFlow",
  noun: "hog flow",
  // A function action's template says which of its `config.inputs` are secret, and the program cannot be asked: the
  // actions are secret when one has inputs. Pulumi's SDK makes a list holding a secret secret as a whole.
  secretInProgram: {
    inputs: [{ input: "actions", when: { input: "actions", someItem: ["config", "inputs"] } }],
    doc: "The actions, whose function inputs may hold secrets, become a Pulumi secret",
  },
  summary: "A workflow: a trigger and the actions that follow it (messages, webhooks, delays, branches).",
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
});

/** The outputs with the input values PostHog shows as `{"secret": true}` replaced by those the program declared last. */
function withDeclaredSecrets(outputs: object): object {
  const recorded = own(outputs, "declaredInputs");
  const declared = isPlainObject(recorded) ? recorded["actions"] : undefined;
  if (declared === undefined) return outputs;
  return { ...outputs, actions: withDeclaredInputs(declared, own(outputs, "actions")) };
}

export const hogFlowModel: typeof base = {
  ...base,
  settingsChanged: (olds: Json, news: Json) => base.settingsChanged(withDeclaredSecrets(olds) as Json, news),
  outputValue: (outputs: object, field: string) => base.outputValue(field === "actions" ? withDeclaredSecrets(outputs) : outputs, field),
};

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
