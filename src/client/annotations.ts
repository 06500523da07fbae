/** The annotation endpoints (posthog/api/annotation.py, AnnotationsViewSet), one function each. */
import { type Annotation, annotationSchema } from "../schema/annotation";
import * as objects from "./project-objects";
import type { Transport } from "./transport";

export type AnnotationBody = objects.ObjectBody;

const kind: objects.ObjectKind<typeof annotationSchema> = { path: "annotations", noun: "annotation", schema: annotationSchema };

export interface AnnotationFilters {
  /** Case-insensitive substring of the content. */
  search?: string;
  scope?: "dashboard_item" | "insight" | "dashboard" | "project" | "organization";
  /** ISO 8601 bounds on `date_marker`. */
  date_from?: string;
  date_to?: string;
}

/**
 * Every annotation the project sees that is not deleted: its own and the organization-wide ones of its organization,
 * `date_marker` newest first. PostHog's annotation pages hold 1000 by default.
 */
export function iterateAnnotations(http: Transport, projectId: number, filters: AnnotationFilters = {}, pageSize = 1000) {
  const query = Object.fromEntries(Object.entries(filters).filter((e): e is [string, string] => typeof e[1] === "string"));
  return objects.iterate(http, kind, projectId, query, pageSize);
}

export function listAnnotations(
  http: Transport,
  projectId: number,
  filters: AnnotationFilters = {},
  pageSize = 1000,
): Promise<Annotation[]> {
  const query = Object.fromEntries(Object.entries(filters).filter((e): e is [string, string] => typeof e[1] === "string"));
  return objects.listAll(http, kind, projectId, query, pageSize);
}

/** A deleted annotation answers 404 (PostHog hides deleted annotations from everything but PATCH). */
export function getAnnotation(http: Transport, projectId: number, id: number): Promise<Annotation> {
  return objects.get(http, kind, projectId, id);
}

/** Never resent once it may have reached PostHog: nothing about an annotation is unique, a resend makes a twin. */
export function createAnnotation(http: Transport, projectId: number, body: AnnotationBody): Promise<Annotation> {
  return objects.create(http, kind, projectId, body);
}

export function updateAnnotation(http: Transport, projectId: number, id: number, body: AnnotationBody): Promise<Annotation> {
  return objects.update(http, kind, projectId, id, body);
}

export function deleteAnnotation(http: Transport, projectId: number, id: number): Promise<Annotation> {
  return objects.softDelete(http, kind, projectId, id);
}
