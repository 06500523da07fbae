/**
 * `posthog.Project`: the Pulumi face of a PostHog project. It declares inputs and outputs and hands them to the
 * engine; everything else happens in `pulumi-posthog/provider`, loaded by name inside Pulumi's provider host.
 */
import * as pulumi from "@pulumi/pulumi";
import { outputNames, secretOutputNames, type ProjectInputs, type ProjectOutputs } from "../provider";

/**
 * Settings of a PostHog project. Declared settings are managed: `pulumi up` sets them and `pulumi refresh` shows when
 * someone changed them in PostHog. Settings left out are not managed: PostHog keeps whatever it has, and removing a
 * setting from the program stops managing it without changing it in PostHog.
 */
export type ProjectArgs = { [K in keyof ProjectInputs]?: pulumi.Input<NonNullable<ProjectInputs[K]> | null> };

/** Properties for looking up an existing project with `Project.get`. */
export interface ProjectState {
  /** The organization the project is in; defaults to `posthog:organizationId`. */
  organizationId?: pulumi.Input<string>;
}

/** The declared inputs kept for refresh are state, not a property of the resource. */
type OutputProperties = { readonly [K in Exclude<keyof ProjectOutputs, "declaredInputs">]: pulumi.Output<ProjectOutputs[K]> };

/**
 * Loads the implementation as the program itself would, from the program's directory (the provider host's working
 * directory): from node_modules where the package is installed, or by its own name inside this repository.
 */
const implementation = () =>
  (require("node:module").createRequire(`${process.cwd()}/`)("pulumi-posthog/provider") as typeof import("../provider")).projectProvider;

// The serialized provider: each method loads the implementation when it runs, so `__provider` in the state is small,
// identical on every machine, and holds no credential, host or local module.
export const dynamicProvider: pulumi.dynamic.ResourceProvider = {
  configure: (req) => implementation().configure(req),
  check: (olds, news) => implementation().check(olds, news),
  diff: (id, olds, news) => implementation().diff(id, olds, news),
  create: (inputs) => implementation().create(inputs),
  read: (id, props) => implementation().read(id, props),
  update: (id, olds, news) => implementation().update(id, olds, news),
  delete: (id, props) => implementation().delete(id, props),
};

export const PROJECT_TYPE = "pulumi-nodejs:dynamic/posthog:Project";

export interface Project extends OutputProperties {}

/**
 * A PostHog project.
 *
 * ```ts
 * const web = new posthog.Project("web", { timezone: "Europe/Amsterdam", anonymizeIps: true });
 * export const apiToken = web.apiToken; // secret
 * ```
 */
export class Project extends pulumi.dynamic.Resource {
  /** Reads an existing project into the program without managing it. `id` is `<projectId>` or `<organizationId>/<projectId>`. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: ProjectState, opts?: pulumi.CustomResourceOptions): Project {
    return new Project(name, { organizationId: state?.organizationId }, { ...opts, id });
  }

  static override isInstance(obj: unknown): obj is Project {
    return obj instanceof Project || (pulumi.CustomResource.isInstance(obj) && (obj as { __pulumiType?: string }).__pulumiType === PROJECT_TYPE);
  }

  constructor(name: string, args: ProjectArgs = {}, opts: pulumi.CustomResourceOptions = {}) {
    const props: Record<string, unknown> = Object.fromEntries(outputNames.map((output) => [output, undefined]));
    Object.assign(props, args);
    if (!opts.id) props["name"] = args.name ?? name;
    super(
      dynamicProvider,
      name,
      props,
      pulumi.mergeOptions(opts, { additionalSecretOutputs: secretOutputNames as string[] }),
      "posthog",
      "Project",
    );
  }
}
