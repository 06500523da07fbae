/**
 * The log metric rule endpoints (LogsMetricRuleViewSet, `/api/projects/<id>/logs/metric_rules/`, registered in
 * products/logs/backend/routes.py; products/logs/backend/presentation/views/metric_rules_api.py), one function each.
 * Keyed by UUID, deleted by DELETE (a ModelViewSet: gone for good). Reads need `logs:read`; writes `logs:write` and
 * `metrics:write` (`dangerously_get_required_scopes`). PostHog 2025-08-04 has none (404).
 */
import { logsMetricRuleSchema } from "./record";
import * as objects from "../../client/project-objects";

const rules = objects.endpoints<typeof logsMetricRuleSchema, string>({
  path: "logs/metric_rules",
  noun: "log metric rule",
  schema: logsMetricRuleSchema,
});

/** Every rule of the project, the oldest first (`order_by("created_at")`). */
export const listLogsMetricRules = rules.listAll;

export const getLogsMetricRule = rules.get;

/** Never resent once it may have reached PostHog: a resend is refused (the metric name is taken in the project). */
export const createLogsMetricRule = rules.create;

/** Every PATCH adds one to `version`, changed or not (`perform_update`). */
export const updateLogsMetricRule = rules.update;

/** DELETE (204). */
export const deleteLogsMetricRule = rules.destroy;

/** Every page of the unfiltered list. */
export const logsMetricRulePages = rules.pages;
