/**
 * The floor: the stack of posthog/index.ts (or flags/index.ts) as bare dynamic resources. The same inputs (names.json's
 * `declare`: bench/declared.js's declaredProject or declaredFlag), the same output property names (names.json, from
 * the package's own list) and the outputs the package's resource keeps (record.json: from one real record, its output
 * names and declared settings), through the same CLI, but no HTTP and a provider that only copies values
 * (./provider.js). It exports the same ids (names.json's `id`).
 */
import * as fs from "node:fs";
import * as pulumi from "@pulumi/pulumi";

const { outputs, secrets, declare, id } = JSON.parse(fs.readFileSync(`${__dirname}/names.json`, "utf8")) as {
  outputs: string[];
  secrets: string[];
  declare: string;
  id: string;
};

/**
 * Registered as posthog.Project registers its resources: a custom resource of the dynamic provider whose
 * `__provider` is one line loading the provider module (./provider.js) by path, not a closure Pulumi's serializer turns
 * into 2.5 KB stored twice per resource, and no stack trace on the SDK's promises of the registration (shown only with
 * PULUMI_DEBUG_PROMISE_LEAKS). So the floor is the cheapest dynamic resource of this shape: what Pulumi itself costs.
 */
const PROVIDER = 'exports.handler=()=>require(process.cwd()+"/provider.js");';

class Bare extends pulumi.CustomResource {
  constructor(name: string, args: Record<string, pulumi.Input<unknown>>) {
    const props: Record<string, unknown> = Object.fromEntries(outputs.map((output) => [output, undefined]));
    Object.assign(props, args, { __provider: PROVIDER });
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super("pulumi-nodejs:dynamic/bench:Bare", name, props, { additionalSecretOutputs: secrets });
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
  }
}

// bench/declared.js, copied beside this program by bench/cli.js.
const declared = require("./declared") as Record<string, (...args: unknown[]) => object>;
const declaredOne = (i: number, variant: number) =>
  declare === "declaredFlag" ? declared["declaredFlag"]!(i, variant) : declared["declaredProject"]!("Bench", i, variant);

const config = new pulumi.Config();
const count = config.requireNumber("count");
const variant = config.getNumber("variant") ?? 0;

const resources = Array.from(
  { length: count },
  (_, i) => new Bare(`p${i}`, declaredOne(i, variant) as Record<string, pulumi.Input<unknown>>),
);

export const ids = resources.map((resource) => (resource as unknown as Record<string, pulumi.Output<unknown>>)[id]);
