/**
 * The logs sampling rule endpoints (LogsSamplingRuleViewSet, products/logs/backend/presentation/views/sampling_api.py:
 * `/api/projects/<id>/logs/sampling_rules/`, scope `logs`), one function each. A plain ModelViewSet keyed by UUID:
 * deleted by DELETE, listed in evaluation order with the serializer its retrieve uses. PostHog 2025-08-04 has none
 * (404).
 */
import { logsSamplingRuleSchema } from "./record";
import * as objects from "../../client/project-objects";

const rules = objects.endpoints<typeof logsSamplingRuleSchema, string>({
  path: "logs/sampling_rules",
  noun: "logs sampling rule",
  schema: logsSamplingRuleSchema,
});

export const listLogsSamplingRules = rules.listAll;

export const getLogsSamplingRule = rules.get;

/** Never resent once it may have reached PostHog: nothing about a rule is unique, a resend makes a twin. */
export const createLogsSamplingRule = rules.create;

/** PATCH: PostHog counts the rule's `version` up on each. */
export const updateLogsSamplingRule = rules.update;

/** DELETE (204): gone for good. */
export const deleteLogsSamplingRule = rules.destroy;

/** Every page of the list, for reads that arrive together. */
export const logsSamplingRulePages = rules.pages;
