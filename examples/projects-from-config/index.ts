/**
 * The repository's root program (see ../../Pulumi.yaml): one PostHog project per entry of the stack's `projects`
 * configuration, so that every analytics setting is reviewed in a pull request to Pulumi.<stack>.yaml.
 */
import * as pulumi from "@pulumi/pulumi";
import * as posthog from "pulumi-posthog";

type DeclaredProject = posthog.ProjectArgs & { resourceName?: string };

const declared = new pulumi.Config().requireObject<DeclaredProject[]>("projects");

const projects = declared.map(({ resourceName, ...args }, index) => {
  const name = resourceName ?? (typeof args.name === "string" ? slug(args.name) : `project-${index + 1}`);
  return [name, new posthog.Project(name, args)] as const;
});

/** Numeric PostHog project ids, by resource name. */
export const projectIds = Object.fromEntries(projects.map(([name, project]) => [name, project.projectId]));
/** Project API keys for the SDKs, by resource name (secret: `pulumi stack output --show-secrets`). */
export const apiTokens = Object.fromEntries(projects.map(([name, project]) => [name, project.apiToken]));

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "project";
}
