/**
 * Survey's field table: PostHog's rules refused before anything is sent, each failure naming the field and the rule
 * (SurveySerializerCreateUpdateOnly, products/surveys/backend/api/survey.py); PostHog's forms compared equal.
 */
import { surveyBody, surveyRecord } from "../../../src/kinds/survey/kind";
import { surveyModel } from "../../../src/kinds/survey/kind";
import type { Survey } from "../../../src/kinds/survey/record";

const failures = (inputs: Record<string, unknown>) => surveyModel.validate({ name: "NPS", type: "popover", ...inputs });
const open = { type: "open", question: "Why?" };

test("valid inputs of every kind pass", () => {
  expect(
    failures({
      projectId: 3,
      description: "",
      questions: [
        {
          ...open,
          description: "<b>Tell us</b>",
          descriptionContentType: "html",
          optional: true,
          branching: { type: "specific_question", index: 2 },
        },
        { type: "link", question: "Read this", link: "https://posthog.com/docs", buttonText: "Go" },
        { type: "rating", question: "Score?", display: "emoji", scale: 5, lowerBoundLabel: "Bad", upperBoundLabel: "Good" },
        {
          type: "single_choice",
          question: "Plan?",
          choices: ["Free", "Pro"],
          branching: { type: "response_based", responseValues: { Free: 0, Pro: "end" } },
        },
        { type: "multiple_choice", question: "Uses?", choices: ["A", "B"], hasOpenChoice: true },
        { type: "link", question: "Mail us", link: "mailto:team@example.com" },
      ],
      appearance: { backgroundColor: "#fff", surveyPopupDelaySeconds: 3 },
      conditions: { url: "/pricing", linkedFlagVariant: "test" },
      linkedFlagId: 7,
      targetingFlagFilters: { groups: [{ properties: [{ key: "plan", value: "pro" }], rollout_percentage: 100 }] },
      startDate: "2025-01-02T03:04:05Z",
      endDate: null,
      responsesLimit: 0,
      archived: false,
      enablePartialResponses: true,
      schedule: "always",
      enableIframeEmbedding: false,
    }),
  ).toEqual([]);
});

