/**
 * The hog flow's (workflow's) field table: the writable fields of HogFlowSerializer (posthog/api/hog_flow.py in
 * PostHog/posthog, today's and 2025-08-04's; model posthog/models/hog_flow/hog_flow.py), each with PostHog's rule and
 * how a declared value compares with PostHog's answer. `trigger` is not an input: today's PostHog derives it from the
 * trigger action's config (HogFlowSerializer.validate) and it is an output. Not managed yet: today's `trigger_masking`
 * and `variables` (PostHog 2025-08-04 has neither writable).
 *
 * A function action's `config.inputs` holds its template's inputs, some of them secret (an API token): which ones,
 * only the template's schema says, so every input value of an action is kept a Pulumi secret, and a value PostHog
 * answers as `{"secret": true}` compares equal to the one the program declared (./model.ts).
 */
import { z } from "zod";
import type { Equality, FieldDef } from "../../kit/field-table";
import { isPlainObject } from "../../kit/json";
import { sameSansNulls, withoutAdded } from "../../kit/json-forms";
import { ADDED_TO_INPUTS, isSecretPlaceholder } from "../hog-function/fields";

export const HOG_FLOW_SERIALIZER = "HogFlowSerializer, posthog/api/hog_flow.py";
const ACTION_SERIALIZER = "HogFlowActionSerializer, posthog/api/hog_flow.py";

/** HogFlow.State. */
export const HOG_FLOW_STATUSES = ["draft", "active", "archived"] as const;
/** HogFlow.ExitCondition. */
export const EXIT_CONDITIONS = [
  "exit_on_conversion",
  "exit_on_trigger_not_matched",
  "exit_on_trigger_not_matched_or_conversion",
  "exit_only_at_end",
] as const;
/** HogFlowActionSerializer.on_error's choices. */
const ON_ERROR = ["continue", "abort", "complete", "branch"] as const;
/** The trigger types HogFlowActionSerializer.validate knows (any other is "Invalid trigger type" once active). */
const TRIGGER_TYPES = ["event", "webhook", "manual", "tracking_pixel", "batch", "schedule"];
/** DELAY_DURATION_REGEX: the executor's form of a delay ("30m", "2h", "1.5d"). */
const DELAY_DURATION = /^\d*\.?\d+[dhm]$/;

const quoted = (values: readonly string[]) => values.map((v) => `"${v}"`).join(", ");

/** What PostHog adds to what it stores of an action: compiled filters and inputs, and `description`'s default "". */
const ADDED_TO_ACTIONS = [...ADDED_TO_INPUTS, "bytecode_error", "source", "description"];

/** Each action's inputs with PostHog's `{"secret": true}` placeholders replaced by the declared value, where declared. */
export function withDeclaredInputs(declared: unknown, live: unknown): unknown {
  if (!Array.isArray(declared) || !Array.isArray(live)) return live;
  return live.map((action, i) => {
    const mine = declared[i];
    if (!isPlainObject(action) || !isPlainObject(mine) || !isPlainObject(action["config"]) || !isPlainObject(mine["config"])) return action;
    const inputs = action["config"]["inputs"];
    const declaredInputs = mine["config"]["inputs"];
    if (!isPlainObject(inputs) || !isPlainObject(declaredInputs)) return action;
    const shown = Object.fromEntries(
      Object.entries(inputs).map(([key, entry]) => [
        key,
        isSecretPlaceholder(entry) && Object.hasOwn(declaredInputs, key) ? declaredInputs[key] : entry,
      ]),
    );
    return { ...action, config: { ...action["config"], inputs: shown } };
  });
}

/**
 * Actions as the program would write them: secrets PostHog does not show as declared, PostHog's additions left out,
 * and the nulls it fills in for fields an action does not give (`filters`).
 */
export function actionsLiveForm(declared: unknown, live: unknown): unknown {
  const form = withoutAdded(declared ?? [], withDeclaredInputs(declared, live), ADDED_TO_ACTIONS);
  if (!Array.isArray(form)) return form;
  const mine = Array.isArray(declared) ? declared : [];
  return form.map((action, i) =>
    isPlainObject(action)
      ? Object.fromEntries(
          Object.entries(action).filter(([key, value]) => value !== null || (isPlainObject(mine[i]) && Object.hasOwn(mine[i], key))),
        )
      : action,
  );
}

const sameActions: Equality = (declared, live) => sameSansNulls(declared ?? null, actionsLiveForm(declared, live ?? null));

const object = (what: string) => z.record(z.string(), z.unknown(), { error: `must be an object (${what})` });

