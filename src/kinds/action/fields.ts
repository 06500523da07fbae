/**
 * The action's field table: `name`, `description`, `steps`, `tags` and the Slack message of today's ActionSerializer
 * (products/actions/backend/api/action.py in PostHog/posthog; its steps are ActionStepJSONSerializer's, matching
 * options ACTION_STEP_MATCHING_OPTIONS of posthog/models/action/action.py), each with PostHog's rule and how a
 * declared value compares with what PostHog answers.
 */
import { z } from "zod";
import {
  CREATE_IN_FOLDER,
  type Equality,
  type FieldDef,
  type LeftOut,
  sameJson,
  sameTags,
  TAGGING,
  type ApiTypes,
} from "../../kit/field-table";
import { isPlainObject } from "../../kit/json";

const SERIALIZER = "ActionSerializer, products/actions/backend/api/action.py";
export const STEP_MATCHING = ["contains", "regex", "exact"] as const;
/** ActionStepJSONSerializer's fields a program writes (`selector_regex` is PostHog's, read only). */
export const STEP_FIELDS = [
  "event",
  "properties",
  "selector",
  "tag_name",
  "text",
  "text_matching",
  "href",
  "href_matching",
  "url",
  "url_matching",
];

/**
 * The step fields PostHog keeps as sent (CharField(trim_whitespace=False) in ActionStepJSONSerializer, both in
 * 2025-08-04's posthog/api/action.py and today's products/actions/backend/api/action.py): only "" is blank there, so
 * `" "` is stored; `selector` and `url` are trimmed first, so whitespace alone is blank.
 */
const UNTRIMMED = ["event", "tag_name", "text", "href"];

/**
 * A step as PostHog answers it, in one form: every field, absent and null alike; `selector_regex` is PostHog's own;
 * `url_matching: "contains"` as if left out, since PostHog stores a step that leaves it out with "contains"
 * (ActionStepJSON's default, posthog/models/action/action.py; measured on 2025-08-04).
 */
export function normalStep(step: unknown): unknown {
  if (!isPlainObject(step)) return step;
  return Object.fromEntries(
    Object.entries(step).filter(
      ([key, value]) =>
        value !== null && value !== undefined && key !== "selector_regex" && !(key === "url_matching" && value === "contains"),
    ),
  );
}

const sameSteps: Equality = (a, b) =>
  sameJson(Array.isArray(a) ? a.map(normalStep) : (a ?? []), Array.isArray(b) ? b.map(normalStep) : (b ?? []));

/** PostHog's rules for one step, as `steps[i].field …` problems. */
export function stepProblems(steps: readonly unknown[]): string[] {
  const problems: string[] = [];
  for (const [i, step] of steps.entries()) {
    const at = `steps[${i}]`;
    if (!isPlainObject(step)) {
      problems.push(`${at} must be an object (an action step)`);
      continue;
    }
    for (const [key, value] of Object.entries(step)) {
      if (value === null || value === undefined) continue;
      if (!STEP_FIELDS.includes(key)) problems.push(`${at}.${key} is not a step field: use ${STEP_FIELDS.join(", ")}`);
      else if (key === "properties") {
        if (!Array.isArray(value) || !value.every(isPlainObject))
          problems.push(`${at}.properties must be a list of property filters (objects)`);
      } else if (key.endsWith("_matching")) {
        if (!(STEP_MATCHING as readonly unknown[]).includes(value))
          problems.push(`${at}.${key} must be one of ${STEP_MATCHING.map((m) => `"${m}"`).join(", ")}`);
      } else if (typeof value !== "string") problems.push(`${at}.${key} must be a string`);
      else if ((UNTRIMMED.includes(key) ? value : value.trim()) === "")
        problems.push(`${at}.${key} may not be ${UNTRIMMED.includes(key) ? "empty" : "blank"} (give null or leave it out)`);
    }
  }
  return problems.map((p) => `${p} (ActionStepJSONSerializer, ${SERIALIZER})`);
}

/** A text PostHog trims before it stores it (a DRF CharField's `trim_whitespace`). */
const sameTrimmed: Equality = (a, b) => sameJson(typeof a === "string" ? a.trim() : a, b);

export const actionFields = {
  name: {
    input: z
      .string({ error: "must be a string" })
      .max(400, { error: `must be at most 400 characters (Action.name, ${SERIALIZER})` })
      .refine((v) => v.trim() !== "", { error: `may not be blank (${SERIALIZER})` }),
    doc: "The action's name: at most 400 characters, unique among the project's actions that are not deleted. Changing it renames the action.",
  },
  description: { input: z.string({ error: "must be a string" }), doc: "What the action counts; may be empty." },
  steps: {
    input: z.array(z.unknown(), { error: "must be a list of steps" }),
    equal: sameSteps,
    type: "ActionStep[]",
    doc: 'What matches, any step sufficing: each with `event` (`"$autocapture"`, `"$pageview"` or your own), `url` and `url_matching`, `selector`, `tag_name`, `text` and `text_matching`, `href` and `href_matching` ("contains", "regex" or "exact"), and `properties` (property filters).',
  },
  // Action.post_to_slack (BooleanField(default=False)) and Action.slack_message_format (CharField(default="",
  // max_length=1200, blank=True)), posthog/models/action/action.py of 2025-08-04 and today's
  // products/actions/backend/models/action.py; ActionSerializer takes both (a ModelSerializer's CharField trims);
  // tests: test_create_action answers their defaults, test_create_from_other_domain sets `post_to_slack`
  // (posthog/api/test/test_action.py). Both versions take and answer them alike.
  post_to_slack: {
    input: z.boolean({ error: "must be true or false" }),
    doc: "Whether PostHog posts a message when the action matches an event, to the Slack (or Teams, Discord) webhook of the project's settings (its `slack_incoming_webhook`, set in PostHog's project settings).",
  },
  slack_message_format: {
    input: z.string({ error: "must be a string" }).refine((v) => [...v.trim()].length <= 1200, {
      error: `must be at most 1200 characters (Action.slack_message_format, ${SERIALIZER})`,
    }),
    equal: sameTrimmed,
    doc: "The message posted when `postToSlack` is set, in PostHog's message template form (placeholders in square brackets); empty for PostHog's default message. At most 1200 characters; PostHog trims it.",
  },
  tags: {
    input: z.array(z.string({ error: "must be a list of strings" }), { error: "must be a list of strings" }),
    equal: sameTags,
    planFeature: TAGGING,
    doc: "Tags; PostHog trims and lower-cases them and keeps each once.",
  },
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const actionLeftOut: LeftOut = {
  ...CREATE_IN_FOLDER,
  last_calculated_at: "PostHog's: when it last calculated the action",
  pinned_at: "not yet managed: when the action was pinned in PostHog's interface",
};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const actionApiTypes: ApiTypes = { file: "products/actions/frontend/generated/api.schemas.ts", schemas: ["ActionApi"] };
