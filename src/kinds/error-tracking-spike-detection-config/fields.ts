/**
 * The error tracking spike detection configuration's field table: what today's
 * ErrorTrackingSpikeDetectionConfigSerializer takes (products/error_tracking/backend/presentation/views/
 * spike_detection_config.py; the model ErrorTrackingSpikeDetectionConfig, products/error_tracking/backend/models.py):
 * three whole numbers of at least 1, PostHog's own 10, 10 and 500 until set. PostHog 2025-08-04 has none.
 */
import { type ApiTypes, type FieldDef, integerAtLeast, type LeftOut } from "../../kit/field-table";

const SERIALIZER =
  "ErrorTrackingSpikeDetectionConfigSerializer, products/error_tracking/backend/presentation/views/spike_detection_config.py";

export const errorTrackingSpikeDetectionConfigFields = {
  snooze_duration_minutes: {
    input: integerAtLeast(1, SERIALIZER),
    doc: "How long PostHog waits, in minutes, before it alerts again on a spike of the same issue (at least 1; PostHog's default 10).",
  },
  multiplier: {
    input: integerAtLeast(1, SERIALIZER),
    doc: "How many times its baseline an issue's exception count must reach to be a spike (at least 1; PostHog's default 10).",
  },
  threshold: {
    input: integerAtLeast(1, SERIALIZER),
    doc: "How many exceptions a 5-minute window needs before a spike can be detected in it (at least 1; PostHog's default 500).",
  },
} as const satisfies Record<string, FieldDef>;

/** PostHog's writable fields the table has no row of, each with why (`LeftOut`, src/kit/field-table.ts): none. */
export const errorTrackingSpikeDetectionConfigLeftOut: LeftOut = {};

/** Where PostHog's generated API types state this kind (test/kinds/posthog-api-facts.test.ts holds the table to them). */
export const errorTrackingSpikeDetectionConfigApiTypes: ApiTypes = {
  file: "products/error_tracking/frontend/generated/api.schemas.ts",
  schemas: ["ErrorTrackingSpikeDetectionConfigApi", "PatchedErrorTrackingSpikeDetectionConfigApi"],
};
