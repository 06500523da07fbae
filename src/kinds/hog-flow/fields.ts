/**
 * The hog flow's (workflow's) field table: the writable fields of HogFlowSerializer (posthog/api/hog_flow.py in
 * PostHog/posthog, today's and 2025-08-04's; model posthog/models/hog_flow/hog_flow.py), each with PostHog's rule and
 * how a declared value compares with PostHog's answer. `trigger` is not an input: today's PostHog derives it from the
 * trigger action's config (HogFlowSerializer.validate) and it is an output. `abort_action` is not one either: it is in
 * HogFlowSerializer.Meta.read_only_fields in both versions. Today's PostHog (products/workflows/backend/api/hog_flow.py)
 * also takes `trigger_masking` (HogFlowMaskingSerializer) and `variables` (HogFlowVariableSerializer); PostHog
 * 2025-08-04 answers `trigger_masking` but takes it read-only, and has no `variables`.
 *
 * A function action's `config.inputs` holds its template's inputs, some of them secret (an API token): which ones,
 * only the template's schema says, so every input value of an action is kept a Pulumi secret, and a value PostHog
 * answers as `{"secret": true}` compares equal to the one the program declared (./model.ts).
 */
import { z } from "zod";
import { type Equality, type FieldDef, sameJson, type ApiTypes } from "../../kit/field-table";
import { isPlainObject, pythonJsonLength } from "../../kit/json";
import { sameSansNulls, withoutAdded, withoutNulls } from "../../kit/json-forms";
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

const MASKING_SERIALIZER = "HogFlowMaskingSerializer, products/workflows/backend/api/hog_flow.py";
const VARIABLE_SERIALIZER = "HogFlowVariableSerializer, products/workflows/backend/api/hog_flow.py";
/** HogFlowMaskingSerializer.ttl's bounds, in seconds: a minute to three years. */
const MASKING_TTL = { min: 60, max: 60 * 60 * 24 * 365 * 3 };
/** HOG_FLOW_VARIABLES_MAX_BYTES: the most the variables may measure, each as Python's `json.dumps` writes it. */
const VARIABLES_MAX = 5120;

/**
 * A DRF CharField's value: a string or a number (stored as its `str()`), trimmed (`trim_whitespace`); true, false,
 * null, lists and objects are "Not a valid string.".
 */
const charValue = (what: string) => z.union([z.string(), z.number()], { error: `must be a string (${what})` });
const charForm = (value: unknown) => (typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : value);
/** A declared CharField value and PostHog's stored `str()` of it: a number compares with its string by value. */
const sameChar = (declared: unknown, live: unknown) =>
  typeof declared === "number" ? typeof live === "string" && live.trim() !== "" && Number(live) === declared : charForm(declared) === live;

/** A trigger masking as the program writes it: its hash trimmed, without PostHog's compiled `bytecode` and nulls. */
function maskingForm(value: unknown): unknown {
  if (!isPlainObject(value)) return value ?? null;
  return withoutNulls({ hash: charForm(value["hash"]), ttl: value["ttl"], threshold: value["threshold"] });
}

const sameVariables: Equality = (declared, live) => {
  if (!Array.isArray(declared) || !Array.isArray(live)) return sameJson(declared ?? null, live ?? null);
  return (
    declared.length === live.length &&
    declared.every((mine, i) => {
      const theirs = live[i];
      if (!isPlainObject(mine) || !isPlainObject(theirs)) return sameJson(mine, theirs);
      const keys = Object.keys(mine);
      return (
        keys.length === Object.keys(theirs).length && keys.every((key) => Object.hasOwn(theirs, key) && sameChar(mine[key], theirs[key]))
      );
    })
  );
};