test.each([
  [{ name: undefined }, "name", "name is required"],
  [{ type: undefined }, "type", "type is required"],
  [{ name: " " }, "name", "may not be blank"],
  [{ name: "n".repeat(401) }, "name", "at most 400 characters"],
  [{ type: "modal" }, "type", 'must be one of "popover", "widget", "external_survey", "api"'],
  [{ schedule: "weekly" }, "schedule", 'must be "once", "recurring" or "always" (validate_schedule'],
  [{ enableIframeEmbedding: "yes" }, "enableIframeEmbedding", "must be true or false"],
  [{ questions: {} }, "questions", "must be a list of questions"],
  [{ questions: ["Why?"] }, "questions", "questions[0] must be an object"],
  [{ questions: [{ type: "open", question: "" }] }, "questions", "questions[0].question is required"],
  [{ questions: [{ ...open, description: 3 }] }, "questions", "questions[0].description must be a string"],
  [{ questions: [{ ...open, descriptionContentType: "md" }] }, "questions", 'descriptionContentType must be one of "text", "html"'],
  [
    { questions: [{ type: "link", question: "x", link: "http://example.com" }] },
    "questions",
    "link must be a URL with one of these schemes: https, mailto",
  ],
  [{ questions: [{ type: "link", question: "x", link: "mailto:nobody" }] }, "questions", "must be a valid mailto link"],
  [{ questions: [{ type: "multiple_choice", question: "x", choices: ["a", " "] }] }, "questions", "Question choices cannot be empty"],
  [{ questions: [{ ...open, choices: "a, b" }] }, "questions", "Question choices must be a list of strings"],
  [{ questions: [{ ...open, buttonText: 5 }] }, "questions", "questions[0].buttonText must be a string"],
  [{ appearance: { whiteLabel: "yes" } }, "appearance", "whiteLabel must be a boolean"],
  [{ appearance: "dark" }, "appearance", "must be an object"],
  [{ appearance: { surveyPopupDelaySeconds: -1 } }, "appearance", "surveyPopupDelaySeconds must be a number of seconds, at least 0"],
  [{ appearance: { thankYouMessageDescriptionContentType: "md" } }, "appearance", "thankYouMessageDescriptionContentType must be one of"],
  [
    { appearance: { shuffleQuestions: true }, questions: [{ ...open, branching: { type: "end" } }] },
    "appearance",
    "cannot be used together with question branching",
  ],
  [{ conditions: { linkedFlagVariant: "test" } }, "conditions", "linkedFlagVariant can only be used when linkedFlagId is given"],
  [{ linkedFlagId: "beta" }, "linkedFlagId", "must be the numeric id of a feature flag"],
  [{ targetingFlagFilters: { groups: [{ properties: [], rollout_percentage: 100 }] } }, "targetingFlagFilters", "rolls out to everyone"],
  [{ targetingFlagFilters: { groups: [{ rollout_percentage: null }] } }, "targetingFlagFilters", "rolls out to everyone"],
  [{ type: "external_survey", linkedFlagId: 3 }, "linkedFlagId", "linkedFlagId is not allowed for external surveys"],
  [{ type: "external_survey", conditions: { url: "/x" } }, "conditions", "conditions.url is not allowed for external surveys"],
  [
    { type: "external_survey", appearance: { surveyPopupDelaySeconds: 2 } },
    "appearance",
    "surveyPopupDelaySeconds is not allowed for external surveys",
  ],
  [{ startDate: "yesterday" }, "startDate", "must be an ISO 8601 date-time"],
  [{ endDate: "2025-02-30T00:00:00Z" }, "endDate", "is not a date-time that exists"],
  [{ responsesLimit: -1 }, "responsesLimit", "must be at least 0"],
  [{ responsesLimit: 1.5 }, "responsesLimit", "must be a whole number"],
  [{ archived: "no" }, "archived", "must be true or false"],
  [{ linkedFlag: 3 }, "linkedFlag", "Did you mean `linkedFlagId`?"],
])("%j is refused on %s", (inputs, property, reason) => {
  const found = failures(inputs).filter((f) => f.property === property);
  expect(found.length).toBeGreaterThan(0);
  expect(found.map((f) => f.reason).join(" | ")).toContain(reason);
});

test("what PostHog stores is not refused: a rating without display or scale, a question of no known type, branching as given", () => {
  // validate_questions checks none of these (its question schema serializers only document the API), and both
  // PostHogs store them: a survey made in PostHog's app with a rating left at its default has no `display`.
  expect(
    failures({
      questions: [
        { type: "rating", question: "How likely are you to recommend us?" },
        { type: "rating", question: "Score?", display: "stars", scale: 1 },
        { question: "No type" },
        { ...open, optional: "yes", choices: [], link: "", branching: { type: "jump" } },
      ],
    }),
  ).toEqual([]);
});

test("a linked flag not known yet (another resource's output) still allows linkedFlagVariant", () => {
  expect(failures({ linkedFlagId: "04da6b54-80e4-46f7-96ec-b56ff0331ba9", conditions: { linkedFlagVariant: "test" } })).toEqual([]);
});

test("each question's problem cites PostHog's serializer", () => {
  expect(failures({ questions: [{ type: "open" }] })[0]!.reason).toContain("products/surveys/backend/api/survey.py");
});

test("PostHog's question ids, its nulls and the targeting flag's form compare equal; a changed question does not", () => {
  const declared = [{ type: "open", question: "Why?" }];
  expect(surveyModel.valuesEqual("questions", declared, [{ type: "open", question: "Why?", id: "0190-uuid", description: null }])).toBe(
    true,
  );
  expect(surveyModel.valuesEqual("questions", declared, [{ type: "open", question: "Why not?", id: "0190-uuid" }])).toBe(false);
  // An id the program gives is compared.
  expect(surveyModel.valuesEqual("questions", [{ ...declared[0], id: "a" }], [{ ...declared[0], id: "b" }])).toBe(false);
  const targeting = { groups: [{ properties: [{ key: "plan", value: "pro" }], rollout_percentage: 50 }] };
  expect(
    surveyModel.valuesEqual("targeting_flag_filters", targeting, {
      groups: [{ properties: [{ key: "plan", value: "pro" }], rollout_percentage: 50, variant: null }],
      multivariate: null,
      payloads: {},
    }),
  ).toBe(true);
  expect(surveyModel.valuesEqual("targeting_flag_filters", targeting, null)).toBe(false);
  expect(surveyModel.valuesEqual("targeting_flag_filters", null, null)).toBe(true);
  expect(surveyModel.valuesEqual("start_date", "2025-01-02T03:04:05+00:00", "2025-01-02T03:04:05Z")).toBe(true);
});

