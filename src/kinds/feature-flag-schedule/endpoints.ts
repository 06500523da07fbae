/**
 * The scheduled change endpoints (ScheduledChangeViewSet, `/api/projects/<id>/scheduled_changes/`,
 * products/feature_flags/backend/api/scheduled_change.py; posthog/api/scheduled_change.py in 2025-08-04), one
 * function each. A ModelViewSet: PATCH and DELETE (gone for good). Today's scope is `feature_flag`; PostHog
 * 2025-08-04's viewset is `INTERNAL` and refuses every personal API key with scopes. The list pages by limit and
 * offset (100 by default) and takes `model_name` and `record_id`.
 */
import { scheduledChangeSchema } from "./record";
import * as objects from "../../client/project-objects";

export interface ScheduledChangeFilters {
  /** "FeatureFlag" for flags' schedules. */
  model_name?: string;
  /** One flag's schedules: its id. */
  record_id?: string;
}

const scheduledChanges = objects.endpoints<typeof scheduledChangeSchema, number, ScheduledChangeFilters>({
  path: "scheduled_changes",
  noun: "scheduled change",
  schema: scheduledChangeSchema,
});

export const listScheduledChanges = scheduledChanges.listAll;

export const getScheduledChange = scheduledChanges.get;

/** Never resent once it may have reached PostHog: a resend makes a second schedule, which would run twice. */
export const createScheduledChange = scheduledChanges.create;

export const updateScheduledChange = scheduledChanges.update;

export const deleteScheduledChange = scheduledChanges.destroy;

/** Every page of the unfiltered list. */
export const scheduledChangePages = scheduledChanges.pages;
