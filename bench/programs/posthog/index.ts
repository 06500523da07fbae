/**
 * Benchmark program: `count` PostHog projects with the settings most teams declare. `variant` changes two settings
 * of every project, for the update benchmark. bare/index.ts is the same stack without PostHog (the floor).
 */
import * as pulumi from "@pulumi/pulumi";
import * as posthog from "pulumi-posthog";

// bench/declared.js, copied beside this program by bench/cli.js.
const { declaredProject } = require("./declared") as { declaredProject: (name: string, i: number, variant: number) => object };

const config = new pulumi.Config();
const count = config.requireNumber("count");
const variant = config.getNumber("variant") ?? 0;

const projects = Array.from(
  { length: count },
  (_, i) => new posthog.Project(`p${i}`, declaredProject("Bench", i, variant) as posthog.ProjectArgs),
);

export const projectIds = projects.map((project) => project.projectId);