test("PostHog's answer gives the linked flag's id and the targeting filters; null targeting is sent as remove_targeting_flag", () => {
  const flag = { id: 4, key: "k", name: "", filters: { groups: [] }, deleted: false, active: true };
  const survey = {
    id: "u",
    name: "n",
    description: "",
    type: "api",
    created_at: "",
    archived: false,
    linked_flag: flag,
    targeting_flag: flag,
  } as Survey;
  expect(surveyRecord(survey)).toMatchObject({ linked_flag_id: 4, targeting_flag_filters: { groups: [] } });
  expect(surveyRecord({ ...survey, linked_flag: null, targeting_flag: null })).toMatchObject({
    linked_flag_id: null,
    targeting_flag_filters: null,
  });
  expect(surveyBody({ name: "n", targeting_flag_filters: null })).toEqual({ name: "n", remove_targeting_flag: true });
  expect(surveyBody({ targeting_flag_filters: { groups: [] } })).toEqual({ targeting_flag_filters: { groups: [] } });
});

test("questions sent keep the ids PostHog gave them: by text, else by place and type; a declared id stays", () => {
  const live = [
    { id: "a", type: "open", question: "Why?" },
    { id: "b", type: "rating", question: "Score?", display: "number", scale: 5 },
    { id: "c", type: "open", question: "Else?" },
  ];
  const sent = (questions: unknown[]) =>
    surveyModel.withLiveKeys({ questions }, (field) => (field === "questions" ? live : undefined))["questions"];
  // A new question on top: the others keep their ids by text; the new one gets none (PostHog gives it one).
  expect(
    sent([
      { type: "open", question: "New?" },
      { type: "open", question: "Why?" },
      { type: "rating", question: "Score?", display: "number", scale: 10 },
    ]),
  ).toEqual([
    { type: "open", question: "New?" },
    { id: "a", type: "open", question: "Why?" },
    { id: "b", type: "rating", question: "Score?", display: "number", scale: 10 },
  ]);
  // A reworded question keeps the id at its place when the type is the same.
  expect(sent([{ type: "open", question: "Why, really?" }])).toEqual([{ id: "a", type: "open", question: "Why, really?" }]);
  expect(sent([{ type: "rating", question: "Why?", display: "emoji", scale: 5, id: "mine" }])).toEqual([
    { type: "rating", question: "Why?", display: "emoji", scale: 5, id: "mine" },
  ]);
  // Nothing else is touched.
  expect(surveyModel.withLiveKeys({ name: "n" }, () => live)).toEqual({ name: "n" });
});

