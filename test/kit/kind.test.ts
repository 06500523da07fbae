/** The kit's generic facts: ids as `get` and `pulumi import` take them, the scope a resource works in, the registry. */
import { importList, parseId, resolveScope, type Kind, type ScopeKind, type ScopeReads } from "../../src/kit/kind";
import { projectScopedImport } from "../../src/kit/field-model";
import { kindOf, kinds } from "../../src/kinds/index";
import { Transport } from "../../src/client-entry";
import { PROJECT_TOKEN, PROJECT_TYPE } from "../../src/kit/tokens";
import { resolveConfig } from "../../src/provider";
import { projectKind } from "../../src/kinds/project/kind";

/** A project-scoped kind (a feature flag's facts): only those these functions read. */
const projectScoped = {
  ...projectKind,
  name: "FeatureFlag",
  noun: "feature flag",
  scope: "project",
  identity: { output: "flagId" },
} as unknown as Kind<"project">;

test("Project's ids: <organizationId>/<projectId> or the number; anything else is refused with the forms", () => {
  expect(parseId(projectKind, "42")).toEqual({ scope: undefined, id: 42 });
  expect(parseId(projectKind, "0190f5c1-1111-2222-3333-444455556666/42")).toEqual({
    scope: "0190f5c1-1111-2222-3333-444455556666",
    id: 42,
  });
  expect(() => parseId(projectKind, "web")).toThrow(
    '"web" is not a PostHog project id: use <organizationId>/<id>, or the numeric id (in the configured organization).',
  );
});

test("a project-scoped resource's ids: <id> or <projectId>/<id>, the project a number", () => {
  expect(parseId(projectScoped, "7/12")).toEqual({ scope: 7, id: 12 });
  expect(parseId(projectScoped, "12")).toEqual({ scope: undefined, id: 12 });
  expect(() => parseId(projectScoped, "org/12")).toThrow(
    "is not a PostHog feature flag id: use <projectId>/<id>, or the numeric id (in the configured project).",
  );
});

test("a project-scoped resource PostHog keys by UUID: <uuid> or <projectId>/<uuid>, lower-cased; a number is refused", () => {
  const byUuid = {
    ...projectScoped,
    noun: "survey",
    identity: { output: "surveyId", key: "uuid" },
  } as unknown as Kind<"project">;
  const uuid = "0190F5C1-1111-2222-3333-444455556666";
  expect(parseId(byUuid, `7/${uuid}`)).toEqual({ scope: 7, id: uuid.toLowerCase() });
  expect(parseId(byUuid, uuid)).toEqual({ scope: undefined, id: uuid.toLowerCase() });
  expect(() => parseId(byUuid, "7/12")).toThrow(
    '"7/12" is not a PostHog survey id: use <projectId>/<uuid>, or the UUID (in the configured project).',
  );
});

test("a project-scoped resource PostHog keys by short id: <shortId> or <projectId>/<shortId>, its case kept; other text is refused", () => {
  const byShortId = {
    ...projectScoped,
    noun: "notebook",
    identity: { output: "shortId", key: "short_id" },
  } as unknown as Kind<"project">;
  expect(parseId(byShortId, "7/aB3dE9xZ")).toEqual({ scope: 7, id: "aB3dE9xZ" });
  expect(parseId(byShortId, "aB3dE9xZ")).toEqual({ scope: undefined, id: "aB3dE9xZ" });
  expect(() => parseId(byShortId, "7/not-a-short-id")).toThrow(
    '"7/not-a-short-id" is not a PostHog notebook id: use <projectId>/<shortId>, or the short id (in the configured project).',
  );
});

test("the project a project-scoped resource works in: its own, else posthog:projectId, else POSTHOG_PROJECT_ID", () => {
  const configured = resolveConfig((key) => (key === "posthog:projectId" ? "5" : undefined), { POSTHOG_PROJECT_ID: "6" });
  expect(resolveScope(projectScoped, configured, 9)).toBe(9);
  expect(resolveScope(projectScoped, configured, "10")).toBe(10);
  expect(resolveScope(projectScoped, configured, undefined)).toBe(5);
  expect(
    resolveScope(
      projectScoped,
      resolveConfig(() => undefined, { POSTHOG_PROJECT_ID: "6" }),
      undefined,
    ),
  ).toBe(6);
  expect(() =>
    resolveScope(
      projectScoped,
      resolveConfig(() => undefined, {}),
      undefined,
    ),
  ).toThrow(/No PostHog project is configured\. Pass projectId .*posthog:projectId.*POSTHOG_PROJECT_ID/);
  expect(() => resolveScope(projectScoped, configured, "web")).toThrow('The PostHog project id "web" must be the project\'s numeric id.');
});

test("the registry finds a kind by its plugin token, own entries only", () => {
  // Each kind's token and type are its name's (kindNames), each name once, and the registry finds each kind by its token.
  for (const kind of kinds) {
    expect([kind.token, kind.dynamicType]).toEqual([`posthog:index:${kind.name}`, `pulumi-nodejs:dynamic/posthog:${kind.name}`]);
    expect(kindOf(kind.token)).toBe(kind);
  }
  expect(new Set(kinds.map((d) => d.name)).size).toBe(kinds.length);
  expect(kindOf("posthog:index:FeatureFlag")?.scope).toBe("project");
  expect(kindOf(PROJECT_TOKEN)).toBe(projectKind);
  expect(projectKind.dynamicType).toBe(PROJECT_TYPE);
  expect(kindOf("posthog:index:constructor")).toBeUndefined();
});

test("an importer without its own list lists with the lookups' list, through the scope's reads; without lookups it is an error", async () => {
  const facts = projectScopedImport({}, { defaults: {}, label: (flag: { id: number; key?: string }) => flag.key ?? "" });
  const lookupsList = async () => [{ id: 1, key: "a" }];
  const listing = { ...projectScoped, importer: facts, lookups: { plural: "FeatureFlags", list: lookupsList, outputs: {} } };
  const http = new Transport({ host: "http://127.0.0.1:9", apiKey: "phx_unused", rateLimits: false });
  const asked: unknown[] = [];
  const read: ScopeReads<ScopeKind> = (list) => {
    asked.push(list);
    return list(http, 7);
  };
  const list = importList(listing as unknown as Kind)!;
  expect(await list(http, 7, read)).toEqual([{ id: 1, key: "a", project_id: 7 }]);
  // The lookups' list itself is what is asked for, so that another kind asking for it shares the answer.
  expect(asked).toEqual([lookupsList]);
  const bare = { ...projectScoped, importer: facts } as unknown as Kind;
  expect(() => importList(bare)).toThrow("FeatureFlag's import facts have no list, and it has no lookups to list with: declare one.");
  expect(importList({ ...projectScoped, importer: undefined } as unknown as Kind)).toBe(undefined);
});
