/**
 * The LlmScoreDefinition lifecycle over loopback against the local server: the config's rules for its kind checked
 * before anything is sent, naming the field and PostHog's rule; a changed config posted as the next immutable version
 * (the name and description a PATCH); a changed kind a replacement; destroy archiving, and one archived by hand gone
 * at refresh; PostHog 2025-08-04, which has no score definitions, said as such. (The example's create, preview, import
 * and delete: the contract suite.)
 */
import * as definitions from "../../../src/kinds/llm-score-definition/endpoints";
import { LlmScoreDefinitionLifecycle } from "../../../src/provider";
import { projectScopedSetups } from "../../helpers/project-scoped";

type Json = Record<string, unknown>;

const setups = projectScopedSetups("Score definitions", (c) => new LlmScoreDefinitionLifecycle(c));
const options = [
  { key: "good", label: "Good" },
  { key: "bad", label: "Bad" },
];

test("the config's rules for its kind are checked before anything is sent, naming the field and PostHog's rule", async () => {
  const { provider, projectId, server } = setups.current!;
  await server.clearRequests();
  const failures = async (inputs: Json) =>
    ((await provider.check({}, { projectId, name: "Quality", ...inputs })).failures ?? []).map((f) => `${f.property}: ${f.reason}`);
  expect(await failures({ kind: "numeric", config: { min: 1, max: 5, options } })).toEqual([
    expect.stringMatching(/^config: a numeric scorer's config takes min, max, step only, not options \("Unsupported keys for `kind`"\)/),
  ]);
  expect(await failures({ kind: "categorical", config: { options, min_selections: 1 } })).toEqual([
    expect.stringMatching(/^config: "`min_selections` is only supported when `selection_mode` is `multiple`\."/),
  ]);
  expect(await failures({ kind: "categorical", config: { options: [...options, { key: " GOOD ", label: "Again" }] } })).toEqual([
    expect.stringMatching(/^config: "Categorical option keys must be unique\."/),
  ]);
  expect(await failures({ kind: "categorical", config: { options: [{ key: "two words", label: "x" }] } })).toEqual([
    expect.stringMatching(/^config: options\[0\]\.key must use lowercase letters, numbers, underscores, or hyphens/),
  ]);
  expect(await failures({ kind: "categorical", config: { options, selection_mode: "multiple", max_selections: 3 } })).toEqual([
    expect.stringMatching(/^config: "Ensure `max_selections` is less than or equal to the number of options\."/),
  ]);
  expect(await failures({ kind: "numeric", config: { min: 5, max: 1 } })).toEqual([
    expect.stringMatching(/^config: "Ensure `max` is greater than or equal to `min`\."/),
  ]);
  expect(await failures({ kind: "numeric", config: { step: 0 } })).toEqual([
    expect.stringMatching(/^config: "Ensure `step` is greater than 0\."/),
  ]);
  expect(await failures({ kind: "boolean", config: { true_label: " " } })).toEqual([
    expect.stringMatching(/^config: true_label must be text that is not blank/),
  ]);
  expect(await failures({ kind: "scale", config: {} })).toEqual([
    expect.stringMatching(/^kind: kind must be one of categorical, numeric, boolean \(ScoreDefinition.Kind/),
  ]);
  expect(await failures({ kind: "boolean", config: {}, name: " " })).toEqual([expect.stringMatching(/^name: name must not be blank/)]);
  expect(
    await failures({ kind: "categorical", config: { options, selection_mode: "multiple", min_selections: 1, max_selections: 2 } }),
  ).toEqual([]);
  expect(await failures({ kind: "numeric", config: { min: 0, max: 10, step: 0.5 } })).toEqual([]);
  expect(await server.requests()).toEqual([]);
});

test("a changed config is PostHog's next version, the name a PATCH; keys as PostHog keeps them are no change; destroy archives", async () => {
  const { provider, http, projectId, server } = setups.current!;
  const inputs = { projectId, name: "Quality", kind: "categorical", config: { options: [{ key: " Good ", label: " Good " }, options[1]] } };
  const created = await provider.create(inputs);
  expect(created.outs).toMatchObject({ currentVersion: 1, kind: "categorical" });
  expect((await definitions.getLlmScoreDefinition(http, projectId, created.id)).config).toEqual({ options });
  expect((await provider.diff(created.id, created.outs as Json, inputs)).changes).toBe(false);

  const news = { ...inputs, name: "Answer quality", config: { options, selection_mode: "multiple" } };
  await server.clearRequests();
  const updated = await provider.update(created.id, created.outs as Json, news);
  const writes = (await server.requests()).filter((r) => r.method !== "GET");
  expect(writes.map((r) => [r.method, r.path.replace(/.*score_definitions\//, ""), r.bodyKeys])).toEqual([
    ["POST", `${created.id}/new_version/`, ["config"]],
    ["PATCH", `${created.id}/`, ["name"]],
  ]);
  expect(updated.outs).toMatchObject({ currentVersion: 2, name: "Answer quality" });
  expect((await provider.diff(created.id, updated.outs as Json, news)).changes).toBe(false);
  expect(await provider.diff(created.id, updated.outs as Json, { ...news, kind: "numeric", config: {} })).toMatchObject({
    replaces: ["kind"],
  });

  await provider.delete(created.id, updated.outs as Json);
  expect(await definitions.getLlmScoreDefinition(http, projectId, created.id)).toMatchObject({ archived: true });
  expect((await definitions.listLlmScoreDefinitions(http, projectId)).map((d) => d.id)).not.toContain(created.id);
});

test("one archived by hand is gone at refresh, and an update of it says so", async () => {
  const { provider, http, projectId } = setups.current!;
  const made = await provider.create({ projectId, name: "Correct", kind: "boolean", config: { true_label: "Correct" } });
  await definitions.archiveLlmScoreDefinition(http, projectId, made.id);
  expect(await provider.read(made.id, made.outs as Json)).toEqual({});
  await expect(
    provider.update(made.id, made.outs as Json, { projectId, name: "Right", kind: "boolean", config: { true_label: "Correct" } }),
  ).rejects.toThrow(/no longer exists in PostHog/);
});

test("PostHog 2025-08-04 has no score definitions: the create says so, and what to use", async () => {
  const { provider, projectId } = setups["2025-08-04"]!;
  await expect(provider.create({ projectId, name: "Quality", kind: "boolean", config: {} })).rejects.toThrow(
    /This PostHog has no score definitions \(PostHog 2025-08-04 and older serve none\)/,
  );
});
