/**
 * The product tour's field table: the writable fields of today's ProductTourSerializerCreateUpdateOnly
 * (products/product_tours/backend/api/product_tour.py in PostHog/posthog; model
 * products/product_tours/backend/models.py; types ProductTourSerializerCreateUpdateOnlyApi,
 * products/product_tours/frontend/generated/api.schemas.ts), each with PostHog's rule, and how PostHog rewrites what
 * it stores: each step normalized (`normalize_step`), the survey a survey step makes written into the step
 * (`_sync_survey_steps`), the targeting filters kept in the tour's internal targeting flag under the tour's own
 * exclusions (`_build_flag_groups`). The serializer's `validate` across fields is the model's (./kind.ts). PostHog
 * 2025-08-04 has no product tours.
 */
import { z } from "zod";
import { dateTimeField } from "../../kit/date-time";
import { type ApiTypes, type Equality, type FieldDef, type LeftOut, sameJson } from "../../kit/field-table";
import { canonicalJson, isPlainObject } from "../../kit/json";

export const SERIALIZER = "ProductTourSerializerCreateUpdateOnly, products/product_tours/backend/api/product_tour.py";

/** The keys `_sync_survey_steps` writes into a survey step: the survey it made for it and that survey's question. */
export const SURVEY_STEP_KEYS = ["linkedSurveyId", "linkedSurveyQuestionId"] as const;

type Step = Record<string, unknown>;

/**
 * `normalize_step`: `elementTargeting` derived from the older keys where a step has none (`useManualSelector` true is
 * "manual", `inferenceData` or `type: "element"` is "auto", the latter then a "modal"), then `useManualSelector` kept
 * for "manual" only.
 */
export function normalizeStep(step: Step): Step {
  const out: Step = { ...step };
  if (!("elementTargeting" in out)) {
    if (out["useManualSelector"] === true) out["elementTargeting"] = "manual";
    else if (truthy(out["inferenceData"])) out["elementTargeting"] = "auto";
    else if (out["type"] === "element") {
      out["elementTargeting"] = "auto";
      out["type"] = "modal";
    }
  }
  const targeting = out["elementTargeting"];
  if (targeting === "manual") out["useManualSelector"] = true;
  else if (targeting !== undefined && targeting !== null) delete out["useManualSelector"];
  return out;
}

/** Python's truth of a JSON value. */
export function truthy(value: unknown): boolean {
  if (Array.isArray(value) || typeof value === "string") return value.length > 0;
  if (isPlainObject(value)) return Object.keys(value).length > 0;
  return Boolean(value);
}

/** The content as PostHog stores it (`validate_content`): null is {}, each step normalized. */
export function storedContent(content: unknown): unknown {
  if (content === null || content === undefined) return {};
  if (!isPlainObject(content) || !Array.isArray(content["steps"])) return content;
  return { ...content, steps: content["steps"].map((s) => (isPlainObject(s) ? normalizeStep(s) : s)) };
}

/** The declared content against PostHog's: normalized, and the survey keys PostHog wrote left out where undeclared. */
const sameContent: Equality = (declared, live) => {
  const mine = storedContent(declared);
  if (!isPlainObject(mine) || !isPlainObject(live) || !Array.isArray(mine["steps"]) || !Array.isArray(live["steps"]))
    return sameJson(mine, live);
  const steps = live["steps"].map((s, i) => {
    const own = (mine["steps"] as unknown[])[i];
    if (!isPlainObject(s) || !isPlainObject(own)) return s;
    return Object.fromEntries(Object.entries(s).filter(([k]) => !(SURVEY_STEP_KEYS as readonly string[]).includes(k) || k in own));
  });
  return sameJson(mine, { ...live, steps });
};

/** Person properties the tour's flag holds of its own (its exclusions and its wait period): never the program's. */
const isSystemProperty = (p: unknown) =>
  isPlainObject(p) &&
  typeof p["key"] === "string" &&
  /^\$product_tour_(shown|completed|dismissed)\/|^\$product_tour_last_seen_date\//.test(p["key"]);

/**
 * The user's targeting as the tour's flag keeps it (`_update_targeting_flag_filters`): each group's properties only,
 * PostHog's own properties left out, the copies a wait period makes counted once, and no targeting at all where no
 * group has a property.
 */
export function userTargeting(filters: unknown): string[] {
  if (!isPlainObject(filters) || !Array.isArray(filters["groups"])) return [];
  const groups = filters["groups"].map((g) =>
    canonicalJson(isPlainObject(g) && Array.isArray(g["properties"]) ? g["properties"].filter((p) => !isSystemProperty(p)) : []),
  );
  const kept = [...new Set(groups)];
  return kept.some((g) => g !== "[]") ? kept : [];
}

