/**
 * Surveys, `/api/projects/:project_id/surveys/` (SurveyViewSet, SurveySerializer and SurveySerializerCreateUpdateOnly
 * of today's PostHog, products/surveys/backend/api/survey.py, formerly posthog/api/survey.py; model
 * products/surveys/backend/models.py; tests in products/surveys/backend/api/test/test_survey.py):
 *
 * - Keyed by UUID. `name` (unique in the project, checked in `validate` with attr null) and `type` (popover, widget,
 *   external_survey, api) are required on create.
 * - `questions`: a list of objects, each with a non-empty `question` string; `description`, `buttonText`,
 *   `lowerBoundLabel`, `upperBoundLabel` strings; `choices` non-empty strings; `descriptionContentType` text or html;
 *   `link` https (with a host) or a valid mailto; `validation` rules (min_length, max_length, email). Each question
 *   without an `id` gets one (ensure_question_ids). HTML is sanitised by PostHog (nh3): not modelled, stored as sent.
 * - `targeting_flag_filters` makes a targeting flag (`survey-targeting-<10 hex>`, validated as a flag: its errors
 *   carry attr `filters`), refused when a group rolls out to everyone; every survey also gets an internal targeting
 *   flag (`…-custom`) excluding people who dismissed or answered it. Both are active while the survey runs
 *   (started, not stopped, not archived), are left out of the flag list and are deleted with the survey.
 * - Today only: `base_language` (a BCP-47 code, `en` when blank, stored normalised: trimmed, lower-cased, `_` as `-`)
 *   and `translations` (the survey's texts by language code), and each question's `translations`: an entry keeps only
 *   its known texts and is dropped with none; a code is normalised and may not be "default", "original", "base", a
 *   non-BCP-47 one, the base language (the request's, else the survey's) or another's once normalised; a code the
 *   survey already has is kept unchecked (PostHog's grandfathering). PostHog 2025-08-04 has none of them.
 * - DELETE answers 204 (no soft delete). The list is LimitOffsetPagination (100), filters `archived` and `search`
 *   (name, description).
 *
 * - The Survey model's pre_save derives the iterations' start dates and the sampling's daily limits (a JSON text), in
 *   2025-08-04 as today; a sampling start date without a limit or interval fails there (500).
 *
 * Not modelled: conditions.actions turned into the survey's actions (conditions are answered as stored), the internal
 * response sampling flag (made once there are daily limits, left behind on delete), translations' HTML sanitising, the white-labelling feature (refused as an organization without it).
 * PUT goes through the same validation as PATCH (PostHog's PUT uses SurveySerializer, without the question checks).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { serverError, validationError } from "../drf/errors";
import {
  booleanField,
  charField,
  choiceField,
  integerField,
  invalid,
  jsonField,
  jsonListField,
  nullableDateTimeField,
} from "../drf/fields";
import { pyStr, pyTruthy } from "../drf/py";
import { createFlag, minimalFlag, updateFlagFilters } from "../feature-flags/routes";
import type { ApiContext } from "../pipeline/api";
import { json, noContent } from "../pipeline/http";
import { icontains, pageAnswer } from "../pipeline/list-update";
import { findInProject, nestedViewSetRoutes, type SerializerFields, userBasic, uuidLookup, validateBody } from "../pipeline/nested-viewset";
import { cloneJson, isJsonObject, type Json, type JsonObject } from "../state/json";
import { isoFromMicros } from "../state/time";
import type { StoredObject, StoredProject } from "../state/types";

export const SURVEY_TYPES = ["popover", "widget", "external_survey", "api"];
const MAX_ITERATION_COUNT = 500;
const TARGETING_PREFIX = "survey-targeting-";
const LINK_SCHEMES = ["https", "mailto"];
const EMAIL_LINK = /^mailto:[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/;
interface SurveyContext {
  ctx: ApiContext;
  team: StoredProject;
  instance: StoredObject | null;
}

/** `_validate_and_sanitize_link`: https with a host, or a mailto address. */
function checkLink(link: string): void {
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(link)?.[1]?.toLowerCase() ?? "";
  if (!LINK_SCHEMES.includes(scheme)) invalid(`Link must be a URL with one of these schemes: [${LINK_SCHEMES.join(", ")}]`);
  if (scheme === "mailto" && !EMAIL_LINK.test(link))
    invalid("Invalid mailto link. Please enter a valid mailto link (e.g., mailto:example@domain.com).");
  if (scheme === "https" && !/^https:\/\/[^/?#]+/i.test(link)) invalid("Invalid HTTPS URL. Please enter a valid HTTPS link.");
}

/** `_validate_and_sanitize_choices`. */
function checkChoices(choices: Json[]): void {
  for (const c of choices) {
    if (typeof c !== "string") invalid("Question choices must be strings");
    if (pyStr(c).trim() === "") invalid("Question choices cannot be empty");
  }
}

/**
 * Translations' language codes (today's survey.py: BCP47_LANGUAGE_CODE_RE, REJECTED_TRANSLATION_KEYS,
 * DEFAULT_BASE_LANGUAGE, `_normalize_language_code`): trimmed, lower-cased, `_` as `-`.
 */
const LANGUAGE_CODE = /^[a-z]{2,3}(-[a-z0-9]{2,8}){0,3}$/;
const REJECTED_LANGUAGE_KEYS = ["default", "original", "base"];
const DEFAULT_BASE_LANGUAGE = "en";
const normalLanguage = (code: string) => code.trim().toLowerCase().replaceAll("_", "-");

/** `_resolve_base_language`: the request's base language, else the survey's, else `en`. */
function resolveBaseLanguage(sc: SurveyContext): string {
  const body = sc.ctx.req.body();
  const sent = isJsonObject(body) && "base_language" in body ? body.base_language : undefined;
  if (typeof sent === "string" && sent.trim() !== "") return normalLanguage(sent);
  const own = sc.instance?.fields.base_language;
  return typeof own === "string" && own.trim() !== "" ? normalLanguage(own) : DEFAULT_BASE_LANGUAGE;
}

/** `validate_base_language`, after the CharField (max 20, blank allowed): blank is `en`, stored normalised. */
function parseBaseLanguage(value: Json): Json {
  const code = pyStr(charField({ maxLength: 20, nullable: false, allowBlank: true }).parse(value, null) ?? "");
  if (code.trim() === "") return DEFAULT_BASE_LANGUAGE;
  const normal = normalLanguage(code);
  if (REJECTED_LANGUAGE_KEYS.includes(normal)) invalid(`'${code}' is not a valid language code. Use a BCP-47 code like 'en' or 'es'.`);
  if (!LANGUAGE_CODE.test(normal)) invalid(`'${code}' is not a valid language code. Use BCP-47 codes like 'en', 'es', or 'es-MX'.`);
  return normal;
}

/** `_validate_translation_language_key`: the normalised code, or the refusal. */
function languageKey(code: string, base: string, context: string): string {
  if (code.trim() === "") return invalid(`${context}: translation language code cannot be empty.`);
  const normal = normalLanguage(code);
  if (REJECTED_LANGUAGE_KEYS.includes(normal))
    invalid(
      `${context}: '${code}' is not a valid translation language. The untranslated text is the original — set the survey's base language instead of adding it as a translation.`,
    );
  if (!LANGUAGE_CODE.test(normal))
    invalid(
      `${context}: '${code}' is not a valid language code. Use BCP-47 codes like 'en', 'es', or 'es-MX' (not language names like 'english').`,
    );
  if (normal === base)
    invalid(
      `${context}: '${code}' matches the survey's base language ('${base}'). The original text already covers this language — translate to a different language.`,
    );
  return normal;
}

/**
 * The translations kept under their codes: an entry with nothing kept is dropped, a code the survey already has is
 * kept as it is (PostHog's grandfathering of codes stored before it checked them), any other is checked, normalised
 * and may not be another's once normalised.
 */
function keyTranslations(
  cleaned: Array<[string, JsonObject]>,
  existing: Json | undefined,
  base: string,
  context: string,
  collision: string,
): JsonObject {
  const out: JsonObject = {};
  for (const [code, kept] of cleaned) {
    if (Object.keys(kept).length === 0) continue;
    if (isJsonObject(existing) && code in existing) {
      out[code] = kept;
      continue;
    }
    const normal = languageKey(code, base, context);
    if (Object.keys(out).some((k) => normalLanguage(k) === normal))
      invalid(`${collision}: '${code}' collides with another translation for '${normal}'.`);
    out[normal] = kept;
  }
  return out;
}

/** `_validate_question_translations`, then validate_questions' choice counts: the translations as stored. */
function questionTranslations(
  translations: Json,
  n: number,
  choices: Json | undefined,
  existing: Json | undefined,
  base: string,
): JsonObject {
  if (!isJsonObject(translations)) return invalid(`Question ${n}: translations must be an object`);
  const cleaned: Array<[string, JsonObject]> = [];
  for (const [lang, t] of Object.entries(translations)) {
    if (!isJsonObject(t)) invalid(`Question ${n}: Translation for '${lang}' must be an object`);
    const kept: JsonObject = {};
    for (const field of ["question", "description", "buttonText", "lowerBoundLabel", "upperBoundLabel"]) {
      if (!(field in t)) continue;
      if (typeof t[field] !== "string") invalid(`Question ${n}: Translation '${lang}' field '${field}' must be a string`);
      kept[field] = t[field] ?? null;
    }
    // An empty link is none, as the question's own.
    if (pyTruthy(t.link ?? null)) {
      if (typeof t.link !== "string") invalid(`Question ${n}: Translation '${lang}' field 'link' must be a string`);
      checkLink(t.link);
      kept.link = t.link;
    }
    if ("choices" in t) {
      if (!Array.isArray(t.choices)) invalid(`Question ${n}: Translation '${lang}' field 'choices' must be a list of strings`);
      checkChoices(t.choices);
      kept.choices = t.choices;
    }
    cleaned.push([lang, kept]);
  }
  const out = keyTranslations(cleaned, existing, base, `Question ${n} translation`, `Question ${n} translation`);
  for (const [lang, t] of Object.entries(out)) {
    if (!isJsonObject(t) || !Array.isArray(t.choices)) continue;
    if (!Array.isArray(choices)) delete t.choices;
    else if (t.choices.length !== choices.length)
      invalid(
        `Question ${n}: Translation '${lang}' has ${t.choices.length} choices but question has ${choices.length} choices. Array lengths must match to avoid partial translations.`,
      );
  }
  return out;
}

/** `validate_questions`, then `ensure_question_ids` (products/surveys/backend/models.py). */
function parseQuestions(current: boolean) {
  return (value: Json, sc: SurveyContext): Json => questionsOf(value, current, sc);
}

/** PostHog 2025-08-04 checked less: no string types, validation rules or translations (posthog/api/survey.py). */
function questionsOf(value: Json, current: boolean, sc: SurveyContext): Json {
  if (!Array.isArray(value)) return invalid("Questions must be a list of objects");
  const base = resolveBaseLanguage(sc);
  const existing = Array.isArray(sc.instance?.fields.questions) ? sc.instance.fields.questions.filter(isJsonObject) : [];
  return value.map((raw, index) => {
    if (!isJsonObject(raw)) return invalid("Questions must be a list of objects");
    const q = cloneJson(raw) as JsonObject;
    if (!q.question) invalid("Question text is required");
    if (current) {
      if (typeof q.question !== "string") invalid("Question text must be a string");
      if (q.description && typeof q.description !== "string") invalid("Question description must be a string");
      for (const field of ["buttonText", "lowerBoundLabel", "upperBoundLabel"]) {
        if (q[field] && typeof q[field] !== "string") invalid(`Question ${field} must be a string`);
      }
    }
    if (q.choices && (Array.isArray(q.choices) ? q.choices.length > 0 : true)) {
      if (!Array.isArray(q.choices)) invalid("Question choices must be a list of strings");
      else checkChoices(q.choices);
    }
    const contentType = q.descriptionContentType;
    if (contentType && contentType !== "text" && contentType !== "html")
      invalid("Question descriptionContentType must be one of ['text', 'html']");
    if (current && "translations" in q) {
      const choices = pyTruthy(q.choices ?? null) ? q.choices : undefined;
      q.translations = questionTranslations(q.translations ?? null, index + 1, choices, existing[index]?.translations, base);
    }
    if (q.link) {
      if (typeof q.link !== "string") invalid(`Question ${index + 1}: link must be a string`);
      else checkLink(q.link);
    }
    if (current && q.validation !== undefined && q.validation !== null) checkValidationRules(q.validation);
    q.id ??= randomUUID();
    return q;
  });
}

function checkValidationRules(rules: Json): void {
  if (!Array.isArray(rules)) invalid("Question validation must be a list of validation rules");
  const types = ["min_length", "max_length", "email"];
  for (const rule of rules) {
    if (!isJsonObject(rule)) invalid("Each validation rule must be an object");
    if (!types.includes(pyStr(rule.type ?? null))) invalid(`Validation rule type must be one of: ${types.join(", ")}`);
    const v = rule.value;
    if ((rule.type === "min_length" || rule.type === "max_length") && v !== undefined && v !== null) {
      if (typeof v !== "number" || !Number.isInteger(v) || v <= 0)
        invalid(`Validation rule value for ${rule.type} must be a positive integer`);
    }
  }
  const value = (type: string) => rules.filter(isJsonObject).find((r) => r.type === type)?.value;
  const min = value("min_length");
  const max = value("max_length");
  if (typeof min === "number" && typeof max === "number" && min > max) invalid("Minimum length cannot be greater than maximum length");
}

/** `validate_appearance` (the organization has no white labelling). */
function parseAppearance(value: Json): Json {
  if (!isJsonObject(value)) return invalid("Appearance must be an object");
  const ct = value.thankYouMessageDescriptionContentType;
  if (ct && ct !== "text" && ct !== "html") invalid("thankYouMessageDescriptionContentType must be one of ['text', 'html']");
  // `if delay and delay < 0`: a falsy value or a boolean passes; a non-empty string, list or object cannot be compared
  // with 0 in Python 3 (a TypeError, answered 500: measured on 2025-08-04, the same code today).
  const delay = value.surveyPopupDelaySeconds;
  if (typeof delay === "number" && delay < 0) invalid("Survey popup delay seconds must be a positive integer");
  if (pyTruthy(delay) && typeof delay !== "number" && typeof delay !== "boolean") throw serverError();
  const white = value.whiteLabel;
  if (white !== undefined && white !== null && typeof white !== "boolean") invalid("whiteLabel must be a boolean");
  if (white === true) invalid("You need to upgrade to PostHog Enterprise to use white labelling");
  return value;
}

/** `validate_translations`: the survey's texts by language, as stored. */
function parseTranslations(value: Json, sc: SurveyContext): Json {
  if (!isJsonObject(value)) return invalid("Translations must be an object");
  const cleaned: Array<[string, JsonObject]> = [];
  for (const [lang, t] of Object.entries(value)) {
    if (!isJsonObject(t)) return invalid(`Translation for '${lang}' must be an object`);
    const kept: JsonObject = {};
    for (const field of ["name", "description", "thankYouMessageHeader", "thankYouMessageDescription", "thankYouMessageCloseButtonText"]) {
      if (!(field in t)) continue;
      if (typeof t[field] !== "string") invalid(`Translation for '${lang}': '${field}' must be a string`);
      kept[field] = t[field] ?? null;
    }
    cleaned.push([lang, kept]);
  }
  return keyTranslations(cleaned, sc.instance?.fields.translations, resolveBaseLanguage(sc), "Survey translation", "Survey translation");
}

const positive = (opts: { min?: number; max?: number } = {}) => integerField({ nullable: true, min: opts.min ?? 0, max: opts.max });

/** The writable fields in SurveySerializerCreateUpdateOnly.Meta.fields order (the later ones today's only). */
function fields(current: boolean): SerializerFields<SurveyContext> {
  const all: SerializerFields<SurveyContext> = [
    ["name", charField({ maxLength: 400, nullable: false, allowBlank: false })],
    ["description", charField({ nullable: false, allowBlank: true })],
    ["type", choiceField(false, (s) => (SURVEY_TYPES.includes(s) ? s : undefined))],
    [
      "schedule",
      {
        nullable: true,
        parse: (v) => {
          const s = charField({ nullable: true, allowBlank: true }).parse(v, null);
          if (s !== "once" && s !== "recurring" && s !== "always") invalid("Schedule must be one of: once, recurring, always");
          return s;
        },
      },
    ],
    ["linked_flag_id", integerField({ nullable: true })],
    ["linked_insight_id", integerField({ nullable: true })],
    ["targeting_flag_id", integerField({ nullable: false })],
    ["targeting_flag_filters", jsonField(true)],
    ["remove_targeting_flag", booleanField(true)],
    ["questions", jsonField(true, parseQuestions(current))],
    ["conditions", jsonField(true, (v) => (isJsonObject(v) ? v : invalid("Conditions must be an object")))],
    ["appearance", jsonField(true, parseAppearance)],
    ["start_date", nullableDateTimeField],
    ["end_date", nullableDateTimeField],
    ["archived", booleanField(false)],
    ["responses_limit", positive()],
    ["iteration_count", positive({ max: MAX_ITERATION_COUNT })],
    ["iteration_frequency_days", positive()],
    ["iteration_start_dates", jsonListField(true)],
    ["current_iteration", positive()],
    ["current_iteration_start_date", nullableDateTimeField],
    ["response_sampling_start_date", nullableDateTimeField],
    ["response_sampling_interval_type", choiceField(true, (s) => (["day", "week", "month"].includes(s) ? s : undefined), true)],
    ["response_sampling_interval", positive()],
    ["response_sampling_limit", positive()],
    ["response_sampling_daily_limits", jsonField(true)],
    ["enable_partial_responses", booleanField(true)],
    ["enable_iframe_embedding", booleanField(true)],
    ["base_language", { nullable: false, parse: parseBaseLanguage }],
    ["translations", jsonField(true, parseTranslations)],
    ["_create_in_folder", charField({ nullable: false, allowBlank: true })],
    ["form_content", jsonField(true)],
  ];
  const todayOnly = new Set(["linked_insight_id", "enable_iframe_embedding", "base_language", "translations", "form_content"]);
  return current ? all : all.filter(([name]) => !todayOnly.has(name));
}

// Today's `linked_insight_id` is write-only in SurveySerializerCreateUpdateOnly but stored (the linked_insight foreign
// key) and answered by SurveySerializer, on GET.
const WRITE_ONLY = new Set(["targeting_flag_filters", "remove_targeting_flag", "_create_in_folder"]);

function surveysOf(ctx: ApiContext, team: StoredProject): StoredObject[] {
  return ctx.store.objects("surveys").filter((s) => s.teamId === team.id);
}

function flagOf(ctx: ApiContext, id: Json | undefined): StoredObject | null {
  return typeof id === "number" ? (ctx.store.object("featureFlags", id) ?? null) : null;
}

function minimal(ctx: ApiContext, id: Json | undefined): JsonObject | null {
  const flag = flagOf(ctx, id);
  return flag ? minimalFlag(ctx, flag) : null;
}

/** Python's `str(datetime)` of an aware UTC datetime: `2026-01-01 00:00:00+00:00`. */
function pyDatetime(micros: number): string {
  const iso = isoFromMicros(micros);
  return `${iso.slice(0, 10)} ${iso.slice(11, -1)}+00:00`;
}

const date = (v: Json | undefined) => (typeof v === "number" ? isoFromMicros(v) : null);

/** SurveySerializer (GET) or, `forWrite`, SurveySerializerCreateUpdateOnly (the answer to POST and PATCH). */
export function serializeSurvey(ctx: ApiContext, s: StoredObject, forWrite: boolean): JsonObject {
  const f = s.fields;
  const current = ctx.services.version === "current";
  const flagKey = (id: Json | undefined) => (flagOf(ctx, id)?.fields.key as Json | undefined) ?? null;
  const out: JsonObject = {
    id: f.uuid ?? null,
    name: f.name ?? "",
    description: f.description ?? "",
    type: f.type ?? null,
    schedule: f.schedule ?? "once",
    linked_flag: minimal(ctx, f.linked_flag_id),
  };
  if (!forWrite) out.linked_flag_id = typeof f.linked_flag_id === "number" && flagOf(ctx, f.linked_flag_id) ? f.linked_flag_id : null;
  if (!forWrite && current) out.linked_insight_id = f.linked_insight_id ?? null;
  Object.assign(out, {
    targeting_flag: minimal(ctx, f.targeting_flag_id),
    internal_targeting_flag: minimal(ctx, f.internal_targeting_flag_id),
    questions: cloneJson(f.questions ?? null),
    conditions: cloneJson(f.conditions ?? null),
    appearance: cloneJson(f.appearance ?? null),
    created_at: isoFromMicros(s.createdAtMicros),
    created_by: userBasic(ctx.store, s.createdBy),
    start_date: date(f.start_date),
    end_date: date(f.end_date),
    archived: f.archived ?? false,
    responses_limit: f.responses_limit ?? null,
  });
  if (!forWrite)
    out.feature_flag_keys = [
      { key: "linked_flag_key", value: flagKey(f.linked_flag_id) },
      { key: "targeting_flag_key", value: flagKey(f.targeting_flag_id) },
      { key: "internal_targeting_flag_key", value: flagKey(f.internal_targeting_flag_id) },
      { key: "internal_response_sampling_flag_key", value: null },
    ];
  Object.assign(out, {
    iteration_count: f.iteration_count ?? null,
    iteration_frequency_days: f.iteration_frequency_days ?? null,
    iteration_start_dates: Array.isArray(f.iteration_start_dates) ? f.iteration_start_dates.map((d) => date(d)) : null,
    current_iteration: f.current_iteration ?? null,
    current_iteration_start_date: date(f.current_iteration_start_date),
    response_sampling_start_date: date(f.response_sampling_start_date),
    response_sampling_interval_type: f.response_sampling_interval_type ?? "week",
    response_sampling_interval: f.response_sampling_interval ?? null,
    response_sampling_limit: f.response_sampling_limit ?? null,
    response_sampling_daily_limits: cloneJson(f.response_sampling_daily_limits ?? null),
    enable_partial_responses: f.enable_partial_responses ?? false,
  });
  if (current) {
    out.enable_iframe_embedding = f.enable_iframe_embedding ?? false;
    out.base_language = f.base_language ?? DEFAULT_BASE_LANGUAGE;
    out.translations = cloneJson(f.translations ?? null);
    if (!forWrite) out.user_access_level = "manager";
    out.form_content = cloneJson(f.form_content ?? null);
  }
  return out;
}

/** SurveySerializerCreateUpdateOnly.validate, after the field validators. */
function validateSurvey(sc: SurveyContext, attrs: JsonObject): void {
  const { ctx, team, instance } = sc;
  // PostHog 2025-08-04 looked the linked flag up in any project, and had none of the checks marked "today".
  const current = ctx.services.version === "current";
  const inTeam = (id: Json | undefined) => {
    const flag = flagOf(ctx, id);
    return flag && (flag.teamId === team.id || !current) ? flag : null;
  };
  const linked = attrs.linked_flag_id ? inTeam(attrs.linked_flag_id) : null;
  if (attrs.linked_flag_id && !linked) throw validationError("Feature Flag with this ID does not exist");
  // Today.
  if (current && attrs.targeting_flag_id && !inTeam(attrs.targeting_flag_id))
    throw validationError("Targeting Feature Flag with this ID does not exist");
  const conditions = isJsonObject(attrs.conditions) ? attrs.conditions : {};
  const variant = current ? conditions.linkedFlagVariant : undefined;
  if (variant && linked && variant !== "any") {
    const filters = linked.fields.filters;
    const variants =
      isJsonObject(filters) && isJsonObject(filters.multivariate) && Array.isArray(filters.multivariate.variants)
        ? filters.multivariate.variants.filter(isJsonObject).map((v) => pyStr(v.key ?? null))
        : [];
    if (!variants.includes(pyStr(variant)))
      throw validationError(
        variants.length > 0
          ? `Feature flag variant '${pyStr(variant)}' does not exist. Available variants: ${variants.join(", ")}`
          : `Feature flag variant '${pyStr(variant)}' specified but the linked feature flag has no variants`,
      );
  } else if (variant && !attrs.linked_flag_id) {
    throw validationError("linkedFlagVariant can only be used when a linked_flag_id is specified");
  }
  const name = attrs.name ?? null;
  const others = surveysOf(ctx, team).filter((s) => s.id !== instance?.id && s.fields.name === name);
  if (!instance && others.length > 0) throw validationError("There is already a survey with this name.", null, "unique");
  if (instance && instance.fields.name !== name && others.length > 0)
    throw validationError("There is already another survey with this name.", null, "unique");
  const targeting = attrs.targeting_flag_filters;
  if (isJsonObject(targeting) && Object.keys(targeting).length > 0) {
    const groups = Array.isArray(targeting.groups) ? targeting.groups.filter(isJsonObject) : [];
    const everyone = groups.some(
      (g) =>
        (g.rollout_percentage === 100 || g.rollout_percentage === null || g.rollout_percentage === undefined) &&
        (!Array.isArray(g.properties) || g.properties.length === 0),
    );
    if (everyone)
      throw validationError(
        "Invalid operation: User targeting rolls out to everyone. If you want to roll out to everyone, delete this targeting",
      );
  }
  const samplingStart = attrs.response_sampling_start_date;
  if (typeof samplingStart === "number") {
    const today = new Date();
    today.setUTCHours(0, 0, 0, 0);
    if (samplingStart < today.getTime() * 1000)
      throw validationError(
        `Response sampling start date must be today or a future date in UTC. Got ${pyDatetime(samplingStart)} when current time is ${pyDatetime(today.getTime() * 1000)}`,
        "response_sampling_start_date",
      );
  }
  const interval = attrs.response_sampling_interval;
  if (typeof interval === "number" && interval <= 0)
    throw validationError("Response sampling interval must be greater than 0.", "response_sampling_interval");
  // `data.get("response_sampling_limit", 0)` and the interval of this request only: a limit sent without an interval
  // compares None with 0 (a TypeError, answered 500).
  const limit = "response_sampling_limit" in attrs ? attrs.response_sampling_limit : 0;
  if (typeof limit === "number" && limit > 0) {
    if (typeof interval !== "number") throw serverError();
    if (interval > 0 && typeof samplingStart !== "number")
      throw validationError(
        "Response sampling start date should be set if response_sampling_start_date is not zero.",
        "response_sampling_start_date",
      );
  }
  if (!current) return;
  const appearance = {
    ...(isJsonObject(instance?.fields.appearance) ? instance.fields.appearance : {}),
    ...(isJsonObject(attrs.appearance) ? attrs.appearance : {}),
  };
  const questions = "questions" in attrs ? attrs.questions : (instance?.fields.questions ?? []);
  if (
    appearance.shuffleQuestions &&
    Array.isArray(questions) &&
    questions.some((q) => isJsonObject(q) && q.branching !== undefined && q.branching !== null)
  )
    throw validationError("Question shuffling and question branching cannot be used together. Please disable one of these features.");
  if (attrs.type === "external_survey") validateExternal(attrs);
}

/** External (hosted) surveys: no flags, no display conditions, no popup delay. */
function validateExternal(attrs: JsonObject): void {
  for (const field of ["linked_flag_id", "targeting_flag_filters"]) {
    if (attrs[field] !== undefined && attrs[field] !== null) throw validationError(`${field} is not allowed for external surveys`, field);
  }
  const c = attrs.conditions;
  if (isJsonObject(c)) {
    const bad = [
      "url",
      "urlMatchType",
      "selector",
      "seenSurveyWaitPeriodInDays",
      "linkedFlagVariant",
      "deviceTypes",
      "deviceTypesMatchType",
    ].filter((k) => k in c && c[k] !== null);
    for (const k of ["actions", "events"]) {
      const v = c[k];
      if (isJsonObject(v) && Array.isArray(v.values) && v.values.length > 0) bad.push(k);
    }
    if (bad.length > 0)
      throw validationError(`The following condition fields are not allowed for external surveys: ${bad.join(", ")}`, "conditions");
  }
  if (
    isJsonObject(attrs.appearance) &&
    attrs.appearance.surveyPopupDelaySeconds !== undefined &&
    attrs.appearance.surveyPopupDelaySeconds !== null
  )
    throw validationError("surveyPopupDelaySeconds is not allowed for external surveys", "appearance");
}

const running = (s: StoredObject) =>
  typeof s.fields.start_date === "number" && typeof s.fields.end_date !== "number" && s.fields.archived !== true;

/** `_create_or_update_targeting_flag` for a new flag: a random key, the survey's name. */
function newTargetingFlag(ctx: ApiContext, team: StoredProject, filters: Json, name: Json, active: boolean, suffix = ""): number {
  const key = `${TARGETING_PREFIX}${randomBytes(5).toString("hex")}${suffix}`;
  const flag = createFlag(ctx, team, {
    key,
    name: `Targeting flag for survey ${pyStr(name)}`,
    filters,
    active,
    creation_context: "surveys",
  });
  return flag.id;
}

/** `_add_user_survey_interacted_filters`: the internal flag leaving out people who dismissed or answered. */
function syncInternalFlag(ctx: ApiContext, team: StoredProject, s: StoredObject): void {
  const iteration = typeof s.fields.iteration_count === "number" && s.fields.iteration_count > 0;
  const key = iteration ? `${pyStr(s.fields.uuid)}/${pyStr(s.fields.current_iteration ?? 1)}` : pyStr(s.fields.uuid);
  const notSet = (k: string) => ({ key: k, value: "is_not_set", operator: "is_not_set", type: "person" });
  const base = [notSet(`$survey_dismissed/${key}`), notSet(`$survey_responded/${key}`)];
  const wait = isJsonObject(s.fields.conditions) ? s.fields.conditions.seenSurveyWaitPeriodInDays : undefined;
  const groups =
    typeof wait === "number" && wait > 0
      ? [
          { variant: "", rollout_percentage: 100, properties: [...base, notSet("$survey_last_seen_date")] },
          {
            variant: "",
            rollout_percentage: 100,
            properties: [
              ...base,
              { key: "$survey_last_seen_date", value: `${Math.trunc(wait)}d`, operator: "is_date_before", type: "person" },
            ],
          },
        ]
      : [{ variant: "", rollout_percentage: 100, properties: base }];
  const existing = flagOf(ctx, s.fields.internal_targeting_flag_id);
  if (existing) {
    updateFlagFilters(ctx, team, existing, { ...(isJsonObject(existing.fields.filters) ? existing.fields.filters : {}), groups });
    existing.fields.active = running(s);
  } else {
    s.fields.internal_targeting_flag_id = newTargetingFlag(ctx, team, { groups }, s.fields.name ?? null, running(s), "-custom");
  }
}

const DAY_MICROS = 86_400_000_000;

/**
 * `update_survey_iterations`, the Survey model's pre_save (products/surveys/backend/models.py, posthog/models/surveys/
 * survey.py in 2025-08-04, the same in both): the start of each iteration, every `iteration_frequency_days` from the
 * start date; none while a draft, an empty list without iterations; the first iteration current once started.
 */
function deriveIterations(s: StoredObject): void {
  const f = s.fields;
  const count = typeof f.iteration_count === "number" ? f.iteration_count : 0;
  const every = typeof f.iteration_frequency_days === "number" ? f.iteration_frequency_days : 0;
  if (count === 0 || every === 0) {
    Object.assign(f, { iteration_start_dates: [], current_iteration: null, current_iteration_start_date: null });
    return;
  }
  if (typeof f.start_date !== "number") {
    f.iteration_start_dates = null;
    return;
  }
  const start = f.start_date;
  f.iteration_start_dates = Array.from({ length: Math.min(count, MAX_ITERATION_COUNT) }, (_, i) => start + i * every * DAY_MICROS);
  if (f.current_iteration === null || f.current_iteration === undefined || f.current_iteration === 0)
    Object.assign(f, { current_iteration: 1, current_iteration_start_date: start });
}

/** Python's `round(x, 2)` of a positive float: the exact binary value rounded half to even. */
function pyRound2(x: number): number {
  const [whole = "0", fraction = ""] = x.toFixed(40).split(".");
  let cents = BigInt(whole) * 100n + BigInt(fraction.slice(0, 2));
  const rest = fraction.slice(2).replace(/0+$/, "");
  if (rest > "5" || (rest === "5" && cents % 2n === 1n)) cents += 1n;
  return Number(cents) / 100;
}

/** Python's `repr` of a float in json.dumps: an integral value keeps its `.0`. */
const pyFloat = (x: number) => (Number.isInteger(x) ? `${x}.0` : String(x));

/** `datetime.isoformat()` of an aware UTC datetime: `2026-01-01T00:00:00+00:00`, microseconds when there are any. */
function pyIsoformat(micros: number): string {
  const iso = isoFromMicros(micros);
  return `${iso.slice(0, -1)}+00:00`;
}

/**
 * `update_response_sampling_limits`, the Survey model's pre_save (the same in 2025-08-04 and today): the cumulative
 * daily limits and rollout over the sampling interval, stored as a JSON *string* (json.dumps into a JSONField), or
 * null without a start date, interval type or with a limit of 0. A missing limit or interval, a blank type or an
 * interval of 0 fail in Python (TypeError, UnboundLocalError, ZeroDivisionError): answered 500, nothing saved.
 */
function samplingDailyLimits(f: JsonObject): string | null {
  const type = f.response_sampling_interval_type === undefined ? "week" : f.response_sampling_interval_type;
  const start = f.response_sampling_start_date;
  if (type === null || f.response_sampling_limit === 0 || typeof start !== "number") return null;
  const limit = f.response_sampling_limit;
  const interval = f.response_sampling_interval;
  const perUnit = ({ day: 1, week: 7, month: 30 } as Record<string, number>)[pyStr(type)];
  if (perUnit === undefined || typeof interval !== "number" || typeof limit !== "number" || interval === 0) throw serverError();
  const days = interval * perUnit;
  const perDay = Math.floor(limit / days);
  const remaining = limit % days;
  const increment = 100 / days;
  let rollout = increment;
  let cumulative = 0;
  const entries: string[] = [];
  for (let day = 0; day < days; day++) {
    cumulative += perDay + (day < remaining ? 1 : 0);
    const percentage = day === days - 1 ? "100.0" : pyFloat(pyRound2(rollout));
    entries.push(
      `{"date": "${pyIsoformat(start + day * DAY_MICROS)}", "daily_response_limit": ${cumulative}, "rollout_percentage": ${percentage}}`,
    );
    rollout += increment;
  }
  return `[${entries.join(", ")}]`;
}

function storable(attrs: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(attrs)) if (!WRITE_ONLY.has(k)) out[k] = v;
  return out;
}

function create(ctx: ApiContext, team: StoredProject) {
  const sc: SurveyContext = { ctx, team, instance: null };
  const attrs = validateBody(ctx.req.body(), fields(ctx.services.version === "current"), sc, ["name", "type"], false);
  validateSurvey(sc, attrs);
  const data = storable(attrs);
  if (isJsonObject(attrs.targeting_flag_filters) && Object.keys(attrs.targeting_flag_filters).length > 0)
    data.targeting_flag_id = newTargetingFlag(ctx, team, attrs.targeting_flag_filters, attrs.name ?? null, false);
  const dailyLimits = samplingDailyLimits(data);
  const s = ctx.store.addObject("surveys", team.id, ctx.user.id, { uuid: randomUUID(), ...data });
  s.fields.response_sampling_daily_limits = dailyLimits;
  deriveIterations(s);
  syncInternalFlag(ctx, team, s);
  return json(201, serializeSurvey(ctx, s, true));
}

function update(ctx: ApiContext, team: StoredProject, id: number, partial: boolean) {
  const s = findInProject(ctx.store, "surveys", team, id);
  const sc: SurveyContext = { ctx, team, instance: s };
  const attrs = validateBody(ctx.req.body(), fields(ctx.services.version === "current"), sc, ["name", "type"], partial);
  validateSurvey(sc, attrs);
  const dailyLimits = samplingDailyLimits({ ...s.fields, ...storable(attrs) });
  if (attrs.remove_targeting_flag === true) {
    const old = flagOf(ctx, s.fields.targeting_flag_id);
    if (old) ctx.store.removeObject("featureFlags", old.id);
    s.fields.targeting_flag_id = null;
  }
  const filters = attrs.targeting_flag_filters;
  if (isJsonObject(filters) && Object.keys(filters).length > 0) {
    const existing = flagOf(ctx, s.fields.targeting_flag_id);
    if (existing)
      updateFlagFilters(ctx, team, existing, { ...(isJsonObject(existing.fields.filters) ? existing.fields.filters : {}), ...filters });
    else s.fields.targeting_flag_id = newTargetingFlag(ctx, team, filters, s.fields.name ?? null, typeof s.fields.start_date === "number");
  }
  const count = attrs.iteration_count;
  const currentIteration = s.fields.current_iteration;
  if (typeof currentIteration === "number" && typeof count === "number" && currentIteration > count && count > 0)
    throw validationError(`Cannot change survey recurrence to ${count}, should be at least ${currentIteration}`);
  // SurveySerializerCreateUpdateOnly.update: a count sent sets the frequency to the one sent with it, or none.
  if (typeof count === "number") s.fields.iteration_frequency_days = attrs.iteration_frequency_days ?? null;
  Object.assign(s.fields, storable(attrs), { response_sampling_daily_limits: dailyLimits });
  deriveIterations(s);
  const targeting = flagOf(ctx, s.fields.targeting_flag_id);
  if (targeting) targeting.fields.active = running(s);
  syncInternalFlag(ctx, team, s);
  ctx.store.changed();
  return json(200, serializeSurvey(ctx, s, true));
}

/** `destroy`: the targeting and internal targeting flags go with the survey. */
function destroy(ctx: ApiContext, team: StoredProject, id: number) {
  const s = findInProject(ctx.store, "surveys", team, id);
  for (const k of ["targeting_flag_id", "internal_targeting_flag_id"]) {
    const flag = flagOf(ctx, s.fields[k]);
    if (flag) ctx.store.removeObject("featureFlags", flag.id);
  }
  ctx.store.removeObject("surveys", s.id);
  return noContent();
}

function list(ctx: ApiContext, team: StoredProject) {
  let rows = surveysOf(ctx, team);
  const archived = ctx.req.param("archived");
  if (archived !== undefined) {
    const wanted = ["true", "1", "True"].includes(archived);
    rows = rows.filter((s) => (s.fields.archived === true) === wanted);
  }
  const search = ctx.req.param("search");
  if (search) {
    const terms = search
      .toLowerCase()
      .split(/[\s,]+/)
      .filter(Boolean);
    rows = rows.filter((s) => terms.every((t) => icontains(s.fields.name, t) || icontains(s.fields.description, t)));
  }
  return pageAnswer(ctx, rows, (s) => serializeSurvey(ctx, s, false));
}

export function surveyRoutes() {
  return nestedViewSetRoutes({
    path: "surveys",
    scopeObject: "survey",
    list,
    create,
    retrieve: (ctx, team, id) => json(200, serializeSurvey(ctx, findInProject(ctx.store, "surveys", team, id), false)),
    update,
    lookup: uuidLookup("surveys", "uuid"),
    destroy,
  });
}
