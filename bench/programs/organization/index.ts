/**
 * Benchmark program: an organization of `count` projects, each with `perProject` (flags, cohorts, actions and
 * dashboards: "100,20,20,10") of bench/declared.js's objects. `variant` renames every flag, for the
 * update benchmark. Terraform's counterpart is bench/terraform.js's organizationMainTf.
 */
import * as pulumi from "@pulumi/pulumi";
import * as posthog from "pulumi-posthog";

// bench/declared.js, copied beside this program by bench/cli.js.
const declared = require("./declared") as {
  declaredFlag: (i: number, variant: number) => posthog.FeatureFlagArgs;
  declaredCohort: (i: number) => posthog.CohortArgs;
  declaredAction: (i: number) => posthog.ActionArgs;
  declaredDashboard: (i: number) => posthog.DashboardArgs;
};

const config = new pulumi.Config();
const count = config.requireNumber("count");
const [flags = 0, cohorts = 0, actions = 0, dashboards = 0] = config.require("perProject").split(",").map(Number);
const variant = config.getNumber("variant") ?? 0;

const times = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));

export const ids = times(count, (p) => {
  const { projectId } = new posthog.Project(`p${p}`, { name: `Bench organization ${p}` });
  times(flags, (i) => new posthog.FeatureFlag(`p${p}-f${i}`, { ...declared.declaredFlag(i, variant), projectId }));
  times(cohorts, (i) => new posthog.Cohort(`p${p}-c${i}`, { ...declared.declaredCohort(i), projectId }));
  times(actions, (i) => new posthog.Action(`p${p}-a${i}`, { ...declared.declaredAction(i), projectId }));
  times(dashboards, (i) => new posthog.Dashboard(`p${p}-d${i}`, { ...declared.declaredDashboard(i), projectId }));
  return projectId;
});