/** HogFlowVariableSerializer.validate: unique keys (an absent key is None, so two without one clash), at most 5 KB. */
function variablesProblems(variables: ReadonlyArray<Record<string, unknown>>): string[] {
  const keys = variables.map((variable) => charForm(variable["key"]) ?? null);
  const problems: string[] = [];
  if (new Set(keys).size !== keys.length)
    problems.push(`keys must be unique: PostHog says "Variable keys must be unique" (${VARIABLE_SERIALIZER})`);
  const size = variables.reduce(
    (total, variable) => total + pythonJsonLength(Object.fromEntries(Object.entries(variable).map(([k, v]) => [k, charForm(v)]))),
    0,
  );
  if (size > VARIABLES_MAX)
    problems.push(
      `must measure at most ${VARIABLES_MAX} characters as PostHog's json.dumps writes each variable (these measure ${size}): PostHog says "Total size of variables definition must be less than 5KB" (${VARIABLE_SERIALIZER})`,
    );
  return problems;
}

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
  trigger_masking: {
    type: "HogFlowTriggerMasking | null",
    input: z
      .object(
        {
          hash: z
            .union([z.string(), z.number()], {
              error: (issue) => `hash ${issue.input === undefined ? "is required" : "must be a string"} (${MASKING_SERIALIZER})`,
            })
            .refine((hash) => String(hash).trim() !== "", { error: `hash may not be blank (${MASKING_SERIALIZER})` }),
          ttl: z
            .number({ error: `ttl must be a whole number of seconds (${MASKING_SERIALIZER})` })
            .int({ error: `ttl must be a whole number of seconds (${MASKING_SERIALIZER})` })
            .min(MASKING_TTL.min, { error: `ttl must be at least ${MASKING_TTL.min} seconds (${MASKING_SERIALIZER})` })
            .max(MASKING_TTL.max, { error: `ttl must be at most ${MASKING_TTL.max} seconds, three years (${MASKING_SERIALIZER})` })
            .nullish(),
          threshold: z
            .number({ error: `threshold must be a whole number (${MASKING_SERIALIZER})` })
            .int({ error: `threshold must be a whole number (${MASKING_SERIALIZER})` })
            .nullish(),
        },
        { error: `must be an object {hash, ttl?, threshold?} or null (${MASKING_SERIALIZER})` },
      )
      .nullable(),
    // PostHog compiles `bytecode` from the hash (HogFlowMaskingSerializer.validate) and answers absent numbers as null.
    equal: (declared, live) => sameJson(maskingForm(declared), maskingForm(live)),
    liveForm: (_declared, live) => maskingForm(live),
    readOnlyIn: {
      versions: ["2025-08-04"],
      // Every PostHog that takes trigger_masking answers `variables` (HogFlowSerializer.Meta.fields); 2025-08-04 has none.
      answer: (record) => !Object.hasOwn(record, "variables"),
    },
    doc: 'How often the trigger fires for the same key (today\'s PostHog): `hash`, a template of the key (`"{person.id}"`: once per person), `ttl`, the seconds (60 to 94608000) within which repeats are suppressed, and `threshold`, to fire once per that many matches instead; PostHog compiles the hash. Null for none. PostHog 2025-08-04 takes it read-only.',
  },
  variables: {
    type: "HogFlowVariable[]",
    input: z
      .array(
        z.record(z.string(), charValue(VARIABLE_SERIALIZER), {
          error: `must be a list of variables, each an object of strings {key, type, default} (${VARIABLE_SERIALIZER})`,
        }),
        { error: `must be a list of variables {key, type, default} (${VARIABLE_SERIALIZER})` },
      )
      .superRefine((variables, ctx) => {
        for (const message of variablesProblems(variables)) ctx.addIssue({ code: "custom", message });
      }),
    equal: sameVariables,
    lackedBy: ["2025-08-04"],
    doc: 'Its variables (today\'s PostHog): each `{key, type, default}` with string values (`type` "string", "number" or "boolean"; PostHog stores a number as its string and trims each value), keys unique, at most 5 KB in all. Actions read them as `{variables.<key>}`. PostHog 2025-08-04 has none.',
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

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const hogFlowApiTypes: ApiTypes = { file: "products/workflows/frontend/generated/api.schemas.ts", schemas: ["PatchedHogFlowApi"] };
