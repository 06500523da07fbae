/** Early access features on the local server (src/server/early-access-features/, after products/early_access_features/backend/api.py). */
import { err, type Harness, harness, projectHarness } from "../helpers";

let h: Harness;
let project = 0;
let base = "";
beforeAll(async () => ({ h, projectId: project, base } = await projectHarness("Early access", "early_access_feature")));
afterAll(() => h.server.close());

const V = "validation_error";
const post = (body: unknown) => h.api("POST", base, { body });
const flagPath = (id: number) => `/api/projects/${project}/feature_flags/${id}/`;

test("without a flag one is made from the name, at 0%, with the enrolment condition in a release stage; DELETE leaves it", async () => {
  const made = await post({ name: "Dark Mode!", stage: "beta" });
  expect(made.status).toBe(201);
  expect(made.body).toMatchObject({ name: "Dark Mode!", description: "", documentation_url: "", stage: "beta" });
  expect(made.body.feature_flag).toMatchObject({ key: "dark-mode", name: "Feature Flag for Feature Dark Mode!" });
  const flag = (await h.api("GET", flagPath(made.body.feature_flag.id))).body;
  expect(flag.filters.groups).toEqual([expect.objectContaining({ rollout_percentage: 0 })]);
  // Today's PostHog marks the flag enrolled (`feature_enrollment`); 2025-08-04 wrote the condition (`super_groups`, below).
  expect(flag.filters.feature_enrollment).toBe(true);
  expect(flag.filters).not.toHaveProperty("super_groups");

  // The flag may not go while the feature releases it.
  expect((await h.api("PATCH", flagPath(flag.id), { body: { deleted: true } })).body).toEqual(
    err(
      V,
      "invalid_input",
      "Cannot delete a feature flag that is in use with early access features. Please delete the early access feature before deleting the flag.",
      null,
    ),
  );
  // Concept (today's PostHog: people register interest, the flag serves no one enrolled) takes the marker off.
  await h.api("PATCH", `${base}${made.body.id}/`, { body: { stage: "concept" } });
  expect((await h.api("GET", flagPath(flag.id))).body.filters.feature_enrollment).toBeNull();
  await h.api("PATCH", `${base}${made.body.id}/`, { body: { stage: "alpha" } });
  expect((await h.api("GET", flagPath(flag.id))).body.filters.feature_enrollment).toBe(true);

  expect((await h.api("DELETE", `${base}${made.body.id}/`)).status).toBe(204);
  expect((await h.api("GET", `${base}${made.body.id}/`)).status).toBe(404);
  expect((await h.api("GET", flagPath(flag.id))).body).toMatchObject({ deleted: false, filters: { feature_enrollment: null } });
  // The flag left holds the key a second feature of the name would make.
  expect((await post({ name: "Dark Mode!", stage: "beta" })).body).toEqual(
    err(V, "unique", "There is already a feature flag with this key.", "key"),
  );
});

test("a given flag: it must exist, release no other feature, and be neither on groups nor multivariate", async () => {
  const flag = (
    await h.api("POST", `/api/projects/${project}/feature_flags/`, {
      body: { key: "given", filters: { groups: [{ properties: [], rollout_percentage: 100 }] } },
    })
  ).body;
  const multi = (
    await h.api("POST", `/api/projects/${project}/feature_flags/`, {
      body: {
        key: "multi",
        filters: {
          groups: [{ properties: [], rollout_percentage: 100 }],
          multivariate: {
            variants: [
              { key: "a", rollout_percentage: 50 },
              { key: "b", rollout_percentage: 50 },
            ],
          },
        },
      },
    })
  ).body;
  expect(multi.id).toEqual(expect.any(Number));
  expect((await post({ name: "x", stage: "draft", feature_flag_id: 999999 })).body).toEqual(
    err(V, "invalid_input", "Feature Flag with this ID does not exist", null),
  );
  expect((await post({ name: "x", stage: "draft", feature_flag_id: multi.id })).body).toEqual(
    err(V, "invalid_input", "Multivariate feature flags are not supported for Early Access Features.", null),
  );
  expect((await post({ name: "On given", stage: "alpha", feature_flag_id: flag.id })).body.feature_flag.id).toBe(flag.id);
  expect((await post({ name: "Again", stage: "alpha", feature_flag_id: flag.id })).body).toEqual(
    err(V, "invalid_input", "Linked feature flag given already has a feature attached to it.", null),
  );
});

test.each([
  [{ stage: "beta" }, err(V, "required", "This field is required.", "name")],
  [{ name: "x" }, err(V, "required", "This field is required.", "stage")],
  [{ name: "x", stage: "gamma" }, err(V, "invalid_choice", '"gamma" is not a valid choice.', "stage")],
  [{ name: "x", stage: "beta", documentation_url: "docs" }, err(V, "invalid_input", "Enter a valid URL.", "documentation_url")],
  [{ name: "x".repeat(201), stage: "beta" }, err(V, "max_length", "Ensure this field has no more than 200 characters.", "name")],
])("refuses %j", async (body, expected) => {
  expect((await post(body)).body).toEqual(expected);
});

test("PostHog 2025-08-04 answers a PATCH with 500 after storing it", async () => {
  const old = await harness({ postHogVersion: "2025-08-04" });
  try {
    const id = (await old.createProject({ name: "Old" })).id;
    const path = `/api/projects/${id}/early_access_feature/`;
    const made = (await old.api("POST", path, { body: { name: "Old one", stage: "draft" } })).body;
    expect((await old.api("PATCH", `${path}${made.id}/`, { body: { description: "stored" } })).status).toBe(500);
    expect((await old.api("GET", `${path}${made.id}/`)).body.description).toBe("stored");
  } finally {
    await old.server.close();
  }
});

test("PostHog 2025-08-04 writes the enrolment condition as `super_groups`, in concept too, and takes it off as null", async () => {
  const old = await harness({ postHogVersion: "2025-08-04" });
  try {
    const p = (await old.createProject({ name: "Old" })).id;
    const made = (await old.api("POST", `/api/projects/${p}/early_access_feature/`, { body: { name: "Dark", stage: "concept" } })).body;
    const flagAt = `/api/projects/${p}/feature_flags/${made.feature_flag.id}/`;
    const filters = (await old.api("GET", flagAt)).body.filters;
    expect(filters.super_groups[0].properties[0]).toMatchObject({ key: "$feature_enrollment/dark", type: "person" });
    expect(filters).not.toHaveProperty("feature_enrollment");
    await old.api("PATCH", `/api/projects/${p}/early_access_feature/${made.id}/`, { body: { stage: "draft" } });
    expect((await old.api("GET", flagAt)).body.filters.super_groups).toBeNull();
  } finally {
    await old.server.close();
  }
});
