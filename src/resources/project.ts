/**
 * `posthog.Project`: the Pulumi face of a PostHog project. It declares inputs and outputs and hands them to the
 * engine; everything else happens in `pulumi-posthog/provider`, loaded by name inside Pulumi's provider host. This
 * module loads nothing else of the package (its types are plain, generated into ./project-types), so that a program
 * that declares projects loads and type-checks little more than Pulumi itself.
 */
import * as pulumi from "@pulumi/pulumi";
import { PROJECT_TYPE } from "../kit/tokens";
import { beginRegistration, isDeclaredInstance, serializedProvider } from "./declared";
import { outputNames, secretOutputNames, type ProjectArgs, type ProjectOutputProperties } from "./project-types";

export type { ProjectArgs } from "./project-types";

/** Properties for looking up an existing project with `Project.get`. */
export interface ProjectState {
  /** The organization the project is in; defaults to `posthog:organizationId`. */
  organizationId?: pulumi.Input<string>;
}

/**
 * The serialized provider, `__provider` in every project's inputs and outputs: the module Pulumi's dynamic-provider
 * host evaluates, whose `handler` loads the implementation as the program itself would, from the program's
 * directory (the host's working directory): from node_modules where the package is installed, or by its own name
 * inside this repository. Written out rather than made by Pulumi's closure serializer (2.5 KB for the same thing,
 * stored twice per project), it is the same 119 bytes on every machine and holds no credential, host or local module.
 */
export const SERIALIZED_PROVIDER = serializedProvider("projectProvider");

export { PROJECT_TYPE } from "../kit/tokens";

export interface Project extends ProjectOutputProperties {}

/**
 * A PostHog project.
 *
 * ```ts
 * const web = new posthog.Project("web", { timezone: "Europe/Amsterdam", anonymizeIps: true });
 * export const apiToken = web.apiToken; // secret
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above declares the output properties the engine fills in
export class Project extends pulumi.CustomResource {
  /** Reads an existing project into the program without managing it. `id` is `<projectId>` or `<organizationId>/<projectId>`. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: ProjectState, opts?: pulumi.CustomResourceOptions): Project {
    return new Project(name, { organizationId: state?.organizationId }, { ...opts, id });
  }

  static override isInstance(obj: unknown): obj is Project {
    return isDeclaredInstance(obj, Project, PROJECT_TYPE);
  }

  constructor(name: string, args: ProjectArgs = {}, opts: pulumi.CustomResourceOptions = {}) {
    // A project's name defaults to the resource's; a read (`Project.get`) declares none.
    const declared: Record<string, unknown> = opts.id ? { ...args } : { ...args, name: args.name ?? name };
    const facts = { className: "Project", type: PROJECT_TYPE, provider: SERIALIZED_PROVIDER, outputNames, secretOutputNames };
    const registration = beginRegistration(facts, name, declared, opts);
    // `super` here, in the class a program names, not in a shared base class: Pulumi records the frame that called
    // this constructor as the resource's source position.
    try {
      super(PROJECT_TYPE, name, registration.props, registration.options);
    } finally {
      registration.end();
    }
  }
}