export const hogFlowFields = {
  name: {
    input: z
      .string({ error: "must be a string" })
      .max(400, { error: `must be at most 400 characters (HogFlow.name, ${HOG_FLOW_SERIALIZER})` })
      .nullable(),
    doc: "Its name, as PostHog's workflows list shows it (not unique; at most 400 characters).",
  },
  description: { input: z.string({ error: "must be a string" }), doc: "What it does; may be empty." },
  status: {
    type: "HogFlowStatus",
    input: z.enum(HOG_FLOW_STATUSES, { error: `must be one of ${quoted(HOG_FLOW_STATUSES)} (HogFlow.State)` }),
    doc: 'Whether it runs: "draft" (PostHog\'s default; its actions are checked only where a check needs nothing else), "active" (every action checked, its function templates looked up) or "archived".',
  },
  actions: {
    type: "HogFlowAction[]",
    input: z.array(z.unknown(), { error: "must be a list of actions" }),
    equal: sameActions,
    liveForm: actionsLiveForm,
    doc: 'Its steps: each `id` (what edges name), `name`, `type` ("trigger", "function", "delay", "conditional_branch", "wait_until_condition", "exit", …) and `config`. Exactly one is the trigger (`type: "trigger"`, its `config.type` "event", "webhook", "manual", "tracking_pixel", "batch" or "schedule"); a function action\'s `config` names its `template_id` and its `inputs` (`{<key>: {value: …}}`), each kept a Pulumi secret, since its template says which are secret.',
  },
  edges: {
    type: "HogFlowEdge[]",
    input: z.array(object("an edge {from, to, type}"), { error: "must be a list of edges {from, to, type}" }),
    equal: sameSansNulls,
    doc: 'How the actions follow each other: `{from, to, type}`, `from` and `to` actions\' ids, `type` "continue" or "branch" (with `index`).',
  },
  exit_condition: {
    type: "HogFlowExitCondition",
    input: z.enum(EXIT_CONDITIONS, { error: `must be one of ${quoted(EXIT_CONDITIONS)} (HogFlow.ExitCondition)` }),
    doc: 'When a person leaves it: "exit_on_conversion" (PostHog\'s default), "exit_on_trigger_not_matched", "exit_on_trigger_not_matched_or_conversion" or "exit_only_at_end".',
  },
  conversion: {
    input: object("the conversion goal").nullable(),
    equal: (declared, live) => sameSansNulls(declared ?? null, withoutAdded(declared ?? {}, live ?? null, ["bytecode"])),
    doc: "The goal that counts a person converted (`filters`, a list of property filters, compiled by PostHog), or null.",
  },
} as const satisfies Record<string, FieldDef>;

/**
 * HogFlowActionSerializer's and HogFlowSerializer.validate's rules that need nothing stored (the templates a function
 * action names are PostHog's to look up), as `actions[i]…` problems. `active` is whether the flow is declared active:
 * a draft's trigger type, delays and conditions are checked only when it is activated.
 */
export function actionsProblems(actions: readonly unknown[], active: boolean): string[] {
  const problems: string[] = [];
  let triggers = 0;
  for (const [i, action] of actions.entries()) {
    const at = `actions[${i}]`;
    if (!isPlainObject(action)) {
      problems.push(`${at} must be an object with id, name, type and config (${ACTION_SERIALIZER})`);
      continue;
    }
    for (const [field, max] of [
      ["id", undefined],
      ["name", 400],
      ["type", 100],
    ] as const) {
      const value = action[field];
      if (typeof value !== "string" || value.trim() === "")
        problems.push(`${at}.${field} is required: a non-blank string (${ACTION_SERIALIZER})`);
      else if (max !== undefined && value.trim().length > max)
        problems.push(`${at}.${field} must be at most ${max} characters (${ACTION_SERIALIZER})`);
    }
    if (action["description"] !== undefined && typeof action["description"] !== "string")
      problems.push(`${at}.description must be a string (${ACTION_SERIALIZER})`);
    const onError = action["on_error"];
    if (onError !== undefined && onError !== null && !(ON_ERROR as readonly unknown[]).includes(onError))
      problems.push(`${at}.on_error must be one of ${quoted(ON_ERROR)} or null (${ACTION_SERIALIZER})`);
    if (action["filters"] !== undefined && action["filters"] !== null && !isPlainObject(action["filters"]))
      problems.push(`${at}.filters must be an object or null (${ACTION_SERIALIZER})`);
    const config = action["config"];
    if (!isPlainObject(config)) {
      problems.push(`${at}.config is required: an object (${ACTION_SERIALIZER})`);
      continue;
    }
    if (action["type"] === "trigger") {
      triggers++;
      if (active && !TRIGGER_TYPES.includes(String(config["type"])))
        problems.push(
          `${at}.config.type must be one of ${quoted(TRIGGER_TYPES)} in an active flow: PostHog says "Invalid trigger type" (${ACTION_SERIALIZER})`,
        );
    }
    if (
      active &&
      action["type"] === "delay" &&
      !(typeof config["delay_duration"] === "string" && DELAY_DURATION.test(config["delay_duration"]))
    )
      problems.push(
        `${at}.config.delay_duration must be a duration such as "30m", "2h" or "1.5d" in an active flow (${ACTION_SERIALIZER})`,
      );
    if (active && config["condition"] && Array.isArray(config["conditions"]) && config["conditions"].length > 0)
      problems.push(`${at}.config may not have both "conditions" and "condition" in an active flow (${ACTION_SERIALIZER})`);
    if (config["inputs"] !== undefined && !isPlainObject(config["inputs"]))
      problems.push(`${at}.config.inputs must be an object {<key>: {value: …}} (InputsSerializer, posthog/cdp/validation.py)`);
  }
  if (triggers !== 1)
    problems.push(`exactly one action must be the trigger (type "trigger"); there are ${triggers} (${HOG_FLOW_SERIALIZER})`);
  return problems;
}
