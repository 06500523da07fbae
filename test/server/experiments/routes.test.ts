/** Experiments on the local server (src/server/experiments/, after products/experiments/backend/). */
import { err, type Harness, harness, projectHarness } from "../helpers";

let h: Harness;
let project = 0;
let base = "";
beforeAll(async () => ({ h, projectId: project, base } = await projectHarness("Experiments", "experiments")));
afterAll(() => h.server.close());

const V = "validation_error";
let n = 0;
const post = (body: Record<string, unknown>) => {
  n++;
  return h.api("POST", base, { body: { name: `Experiment ${n}`, feature_flag_key: `exp-${n}`, ...body } });
};
const flagPath = (id: number) => `/api/projects/${project}/feature_flags/${id}/`;

test("create makes an inactive multivariate flag with the default variants and answers today's fields", async () => {
  const res = await post({});
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({
    name: `Experiment ${n}`,
    description: "",
    start_date: null,
    feature_flag_key: `exp-${n}`,
    parameters: {},
    archived: false,
    deleted: false,
    type: "product",
    filters: {},
    metrics: [],
    stats_config: { method: "bayesian" },
    exposure_criteria: { filterTestAccounts: true },
    status: "draft",
  });
  expect(res.body.feature_flag).toMatchObject({ key: `exp-${n}`, active: false, name: `Feature Flag for Experiment Experiment ${n}` });
  expect(res.body.feature_flag.filters.multivariate.variants.map((v: { key: string }) => v.key)).toEqual(["control", "test"]);
});

test("exposure_criteria: filterTestAccounts a boolean, exposure_config an event with properties or (today) an action", async () => {
  const config = { kind: "ExperimentEventExposureConfig", event: "$pageview", properties: [] };
  const res = await post({ exposure_criteria: { exposure_config: config, multiple_variant_handling: "first_seen" } });
  expect(res.body.exposure_criteria).toEqual({
    exposure_config: config,
    multiple_variant_handling: "first_seen",
    filterTestAccounts: true,
  });
  expect((await post({ exposure_criteria: { exposure_config: { kind: "ActionsNode", id: 3 } } })).status).toBe(201);
  for (const bad of [{ event: "$pageview" }, { event: "$pageview", properties: [], extra: 1 }, { kind: "ActionsNode" }])
    expect((await post({ exposure_criteria: { exposure_config: bad } })).body).toEqual(
      err(V, "invalid_input", "Invalid exposure criteria", "exposure_criteria"),
    );
  expect((await post({ exposure_criteria: { filterTestAccounts: "yes" } })).body).toEqual(
    err(V, "invalid_input", "filterTestAccounts must be a boolean", "exposure_criteria"),
  );
  const e = res.body;
  const patched = await h.api("PATCH", `${base}${e.id}/`, { body: { exposure_criteria: { filterTestAccounts: false } } });
  expect(patched.body.exposure_criteria).toEqual({ filterTestAccounts: false });
});

test("name and feature_flag_key are required; variants need control and fewer than 21", async () => {
  expect((await h.api("POST", base, { body: { name: "x" } })).body).toEqual(
    err(V, "required", "This field is required.", "feature_flag_key"),
  );
  expect((await h.api("POST", base, { body: { feature_flag_key: "x" } })).body).toEqual(
    err(V, "required", "This field is required.", "name"),
  );
  const noControl = await post({ parameters: { feature_flag_variants: [{ key: "test", rollout_percentage: 100 }] } });
  expect(noControl.body).toEqual(err(V, "invalid_input", "Feature flag variants must contain a control variant", "parameters"));
  const many = Array.from({ length: 21 }, (_, i) => ({ key: i === 0 ? "control" : `v${i}`, rollout_percentage: 0 }));
  expect((await post({ parameters: { feature_flag_variants: many } })).body).toEqual(
    err(V, "invalid_input", "Feature flag variants must be less than 21", "parameters"),
  );
  expect((await post({ start_date: "2026-02-01T00:00:00Z", end_date: "2026-01-01T00:00:00Z" })).body).toEqual(
    err(V, "invalid_input", "End date must be after start date"),
  );
});

