/** Surveys on the local server (src/server/surveys/, after products/surveys/backend/api/survey.py). */
import { err, type Harness, harness, projectHarness } from "../helpers";

let h: Harness;
let project = 0;
let base = "";
beforeAll(async () => ({ h, projectId: project, base } = await projectHarness("Surveys", "surveys")));
afterAll(() => h.server.close());

const V = "validation_error";
let n = 0;
const post = (body: Record<string, unknown>) => h.api("POST", base, { body: { name: `Survey ${++n}`, type: "popover", ...body } });
const invalid = (detail: string, attr: string | null = "questions") => err(V, "invalid_input", detail, attr);

test("create answers a UUID, the defaults, question ids and an inactive internal targeting flag", async () => {
  const res = await post({ questions: [{ type: "open", question: "Why?" }] });
  expect(res.status).toBe(201);
  expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(res.body).toMatchObject({
    description: "",
    schedule: "once",
    linked_flag: null,
    targeting_flag: null,
    conditions: null,
    appearance: null,
    start_date: null,
    archived: false,
    response_sampling_interval_type: "week",
    enable_partial_responses: false,
  });
  expect(res.body.questions[0]).toEqual({ type: "open", question: "Why?", id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  expect(res.body.internal_targeting_flag).toMatchObject({ active: false, name: `Targeting flag for survey Survey ${n}` });
  expect(res.body.internal_targeting_flag.key).toMatch(/^survey-targeting-[0-9a-f]{10}-custom$/);
  expect(res.body.internal_targeting_flag.filters.groups[0].properties[0].key).toBe(`$survey_dismissed/${res.body.id}`);
  expect(res.body).not.toHaveProperty("linked_flag_id");
  const got = await h.api("GET", `${base}${res.body.id}/`);
  expect(got.body.linked_flag_id).toBeNull();
  expect(got.body.feature_flag_keys[2]).toEqual({ key: "internal_targeting_flag_key", value: res.body.internal_targeting_flag.key });
});

test("name and type are required; the name is unique in the project", async () => {
  expect((await h.api("POST", base, { body: { type: "popover" } })).body).toEqual(err(V, "required", "This field is required.", "name"));
  expect((await h.api("POST", base, { body: { name: "No type" } })).body).toEqual(err(V, "required", "This field is required.", "type"));
  expect((await post({ type: "bogus" })).body).toEqual(err(V, "invalid_choice", '"bogus" is not a valid choice.', "type"));
  await h.api("POST", base, { body: { name: "Twice", type: "api" } });
  expect((await h.api("POST", base, { body: { name: "Twice", type: "api" } })).body).toEqual(
    err(V, "unique", "There is already a survey with this name.", null),
  );
});

test.each([
  [[{ type: "open" }], "Question text is required"],
  [[{ type: "open", question: 3 }], "Question text must be a string"],
  ["nope", "Questions must be a list of objects"],
  [[{ type: "single_choice", question: "a", choices: [""] }], "Question choices cannot be empty"],
  [[{ type: "single_choice", question: "a", choices: [1] }], "Question choices must be strings"],
  [[{ type: "link", question: "a", link: "http://x.com" }], "Link must be a URL with one of these schemes: [https, mailto]"],
  [
    [{ type: "link", question: "a", link: "mailto:nobody" }],
    "Invalid mailto link. Please enter a valid mailto link (e.g., mailto:example@domain.com).",
  ],
  [[{ type: "open", question: "a", descriptionContentType: "md" }], "Question descriptionContentType must be one of ['text', 'html']"],
  [
    [{ type: "open", question: "a", validation: [{ type: "regex" }] }],
    "Validation rule type must be one of: min_length, max_length, email",
  ],
  [
    [
      {
        type: "open",
        question: "a",
        validation: [
          { type: "min_length", value: 5 },
          { type: "max_length", value: 2 },
        ],
      },
    ],
    "Minimum length cannot be greater than maximum length",
  ],
])("questions %j are refused: %s", async (questions, detail) => {
  expect((await post({ questions })).body).toEqual(invalid(detail));
});

test("appearance, conditions and schedule have their own rules", async () => {
  expect((await post({ appearance: "x" })).body).toEqual(invalid("Appearance must be an object", "appearance"));
  expect((await post({ appearance: { whiteLabel: true } })).body).toEqual(
    invalid("You need to upgrade to PostHog Enterprise to use white labelling", "appearance"),
  );
  expect((await post({ conditions: [] })).body).toEqual(invalid("Conditions must be an object", "conditions"));
  expect((await post({ schedule: "daily" })).body).toEqual(invalid("Schedule must be one of: once, recurring, always", "schedule"));
  expect((await post({ iteration_count: 501 })).body).toEqual(
    err(V, "max_value", "Ensure this value is less than or equal to 500.", "iteration_count"),
  );
});

test("targeting filters make a targeting flag, validated as a flag, refused when they roll out to everyone", async () => {
  const everyone = await post({ targeting_flag_filters: { groups: [{ properties: [], rollout_percentage: 100 }] } });
  expect(everyone.body).toEqual(
    invalid("Invalid operation: User targeting rolls out to everyone. If you want to roll out to everyone, delete this targeting", null),
  );
  const bad = await post({
    targeting_flag_filters: { groups: [{ properties: [{ key: "email", value: ["@x.com"], operator: "icontains", type: "person" }] }] },
  });
  expect(bad.body).toMatchObject({ type: V, attr: "filters" });
  const filters = {
    groups: [{ properties: [{ key: "email", value: "@x.com", operator: "icontains", type: "person" }], rollout_percentage: 50 }],
  };
  const ok = await post({ targeting_flag_filters: filters });
  expect(ok.status).toBe(201);
  expect(ok.body.targeting_flag.key).toMatch(/^survey-targeting-[0-9a-f]{10}$/);
  expect(ok.body.targeting_flag).toMatchObject({ active: false, filters });
  // Both flags are hidden from the flag list but exist.
  const flags = await h.api("GET", `/api/projects/${project}/feature_flags/?search=survey-targeting`);
  expect(flags.body.count).toBe(0);
  expect((await h.api("GET", `/api/projects/${project}/feature_flags/${ok.body.targeting_flag.id}/`)).status).toBe(200);
});

test("launching activates both flags; remove_targeting_flag deletes the targeting flag; DELETE removes the survey and its flags", async () => {
  const filters = {
    groups: [{ properties: [{ key: "email", value: "x", operator: "icontains", type: "person" }], rollout_percentage: 10 }],
  };
  const s = (await post({ targeting_flag_filters: filters })).body;
  const launched = await h.api("PATCH", `${base}${s.id}/`, { body: { start_date: "2026-01-01T00:00:00Z" } });
  expect(launched.body).toMatchObject({
    start_date: "2026-01-01T00:00:00Z",
    targeting_flag: { active: true },
    internal_targeting_flag: { active: true },
  });
  const removed = await h.api("PATCH", `${base}${s.id}/`, { body: { remove_targeting_flag: true } });
  expect(removed.body.targeting_flag).toBeNull();
  expect((await h.api("GET", `/api/projects/${project}/feature_flags/${s.targeting_flag.id}/`)).status).toBe(404);
  expect((await h.api("DELETE", `${base}${s.id}/`)).status).toBe(204);
  expect((await h.api("GET", `${base}${s.id}/`)).status).toBe(404);
  expect((await h.api("GET", `/api/projects/${project}/feature_flags/${s.internal_targeting_flag.id}/`)).status).toBe(404);
});

test("a linked flag must exist in the project; a variant needs it", async () => {
  expect((await post({ linked_flag_id: 999999 })).body).toEqual(invalid("Feature Flag with this ID does not exist", null));
  expect((await post({ conditions: { linkedFlagVariant: "test" } })).body).toEqual(
    invalid("linkedFlagVariant can only be used when a linked_flag_id is specified", null),
  );
  const flag = await h.api("POST", `/api/projects/${project}/feature_flags/`, { body: { key: "survey-linked" } });
  const linked = await post({ linked_flag_id: flag.body.id, conditions: { linkedFlagVariant: "test" } });
  expect(linked.body).toEqual(invalid("Feature flag variant 'test' specified but the linked feature flag has no variants", null));
  const ok = await post({ linked_flag_id: flag.body.id });
  expect(ok.body.linked_flag).toMatchObject({ id: flag.body.id, key: "survey-linked" });
});

test("external surveys take no flags or display conditions", async () => {
  expect((await post({ type: "external_survey", conditions: { url: "x", events: { values: [{ name: "e" }] } } })).body).toEqual(
    invalid("The following condition fields are not allowed for external surveys: url, events", "conditions"),
  );
});

test("today's translations: the survey's and each question's, stored with their codes normalised and their known texts only", async () => {
  const choice = { type: "single_choice", question: "Plan?", choices: ["Free", "Pro"] };
  const res = await post({
    base_language: " EN_gb ",
    translations: { pt_BR: { name: "Plano", other: "x" }, fr: { unknown: "dropped" }, es: { thankYouMessageHeader: "Gracias" } },
    questions: [
      { ...choice, translations: { ES: { question: "¿Plan?", choices: ["Gratis", "Pro"], link: "" } } },
      { type: "open", question: "Why?", translations: { de: { question: "Warum?", choices: ["dropped: the question has none"] } } },
    ],
  });
  expect(res.status).toBe(201);
  expect(res.body.base_language).toBe("en-gb");
  expect(res.body.translations).toEqual({ "pt-br": { name: "Plano" }, es: { thankYouMessageHeader: "Gracias" } });
  expect(res.body.questions[0].translations).toEqual({ es: { question: "¿Plan?", choices: ["Gratis", "Pro"] } });
  expect(res.body.questions[1].translations).toEqual({ de: { question: "Warum?" } });
  // A blank base language is PostHog's default.
  expect((await post({ base_language: "" })).body.base_language).toBe("en");
  expect((await post({})).body).toMatchObject({ base_language: "en", translations: null });
});

test("today's translations' refusals: codes, the base language, collisions, texts, choice counts", async () => {
  const s = (d: string) => invalid(d, "translations");
  expect((await post({ translations: { english: { name: "x" } } })).body).toEqual(
    s(
      "Survey translation: 'english' is not a valid language code. Use BCP-47 codes like 'en', 'es', or 'es-MX' (not language names like 'english').",
    ),
  );
  expect((await post({ translations: { Default: { name: "x" } } })).body.detail).toMatch(
    /^Survey translation: 'Default' is not a valid translation language\./,
  );
  expect((await post({ translations: { en: { name: "x" } } })).body).toEqual(
    s(
      "Survey translation: 'en' matches the survey's base language ('en'). The original text already covers this language — translate to a different language.",
    ),
  );
  // The request's base language counts, else the survey's.
  expect((await post({ base_language: "fr", translations: { en: { name: "x" } } })).status).toBe(201);
  const french = (await post({ base_language: "fr" })).body;
  expect((await h.api("PATCH", `${base}${french.id}/`, { body: { translations: { FR: { name: "x" } } } })).body.detail).toMatch(
    /'FR' matches the survey's base language \('fr'\)/,
  );
  expect((await post({ translations: { es: { name: "a" }, ES: { name: "b" } } })).body).toEqual(
    s("Survey translation: 'ES' collides with another translation for 'es'."),
  );
  expect((await post({ translations: { es: { name: 3 } } })).body).toEqual(s("Translation for 'es': 'name' must be a string"));
  expect((await post({ translations: { es: "hola" } })).body).toEqual(s("Translation for 'es' must be an object"));
  expect((await post({ translations: [] })).body).toEqual(s("Translations must be an object"));
  expect((await post({ base_language: "english" })).body).toEqual(
    invalid("'english' is not a valid language code. Use BCP-47 codes like 'en', 'es', or 'es-MX'.", "base_language"),
  );
  expect((await post({ base_language: "base" })).body.detail).toBe(
    "'base' is not a valid language code. Use a BCP-47 code like 'en' or 'es'.",
  );
  const choice = { type: "single_choice", question: "Plan?", choices: ["Free", "Pro"] };
  expect((await post({ questions: [{ ...choice, translations: { es: { choices: ["Gratis"] } } }] })).body).toEqual(
    invalid(
      "Question 1: Translation 'es' has 1 choices but question has 2 choices. Array lengths must match to avoid partial translations.",
    ),
  );
  expect((await post({ questions: [{ ...choice, translations: { xx_yy_zz_ww_vv: { question: "?" } } }] })).body.detail).toMatch(
    /^Question 1 translation: 'xx_yy_zz_ww_vv' is not a valid language code/,
  );
  expect((await post({ questions: [{ ...choice, translations: { es: { link: "http://x.example" } } }] })).body).toEqual(
    invalid("Link must be a URL with one of these schemes: [https, mailto]"),
  );
  expect((await post({ questions: [{ ...choice, translations: { es: { buttonText: 1 } } }] })).body).toEqual(
    invalid("Question 1: Translation 'es' field 'buttonText' must be a string"),
  );
});

test("today's translations: a code the survey already has is kept unchecked (PostHog's grandfathering), a new one is checked", async () => {
  const created = (await post({ translations: { es: { name: "Encuesta" } } })).body;
  const path = `${base}${created.id}/`;
  // Spanish becomes the base language: the stored translation's code is now the base language's, and still saves.
  expect((await h.api("PATCH", path, { body: { base_language: "es" } })).body.base_language).toBe("es");
  const kept = await h.api("PATCH", path, { body: { translations: { es: { name: "Editada" } } } });
  expect(kept.body.translations).toEqual({ es: { name: "Editada" } });
  // A new code in it is checked as ever, and so is the same code in a survey that never had it.
  expect((await h.api("PATCH", path, { body: { translations: { es: { name: "x" }, spanish: { name: "y" } } } })).body.detail).toBe(
    "Survey translation: 'spanish' is not a valid language code. Use BCP-47 codes like 'en', 'es', or 'es-MX' (not language names like 'english').",
  );
  expect((await post({ base_language: "es", translations: { es: { name: "x" } } })).body.detail).toMatch(
    /'es' matches the survey's base language/,
  );
});

test("unknown and malformed ids are 404; the list pages and searches", async () => {
  expect((await h.api("GET", `${base}not-a-uuid/`)).status).toBe(404);
  expect((await h.api("GET", `${base}00000000-0000-0000-0000-000000000000/`)).status).toBe(404);
  const page = await h.api("GET", `${base}?limit=1&search=Twice`);
  expect(page.body).toMatchObject({ count: 1, previous: null });
  expect(page.body.results[0].name).toBe("Twice");
});

test("PostHog 2025-08-04 answers without today's fields", async () => {
  const old = await harness({ postHogVersion: "2025-08-04" });
  try {
    const p = await old.createProject({ name: "Old" });
    const res = await old.api("POST", `/api/projects/${p.id}/surveys/`, { body: { name: "Old", type: "popover" } });
    expect(res.status).toBe(201);
    for (const k of ["enable_iframe_embedding", "base_language", "translations", "form_content"]) expect(res.body).not.toHaveProperty(k);
    expect(res.body.internal_targeting_flag).not.toHaveProperty("evaluation_tags");
    const got = await old.api("GET", `/api/projects/${p.id}/surveys/${res.body.id}/`);
    expect(got.body).not.toHaveProperty("user_access_level");
    // Checks it did not have yet (measured against its backend): variants without a linked flag, validation rules.
    const loose = await old.api("POST", `/api/projects/${p.id}/surveys/`, {
      body: {
        name: "Loose",
        type: "popover",
        conditions: { linkedFlagVariant: "x" },
        questions: [{ question: "a", validation: [{ type: "regex" }] }],
      },
    });
    expect(loose.status).toBe(201);
  } finally {
    await old.server.close();
  }
});

test("scopes: survey:read reads, survey:write deletes; the other resources ask for theirs", async () => {
  const reader = await h.control.createKey({ scopes: ["survey:read"] });
  expect((await h.api("GET", base, { key: reader.key })).status).toBe(200);
  const s = (await post({})).body;
  expect((await h.api("DELETE", `${base}${s.id}/`, { key: reader.key })).body.detail).toBe("API key missing required scope 'survey:write'");
  for (const [path, scope] of [
    ["experiments", "experiment:read"],
    ["hog_functions", "hog_function:read"],
  ]) {
    const res = await h.api("GET", `/api/projects/${project}/${path}/`, { key: reader.key });
    expect(res.body.detail).toBe(`API key missing required scope '${scope}'`);
  }
  expect((await h.api("GET", `/api/environments/${project}/hog_functions/`, { key: reader.key })).status).toBe(403);
});

test("faults and the request log apply as for the other resources", async () => {
  await h.control.clearRequests();
  await h.control.addFault({ method: "POST", path: "/surveys/", status: 503 });
  expect((await post({})).status).toBe(503);
  expect((await post({})).status).toBe(201);
  const log = await h.control.requests();
  expect(log.filter((r) => r.path.endsWith("/surveys/")).map((r) => r.status)).toEqual([503, 201]);
});

test("iterations: PostHog's start dates from count, frequency and start date; a count sent alone clears the frequency", async () => {
  const draft = await post({ iteration_count: 2, iteration_frequency_days: 3 });
  expect(draft.body).toMatchObject({ iteration_start_dates: null, current_iteration: null, current_iteration_start_date: null });
  const started = await h.api("PATCH", `${base}${draft.body.id}/`, {
    body: { start_date: "2025-01-02T03:04:05Z", iteration_start_dates: ["2030-01-01T00:00:00Z"] },
  });
  expect(started.body).toMatchObject({
    iteration_count: 2,
    iteration_frequency_days: 3,
    iteration_start_dates: ["2025-01-02T03:04:05Z", "2025-01-05T03:04:05Z"],
    current_iteration: 1,
    current_iteration_start_date: "2025-01-02T03:04:05Z",
  });
  const counted = await h.api("PATCH", `${base}${draft.body.id}/`, { body: { iteration_count: 4 } });
  expect(counted.body).toMatchObject({
    iteration_count: 4,
    iteration_frequency_days: null,
    iteration_start_dates: [],
    current_iteration: null,
  });
  expect((await post({})).body).toMatchObject({ iteration_start_dates: [], current_iteration: null });
});

test("response sampling: the daily limits as the JSON text PostHog stores; a limit needs an interval and a start date, a start date a limit", async () => {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const start = `${tomorrow}T00:00:00Z`;
  const res = await post({
    response_sampling_start_date: start,
    response_sampling_interval: 3,
    response_sampling_interval_type: "day",
    response_sampling_limit: 10,
  });
  expect(res.body.response_sampling_daily_limits).toBe(
    `[{"date": "${tomorrow}T00:00:00+00:00", "daily_response_limit": 4, "rollout_percentage": 33.33}, ` +
      `{"date": "${new Date(Date.parse(start) + 86_400_000).toISOString().slice(0, 10)}T00:00:00+00:00", "daily_response_limit": 7, "rollout_percentage": 66.67}, ` +
      `{"date": "${new Date(Date.parse(start) + 2 * 86_400_000).toISOString().slice(0, 10)}T00:00:00+00:00", "daily_response_limit": 10, "rollout_percentage": 100.0}]`,
  );
  const zero = await h.api("PATCH", `${base}${res.body.id}/`, { body: { response_sampling_limit: 0 } });
  expect(zero.body.response_sampling_daily_limits).toBeNull();
  expect((await post({ response_sampling_limit: 5, response_sampling_interval: 1 })).body).toEqual(
    invalid("Response sampling start date should be set if response_sampling_start_date is not zero.", "response_sampling_start_date"),
  );
  expect((await post({ response_sampling_limit: 5 })).status).toBe(500);
  expect((await post({ response_sampling_start_date: start, response_sampling_interval: 1 })).status).toBe(500);
  expect(
    (
      await post({
        response_sampling_start_date: start,
        response_sampling_interval_type: "",
        response_sampling_interval: 1,
        response_sampling_limit: 1,
      })
    ).status,
  ).toBe(500);
});