const sameTargeting: Equality = (declared, live) => sameJson(userTargeting(declared), userTargeting(live));

const object = (what: string) => z.record(z.string(), z.unknown(), { error: `must be an object: ${what}` });

export const productTourFields = {
  name: {
    input: z
      .string({ error: "must be a string" })
      .max(400, { error: `must be at most 400 characters (ProductTour.name, ${SERIALIZER})` })
      .refine((v) => v.trim() !== "", { error: `must not be blank (${SERIALIZER})` }),
    equal: (declared, live) => sameJson(typeof declared === "string" ? declared.trim() : declared, live),
    doc: "The tour's name (at most 400 characters): unique among the project's tours that are not archived.",
  },
  description: {
    input: z.string({ error: "must be a string" }),
    equal: (declared, live) => sameJson(typeof declared === "string" ? declared.trim() : declared, live),
    doc: 'A note of what the tour is for (default "").',
  },
  content: {
    type: "ProductTourContent",
    input: object("the tour's steps, appearance and conditions").superRefine((content, ctx) => {
      const steps = content["steps"];
      if (steps !== undefined && !(Array.isArray(steps) && steps.every(isPlainObject)))
        ctx.addIssue({
          code: "custom",
          message: `steps must be a list of objects (PostHog fails, 500, normalizing anything else: ${SERIALIZER})`,
        });
      // validate_content: "Announcements must have exactly 1 step."
      if (content["type"] === "announcement" && (Array.isArray(steps) ? steps.length : 0) !== 1)
        ctx.addIssue({
          code: "custom",
          message: `an announcement has exactly one step ("Announcements must have exactly 1 step.", ${SERIALIZER})`,
        });
    }),
    equal: sameContent,
    doc: 'What the tour shows and when, as PostHog\'s editor saves it: `{type?: "tour" | "announcement", steps: [{id, type?, selector?, elementTargeting?: "manual" | "auto", title?, description?, survey?, …}], appearance?, conditions?: {url?, urlMatchType?, linkedFlagVariant?, …}, displayFrequency?: "show_once" | "until_interacted" | "always"}`. An announcement has exactly one step. PostHog normalizes each step (`elementTargeting` from older keys) and, for a step with a `survey`, makes a survey and writes its `linkedSurveyId` into the step: those keys are PostHog\'s unless declared.',
  },
  auto_launch: {
    input: z.boolean({ error: "must be true or false" }),
    doc: "Whether the tour shows itself to the users its targeting picks (default false: shown only when called for). PostHog makes the tour's internal targeting flag when it is first set.",
  },
  start_date: {
    ...dateTimeField(SERIALIZER),
    doc: "When the tour was launched (ISO 8601): set it to launch, `null` for a draft. Launching checks each step's element targeting.",
  },
  end_date: { ...dateTimeField(SERIALIZER), doc: "When the tour was stopped (ISO 8601): set it to stop showing it." },
  archived: {
    input: z.boolean({ error: "must be true or false" }),
    doc: "An archived tour is kept but never shown, and its name may be taken by another (default false).",
  },
  linked_flag_id: {
    arg: "linkedFlagId",
    input: z
      .number({ error: "must be the numeric id of a feature flag or null" })
      .int({ error: "must be the numeric id of a feature flag or null" })
      .nullable(),
    doc: "A feature flag of the project (a FeatureFlag's flagId) whose users see the tour; `content.conditions.linkedFlagVariant` narrows it to a variant.",
  },
  targeting_flag_filters: {
    type: "ProductTourTargeting | null",
    input: object("feature flag filters").nullable(),
    equal: sameTargeting,
    doc: "Who an auto-launched tour is shown to, as a feature flag's release groups (`{groups: [{properties: [...]}]}`, each group's properties only): kept in the tour's internal targeting flag, beside the tour's own exclusions of people who saw, completed or dismissed it. `null` for everyone. Needs `autoLaunch`.",
  },
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const productTourLeftOut: LeftOut = {
  creation_context: 'where a write came from ("app" or "toolbar"), for PostHog\'s own analytics of its editor: nothing of the tour',
};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const productTourApiTypes: ApiTypes = {
  file: "products/product_tours/frontend/generated/api.schemas.ts",
  schemas: ["ProductTourSerializerCreateUpdateOnlyApi", "PatchedProductTourSerializerCreateUpdateOnlyApi"],
};
