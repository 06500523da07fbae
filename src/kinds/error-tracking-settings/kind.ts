/**
 * ErrorTrackingSettings, declared once for the kit (src/kit): a project's error tracking rate limits, one per project
 * (the ErrorTrackingSettings model's primary key is its team, products/error_tracking/backend/models.py; PostHog makes
 * it on its first read, `get_or_create`), so a singleton (src/kit/kind.ts `SINGLETON`): a create takes the project's
 * over and PATCHes the declared fields that differ, a delete leaves it as it is, the state keeps the declared fields
 * only, and its id is its project's. PostHog 2025-08-04 has none: its router answers 404.
 */
import { defineKind } from "../../kit/define-kind";
import { unservedRefusal } from "../../kit/unserved";
import * as settings from "./endpoints";
import { errorTrackingSettingsExample } from "./example";
import { errorTrackingSettingsFields } from "./fields";

export const {
  kind: errorTrackingSettingsKind,
  model: errorTrackingSettingsModel,
  Lifecycle: ErrorTrackingSettingsLifecycle,
} = defineKind({
  name: "ErrorTrackingSettings",
  plural: "ErrorTrackingSettings",
  noun: "error tracking settings",
  summary: "A project's error tracking rate limits: how many exceptions the project, and each issue, ingests per window.",
  description:
    "A PostHog project's error tracking settings: how many exception events the project, and each of its issues, ingests per window. PostHog keeps one per project: a create takes the project's over and sets only the declared fields; destroy leaves them as they are. Declare it once per project: two resources of it would each write their own fields over the other's (a second one of a project in one program is refused at preview; in two stacks, nothing tells). Today's PostHog only (the `error_tracking` scope); PostHog 2025-08-04 has no error tracking settings.",
  example: errorTrackingSettingsExample,
  scope: "project",
  singleton: { read: settings.getErrorTrackingSettings, write: settings.updateErrorTrackingSettings },
  importInputs: ["projectId"],
  fields: errorTrackingSettingsFields,
  exampleInput: "projectRateLimitValue",
  // Nothing but its project and the declared fields.
  fixedOutputs: () => ({}),
  outputTypes: {},
  importer: {
    // The model's: every limit null (products/error_tracking/backend/models.py).
    defaults: {
      project_rate_limit_value: null,
      project_rate_limit_bucket_size_minutes: null,
      per_issue_rate_limit_value: null,
      per_issue_rate_limit_bucket_size_minutes: null,
    },
    label: () => "error-tracking-settings",
  },
  createRefusal: unservedRefusal("error tracking settings", "error_tracking:write"),
});
