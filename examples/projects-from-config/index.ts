/**
 * The repository's root program (see ../../Pulumi.yaml): one PostHog project per entry of the stack's `projects`
 * configuration, so that every analytics setting is reviewed in a pull request to Pulumi.<stack>.yaml.
 *
 * `projects` is a map from a resource name to the project's settings, or a list whose entries each carry
 * `resourceName`. The resource name is what Pulumi knows the project by: it must not change when the PostHog name does
 * or when entries are added or removed around it, or Pulumi would delete the project (and its events) and create
 * another. Renaming the PostHog project (`name`) is an update.
 *
 * For hundreds of projects, name a JSON file instead (`pulumi config set projectsFile projects.json`, the path
 * relative to Pulumi.yaml's directory) holding the same map or list: Pulumi hands a program its whole stack
 * configuration in one environment variable, which Linux caps at 128 KiB, so a `projects` list of more than about
 * 500 entries fails with "argument list too long". A file has no such limit.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as posthog from "pulumi-posthog";

type DeclaredProject = posthog.ProjectArgs & { resourceName?: string };
interface Entry {
  readonly resourceName: string;
  readonly args: posthog.ProjectArgs;
  /** The entry's position, if `projects` is a list. */
  readonly index?: number;
  /** Names earlier versions of this program derived for the entry, to migrate existing stacks without replacement. */
  readonly formerNames: readonly string[];
}

const entries = withFormerNames(declaredProjects(new pulumi.Config()));

const projects = entries.map(
  ({ resourceName, args, formerNames }) =>
    [resourceName, new posthog.Project(resourceName, args, { aliases: formerNames.map((name) => ({ name })) })] as const,
);

/** Numeric PostHog project ids, by resource name. */
export const projectIds = Object.fromEntries(projects.map(([name, project]) => [name, project.projectId]));
/** Project API keys for the SDKs, by resource name (secret: `pulumi stack output --show-secrets`). */
export const apiTokens = Object.fromEntries(projects.map(([name, project]) => [name, project.apiToken]));

/** The `projects` map or list of the stack configuration, or of the JSON file `projectsFile` names. */
function declaredProjects(config: pulumi.Config): Omit<Entry, "formerNames">[] {
  const file = config.get("projectsFile");
  if (file === undefined) return toEntries(config.requireObject<unknown>("projects"), "projects");
  if (config.getObject("projects") !== undefined)
    throw new Error("Set either `projects` or `projectsFile` in the stack configuration, not both.");
  return toEntries(JSON.parse(fs.readFileSync(path.resolve(file), "utf8")), file);
}

function toEntries(declared: unknown, where: string): Omit<Entry, "formerNames">[] {
  if (Array.isArray(declared)) {
    const missing = declared
      .map((entry: DeclaredProject, index) => ({ entry, index }))
      .filter(({ entry }) => typeof entry?.resourceName !== "string" || entry.resourceName.trim() === "");
    if (missing.length > 0) {
      const advice = missing.map(({ entry, index }) => `${where}[${index}] needs \`resourceName: ${formerName(entry, index)}\``);
      throw new Error(
        `Every entry of ${where} needs a resourceName, the name Pulumi knows the project by: without one, renaming ` +
          `the project or removing an entry before it would delete and recreate it. ${advice.join("; ")} ` +
          "(the name it had so far, so that nothing is replaced). Or write the projects as a map keyed by resource name.",
      );
    }
    return declared.map(({ resourceName, ...args }: DeclaredProject, index) => ({ resourceName: resourceName!, args, index }));
  }
  if (declared !== null && typeof declared === "object") {
    return Object.entries(declared as Record<string, DeclaredProject>).map(([resourceName, { resourceName: _ignored, ...args }]) => ({
      resourceName,
      args,
    }));
  }
  throw new Error(
    `${where} must be a map from resource name to project settings (posthog.ProjectArgs), or a list of them each with a resourceName.`,
  );
}

/**
 * Before resource names were required, an entry without one was named from its PostHog name (`Web app` → `web-app`)
 * or, without a name, from its list position (`project-2`). Each entry takes the name it would have had then as an
 * alias, so that a stack made that way keeps its projects: Pulumi moves them to the new names. A former name that
 * another entry now uses, or that two entries would share, is left out.
 */
function withFormerNames(list: Omit<Entry, "formerNames">[]): Entry[] {
  const former = list.map(({ args, index }) => formerName(args, index));
  const taken = new Set(list.map((entry) => entry.resourceName));
  const shared = new Set(former.filter((name, index) => name !== undefined && former.indexOf(name) !== index));
  return list.map((entry, index) => {
    const name = former[index];
    return { ...entry, formerNames: name === undefined || taken.has(name) || shared.has(name) ? [] : [name] };
  });
}

/** A map's entries had no position in earlier versions (they read lists only), so only their PostHog name counts. */
function formerName(args: posthog.ProjectArgs | undefined, index: number | undefined): string | undefined {
  if (typeof args?.name === "string") return slug(args.name);
  return index === undefined ? undefined : `project-${index + 1}`;
}

function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "project"
  );
}