test("split_percent is taken for rollout_percentage and answered beside it", async () => {
  const res = await post({
    parameters: {
      feature_flag_variants: [
        { key: "control", split_percent: 30 },
        { key: "b", split_percent: 70 },
      ],
    },
  });
  expect(res.body.parameters.feature_flag_variants).toEqual([
    { key: "control", rollout_percentage: 30, split_percent: 30 },
    { key: "b", rollout_percentage: 70, split_percent: 70 },
  ]);
});

test("an existing flag is used when it has control and a test variant, refused otherwise", async () => {
  const flagsBase = `/api/projects/${project}/feature_flags/`;
  await h.api("POST", flagsBase, { body: { key: "plain-flag" } });
  expect((await post({ feature_flag_key: "plain-flag" })).body).toEqual(
    err(V, "invalid_input", "Feature flag must have at least 2 variants (control and at least one test variant)"),
  );
  const variants = [
    { key: "control", rollout_percentage: 50 },
    { key: "b", rollout_percentage: 50 },
  ];
  const flag = await h.api("POST", flagsBase, {
    body: { key: "mv-flag", filters: { groups: [{ properties: [], rollout_percentage: 100 }], multivariate: { variants } } },
  });
  const res = await post({ feature_flag_key: "mv-flag" });
  expect(res.status).toBe(201);
  expect(res.body.feature_flag.id).toBe(flag.body.id);
  // A flag's key that is not a valid key is refused by the flag serializer.
  expect((await post({ feature_flag_key: "bad key" })).body).toMatchObject({ type: V, attr: "key" });
});

test("launching turns the flag on; a launched experiment's variants are fixed; stopping ends it", async () => {
  const e = (await post({})).body;
  const path = `${base}${e.id}/`;
  const draftEdit = await h.api("PATCH", path, {
    body: {
      parameters: {
        feature_flag_variants: [
          { key: "control", rollout_percentage: 34 },
          { key: "x", rollout_percentage: 66 },
        ],
      },
    },
  });
  expect(draftEdit.body.feature_flag.filters.multivariate.variants.map((v: { key: string }) => v.key)).toEqual(["control", "x"]);
  const launched = await h.api("PATCH", path, { body: { start_date: "2026-01-01T00:00:00Z" } });
  expect(launched.body).toMatchObject({ status: "running", feature_flag: { active: true } });
  const change = await h.api("PATCH", path, {
    body: { parameters: { feature_flag_variants: [{ key: "control", rollout_percentage: 100 }] } },
  });
  expect(change.body).toEqual(err(V, "invalid_input", "Can't update feature_flag_variants on Experiment"));
  expect((await h.api("PATCH", path, { body: { type: "web" } })).body).toEqual(
    err(V, "invalid_input", "Can't update keys: type on Experiment"),
  );
  expect((await h.api("PATCH", path, { body: { feature_flag_key: "other" } })).body).toEqual(
    err(V, "invalid_input", "Can't update keys: get_feature_flag_key on Experiment"),
  );
  const stopped = await h.api("PATCH", path, { body: { end_date: "2026-02-01T00:00:00Z" } });
  expect(stopped.body.status).toBe("stopped");
  expect((await h.api("GET", flagPath(e.feature_flag.id))).body.active).toBe(true);
});

test("DELETE is 405; PATCH deleted hides the experiment everywhere", async () => {
  const e = (await post({})).body;
  expect((await h.api("DELETE", `${base}${e.id}/`)).status).toBe(405);
  expect((await h.api("PATCH", `${base}${e.id}/`, { body: { deleted: true } })).status).toBe(200);
  expect((await h.api("GET", `${base}${e.id}/`)).status).toBe(404);
  expect((await h.api("PATCH", `${base}${e.id}/`, { body: { deleted: false } })).status).toBe(404);
  const listed = await h.api("GET", `${base}?limit=100`);
  expect(listed.body.results.map((x: { id: number }) => x.id)).not.toContain(e.id);
});

