/** Layer 2: posthog.Cohort on the program side under pulumi.runtime.setMocks: type, serialized provider, outputs, get, a flag naming it. */
import { mockResources, resolved } from "../helpers/resource-mocks";

const registered = mockResources((inputs) => ({
  cohortId: 9,
  projectId: 3,
  name: inputs["name"] ?? "read",
  isStatic: inputs["isStatic"] ?? false,
}));

// Imported after setMocks, as Pulumi's docs require.
import { Cohort, type CohortArgs, FeatureFlag } from "../../src";
import { serializedProvider } from "../../src/resources/declared";
import type { cohortFields } from "../../src/kinds/cohort/fields";
import type { CamelCase } from "../../src/kit/names";

const filters = {
  properties: {
    type: "OR" as const,
    values: [{ type: "AND" as const, values: [{ type: "person" as const, key: "company", operator: "exact", value: ["Acme"] }] }],
  },
};

test("Cohort registers its dynamic type with the serialized provider; cohortId, projectId, name and isStatic are outputs", async () => {
  const cohort = new Cohort("acme", { projectId: 3, name: "Acme users", filters });
  expect(await resolved(cohort.cohortId)).toBe(9);
  expect(await resolved(cohort.name)).toBe("Acme users");
  expect(await resolved(cohort.isStatic)).toBe(false);
  const entry = registered.find((r) => r.name === "acme")!;
  expect(entry.type).toBe("pulumi-nodejs:dynamic/posthog:Cohort");
  expect(entry.inputs["__provider"]).toBe(serializedProvider("cohortProvider"));
  expect(entry.inputs["filters"]).toEqual(filters);
  expect(Cohort.isInstance(cohort)).toBe(true);
  expect(Cohort.isInstance({})).toBe(false);
});

test("a flag's release condition names the cohort by its cohortId output", async () => {
  const cohort = new Cohort("beta", { projectId: 3, name: "Beta users", filters });
  new FeatureFlag("beta-flag", {
    projectId: 3,
    key: "beta",
    filters: { groups: [{ properties: [{ key: "id", type: "cohort", value: cohort.cohortId }], rollout_percentage: 100 }] },
  });
  await resolved(cohort.cohortId);
  await new Promise((resolve) => setImmediate(resolve));
  const flag = registered.find((r) => r.name === "beta-flag")!;
  expect(flag.inputs["filters"]).toEqual({ groups: [{ properties: [{ key: "id", type: "cohort", value: 9 }], rollout_percentage: 100 }] });
});

test("Cohort.get reads by <projectId>/<id>", async () => {
  const existing = Cohort.get("existing", "3/9");
  expect(await resolved(existing.id)).toBe("3/9");
  expect(await resolved(existing.cohortId)).toBe(9);
});

// The generated inputs are the field table's, camelCase, projectId and adoptId (npm run typecheck fails otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const inputsMatchTheTable: Same<keyof CohortArgs, CamelCase<keyof typeof cohortFields> | "projectId" | "adoptId"> = true;

test("CohortArgs names every field of the table", () => {
  expect(inputsMatchTheTable).toBe(true);
});
