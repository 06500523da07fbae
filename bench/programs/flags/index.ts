/**
 * Benchmark program: `count` feature flags in one project (POSTHOG_PROJECT_ID). `variant` renames
 * every flag, for the update benchmark. bare/index.ts with `declare: "declaredFlag"` is the same stack without PostHog.
 */
import * as pulumi from "@pulumi/pulumi";
import * as posthog from "pulumi-posthog";

// bench/declared.js, copied beside this program by bench/cli.js.
const { declaredFlag } = require("./declared") as { declaredFlag: (i: number, variant: number) => posthog.FeatureFlagArgs };

const config = new pulumi.Config();
const count = config.requireNumber("count");
const variant = config.getNumber("variant") ?? 0;

const flags = Array.from({ length: count }, (_, i) => new posthog.FeatureFlag(`f${i}`, declaredFlag(i, variant)));

export const ids = flags.map((flag) => flag.flagId);