test("a flag its experiment uses is not deleted: today's while the experiment runs, 2025-08-04's while it is not deleted", async () => {
  const draft = (await post({})).body;
  // Today's: a draft keeps its flag for nothing, the flag is deleted.
  expect((await h.api("PATCH", flagPath(draft.feature_flag.id), { body: { deleted: true } })).body.deleted).toBe(true);
  const running = (await post({ start_date: "2026-01-01T00:00:00Z" })).body;
  expect((await h.api("PATCH", flagPath(running.feature_flag.id), { body: { deleted: true } })).body).toEqual(
    err(
      V,
      "invalid_input",
      `Cannot delete a feature flag that is linked to running experiment(s): "${running.name}" (ID: ${running.id}). Please stop the experiment(s) before deleting the flag.`,
    ),
  );
  await h.api("PATCH", `${base}${running.id}/`, { body: { end_date: "2026-01-02T00:00:00Z" } });
  expect((await h.api("PATCH", flagPath(running.feature_flag.id), { body: { deleted: true } })).body.deleted).toBe(true);

  const old = await harness({ postHogVersion: "2025-08-04" });
  try {
    const p = await old.createProject({ name: "Old" });
    const b = `/api/projects/${p.id}/experiments/`;
    const e = (await old.api("POST", b, { body: { name: "Old draft", feature_flag_key: "old-draft" } })).body;
    const flag = `/api/projects/${p.id}/feature_flags/${e.feature_flag.id}/`;
    expect((await old.api("PATCH", flag, { body: { deleted: true } })).body).toEqual(
      err(
        V,
        "invalid_input",
        `Cannot delete a feature flag that is linked to active experiment(s) with ID(s): ${e.id}. Please delete the experiment(s) before deleting the flag.`,
      ),
    );
    await old.api("PATCH", `${b}${e.id}/`, { body: { deleted: true } });
    expect((await old.api("PATCH", flag, { body: { deleted: true } })).body.deleted).toBe(true);
  } finally {
    await old.server.close();
  }
});

test("the list is newest first and leaves archived experiments out unless asked", async () => {
  const a = (await post({ archived: true })).body;
  const listed = await h.api("GET", base);
  expect(listed.body.results.map((x: { id: number }) => x.id)).not.toContain(a.id);
  const archived = await h.api("GET", `${base}?archived=true`);
  expect(archived.body.results.map((x: { id: number }) => x.id)).toEqual([a.id]);
  const drafts = await h.api("GET", `${base}?status=draft&limit=1`);
  expect(drafts.body.results[0].id).toBeGreaterThan(1);
  expect(drafts.body.next).toContain("offset=1");
});

test("PostHog 2025-08-04: its existing-flag messages, no status, no default test-account filter, archived ones listed only when asked", async () => {
  const old = await harness({ postHogVersion: "2025-08-04" });
  try {
    const p = await old.createProject({ name: "Old" });
    const b = `/api/projects/${p.id}/experiments/`;
    const res = await old.api("POST", b, { body: { name: "Old", feature_flag_key: "old" } });
    expect(res.body).toMatchObject({ description: null, exposure_criteria: {} });
    expect(res.body).not.toHaveProperty("status");
    // Its validate_exposure_criteria knows only an event's exposure (ee/clickhouse/views/experiments.py).
    const action = { exposure_criteria: { exposure_config: { kind: "ActionsNode", id: 3 } } };
    expect((await old.api("POST", b, { body: { name: "Action", feature_flag_key: "action", ...action } })).body).toEqual(
      err(V, "invalid_input", "Invalid exposure criteria", "exposure_criteria"),
    );
    await old.api("POST", `/api/projects/${p.id}/feature_flags/`, { body: { key: "plain" } });
    expect((await old.api("POST", b, { body: { name: "Plain", feature_flag_key: "plain" } })).body).toEqual(
      err(V, "invalid_input", "Feature flag is not eligible for experiments."),
    );
    const shelved = (await old.api("POST", b, { body: { name: "Shelved", feature_flag_key: "shelved", archived: true } })).body;
    const ids = async (query: string) => (await old.api("GET", `${b}${query}`)).body.results.map((x: { id: number }) => x.id);
    expect(await ids("")).toEqual([res.body.id]);
    expect(await ids("?archived=true")).toEqual([shelved.id]);
    expect(await ids("?archived=no")).toEqual([res.body.id]);
  } finally {
    await old.server.close();
  }
});

