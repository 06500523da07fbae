/**
 * ErrorTrackingSpikeDetectionConfig, declared once for the kit (src/kit): when PostHog calls a rise of an issue's
 * exceptions a spike, one per project (the ErrorTrackingSpikeDetectionConfig model's primary key is its team,
 * products/error_tracking/backend/models.py; PostHog makes it on its first read, `get_or_create`), so a singleton
 * (src/kit/kind.ts `SINGLETON`): a create takes the project's over and PATCHes the declared fields that differ, a
 * delete leaves it as it is, the state keeps the declared fields only, and its id is its project's. PostHog
 * 2025-08-04 has none: its router answers 404.
 */
import { defineKind } from "../../kit/define-kind";
import { unservedRefusal } from "../../kit/unserved";
import * as config from "./endpoints";
import { errorTrackingSpikeDetectionConfigExample } from "./example";
import { errorTrackingSpikeDetectionConfigFields } from "./fields";

export const {
  kind: errorTrackingSpikeDetectionConfigKind,
  model: errorTrackingSpikeDetectionConfigModel,
  Lifecycle: ErrorTrackingSpikeDetectionConfigLifecycle,
} = defineKind({
  name: "ErrorTrackingSpikeDetectionConfig",
  noun: "error tracking spike detection configuration",
  summary: "When a project's error tracking calls a rise of an issue's exceptions a spike, and how long it then waits to alert again.",
  description:
    "A PostHog project's error tracking spike detection configuration: how far above its baseline, and past how many exceptions, an issue's exceptions make a spike, and how long PostHog waits before alerting on the same issue again. PostHog keeps one per project: a create takes the project's over and sets only the declared fields; destroy leaves them as they are. Declare it once per project: two resources of it would each write their own fields over the other's (a second one of a project in one program is refused at preview; in two stacks, nothing tells). Today's PostHog only (the `error_tracking` scope); PostHog 2025-08-04 has no spike detection.",
  example: errorTrackingSpikeDetectionConfigExample,
  scope: "project",
  singleton: { read: config.getErrorTrackingSpikeDetectionConfig, write: config.updateErrorTrackingSpikeDetectionConfig },
  importInputs: ["projectId"],
  fields: errorTrackingSpikeDetectionConfigFields,
  exampleInput: "threshold",
  // Nothing but its project and the declared fields.
  fixedOutputs: () => ({}),
  outputTypes: {},
  importer: {
    // The model's defaults (products/error_tracking/backend/models.py).
    defaults: { snooze_duration_minutes: 10, multiplier: 10, threshold: 500 },
    label: () => "error-tracking-spike-detection",
  },
  createRefusal: unservedRefusal("error tracking spike detection", "error_tracking:write"),
});
