/** Layer 2: posthog.FeatureFlag on the program side under pulumi.runtime.setMocks: type, serialized provider, outputs, get. */
import { mockResources, resolved } from "../helpers/resource-mocks";

const registered = mockResources((inputs) => ({ flagId: 9, projectId: 3, key: inputs["key"] ?? "read", name: "" }));

// Imported after setMocks, as Pulumi's docs require.
import { FeatureFlag, type FeatureFlagArgs } from "../../src";
import type { FlagField } from "../../src/kinds/feature-flag/fields";
import type { CamelCase } from "../../src/kit/names";
import { serializedProvider } from "../../src/resources/declared";

test("FeatureFlag registers its dynamic type with the serialized provider; flagId, projectId, key and name are outputs", async () => {
  const flag = new FeatureFlag("checkout", { projectId: 3, key: "new-checkout", filters: { groups: [{ rollout_percentage: 10 }] } });
  expect(await resolved(flag.flagId)).toBe(9);
  expect(await resolved(flag.key)).toBe("new-checkout");
  const entry = registered.find((r) => r.name === "checkout")!;
  expect(entry.type).toBe("pulumi-nodejs:dynamic/posthog:FeatureFlag");
  expect(entry.inputs["__provider"]).toBe(serializedProvider("featureFlagProvider"));
  expect(FeatureFlag.isInstance(flag)).toBe(true);
  expect(FeatureFlag.isInstance({})).toBe(false);
});

test("FeatureFlag.get reads by <projectId>/<id>", async () => {
  const existing = FeatureFlag.get("existing", "3/9");
  expect(await resolved(existing.id)).toBe("3/9");
  expect(await resolved(existing.flagId)).toBe(9);
});

// The written-out inputs are the field table's, camelCase, projectId, adoptId and the provider's own
// createUsageDashboard (npm run typecheck fails otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const inputsMatchTheTable: Same<keyof FeatureFlagArgs, CamelCase<FlagField> | "projectId" | "adoptId" | "createUsageDashboard"> = true;

test("FeatureFlagArgs names every field of the table", () => {
  expect(inputsMatchTheTable).toBe(true);
});
