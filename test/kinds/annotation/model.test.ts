/**
 * Annotation's field table: PostHog's rules refused before anything is sent (each failure names the field and the
 * rule), and PostHog's normalisations (its form of a date, a blank emoji) compared equal.
 */
import { annotationModel } from "../../../src/kinds/annotation/kind";
import { annotationKind } from "../../../src/kinds/annotation/kind";

const failures = (inputs: Record<string, unknown>) => annotationModel.validate(inputs);

test("valid inputs pass, none is required", () => {
  expect(failures({})).toEqual([]);
  expect(
    failures({
      projectId: 3,
      content: "Release",
      dateMarker: "2025-01-02T03:04:05.123456+02:00",
      scope: "organization",
      dashboardItem: null,
      dashboardId: 4,
      creationType: "GIT",
      emoji: "🚀",
      hiddenInUserInterface: true,
    }),
  ).toEqual([]);
});

test.each([
  [{ content: "x".repeat(8193) }, "content", "at most 8192 characters"],
  [{ content: 5 }, "content", "must be a string or null"],
  [{ dateMarker: "yesterday" }, "dateMarker", 'ISO 8601 date-time such as "2025-01-02T03:04:05Z"'],
  [{ dateMarker: "2025-W01-1" }, "dateMarker", "ISO 8601 date-time"],
  [{ dateMarker: "2025-02-30T00:00:00Z" }, "dateMarker", "is not a date-time that exists"],
  [{ scope: "recording" }, "scope", '"recording" is deprecated and refused'],
  [{ scope: "insight" }, "scope", '"dashboard_item" is the insight scope'],
  [{ dashboardId: 1.5 }, "dashboardId", "numeric id of a dashboard of the project"],
  [{ dashboardItem: "7" }, "dashboardItem", "numeric id of an insight of the project"],
  [{ creationType: "BOT" }, "creationType", '"USR"'],
  [{ emoji: "x".repeat(17) }, "emoji", "at most 16 characters"],
  [{ hiddenInUserInterface: "yes" }, "hiddenInUserInterface", "must be true, false or null"],
  [{ projectId: "web" }, "projectId", "numeric id of a project"],
  [{ contents: "typo" }, "contents", "Did you mean `content`?"],
])("%j is refused on %s", (inputs, property, reason) => {
  const found = failures(inputs);
  expect(found).toHaveLength(1);
  expect(found[0]!.property).toBe(property);
  expect(found[0]!.reason).toContain(reason);
});

test("PostHog's form of the same instant, and a blank emoji, compare equal", () => {
  const equal = annotationModel.valuesEqual;
  expect(equal("date_marker", "2025-01-02 09:30:00", "2025-01-02T09:30:00Z")).toBe(true);
  expect(equal("date_marker", "2025-01-02T11:30:00+02:00", "2025-01-02T09:30:00Z")).toBe(true);
  expect(equal("date_marker", "2025-01-02T09:30:01Z", "2025-01-02T09:30:00Z")).toBe(false);
  expect(equal("emoji", "", null)).toBe(true);
  expect(equal("emoji", "🚀", null)).toBe(false);
  expect(equal("content", "a", "a ")).toBe(false);
});

test("outputs are the fixed ones and each declared field's live value; drift is the live inputs", () => {
  const record = {
    id: 9,
    project_id: 3,
    content: "c",
    date_marker: "2025-01-02T09:30:00Z",
    scope: "project",
    deleted: false,
    emoji: null,
  };
  const declared = { projectId: 3, content: "c", dateMarker: "2025-01-02 09:30:00", emoji: "" };
  const recorded = annotationModel.recordInputs(declared);
  expect(annotationModel.forKind(annotationKind).toOutputs(record, recorded)).toEqual({
    annotationId: 9,
    projectId: 3,
    content: "c",
    dateMarker: "2025-01-02T09:30:00Z",
    scope: "project",
    emoji: null,
    declaredInputs: declared,
  });
  expect(annotationModel.liveInputs(declared, record)).toEqual(declared);
  expect(annotationModel.liveInputs(declared, { ...record, content: "edited" })).toEqual({ ...declared, content: "edited" });
});
