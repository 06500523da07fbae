/**
 * Benchmark program: `count` PostHog projects with the settings most teams declare. `variant` changes two settings
 * of every project, for the update benchmark. bare/index.ts is the same stack without PostHog (the floor).
 */
import * as pulumi from "@pulumi/pulumi";
import * as posthog from "pulumi-posthog";

const config = new pulumi.Config();
const count = config.requireNumber("count");
const variant = config.getNumber("variant") ?? 0;

const projects = Array.from(
  { length: count },
  (_, i) =>
    new posthog.Project(`p${i}`, {
      name: `Bench ${i}`,
      timezone: "Europe/Amsterdam",
      weekStartDay: 1,
      anonymizeIps: variant === 0,
      appUrls: [`https://app${i}.example.com`],
      sessionRecordingOptIn: true,
      sessionRecordingSampleRate: variant === 0 ? 0.5 : 0.25,
      testAccountFilters: [{ key: "$host", operator: "not_regex", value: "localhost", type: "event" }],
    }),
);

export const projectIds = projects.map((project) => project.projectId);