describe("holdouts and saved metrics (holdouts.ts, saved-metrics.ts)", () => {
  let keys = 0;
  const metrics = () => `/api/projects/${project}/experiment_saved_metrics/`;
  const funnel = { kind: "ExperimentMetric", metric_type: "funnel", series: [{ kind: "EventsNode", event: "paid" }] };

  // Today's PostHog writes the holdout into the flag as `holdout: {id, exclusion_percentage}`, 2025-08-04 as `holdout_groups`.
  test.each(["current", "2025-08-04"] as const)(
    "%s: a holdout's groups get its variant and reach the flag of an experiment in it (a draft's too, on update); DELETE takes them off",
    async (version) => {
      const own = version === "current" ? h : await harness({ postHogVersion: version });
      try {
        const p = version === "current" ? project : (await own.createProject({ name: "Old" })).id;
        const at = (segment: string) => `/api/projects/${p}/${segment}/`;
        const flagAt = (id: number) => `${at("feature_flags")}${id}/`;
        const make = (body: object) => own.api("POST", at("experiments"), { body: { name: "E", feature_flag_key: `e${++keys}`, ...body } });
        expect((await own.api("POST", at("experiment_holdouts"), { body: { name: "h", filters: [] } })).body).toEqual(
          err(V, "invalid_input", "Filters are required to create an holdout group", null),
        );
        const holdout = (
          await own.api("POST", at("experiment_holdouts"), { body: { name: "h", filters: [{ properties: [], rollout_percentage: 10 }] } })
        ).body;
        expect(holdout.filters).toEqual([{ properties: [], rollout_percentage: 10, variant: `holdout-${holdout.id}` }]);
        const onFlag = async (flagId: number) => {
          const filters = (await own.api("GET", flagAt(flagId))).body.filters;
          return version === "current" ? filters.holdout : filters.holdout_groups;
        };
        const written = (percent: number) =>
          version === "current"
            ? { id: holdout.id, exclusion_percentage: percent }
            : [{ properties: [], rollout_percentage: percent, variant: `holdout-${holdout.id}` }];
        const e = (await make({ holdout_id: holdout.id })).body;
        expect(e).toMatchObject({ holdout_id: holdout.id, holdout: { id: holdout.id } });
        expect(await onFlag(e.feature_flag.id)).toEqual(written(10));
        expect((await make({ holdout_id: 999999 })).body).toEqual(
          err(V, "does_not_exist", 'Invalid pk "999999" - object does not exist.', "holdout_id"),
        );
        const draft = (await make({})).body;
        expect(await onFlag(draft.feature_flag.id)).toBeNull();
        await own.api("PATCH", `${at("experiments")}${draft.id}/`, { body: { holdout_id: holdout.id } });
        expect(await onFlag(draft.feature_flag.id)).toEqual(written(10));

        await own.api("PATCH", `${at("experiment_holdouts")}${holdout.id}/`, {
          body: { filters: [{ properties: [], rollout_percentage: 20 }] },
        });
        expect(await onFlag(e.feature_flag.id)).toEqual(written(20));
        expect((await own.api("DELETE", `${at("experiment_holdouts")}${holdout.id}/`)).status).toBe(204);
        expect(await onFlag(e.feature_flag.id)).toBeNull();
        expect((await own.api("GET", `${at("experiments")}${e.id}/`)).body.holdout_id).toBeNull();
      } finally {
        if (own !== h) await own.server.close();
      }
    },
  );

  // PostHog's holdout DELETE saves each flag of its experiments whole from the copy it read first: a flag soft-deleted
  // in between is live again (a `midway` fault holds the DELETE between its read and its save).
  test.each(["current", "2025-08-04"] as const)(
    "%s: a holdout's DELETE saves its experiments' flags as it read them, bringing back a flag deleted meanwhile",
    async (version) => {
      const own = version === "current" ? h : await harness({ postHogVersion: version });
      try {
        const p = version === "current" ? project : (await own.createProject({ name: "Race" })).id;
        const at = (segment: string) => `/api/projects/${p}/${segment}/`;
        const holdout = (
          await own.api("POST", at("experiment_holdouts"), { body: { name: "h", filters: [{ properties: [], rollout_percentage: 10 }] } })
        ).body;
        const key = `raced-${++keys}`;
        const e = (await own.api("POST", at("experiments"), { body: { name: "E", feature_flag_key: key, holdout_id: holdout.id } })).body;
        await own.api("PATCH", `${at("experiments")}${e.id}/`, { body: { start_date: "2025-01-01T00:00:00Z" } });
        await own.api("PATCH", `${at("experiments")}${e.id}/`, { body: { deleted: true } });
        await own.control.addFault({ method: "DELETE", path: "experiment_holdouts", delayMs: 400, midway: true });
        const dropped = own.api("DELETE", `${at("experiment_holdouts")}${holdout.id}/`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        const deleted = await own.api("PATCH", `${at("feature_flags")}${e.feature_flag.id}/`, { body: { deleted: true } });
        // 2025-08-04 frees the key of a flag whose experiments are all deleted, renaming it.
        const freed = version === "2025-08-04" ? `${key}:deleted:${e.feature_flag.id}` : key;
        expect([deleted.status, deleted.body.deleted, deleted.body.key]).toEqual([200, true, freed]);
        expect((await dropped).status).toBe(204);
        const back = (await own.api("GET", `${at("feature_flags")}${e.feature_flag.id}/`)).body;
        expect([back.deleted, back.key, back.filters.holdout ?? back.filters.holdout_groups ?? null]).toEqual([false, key, null]);
      } finally {
        if (own !== h) await own.server.close();
      }
    },
  );

  test("saved metrics: the query's kind, links with metadata, the limit counted with metrics, replaced whole", async () => {
    expect((await h.api("POST", metrics(), { body: { name: "m", query: { kind: "TrendsQuery" } } })).body).toEqual(
      err(V, "invalid_input", "Metric query kind must be 'ExperimentMetric'", "query"),
    );
    expect((await h.api("POST", metrics(), { body: { name: "m", query: { kind: "ExperimentFunnelsQuery" } } })).body.detail).toMatch(
      /Legacy metric kind 'ExperimentFunnelsQuery' is no longer supported/,
    );
    const metric = (await h.api("POST", metrics(), { body: { name: "Paid", query: funnel, tags: [" A "] } })).body;
    expect(metric).toMatchObject({ name: "Paid", tags: ["a"], query: { ...funnel, uuid: expect.any(String) } });

    expect((await post({ saved_metrics_ids: [{ id: metric.id }] })).body).toEqual(
      err(V, "null", "This field may not be null.", "metadata"),
    );
    expect((await post({ saved_metrics_ids: [{ id: 999999, metadata: { type: "primary" } }] })).body).toEqual(
      err(V, "invalid_input", "Saved metric does not exist", "saved_metrics_ids"),
    );
    const eleven = Array.from({ length: 10 }, () => ({ kind: "ExperimentMetric" }));
    expect((await post({ metrics: eleven, saved_metrics_ids: [{ id: metric.id, metadata: { type: "primary" } }] })).body).toEqual(
      err(V, "invalid_input", "You can only have up to 10 primary metrics (including shared metrics)", null),
    );
    const e = (await post({ saved_metrics_ids: [{ id: metric.id, metadata: { type: "primary" } }] })).body;
    expect(e.saved_metrics).toEqual([expect.objectContaining({ saved_metric: metric.id, metadata: { type: "primary" }, name: "Paid" })]);
    await h.api("PATCH", `${base}${e.id}/`, { body: { saved_metrics_ids: [] } });
    expect((await h.api("GET", `${base}${e.id}/`)).body.saved_metrics).toEqual([]);
  });
});

test("today's metric event names: an event the project never ingested is refused unless the request allows unknown events (write-only)", async () => {
  const metric = (event: string) => ({ kind: "ExperimentMetric", metric_type: "mean", source: { kind: "EventsNode", event } });
  const funnel = {
    kind: "ExperimentMetric",
    metric_type: "funnel",
    series: [
      { kind: "EventsNode", event: "b later" },
      { kind: "EventsNode", event: "a later" },
    ],
  };
  const unknown = (events: string) =>
    err(
      V,
      "invalid_input",
      `Event(s) ${events} not found. No events with these names have been ingested by this project. If you meant a different event, please correct it. Only if the user has explicitly confirmed they want to proceed with the unknown event (e.g. they will instrument it shortly), call again with allow_unknown_events=True. Do not flip the flag silently to bypass this check.`,
      null,
    );
  expect((await post({ metrics: [funnel] })).body).toEqual(unknown("'a later', 'b later'"));
  expect((await post({ metrics_secondary: [metric("later")] })).body).toEqual(unknown("'later'"));
  // A blank event (all events), an action and another kind's node name no event.
  expect(
    (await post({ metrics: [metric(" "), { kind: "ExperimentMetric", metric_type: "mean", source: { kind: "ActionsNode", id: 1 } }] }))
      .status,
  ).toBe(201);
  const allowed = await post({ metrics: [funnel], allow_unknown_events: true });
  expect(allowed.status).toBe(201);
  expect(allowed.body).not.toHaveProperty("allow_unknown_events");
  const path = `${base}${allowed.body.id}/`;
  // Each request that sends metrics is checked; one without them is not.
  expect((await h.api("PATCH", path, { body: { metrics: [metric("later")] } })).body).toEqual(unknown("'later'"));
  expect((await h.api("PATCH", path, { body: { metrics: [metric("later")], allow_unknown_events: true } })).status).toBe(200);
  expect((await h.api("PATCH", path, { body: { description: "x" } })).status).toBe(200);
  await h.control.seedDefinitions(project, { events: [{ name: "later" }] });
  expect((await h.api("PATCH", path, { body: { metrics: [metric("later")] } })).status).toBe(200);
});

test("today's pause and resume: a running experiment's flag off and on, answered status paused; refused otherwise", async () => {
  const draft = (await post({})).body;
  const action = (id: number, name: string) => h.api("POST", `${base}${id}/${name}/`);
  expect((await action(draft.id, "pause")).body).toEqual(err(V, "invalid_input", "Experiment has not been launched yet.", null));
  const running = (await post({ start_date: "2025-01-01T00:00:00Z" })).body;
  expect((await action(running.id, "resume")).body).toEqual(err(V, "invalid_input", "Experiment is not paused.", null));
  const paused = await action(running.id, "pause");
  expect(paused.body).toMatchObject({ status: "paused", feature_flag: { active: false } });
  expect((await h.api("GET", flagPath(running.feature_flag.id))).body.active).toBe(false);
  expect((await action(running.id, "pause")).body).toEqual(err(V, "invalid_input", "Experiment is already paused.", null));
  expect((await action(running.id, "resume")).body).toMatchObject({ status: "running", feature_flag: { active: true } });
  const ended = (await post({ start_date: "2025-01-01T00:00:00Z", end_date: "2025-02-01T00:00:00Z" })).body;
  expect((await action(ended.id, "pause")).body).toEqual(err(V, "invalid_input", "Experiment has already ended.", null));
});

test("PostHog 2025-08-04: no metric event names checked, allow_unknown_events dropped, no pause or resume, no status", async () => {
  const old = await harness({ postHogVersion: "2025-08-04" });
  try {
    const p = await old.createProject({ name: "Old" });
    const metrics = [{ kind: "ExperimentMetric", metric_type: "mean", source: { kind: "EventsNode", event: "never" } }];
    const res = await old.api("POST", `/api/projects/${p.id}/experiments/`, {
      body: { name: "Old", feature_flag_key: "old", metrics, allow_unknown_events: true, start_date: "2025-01-01T00:00:00Z" },
    });
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty("status");
    expect(res.body).not.toHaveProperty("allow_unknown_events");
    expect((await old.api("POST", `/api/projects/${p.id}/experiments/${res.body.id}/pause/`)).status).toBe(404);
  } finally {
    await old.server.close();
  }
});
