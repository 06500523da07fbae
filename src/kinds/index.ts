/**
 * The registry: every kind, in schema order. Everything above the kinds follows from this one list: the plugin's
 * schema and handlers, the importer, and what `npm run docs` writes (src/generate/: each kind's class and types,
 * its typed lookups, the entries' exports, its reference). Adding a kind is three places by hand (docs/architecture.md
 * "Adding a kind"): its folder, src/kinds/<kind>/, as src/kinds/annotation/; its line below; its local-server folder,
 * src/server/<kinds>/, with its `area.ts`. Then `npm run docs`, `npm run sdks` and `npm run build`; the tests over
 * this list cover it (test/generate/surfaces.test.ts fails while the kind lacks any derived surface).
 */
import { projectKind } from "./project/kind";
import { actionKind } from "./action/kind";
import { annotationKind } from "./annotation/kind";
import { featureFlagKind } from "./feature-flag/kind";
import { cohortKind } from "./cohort/kind";
import { dashboardKind } from "./dashboard/kind";
import { insightKind } from "./insight/kind";
import { alertKind } from "./alert/kind";
import { surveyKind } from "./survey/kind";
import { experimentKind } from "./experiment/kind";
import { hogFunctionKind } from "./hog-function/kind";
import { batchExportKind } from "./batch-export/kind";
import { hogFlowKind } from "./hog-flow/kind";
import { organizationMemberKind } from "./organization-member/kind";
import { proxyRecordKind } from "./proxy-record/kind";
import { organizationInviteKind } from "./organization-invite/kind";
import { roleKind } from "./role/kind";
import { roleMembershipKind } from "./role-membership/kind";
import { warehouseSavedQueryKind } from "./warehouse-saved-query/kind";
import { warehouseViewLinkKind } from "./warehouse-view-link/kind";
import { externalDataSourceKind } from "./external-data-source/kind";
import { sessionRecordingPlaylistKind } from "./session-recording-playlist/kind";
import { earlyAccessFeatureKind } from "./early-access-feature/kind";
import { experimentHoldoutKind } from "./experiment-holdout/kind";
import { experimentSavedMetricKind } from "./experiment-saved-metric/kind";
import { eventDefinitionKind } from "./event-definition/kind";
import { propertyDefinitionKind } from "./property-definition/kind";
import { accessControlKind } from "./access-control/kind";
import { notebookKind } from "./notebook/kind";
import { subscriptionKind } from "./subscription/kind";
import { insightVariableKind } from "./insight-variable/kind";
import { featureFlagScheduleKind } from "./feature-flag-schedule/kind";
import { errorTrackingAssignmentRuleKind } from "./error-tracking-assignment-rule/kind";
import { errorTrackingGroupingRuleKind } from "./error-tracking-grouping-rule/kind";
import { errorTrackingSuppressionRuleKind } from "./error-tracking-suppression-rule/kind";
import { errorTrackingSeverityRuleKind } from "./error-tracking-severity-rule/kind";
import { errorTrackingBypassRuleKind } from "./error-tracking-bypass-rule/kind";
import { errorTrackingSettingsKind } from "./error-tracking-settings/kind";
import { errorTrackingSpikeDetectionConfigKind } from "./error-tracking-spike-detection-config/kind";
import { schemaPropertyGroupKind } from "./schema-property-group/kind";
import { eventSchemaKind } from "./event-schema/kind";
import { logsAlertKind } from "./logs-alert/kind";
import { logsAlertDestinationKind } from "./logs-alert-destination/kind";
import { linkKind } from "./link/kind";
import { dashboardTemplateKind } from "./dashboard-template/kind";
import { messagingTemplateKind } from "./messaging-template/kind";
import { logsMetricRuleKind } from "./logs-metric-rule/kind";
import { endpointKind } from "./endpoint/kind";
import { llmEvaluationKind } from "./llm-evaluation/kind";
import { llmScoreDefinitionKind } from "./llm-score-definition/kind";
import { productTourKind } from "./product-tour/kind";
import { logsViewKind } from "./logs-view/kind";
import { logsSamplingRuleKind } from "./logs-sampling-rule/kind";
import { warehouseTableKind } from "./warehouse-table/kind";
import type { Kind } from "../kit/kind";
import { pluralNoun } from "../kit/names";

export const kinds: readonly Kind[] = [
  projectKind as Kind,
  featureFlagKind as Kind,
  annotationKind as Kind,
  actionKind as Kind,
  cohortKind as Kind,
  dashboardKind as Kind,
  insightKind as Kind,
  alertKind as Kind,
  surveyKind as Kind,
  experimentKind as Kind,
  hogFunctionKind as Kind,
  batchExportKind as Kind,
  hogFlowKind as Kind,
  organizationMemberKind as Kind,
  organizationInviteKind as Kind,
  proxyRecordKind as Kind,
  roleKind as Kind,
  roleMembershipKind as unknown as Kind,
  warehouseSavedQueryKind as Kind,
  warehouseViewLinkKind as Kind,
  externalDataSourceKind as Kind,
  sessionRecordingPlaylistKind as Kind,
  earlyAccessFeatureKind as Kind,
  experimentHoldoutKind as Kind,
  experimentSavedMetricKind as Kind,
  eventDefinitionKind as Kind,
  propertyDefinitionKind as Kind,
  accessControlKind as Kind,
  notebookKind as Kind,
  subscriptionKind as Kind,
  insightVariableKind as Kind,
  errorTrackingAssignmentRuleKind as Kind,
  errorTrackingGroupingRuleKind as Kind,
  errorTrackingSuppressionRuleKind as Kind,
  errorTrackingSeverityRuleKind as Kind,
  errorTrackingBypassRuleKind as Kind,
  errorTrackingSettingsKind as Kind,
  errorTrackingSpikeDetectionConfigKind as Kind,
  featureFlagScheduleKind as Kind,
  schemaPropertyGroupKind as Kind,
  eventSchemaKind as Kind,
  logsAlertKind as Kind,
  logsAlertDestinationKind as unknown as Kind,
  linkKind as Kind,
  dashboardTemplateKind as Kind,
  messagingTemplateKind as Kind,
  logsMetricRuleKind as Kind,
  endpointKind as Kind,
  llmEvaluationKind as Kind,
  llmScoreDefinitionKind as Kind,
  productTourKind as Kind,
  logsViewKind as Kind,
  logsSamplingRuleKind as Kind,
  warehouseTableKind as Kind,
];

/** The kind of a plugin token (own entries only: a token named like a JavaScript built-in finds nothing). */
export function kindOf(token: string): Kind | undefined {
  return kinds.find((kind) => kind.token === token);
}

/**
 * What the package manages, in one sentence written from this list: package.json's `description` (what npm shows),
 * the plugin schema's (what `pulumi package get-schema` and the registry show) and the entry's header say it, so a
 * new kind is named there by its registry line alone (test/generate/derived.test.ts checks package.json).
 */
export function packageDescription(): string {
  const nouns = kinds.map((kind) => pluralNoun(kind.noun));
  return (
    `Manage PostHog as code with Pulumi: ${nouns.slice(0, -1).join(", ")} and ${nouns.at(-1)}; ` +
    "lookups of PostHog's data, an importer for an organization set up by hand, and a local PostHog server for offline tests"
  );
}
