/**
 * Error tracking settings' field table: what today's ErrorTrackingSettingsSerializer takes
 * (products/error_tracking/backend/presentation/views/settings.py; the model ErrorTrackingSettings,
 * products/error_tracking/backend/models.py): the project's and each issue's ingestion rate limits, each a whole
 * number of at least 1 or null (no limit), all null until set. The newest serializer also takes
 * `autocapture_exceptions_opt_in`, which is the project's own setting (the team's field): Project manages it
 * (`autocaptureExceptionsOptIn`), so it has no row here. PostHog 2025-08-04 has no error tracking settings.
 */
import { type ApiTypes, type FieldDef, integerAtLeast, type LeftOut } from "../../kit/field-table";

export const SETTINGS_SERIALIZER = "ErrorTrackingSettingsSerializer, products/error_tracking/backend/presentation/views/settings.py";

/** A limit or a bucket size: a whole number of at least 1, or null. */
const limit = (doc: string): FieldDef => ({ input: integerAtLeast(1, SETTINGS_SERIALIZER).nullable(), doc });

export const errorTrackingSettingsFields = {
  project_rate_limit_value: limit(
    "How many exception events the project ingests per bucket (`projectRateLimitBucketSizeMinutes`), at least 1; null removes the limit.",
  ),
  project_rate_limit_bucket_size_minutes: limit("The window the project's rate limit counts over, in minutes (at least 1), or null."),
  per_issue_rate_limit_value: limit(
    "How many exception events each issue ingests per bucket (`perIssueRateLimitBucketSizeMinutes`), at least 1; null removes the limit.",
  ),
  per_issue_rate_limit_bucket_size_minutes: limit("The window each issue's rate limit counts over, in minutes (at least 1), or null."),
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts): none. */
export const errorTrackingSettingsLeftOut: LeftOut = {};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const errorTrackingSettingsApiTypes: ApiTypes = {
  file: "products/error_tracking/frontend/generated/api.schemas.ts",
  schemas: ["ErrorTrackingSettingsApi", "PatchedErrorTrackingSettingsApi"],
};
