/**
 * The settings every benchmarked project declares, defined once for all that must send the same: the real program
 * (programs/posthog), the floor (programs/bare), the plain script (raw.js, as PostHog names them), the YAML program
 * (yaml.js) and Terraform (terraform.js: those of them its provider can express).
 * `variant` changes two settings of every project, for the update benchmark: two that Terraform's provider can
 * express too (both on its posthog_project_settings), so that the update does the same work through either tool.
 */
exports.declaredProject = (name, i, variant) => ({
  name: `${name} ${i}`,
  timezone: "Europe/Amsterdam",
  weekStartDay: 1,
  anonymizeIps: true,
  appUrls: variant === 0 ? [`https://app${i}.example.com`] : [`https://app${i}.example.com`, `https://www${i}.example.com`],
  sessionRecordingOptIn: variant === 0,
  sessionRecordingSampleRate: 0.5,
  testAccountFilters: [{ key: "$host", operator: "not_regex", value: "localhost", type: "event" }],
});

/** The settings `variant` changes (raw.js sends only these for the update, as a PATCH does). */
exports.changedSettings = (name, i, variant) => {
  const before = exports.declaredProject(name, i, 0);
  const after = exports.declaredProject(name, i, variant);
  return Object.fromEntries(Object.entries(after).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key])));
};

/**
 * A benchmarked feature flag (the stack of many in one project): what Pulumi's program, its floor and Terraform's
 * `posthog_feature_flag` all declare. `variant` renames every flag (its `name`, PostHog's description), for the update.
 */
exports.declaredFlag = (i, variant) => ({
  key: `bench-flag-${i}`,
  name: variant === 0 ? `Bench flag ${i}` : `Bench flag ${i}, renamed`,
  active: true,
  filters: { groups: [{ properties: [], rollout_percentage: 20 }] },
});

/**
 * The organization's other kinds, declared alike by Pulumi's program
 * (programs/organization) and, where its provider has the kind, Terraform's: a cohort (Terraform's provider has none),
 * an action and a dashboard of each project. The update renames the flags only, as the flag stack's does.
 */
exports.declaredCohort = (i) => ({
  name: `Bench cohort ${i}`,
  filters: {
    properties: {
      type: "OR",
      values: [{ type: "AND", values: [{ type: "person", key: "plan", operator: "exact", value: [`plan-${i}`] }] }],
    },
  },
});
exports.declaredAction = (i) => ({ name: `Bench action ${i}`, steps: [{ event: `bench-event-${i}` }] });
exports.declaredDashboard = (i) => ({ name: `Bench dashboard ${i}`, description: `Dashboard ${i} of the benchmark` });
