/**
 * The repository's root program (see ../../Pulumi.yaml): one PostHog project per entry of the stack's `projects`
 * configuration, so that every analytics setting is reviewed in a pull request to Pulumi.<stack>.yaml.
 *
 * For hundreds of projects, name a JSON file instead (`pulumi config set projectsFile projects.json`, the path
 * relative to Pulumi.yaml's directory) holding the same list: Pulumi hands a program its whole stack configuration in
 * one environment variable, which Linux caps at 128 KiB, so a `projects` list of more than about 500 entries fails
 * with "argument list too long". A file has no such limit.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as posthog from "pulumi-posthog";

type DeclaredProject = posthog.ProjectArgs & { resourceName?: string };

const declared = declaredProjects(new pulumi.Config());

const projects = declared.map(({ resourceName, ...args }, index) => {
  const name = resourceName ?? (typeof args.name === "string" ? slug(args.name) : `project-${index + 1}`);
  return [name, new posthog.Project(name, args)] as const;
});

/** Numeric PostHog project ids, by resource name. */
export const projectIds = Object.fromEntries(projects.map(([name, project]) => [name, project.projectId]));
/** Project API keys for the SDKs, by resource name (secret: `pulumi stack output --show-secrets`). */
export const apiTokens = Object.fromEntries(projects.map(([name, project]) => [name, project.apiToken]));

/** The `projects` list of the stack configuration, or of the JSON file `projectsFile` names. */
function declaredProjects(config: pulumi.Config): DeclaredProject[] {
  const file = config.get("projectsFile");
  if (file === undefined) return config.requireObject<DeclaredProject[]>("projects");
  if (config.getObject("projects") !== undefined)
    throw new Error("Set either `projects` or `projectsFile` in the stack configuration, not both.");
  const list: unknown = JSON.parse(fs.readFileSync(path.resolve(file), "utf8"));
  if (!Array.isArray(list))
    throw new Error(`${file} must hold a JSON list of projects (posthog.ProjectArgs, each with an optional resourceName).`);
  return list as DeclaredProject[];
}

function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "project"
  );
}