describe("translations (today's PostHog: validate_translations, _validate_question_translations, validate_base_language)", () => {
  const choice = { type: "single_choice", question: "Plan?", choices: ["Free", "Pro"] };

  test("the survey's and its questions' translations as PostHog takes them pass; codes of any case or with `_` too", () => {
    expect(
      failures({
        baseLanguage: "en-GB",
        translations: {
          pt_BR: { name: "Plano", thankYouMessageHeader: "Obrigado" },
          ES: { description: "" },
          english: { title: "no text PostHog keeps" },
        },
        questions: [
          {
            ...choice,
            translations: { es: { question: "¿Plan?", choices: ["Gratis", "Pro"], link: "" }, "zh-Hant-TW": { question: "?" } },
          },
        ],
      }),
    ).toEqual([]);
    expect(failures({ baseLanguage: "", translations: null })).toEqual([]);
  });

  test.each([
    [{ translations: { english: { name: "x" } } }, "translations", '"english" is not a valid language code'],
    [{ translations: { Default: { name: "x" } } }, "translations", '"Default" is not a valid translation language'],
    [{ translations: { en: { name: "x" } } }, "translations", '"en" matches the survey\'s base language ("en"'],
    [{ baseLanguage: "pt_BR", translations: { "PT-br": { name: "x" } } }, "translations", 'matches the survey\'s base language ("pt-br"'],
    [{ translations: { es: { name: "a" }, ES: { name: "b" } } }, "translations", '"ES" and "es" are both the language "es"'],
    [{ translations: { es: { name: 3 } } }, "translations", "translations.es.name must be a string"],
    [{ translations: { es: "hola" } }, "translations", "translations.es must be an object"],
    [{ translations: ["es"] }, "translations", "must be an object"],
    [{ baseLanguage: "english" }, "baseLanguage", '"english" is not a valid language code'],
    [{ baseLanguage: "original" }, "baseLanguage", '"original" is not a valid language code'],
    [{ baseLanguage: "e".repeat(21) }, "baseLanguage", "at most 20 characters"],
    [
      { questions: [{ ...choice, translations: { es: { choices: ["Gratis"] } } }] },
      "questions",
      "choices has 1 choices but the question has 2",
    ],
    [{ questions: [{ ...choice, translations: { es: { choices: ["", "Pro"] } } }] }, "questions", "choices must be non-empty strings"],
    [
      { questions: [{ ...choice, translations: { es: { link: "http://x.example" } } }] },
      "questions",
      "link must be a URL with one of these schemes",
    ],
    [
      { questions: [{ ...choice, translations: { es: { buttonText: 1 } } }] },
      "questions",
      "questions[0].translations.es.buttonText must be a string",
    ],
    [{ questions: [{ ...choice, translations: { "xx-yy-zz-ww-vv": { question: "?" } } }] }, "questions", "is not a valid language code"],
    [
      { baseLanguage: "es", questions: [{ ...choice, translations: { es: { question: "?" } } }] },
      "questions",
      "matches the survey's base language",
    ],
    [{ questions: [{ ...choice, translations: null }] }, "questions", "questions[0].translations must be an object"],
  ])("%j is refused on %s", (inputs, property, reason) => {
    const found = failures(inputs).filter((f) => f.property === property);
    expect(found.map((f) => f.reason).join(" | ")).toContain(reason);
  });

  test("PostHog's stored form compares equal: codes normalised, unknown keys and emptied languages dropped, a blank base is en", () => {
    expect(
      surveyModel.valuesEqual(
        "translations",
        { pt_BR: { name: "Plano", title: "dropped" }, fr: { other: 1 } },
        { "pt-br": { name: "Plano" } },
      ),
    ).toBe(true);
    expect(surveyModel.valuesEqual("translations", { es: { name: "Plano" } }, { es: { name: "Otro" } })).toBe(false);
    expect(surveyModel.valuesEqual("translations", null, null)).toBe(true);
    expect(surveyModel.valuesEqual("base_language", " PT_br ", "pt-br")).toBe(true);
    expect(surveyModel.valuesEqual("base_language", "", "en")).toBe(true);
    expect(surveyModel.valuesEqual("base_language", "es", "en")).toBe(false);
    const declared = [{ ...choice, translations: { ES: { question: "¿Plan?", link: "", choices: ["Gratis", "Pro"] } } }];
    const live = [{ ...choice, id: "q1", translations: { es: { question: "¿Plan?", choices: ["Gratis", "Pro"] } } }];
    expect(surveyModel.valuesEqual("questions", declared, live)).toBe(true);
    // Choices of a question without choices are dropped by PostHog.
    const open = [{ type: "open", question: "Why?", translations: { de: { question: "Warum?", choices: ["x"] } } }];
    expect(
      surveyModel.valuesEqual("questions", open, [
        { type: "open", question: "Why?", id: "q", translations: { de: { question: "Warum?" } } },
      ]),
    ).toBe(true);
    expect(surveyModel.valuesEqual("questions", declared, [{ ...live[0], translations: { es: { question: "Otro" } } }])).toBe(false);
  });
});
