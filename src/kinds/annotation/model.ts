/**
 * Between Pulumi's view of an annotation and PostHog's: the kit's field-table model over the annotation's table
 * (src/kinds/annotation/fields.ts). Nothing about an annotation is required or unique; PostHog's one rule beyond
 * each field's (the dashboard must be the project's) needs the project's data and is left to PostHog.
 */
import { fieldModel, type InProject } from "../../kit/field-model";
import type { Annotation } from "./record";
import { annotationFields } from "./fields";

export type AnnotationRecord = InProject<Annotation>;

export const annotationModel = fieldModel<Annotation>({
  className: "Annotation",
  noun: "annotation",
  summary: "A dated note on a project's charts.",
  fields: annotationFields,
  exampleInput: "dateMarker",
  // The outputs every Annotation has besides its kind's (its id, its project): content, date and scope (a declared
  // setting adds its live value).
  fixedOutputs: (record) => ({
    content: record.content,
    dateMarker: record.date_marker,
    scope: record.scope,
  }),
  outputTypes: {
    content: { type: "string | null", doc: "The text shown on charts." },
    dateMarker: { type: "string | null", doc: "When it happened, as PostHog answers it (`2025-01-02T03:04:05Z`)." },
    scope: { type: "AnnotationScope", doc: "Where it shows." },
  },
  types: {
    AnnotationScope: {
      type: '"dashboard_item" | "dashboard" | "project" | "organization"',
      doc: 'Where an annotation shows: one insight ("dashboard_item"), a dashboard, the project, or every project of the organization.',
    },
  },
});
