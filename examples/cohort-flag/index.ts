/**
 * A dynamic cohort of the persons from the listed companies (their `company` person property, set by your app with
 * `posthog.identify`), and a feature flag released to exactly that cohort: the flag's condition names the cohort by
 * its `cohortId` output (`{key: "id", type: "cohort", value}`), so Pulumi creates the cohort first, and deletes it
 * last (today's PostHog refuses to delete a cohort an active flag uses).
 *
 * The project is the provider's: `pulumi config set posthog:projectId <id>`; the companies are this program's:
 * `pulumi config set --path 'companies[0]' Acme`.
 */
import * as pulumi from "@pulumi/pulumi";
import * as posthog from "pulumi-posthog";

const config = new pulumi.Config();
const companies = config.requireObject<string[]>("companies");

const customers = new posthog.Cohort("beta-customers", {
  name: "Beta customers",
  description: `Persons of ${companies.join(", ")}`,
  filters: {
    properties: {
      type: "OR",
      values: [{ type: "AND", values: [{ type: "person", key: "company", operator: "exact", value: companies }] }],
    },
  },
});

const beta = new posthog.FeatureFlag("customer-beta", {
  key: config.get("flagKey") ?? "customer-beta",
  name: "Beta for the listed companies",
  active: true,
  filters: { groups: [{ properties: [{ key: "id", type: "cohort", value: customers.cohortId }], rollout_percentage: 100 }] },
});

export const cohortId = customers.cohortId;
export const flagId = beta.flagId;
