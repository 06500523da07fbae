/** Annotation records as PostHog returns them (AnnotationSerializer, posthog/api/annotation.py). Loose. */
import { z } from "zod";

/** `Annotation.Scope` (products/annotations/backend/models/annotation.py; `tag` is new); "recording" is refused on write. */
export const ANNOTATION_SCOPES = ["dashboard_item", "dashboard", "project", "organization", "tag"] as const;

export const annotationSchema = z.looseObject({
  id: z.number().int(),
  content: z.string().nullable(),
  date_marker: z.string().nullable(),
  scope: z.string(),
  deleted: z.boolean(),
  creation_type: z.string().nullish(),
  dashboard_item: z.number().int().nullish(),
  dashboard_id: z.number().int().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  /** Today's PostHog only (absent from 2025-08-04). */
  emoji: z.string().nullish(),
  hidden_in_user_interface: z.boolean().nullish(),
  tags: z.array(z.string()).optional(),
});
export type Annotation = z.infer<typeof annotationSchema>;
