/**
 * Production and staging from one program: `pulumi up --stack production` and `pulumi up --stack staging`. What
 * differs lives in Pulumi.<stack>.yaml; what must stay the same (privacy settings, filters) is written once here.
 */
import * as pulumi from "@pulumi/pulumi";
import * as posthog from "pulumi-posthog";

const config = new pulumi.Config();
const environment = config.require("environment");

const project = new posthog.Project("app", {
  name: `Web app (${environment})`,
  timezone: "UTC",
  anonymizeIps: true,
  sessionRecordingOptIn: true,
  sessionRecordingSampleRate: config.requireNumber("sampleRate"),
  recordingDomains: config.requireObject<string[]>("recordingDomains"),
  testAccountFilters: [{ key: "email", operator: "not_icontains", value: "@example.com", type: "person" }],
  testAccountFiltersDefaultChecked: environment === "production",
});

export const projectId = project.projectId;
export const apiToken = project.apiToken;
