/**
 * `posthog.Link`: a short link of a project: a code on PostHog's short link domain that redirects to a URL. Generated
 * by `npm run docs` from Link's field table and state (src/generate/types.ts): do not edit; test/generate/types.test.ts
 * checks that this file is what they generate.
 *
 * The class declares inputs and outputs and hands them to the engine (./declared); the lifecycle runs in
 * `pulumi-posthog/provider` (LinkProvider), loaded by name inside Pulumi's provider host. This module loads nothing
 * else of the package: its types are plain, in ./link-types.
 */
import * as pulumi from "@pulumi/pulumi";
import { beginRegistration, isDeclaredInstance, serializedProvider } from "./declared";
import { type LinkArgs, type LinkOutputProperties, type LinkState, outputNames } from "./link-types";

export type { LinkArgs, LinkState, LinkOutputProperties } from "./link-types";

/** Its dynamic resource's type, as Pulumi's state names it. */
const TYPE = "pulumi-nodejs:dynamic/posthog:Link";

const facts = {
  className: "Link",
  type: TYPE,
  provider: serializedProvider("linkProvider"),
  outputNames,
  secretOutputNames: [],
};

export interface Link extends LinkOutputProperties {}

/**
 * A short link of a project: a code on PostHog's short link domain that redirects to a URL.
 *
 * ```ts
 * new posthog.Link("pricing", {
 *   projectId: web.projectId,
 *   redirectUrl: "https://example.com/pricing?utm_source=newsletter",
 *   shortLinkDomain: "phog.gg",
 *   shortCode: "example-pricing",
 *   description: "The newsletter's pricing link",
 * });
 * ```
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above declares the output properties the engine fills in
export class Link extends pulumi.CustomResource {
  /** Reads an existing link into the program without managing it. `id` is `<projectId>/<uuid>`, or its UUID with `state.projectId`. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, state?: LinkState, opts?: pulumi.CustomResourceOptions): Link {
    return new Link(name, { projectId: state?.projectId } as LinkArgs, { ...opts, id });
  }

  static override isInstance(obj: unknown): obj is Link {
    return isDeclaredInstance(obj, Link, TYPE);
  }

  /** Declares a link: `args` are its inputs, camelCase (PostHog's field names), and where it is. */
  constructor(name: string, args: LinkArgs, opts: pulumi.CustomResourceOptions = {}) {
    const registration = beginRegistration(facts, name, { ...args }, opts);
    // `super` here, in the class a program names, not in a shared base class: Pulumi records the frame that called
    // this constructor as the resource's source position.
    try {
      super(TYPE, name, registration.props, registration.options);
    } finally {
      registration.end();
    }
  }
}
