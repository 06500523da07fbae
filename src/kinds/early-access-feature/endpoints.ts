/**
 * The early access feature endpoints (EarlyAccessFeatureViewSet, products/early_access_features/backend/api.py), one
 * function each, under `/api/projects/<projectId>/early_access_feature/` (singular, as posthog/api/__init__.py
 * registers it). Keyed by UUID; deleted with DELETE, which leaves its feature flag (PostHog only takes the enrolment
 * off the flag: `feature_enrollment`, `super_groups` in 2025-08-04).
 */
import { earlyAccessFeatureSchema } from "./record";
import * as objects from "../../client/project-objects";

const features = objects.endpoints<typeof earlyAccessFeatureSchema, string>({
  path: "early_access_feature",
  noun: "early access feature",
  schema: earlyAccessFeatureSchema,
});

export const iterateEarlyAccessFeatures = features.iterate;

export const listEarlyAccessFeatures = features.listAll;

export const getEarlyAccessFeature = features.get;

/**
 * Without `feature_flag_id`, PostHog creates the flag (key: the name slugified, 0% rollout); with it, it releases that
 * flag, which must be the project's, boolean, not on groups and no other feature's. Never resent once it may have
 * reached PostHog.
 */
export const createEarlyAccessFeature = features.create;

/**
 * `feature_flag_id` is create-only (EarlyAccessFeatureSerializer has no such field). PostHog 2025-08-04 answers 500
 * after storing the change when it cannot produce its internal event (no Kafka).
 */
export const updateEarlyAccessFeature = features.update;

/** DELETE (204): gone for good; its flag stays. */
export const deleteEarlyAccessFeature = features.destroy;

/** Every page of the unfiltered list. */
export const earlyAccessFeaturePages = features.pages;
