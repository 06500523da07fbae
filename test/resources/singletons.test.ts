/**
 * Layer 2: a singleton kind (a project's error tracking settings, its spike detection config: PostHog keeps one object
 * per project) on the program side under pulumi.runtime.setMocks. A program declaring two resources of one for the same
 * project is refused before anything is sent: each would write its fields over the other's at every `up`. Another
 * project's is another object, and a `get` manages nothing, so claims nothing. (A project id still to come is checked
 * once known, as a role's name is: src/resources/declared.ts.)
 */
import { mockResources, resolved } from "../helpers/resource-mocks";

const registered = mockResources((inputs) => ({ projectId: inputs["projectId"] ?? 7 }));

// Imported after setMocks, as Pulumi's docs require.
import { ErrorTrackingSettings, ErrorTrackingSpikeDetectionConfig } from "../../src";

test("a second ErrorTrackingSettings of one project is refused, naming both; another project's is not", async () => {
  const web = new ErrorTrackingSettings("web", { projectId: 12, projectRateLimitValue: 1000 });
  expect(await resolved(web.projectId)).toBe(12);
  expect(() => new ErrorTrackingSettings("web-again", { projectId: 12, perIssueRateLimitValue: 10 })).toThrow(
    'posthog.ErrorTrackingSettings "web-again": the ErrorTrackingSettings of projectId 12 is also declared by "web": PostHog keeps one error tracking settings object per project, which a second resource would write over. Declare it once per project.',
  );
  expect(registered.map((r) => r.name)).not.toContain("web-again");
  expect(() => new ErrorTrackingSettings("docs", { projectId: 13, projectRateLimitValue: 1000 })).not.toThrow();
  // Each kind is its own object: the project's spike detection config beside its settings.
  expect(() => new ErrorTrackingSpikeDetectionConfig("web-spikes", { projectId: 12 })).not.toThrow();
});

test("the configured project's, twice, is refused; a get claims nothing", () => {
  new ErrorTrackingSpikeDetectionConfig("configured", {});
  expect(() => new ErrorTrackingSpikeDetectionConfig("configured-again", {})).toThrow(
    /"configured-again": the ErrorTrackingSpikeDetectionConfig of the configured project is also declared by "configured"/,
  );
  expect(() => ErrorTrackingSettings.get("read", "14")).not.toThrow();
  // A get gives no project id here: claimed, it would hold the configured project.
  expect(() => new ErrorTrackingSettings("declared", {})).not.toThrow();
});
