/** Layer 2: posthog.Annotation on the program side under pulumi.runtime.setMocks: type, serialized provider, outputs, get. */
import { mockResources, resolved } from "../helpers/resource-mocks";

const registered = mockResources((inputs) => ({ annotationId: 9, projectId: 3, scope: inputs["scope"] ?? "dashboard_item" }));

// Imported after setMocks, as Pulumi's docs require.
import { Annotation, type AnnotationArgs } from "../../src";
import { serializedProvider } from "../../src/resources/declared";
import type { annotationFields } from "../../src/kinds/annotation/fields";
import type { CamelCase } from "../../src/kit/names";

test("Annotation registers its dynamic type with the serialized provider; annotationId, projectId and scope are outputs", async () => {
  const annotation = new Annotation("launch", { projectId: 3, content: "Released", scope: "project" });
  expect(await resolved(annotation.annotationId)).toBe(9);
  expect(await resolved(annotation.scope)).toBe("project");
  const entry = registered.find((r) => r.name === "launch")!;
  expect(entry.type).toBe("pulumi-nodejs:dynamic/posthog:Annotation");
  expect(entry.inputs["__provider"]).toBe(serializedProvider("annotationProvider"));
  expect(Annotation.isInstance(annotation)).toBe(true);
  expect(Annotation.isInstance({})).toBe(false);
});

test("Annotation.get reads by <projectId>/<id>", async () => {
  const existing = Annotation.get("existing", "3/9");
  expect(await resolved(existing.id)).toBe("3/9");
  expect(await resolved(existing.annotationId)).toBe(9);
});

// The written-out inputs are the field table's, camelCase, projectId and adoptId (npm run typecheck fails otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const inputsMatchTheTable: Same<keyof AnnotationArgs, CamelCase<keyof typeof annotationFields> | "projectId" | "adoptId"> = true;

test("AnnotationArgs names every field of the table", () => {
  expect(inputsMatchTheTable).toBe(true);
});
