/**
 * The names Pulumi knows each resource by, in a module that loads nothing: the dynamic resources (src/resources) use
 * them without loading the kit, the plugin and the kinds with it.
 */
export const PACKAGE = "posthog";

/** The plugin's resource token and the dynamic resource's type, for a resource class name. */
export const pluginToken = (name: string) => `${PACKAGE}:index:${name}`;
export const dynamicType = (name: string) => `pulumi-nodejs:dynamic/${PACKAGE}:${name}`;

export const PROJECT_TOKEN = pluginToken("Project");
export const PROJECT_TYPE = dynamicType("Project");
export const FEATURE_FLAG_TOKEN = pluginToken("FeatureFlag");
export const FEATURE_FLAG_TYPE = dynamicType("FeatureFlag");
export const ANNOTATION_TOKEN = pluginToken("Annotation");
export const ANNOTATION_TYPE = dynamicType("Annotation");
export const ACTION_TOKEN = pluginToken("Action");
export const ACTION_TYPE = dynamicType("Action");
export const COHORT_TOKEN = pluginToken("Cohort");
export const COHORT_TYPE = dynamicType("Cohort");
export const DASHBOARD_TOKEN = pluginToken("Dashboard");
export const DASHBOARD_TYPE = dynamicType("Dashboard");
export const INSIGHT_TOKEN = pluginToken("Insight");
export const INSIGHT_TYPE = dynamicType("Insight");
export const ALERT_TOKEN = pluginToken("Alert");
export const ALERT_TYPE = dynamicType("Alert");
export const SURVEY_TOKEN = pluginToken("Survey");
export const SURVEY_TYPE = dynamicType("Survey");
export const EXPERIMENT_TOKEN = pluginToken("Experiment");
export const EXPERIMENT_TYPE = dynamicType("Experiment");
export const HOG_FUNCTION_TOKEN = pluginToken("HogFunction");
export const HOG_FUNCTION_TYPE = dynamicType("HogFunction");
