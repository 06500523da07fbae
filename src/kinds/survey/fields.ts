/**
 * The survey's field table: the writable fields of today's SurveySerializerCreateUpdateOnly
 * (products/surveys/backend/api/survey.py in PostHog/posthog; posthog/api/survey.py in 2025-08-04) a program manages,
 * each with PostHog's rule and how a declared value compares with PostHog's answer. Questions are checked as
 * `validate_questions` there checks them, no more: their kinds are posthog-js's (`SurveyQuestionType`), unchecked by PostHog.
 */
import { z } from "zod";
import { dateTimeField } from "../../kit/date-time";
import { CREATE_IN_FOLDER, type Equality, type FieldDef, type LeftOut, sameJson, type ApiTypes } from "../../kit/field-table";
import { isPlainObject } from "../../kit/json";
import { sameSansNulls, withoutAdded, withoutNulls } from "../../kit/json-forms";

export const SURVEY_SERIALIZER = "SurveySerializerCreateUpdateOnly, products/surveys/backend/api/survey.py";
export const SURVEY_TYPES = ["popover", "widget", "external_survey", "api"] as const;
const CONTENT_TYPES = ["text", "html"];
const EMAIL_LINK = /^mailto:[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/;
/** Condition fields today's SurveySerializerCreateUpdateOnly refuses for an external (hosted) survey. */
const NOT_EXTERNAL = [
  "url",
  "urlMatchType",
  "selector",
  "seenSurveyWaitPeriodInDays",
  "linkedFlagVariant",
  "deviceTypes",
  "deviceTypesMatchType",
];

/** Survey.MAX_ITERATION_COUNT (products/surveys/backend/models.py), SurveySerializerCreateUpdateOnly's max_value. */
const MAX_ITERATION_COUNT = 500;
/** A PositiveIntegerField's bounds, as DRF's ModelSerializer checks them. */
const MAX_POSITIVE = 2147483647;

const quoted = (values: readonly string[]) => values.map((v) => `"${v}"`).join(", ");

/** `_validate_and_sanitize_link`: https with a host, or a mailto address; its message, or none. */
export function linkProblem(link: unknown): string | undefined {
  if (typeof link !== "string") return "must be a string";
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(link)?.[1]?.toLowerCase() ?? "";
  if (scheme === "mailto") return EMAIL_LINK.test(link) ? undefined : "must be a valid mailto link (mailto:someone@example.com)";
  if (scheme === "https") return /^https:\/\/[^/?#]+/i.test(link) ? undefined : "must be a valid https URL with a host";
  return "must be a URL with one of these schemes: https, mailto";
}

/**
 * Translations' language codes, as today's SurveySerializerCreateUpdateOnly takes them (BCP47_LANGUAGE_CODE_RE,
 * REJECTED_TRANSLATION_KEYS, DEFAULT_BASE_LANGUAGE and `_normalize_language_code` in survey.py): a code is trimmed,
 * lower-cased and its `_` made `-` before it is checked, and stored so.
 */
const LANGUAGE_CODE = /^[a-z]{2,3}(-[a-z0-9]{2,8}){0,3}$/;
const NOT_LANGUAGES = ["default", "original", "base"];
export const DEFAULT_BASE_LANGUAGE = "en";
export const normalLanguage = (code: string) => code.trim().toLowerCase().replaceAll("_", "-");
/** The survey's texts a survey-level translation carries (`validate_translations`); other keys are dropped. */
const SURVEY_TRANSLATED = ["name", "description", "thankYouMessageHeader", "thankYouMessageDescription", "thankYouMessageCloseButtonText"];
/** The question's texts a question's translation carries besides `link` and `choices` (`_validate_question_translations`). */
const QUESTION_TRANSLATED = ["question", "description", "buttonText", "lowerBoundLabel", "upperBoundLabel"];

/** The base language a request resolves (`_resolve_base_language`): the declared one, normalised, else PostHog's default. */
export function baseLanguageOf(declared: unknown): string {
  return typeof declared === "string" && declared.trim() !== "" ? normalLanguage(declared) : DEFAULT_BASE_LANGUAGE;
}

/** `validate_base_language`'s problem with a code, or none (blank is PostHog's default, `en`). */
function baseLanguageProblem(code: string): string | undefined {
  if (code.trim() === "") return undefined;
  const normal = normalLanguage(code);
  if (NOT_LANGUAGES.includes(normal)) return `"${code}" is not a valid language code: use a BCP-47 code like "en" or "es"`;
  if (!LANGUAGE_CODE.test(normal)) return `"${code}" is not a valid language code: use BCP-47 codes like "en", "es" or "es-MX"`;
  return undefined;
}

/** `_validate_translation_language_key`'s problem with a translation's language code, or none. */
function languageKeyProblem(code: string, base: string): string | undefined {
  const normal = normalLanguage(code);
  if (normal === "") return "a translation's language code cannot be empty";
  if (NOT_LANGUAGES.includes(normal))
    return `"${code}" is not a valid translation language: the untranslated text is the original; set baseLanguage instead`;
  if (!LANGUAGE_CODE.test(normal))
    return `"${code}" is not a valid language code: use BCP-47 codes like "en", "es" or "es-MX" (not language names like "english")`;
  if (normal === base)
    return `"${code}" matches the survey's base language ("${base}", baseLanguage or PostHog's default): the original text covers it; translate to another language`;
  return undefined;
}

/**
 * A translations object's problems, at `at` (`translations`, `questions[0].translations`): each entry an object of
 * strings (`texts`; `extra` checks the rest of an entry), a language code PostHog takes, no two codes the same once
 * normalised. An entry holding none of the texts PostHog keeps is dropped by PostHog unchecked, as here.
 */
function translationsProblems(
  value: unknown,
  at: string,
  base: string,
  texts: readonly string[],
  extra: (entry: Record<string, unknown>, say: (rule: string) => void) => boolean = () => false,
): string[] {
  if (!isPlainObject(value)) return [`${at} must be an object of translations by language code`];
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const [code, entry] of Object.entries(value)) {
    const here = `${at}.${code}`;
    if (!isPlainObject(entry)) {
      problems.push(`${here} must be an object of translated texts`);
      continue;
    }
    let kept = false;
    for (const field of texts) {
      if (!Object.hasOwn(entry, field)) continue;
      if (typeof entry[field] !== "string") problems.push(`${here}.${field} must be a string`);
      kept = true;
    }
    if (extra(entry, (rule) => problems.push(`${here}.${rule}`))) kept = true;
    if (!kept) continue;
    const problem = languageKeyProblem(code, base);
    if (problem) problems.push(`${at}: ${problem}`);
    const normal = normalLanguage(code);
    const other = seen.get(normal);
    if (problem === undefined && other !== undefined) problems.push(`${at}: "${code}" and "${other}" are both the language "${normal}"`);
    seen.set(normal, code);
  }
  return problems;
}

/** A question's translations' problems (`_validate_question_translations` and the choices' count, validate_questions). */
function questionTranslationsProblems(q: Record<string, unknown>, at: string, base: string): string[] {
  const choices = Array.isArray(q["choices"]) && q["choices"].length > 0 ? q["choices"] : undefined;
  return translationsProblems(q["translations"], `${at}.translations`, base, QUESTION_TRANSLATED, (entry, say) => {
    let kept = false;
    const link = entry["link"];
    if (truthy(link)) {
      const problem = linkProblem(link);
      if (problem) say(`link ${problem}`);
      kept = true;
    }
    if (Object.hasOwn(entry, "choices")) {
      const translated = entry["choices"];
      kept = true;
      if (!Array.isArray(translated)) say("choices must be a list of strings");
      else if (!translated.every((c) => typeof c === "string" && c.trim() !== "")) say("choices must be non-empty strings");
      else if (choices && translated.length !== choices.length)
        say(`choices has ${translated.length} choices but the question has ${choices.length}: the lists must be as long`);
    }
    return kept;
  });
}

/**
 * Translations as PostHog stores them: each language's known texts only (`texts`, and what `more` keeps of an entry),
 * languages left with none dropped, codes normalised. The declared value compared in this form matches PostHog's
 * answer.
 */
function storedTranslations(
  value: unknown,
  texts: readonly string[],
  more: (entry: Record<string, unknown>) => Record<string, unknown> = () => ({}),
): unknown {
  if (!isPlainObject(value)) return value;
  const stored: Record<string, unknown> = {};
  for (const [code, entry] of Object.entries(value)) {
    if (!isPlainObject(entry)) continue;
    const kept = { ...Object.fromEntries(texts.filter((f) => Object.hasOwn(entry, f)).map((f) => [f, entry[f]])), ...more(entry) };
    if (Object.keys(kept).length > 0) stored[normalLanguage(code)] = kept;
  }
  return stored;
}

/**
 * Questions with their translations as PostHog stores them: a translation's `link` kept when given (an empty one is
 * none), its `choices` only when the question has choices.
 */
function storedQuestions(questions: unknown): unknown {
  if (!Array.isArray(questions)) return questions;
  return questions.map((q) => {
    if (!isPlainObject(q) || !isPlainObject(q["translations"])) return q;
    const hasChoices = Array.isArray(q["choices"]) && q["choices"].length > 0;
    const more = (entry: Record<string, unknown>) => ({
      ...(truthy(entry["link"]) && { link: entry["link"] }),
      ...(hasChoices && Object.hasOwn(entry, "choices") && { choices: entry["choices"] }),
    });
    return { ...q, translations: storedTranslations(q["translations"], QUESTION_TRANSLATED, more) };
  });
}

/** Python's truthiness of a JSON value: PostHog checks a question's optional fields only when they are truthy. */
const truthy = (v: unknown) =>
  !(
    v === undefined ||
    v === null ||
    v === false ||
    v === 0 ||
    v === "" ||
    (Array.isArray(v) && v.length === 0) ||
    (isPlainObject(v) && Object.keys(v).length === 0)
  );

/**
 * One question's problems, as `questions[i].field …`: exactly SurveySerializerCreateUpdateOnly.validate_questions'
 * rules. PostHog checks no question's `type`, nor a rating's `display` or `scale`, nor `branching` (its
 * SurveyRatingQuestionSchemaSerializer and the like only document the API: the `questions` field is a plain
 * ListField), and stores a rating without `display`, which posthog-js shows as numbers: such surveys exist, and a
 * program that manages or imports them must be able to declare them.
 */
function questionProblems(q: unknown, i: number, base: string): string[] {
  const at = `questions[${i}]`;
  if (!isPlainObject(q)) return [`${at} must be an object (Questions must be a list of objects)`];
  const problems: string[] = [];
  const say = (field: string, rule: string) => problems.push(`${at}.${field} ${rule}`);
  if (!truthy(q["question"])) say("question", "is required: the question's text (Question text is required)");
  // Today's PostHog refuses these when they are not strings; 2025-08-04 failed on them (nh3 reads them as text).
  for (const field of ["question", "description", "buttonText", "lowerBoundLabel", "upperBoundLabel"])
    if (truthy(q[field]) && typeof q[field] !== "string") say(field, "must be a string");
  const contentType = q["descriptionContentType"];
  if (truthy(contentType) && !CONTENT_TYPES.includes(String(contentType)))
    say("descriptionContentType", `must be one of ${quoted(CONTENT_TYPES)}`);
  const choices = q["choices"];
  if (truthy(choices)) {
    if (!Array.isArray(choices)) say("choices", "must be a list of strings (Question choices must be a list of strings)");
    else if (!choices.every((c) => typeof c === "string" && c.trim() !== ""))
      say("choices", "must be non-empty strings (Question choices cannot be empty)");
  }
  const link = q["link"];
  if (truthy(link)) {
    const problem = linkProblem(link);
    if (problem) say("link", problem);
  }
  if (Object.hasOwn(q, "translations")) problems.push(...questionTranslationsProblems(q, at, base));
  return problems;
}

/**
 * `validate_questions`, as problems naming each question's field; `base` is the survey's base language its
 * translations may not repeat (`baseLanguageOf`).
 */
export function questionsProblems(questions: readonly unknown[], base: string = DEFAULT_BASE_LANGUAGE): string[] {
  return questions.flatMap((q, i) => questionProblems(q, i, base)).map((p) => `${p} (validate_questions, ${SURVEY_SERIALIZER})`);
}

/**
 * The survey's rules between fields (SurveySerializerCreateUpdateOnly.validate and validate_appearance), on known
 * values; `declares` tells whether a field is given at all (its value may not be known yet).
 */
export function surveyProblems(
  known: Record<string, unknown>,
  declares: (field: string) => boolean = (f) => known[f] !== undefined,
): Array<{ field: string; reason: string }> {
  const problems: Array<{ field: string; reason: string }> = [];
  const refuse = (field: string, reason: string) => problems.push({ field, reason: `${reason} (${SURVEY_SERIALIZER})` });
  const translations = known["translations"];
  if (isPlainObject(translations))
    for (const problem of translationsProblems(translations, "translations", baseLanguageOf(known["base_language"]), SURVEY_TRANSLATED))
      refuse("translations", `${problem} (validate_translations)`);
  const conditions = isPlainObject(known["conditions"]) ? known["conditions"] : {};
  const appearance = isPlainObject(known["appearance"]) ? known["appearance"] : {};
  const questions = Array.isArray(known["questions"]) ? known["questions"] : [];
  if (conditions["linkedFlagVariant"] && !declares("linked_flag_id"))
    refuse("conditions", "conditions.linkedFlagVariant can only be used when linkedFlagId is given");
  if (appearance["shuffleQuestions"] && questions.some((q) => isPlainObject(q) && q["branching"] !== undefined && q["branching"] !== null))
    refuse("appearance", "appearance.shuffleQuestions cannot be used together with question branching: disable one of them");
  const whiteLabel = appearance["whiteLabel"];
  if (whiteLabel !== undefined && whiteLabel !== null && typeof whiteLabel !== "boolean")
    refuse("appearance", "appearance.whiteLabel must be a boolean");
  // validate_appearance's `if delay and delay < 0`, the same in 2025-08-04 (posthog/api/survey.py) and today
  // (products/surveys/backend/api/survey.py): a falsy value ("", 0, false, [], {}) or true is stored, a negative
  // number refused, and a non-empty string, list or object fails Python's comparison with 0 (PostHog answers 500).
  const delay = appearance["surveyPopupDelaySeconds"];
  if (typeof delay === "number" && delay < 0)
    refuse("appearance", "appearance.surveyPopupDelaySeconds must be a number of seconds, at least 0");
  else if (
    (typeof delay === "string" && delay !== "") ||
    (Array.isArray(delay) && delay.length > 0) ||
    (isPlainObject(delay) && Object.keys(delay).length > 0)
  )
    refuse(
      "appearance",
      "appearance.surveyPopupDelaySeconds must be a number of seconds: PostHog fails (500) comparing a non-empty string, list or object with 0",
    );
  const ct = appearance["thankYouMessageDescriptionContentType"];
  if (ct !== undefined && ct !== null && !CONTENT_TYPES.includes(String(ct)))
    refuse("appearance", `appearance.thankYouMessageDescriptionContentType must be one of ${quoted(CONTENT_TYPES)}`);
  const targeting = known["targeting_flag_filters"];
  if (isPlainObject(targeting)) {
    const groups = Array.isArray(targeting["groups"]) ? targeting["groups"] : [];
    if (
      groups.some(
        (g) =>
          isPlainObject(g) &&
          (g["rollout_percentage"] === 100 || g["rollout_percentage"] === null || g["rollout_percentage"] === undefined) &&
          (!Array.isArray(g["properties"]) || g["properties"].length === 0),
      )
    )
      refuse(
        "targeting_flag_filters",
        "targetingFlagFilters rolls out to everyone (a group with no properties at 100%): PostHog refuses such targeting; leave targetingFlagFilters out to show the survey to everyone",
      );
  }
  // SurveySerializerCreateUpdateOnly.validate, and the Survey model's update_response_sampling_limits (pre_save,
  // products/surveys/backend/models.py), which fails (500) on a missing limit or interval or a blank interval type.
  const limit = known["response_sampling_limit"];
  if (typeof limit === "number" && limit > 0) {
    if (!declares("response_sampling_interval"))
      refuse(
        "response_sampling_interval",
        "responseSamplingInterval is required with a responseSamplingLimit above 0 (PostHog fails, 500, without it)",
      );
    else if (!declares("response_sampling_start_date"))
      refuse(
        "response_sampling_start_date",
        "responseSamplingStartDate is required with a responseSamplingLimit above 0 (Response sampling start date should be set)",
      );
  }
  const intervalType = known["response_sampling_interval_type"];
  if (declares("response_sampling_start_date") && intervalType !== null && limit !== 0) {
    // A limit above 0 needs the interval (above); a missing limit fails on its own.
    if (!declares("response_sampling_limit"))
      refuse(
        "response_sampling_start_date",
        "responseSamplingStartDate needs responseSamplingLimit (PostHog fails, 500, deriving the daily limits without it; 0 for no sampling)",
      );
    if (intervalType === "")
      refuse(
        "response_sampling_interval_type",
        'responseSamplingIntervalType must be "day", "week" or "month" with a responseSamplingStartDate (PostHog fails, 500, on a blank one)',
      );
  }
  if (known["type"] === "external_survey") {
    for (const field of ["linked_flag_id", "targeting_flag_filters"])
      if (known[field] !== undefined && known[field] !== null)
        refuse(field, `${field === "linked_flag_id" ? "linkedFlagId" : "targetingFlagFilters"} is not allowed for external surveys`);
    const bad = NOT_EXTERNAL.filter((k) => conditions[k] !== undefined && conditions[k] !== null);
    if (bad.length > 0)
      refuse("conditions", `conditions.${bad.join(", conditions.")} ${bad.length === 1 ? "is" : "are"} not allowed for external surveys`);
    if (delay !== undefined && delay !== null)
      refuse("appearance", "appearance.surveyPopupDelaySeconds is not allowed for external surveys");
  }
  return problems;
}

/**
 * The declared questions with the ids PostHog gave them: PostHog gives a question sent without an `id` a new one
 * (ensure_question_ids), and its responses are recorded by question id, so a question keeps the id of the live one
 * with the same text, else of the live one at its place with its type. A declared `id` is kept as it is.
 */
export function withLiveQuestionIds(declared: unknown, live: unknown): unknown {
  if (!Array.isArray(declared) || !Array.isArray(live)) return declared;
  const liveIds = live.map((q) => (isPlainObject(q) && typeof q["id"] === "string" ? q["id"] : undefined));
  const taken = new Set<unknown>(declared.map((q) => (isPlainObject(q) ? q["id"] : undefined)).filter((id) => typeof id === "string"));
  const claim = (index: number) => {
    const id = liveIds[index];
    if (id === undefined || taken.has(id)) return undefined;
    taken.add(id);
    return id;
  };
  const byText = declared.map((q) => {
    if (!isPlainObject(q) || q["id"] !== undefined) return undefined;
    const index = live.findIndex(
      (l, i) => isPlainObject(l) && l["question"] === q["question"] && liveIds[i] !== undefined && !taken.has(liveIds[i]),
    );
    return index < 0 ? undefined : claim(index);
  });
  return declared.map((q, i) => {
    if (!isPlainObject(q) || q["id"] !== undefined) return q;
    const sameType = isPlainObject(live[i]) && live[i]["type"] === q["type"];
    const id = byText[i] ?? (sameType ? claim(i) : undefined);
    return id === undefined ? q : { ...q, id };
  });
}

/**
 * PostHog gives each question an `id` (ensure_question_ids), answers unset keys as null and stores translations in
 * its own form (`storedQuestions`): those compare equal.
 */
const sameQuestions: Equality = (a, b) => {
  const declared = storedQuestions(a ?? []);
  return sameSansNulls(declared, withoutAdded(declared, b ?? [], ["id"]));
};

/** Survey-level translations compare in PostHog's stored form (`storedTranslations`). */
const sameTranslations: Equality = (a, b) => sameSansNulls(storedTranslations(a ?? null, SURVEY_TRANSLATED), b ?? null);

/** A targeting flag's filters as the flag serializer stores them (a `variant: null` in each group, …), equal to the declared. */
const sameTargeting: Equality = (a, b) => {
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  return sameJson(withoutNulls(a), withoutNulls(withoutAdded(a, b, ["multivariate", "payloads", "aggregation_group_type_index"])));
};

/**
 * Why a row of today's PostHog is not in its generated API types as read (test/fixtures/posthog-api-facts.json): the
 * copy of products/surveys/frontend/generated/api.schemas.ts read predates it.
 */
const TYPES_PREDATE =
  "a field of today's SurveySerializerCreateUpdateOnly (products/surveys/backend/api/survey.py) newer than the copy of its generated types read";

const object = (what: string) => z.record(z.string(), z.unknown(), { error: `must be an object (${what}) or null` }).nullable();

export const surveyFields = {
  name: {
    input: z
      .string({ error: "must be a string" })
      .max(400, { error: `must be at most 400 characters (Survey.name, ${SURVEY_SERIALIZER})` })
      .refine((v) => v.trim() !== "", { error: `may not be blank (${SURVEY_SERIALIZER})` }),
    doc: "The survey's name: at most 400 characters, unique among the project's surveys. Changing it renames the survey.",
  },
  description: { input: z.string({ error: "must be a string" }), doc: "What the survey is for; may be empty." },
  type: {
    type: "SurveyType",
    input: z.enum(SURVEY_TYPES, { error: `must be one of ${quoted(SURVEY_TYPES)} (Survey.type)` }),
    doc: 'How it is shown: "popover" (posthog-js shows it), "widget" (behind a feedback button), "external_survey" (a hosted page, no targeting) or "api" (your own UI).',
  },
  questions: {
    type: "SurveyQuestion[]",
    input: z.array(z.unknown(), { error: "must be a list of questions" }),
    equal: sameQuestions,
    doc: 'The questions, in order (a changed question keeps the id PostHog gave it, found by its text, else by its place and type; give `id` to pin it); each has `type` ("open", "link", "rating", "single_choice", "multiple_choice"), `question` and its kind\'s own fields: `link` (https or mailto), `display` ("number" or "emoji") and `scale` for a rating, `choices` for a choice; any may have `description`, `buttonText`, `optional` and `branching` (`{type: "next_question" | "end" | "response_based" | "specific_question", index?, responseValues?}`). PostHog gives each an `id`.',
  },
  appearance: {
    input: object("the survey's appearance"),
    equal: sameSansNulls,
    doc: "Colours, placement, texts and `surveyPopupDelaySeconds`, as PostHog's survey editor sets them.",
  },
  conditions: {
    input: object("display conditions"),
    equal: sameSansNulls,
    doc: "When it is shown: `url` and `urlMatchType`, `selector`, `events`, `actions`, `deviceTypes`, `seenSurveyWaitPeriodInDays`, `linkedFlagVariant`.",
  },
  linked_flag_id: {
    input: z
      .number({ error: "must be the numeric id of a feature flag or null" })
      .int({ error: "must be the numeric id of a feature flag or null" })
      .nullable(),
    doc: "A feature flag (its numeric id, a FeatureFlag's flagId) whose enabled users see the survey; `conditions.linkedFlagVariant` narrows it to a variant.",
  },
  targeting_flag_filters: {
    input: object("feature flag filters"),
    equal: sameTargeting,
    doc: "Who sees it, as a feature flag's filters (`{groups: [{properties, rollout_percentage}]}`): PostHog makes a targeting flag of them, deleted with the survey. `null` removes it. Not for everyone at 100% (leave it out instead).",
  },
  start_date: {
    ...dateTimeField(SURVEY_SERIALIZER),
    doc: "When the survey was launched (ISO 8601): set it to launch, `null` for a draft.",
  },
  end_date: { ...dateTimeField(SURVEY_SERIALIZER), doc: "When the survey was stopped (ISO 8601): set it to stop collecting responses." },
  responses_limit: {
    input: z
      .number({ error: "must be a whole number or null" })
      .int({ error: "must be a whole number or null" })
      .min(0, { error: `must be at least 0 (Survey.responses_limit, a PositiveIntegerField)` })
      .nullable(),
    doc: "Stop after this many responses.",
  },
  archived: { input: z.boolean({ error: "must be true or false" }), doc: "Archived surveys are kept but out of the way." },
  enable_partial_responses: { input: z.boolean({ error: "must be true or false" }), doc: "Record answers before the survey is completed." },
  schedule: {
    input: z.enum(["once", "recurring", "always"], {
      error: `must be "once", "recurring" or "always" (validate_schedule, ${SURVEY_SERIALIZER})`,
    }),
    doc: 'How often a person is asked: "once" (PostHog\'s default), "recurring" (again after each iteration) or "always".',
  },
  enable_iframe_embedding: {
    input: z.boolean({ error: "must be true or false" }),
    lackedBy: ["2025-08-04"],
    doc: "Whether the survey may be embedded in an iframe on other sites (today's PostHog; 2025-08-04 has no such field).",
  },
  iteration_count: {
    input: z
      .number({ error: "must be a whole number or null" })
      .int({ error: "must be a whole number or null" })
      .min(0, { error: `must be at least 0 (iteration_count, ${SURVEY_SERIALIZER})` })
      .max(MAX_ITERATION_COUNT, { error: `must be at most ${MAX_ITERATION_COUNT} (iteration_count, ${SURVEY_SERIALIZER})` })
      .nullable(),
    doc: "How many times the survey repeats (with `iterationFrequencyDays`): PostHog starts an iteration every `iterationFrequencyDays` from the start date (`iterationStartDates`, `currentIteration`); 0 or `null` for none. PostHog refuses a count below the current iteration.",
  },
  iteration_frequency_days: {
    input: z
      .number({ error: "must be a whole number of days or null" })
      .int({ error: "must be a whole number of days or null" })
      .min(0, { error: "must be at least 0 (Survey.iteration_frequency_days, a PositiveIntegerField)" })
      .max(MAX_POSITIVE, { error: `must be at most ${MAX_POSITIVE} (Survey.iteration_frequency_days, a PositiveIntegerField)` })
      .nullable(),
    // SurveySerializerCreateUpdateOnly.update sets the frequency to the one sent with a count, or to none.
    sentWith: ["iteration_count"],
    doc: "Days between the survey's iterations (with `iterationCount`). PostHog clears it when `iterationCount` is changed without it: declare both.",
  },
  response_sampling_start_date: {
    ...dateTimeField(SURVEY_SERIALIZER),
    // validate requires it in the same request as a limit and an interval above 0.
    sentWith: ["response_sampling_limit"],
    doc: "When response sampling starts (ISO 8601): PostHog takes only today (UTC) or later, each time it is sent (with `responseSamplingLimit`, `responseSamplingInterval` and, unless `week`, `responseSamplingIntervalType`). PostHog derives the daily limits from them (`responseSamplingDailyLimits`).",
  },
  response_sampling_interval_type: {
    input: z
      .enum(["day", "week", "month", ""], { error: `must be "day", "week" or "month" (Survey.response_sampling_interval_type)` })
      .nullable(),
    doc: 'The unit of `responseSamplingInterval`: "day", "week" (PostHog\'s default) or "month" (30 days); `null` for no sampling.',
  },
  response_sampling_interval: {
    input: z
      .number({ error: "must be a whole number or null" })
      .int({ error: "must be a whole number or null" })
      .min(1, { error: `must be greater than 0 (Response sampling interval must be greater than 0., validate, ${SURVEY_SERIALIZER})` })
      .max(MAX_POSITIVE, { error: `must be at most ${MAX_POSITIVE} (Survey.response_sampling_interval, a PositiveIntegerField)` })
      .nullable(),
    // validate reads the interval of the request that sends a limit (None there fails, 500).
    sentWith: ["response_sampling_limit"],
    doc: "How many `responseSamplingIntervalType` units the sampling spans: `responseSamplingLimit` responses are spread over them.",
  },
  response_sampling_limit: {
    input: z
      .number({ error: "must be a whole number or null" })
      .int({ error: "must be a whole number or null" })
      .min(0, { error: "must be at least 0 (Survey.response_sampling_limit, a PositiveIntegerField)" })
      .max(MAX_POSITIVE, { error: `must be at most ${MAX_POSITIVE} (Survey.response_sampling_limit, a PositiveIntegerField)` })
      .nullable(),
    doc: "How many responses to take over the sampling interval (0: no sampling). Needs `responseSamplingInterval` and `responseSamplingStartDate`.",
  },
  linked_insight_id: {
    input: z
      .number({ error: "must be the numeric id of an insight or null" })
      .int({ error: "must be the numeric id of an insight or null" })
      .nullable(),
    lackedBy: ["2025-08-04"],
    doc: "An insight (its numeric id, an Insight's insightId) the survey is linked to (today's PostHog; 2025-08-04 has no such field).",
  },
  base_language: {
    input: z
      .string({ error: "must be a string" })
      .refine((code) => code.trim().length <= 20, { error: `must be at most 20 characters (Survey.base_language, ${SURVEY_SERIALIZER})` })
      .superRefine((code, ctx) => {
        const problem = baseLanguageProblem(code);
        if (problem) ctx.addIssue({ code: "custom", message: `${problem} (validate_base_language, ${SURVEY_SERIALIZER})` });
      }),
    // PostHog stores the code normalised, and a blank one as its default.
    equal: (declared, live) => baseLanguageOf(declared) === (live ?? DEFAULT_BASE_LANGUAGE),
    lackedBy: ["2025-08-04"],
    beyondApiTypes: TYPES_PREDATE,
    doc: 'The language the survey\'s own texts are written in, a BCP-47 code ("en", PostHog\'s default; "es", "pt-BR"): no translation may be in it. PostHog stores it lower-cased, `_` as `-`. Today\'s PostHog; 2025-08-04 has no base language.',
  },
  translations: {
    type: "Record<string, SurveyTranslation> | null",
    input: object("translations by language code"),
    equal: sameTranslations,
    lackedBy: ["2025-08-04"],
    beyondApiTypes: TYPES_PREDATE,
    doc: 'The survey\'s own texts in other languages, by BCP-47 code ("es", "pt-BR"; PostHog stores it lower-cased, `_` as `-`): each `{ name?, description?, thankYouMessageHeader?, thankYouMessageDescription?, thankYouMessageCloseButtonText? }` (PostHog keeps no other key, nor a language left with none). Not the base language (`baseLanguage`, "en" by default); "default", "original" and "base" are no codes. A question\'s texts are translated in its own `translations`. Today\'s PostHog; 2025-08-04 has no translations.',
  },
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts). */
export const surveyLeftOut: LeftOut = {
  ...CREATE_IN_FOLDER,
  targeting_flag_id:
    "not yet managed: an existing flag as the survey's targeting (the table manages `targeting_flag_filters`, PostHog's own targeting flag)",
  remove_targeting_flag: "not yet managed: an update's removal of the targeting flag",
  // The Survey model's pre_save (update_survey_iterations, products/surveys/backend/models.py) writes them over.
  iteration_start_dates:
    "PostHog's, from iterationCount, iterationFrequencyDays and startDate (a written value is replaced): the output iterationStartDates",
  current_iteration: "PostHog's, from iterationCount and startDate: the output currentIteration",
  current_iteration_start_date: "PostHog's, from iterationCount and startDate: the output currentIterationStartDate",
  // The Survey model's pre_save (update_response_sampling_limits) writes it over.
  response_sampling_daily_limits:
    "PostHog's, from the sampling start date, interval and limit (a written value is replaced): the output responseSamplingDailyLimits",
};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const surveyApiTypes: ApiTypes = {
  file: "products/surveys/frontend/generated/api.schemas.ts",
  schemas: ["SurveySerializerCreateUpdateOnlyApi"],
};
