/** The annotation endpoints (posthog/api/annotation.py, AnnotationsViewSet), one function each. */
import { annotationSchema } from "./record";
import * as objects from "../../client/project-objects";

export type AnnotationBody = objects.ObjectBody;

export interface AnnotationFilters {
  /** Case-insensitive substring of the content. */
  search?: string;
  scope?: "dashboard_item" | "insight" | "dashboard" | "project" | "organization";
  /** ISO 8601 bounds on `date_marker`. */
  date_from?: string;
  date_to?: string;
}

const annotations = objects.endpoints<typeof annotationSchema, number, AnnotationFilters>(
  { path: "annotations", noun: "annotation", schema: annotationSchema },
  1000,
);

/**
 * Every annotation the project sees that is not deleted: its own and the organization-wide ones of its organization,
 * `date_marker` newest first. PostHog's annotation pages hold 1000 by default.
 */
export const iterateAnnotations = annotations.iterate;

export const listAnnotations = annotations.listAll;

/** A deleted annotation answers 404 (PostHog hides deleted annotations from everything but PATCH). */
export const getAnnotation = annotations.get;

/** Never resent once it may have reached PostHog: nothing about an annotation is unique, a resend makes a twin. */
export const createAnnotation = annotations.create;

export const updateAnnotation = annotations.update;

export const deleteAnnotation = annotations.softDelete;

/** Every page of the unfiltered list. */
export const annotationPages = annotations.pages;
