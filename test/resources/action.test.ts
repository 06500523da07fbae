/** Layer 2: posthog.Action on the program side under pulumi.runtime.setMocks: type, serialized provider, outputs, get. */
import { mockResources, resolved } from "../helpers/resource-mocks";

const registered = mockResources((inputs) => ({ actionId: 9, projectId: 3, name: inputs["name"] ?? "read" }));

// Imported after setMocks, as Pulumi's docs require.
import { Action, type ActionArgs } from "../../src";
import { serializedProvider } from "../../src/resources/declared";
import type { actionFields } from "../../src/kinds/action/fields";
import type { CamelCase } from "../../src/kit/names";

test("Action registers its dynamic type with the serialized provider; actionId, projectId and name are outputs", async () => {
  const action = new Action("signup", { projectId: 3, name: "Signed up", steps: [{ event: "$pageview" }] });
  expect(await resolved(action.actionId)).toBe(9);
  expect(await resolved(action.name)).toBe("Signed up");
  const entry = registered.find((r) => r.name === "signup")!;
  expect(entry.type).toBe("pulumi-nodejs:dynamic/posthog:Action");
  expect(entry.inputs["__provider"]).toBe(serializedProvider("actionProvider"));
  expect(Action.isInstance(action)).toBe(true);
  expect(Action.isInstance({})).toBe(false);
});

test("Action.get reads by <projectId>/<id>", async () => {
  const existing = Action.get("existing", "3/9");
  expect(await resolved(existing.id)).toBe("3/9");
  expect(await resolved(existing.actionId)).toBe(9);
});

// The written-out inputs are the field table's, camelCase, projectId and adoptId (npm run typecheck fails otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const inputsMatchTheTable: Same<keyof ActionArgs, CamelCase<keyof typeof actionFields> | "projectId" | "adoptId"> = true;

test("ActionArgs names every field of the table", () => {
  expect(inputsMatchTheTable).toBe(true);
});
