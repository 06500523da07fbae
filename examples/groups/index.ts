/**
 * Group lookups: one group's properties, and every group of a type (PostHog pages through them 100 at a time).
 * Groups are created by your product's events (`$groupidentify`), never by Pulumi: these lookups only read.
 */
import * as pulumi from "@pulumi/pulumi";
import * as posthog from "pulumi-posthog";

const config = new pulumi.Config();
const projectId = config.requireNumber("projectId");
const groupType = config.require("groupType");

const group = posthog.getGroupOutput({ projectId, groupType, groupKey: config.require("groupKey") });
const all = posthog.listGroupsOutput({ projectId, groupType });
const types = posthog.listGroupTypesOutput({ projectId });

/** The chosen group's properties, as captured. */
export const groupProperties = group.groupProperties;
export const groupCount = all.apply((groups) => groups.length);
export const groupTypes = types.apply((list) => list.map((t) => t.groupType));
/** The most common values of the `industry` property (PostHog returns up to 20). */
export const industries = posthog.getGroupPropertyValuesOutput({ projectId, groupType, key: "industry" });
