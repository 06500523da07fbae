/**
 * The floor: the stack of posthog/index.ts (or flags/index.ts) as bare dynamic resources. The same inputs (names.json's
 * `declare`: bench/declared.js's declaredProject or declaredFlag), the same output property names (names.json, from
 * the package's own list) and the outputs the package's resource keeps (record.json: from one real record, its output
 * names and declared settings), through the same CLI, but no HTTP and a provider that only copies values. It exports
 * the same ids (names.json's `id`).
 */
import * as fs from "node:fs";
import * as pulumi from "@pulumi/pulumi";

const { outputs, secrets, declare, id } = JSON.parse(fs.readFileSync(`${__dirname}/names.json`, "utf8")) as {
  outputs: string[];
  secrets: string[];
  declare: string;
  id: string;
};

let next = 0;
const provider: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    const record = JSON.parse(require("node:fs").readFileSync(`${process.cwd()}/record.json`, "utf8"));
    return { id: `${process.pid}-${++next}`, outs: { ...record, ...inputs } };
  },
  async read(id, props) {
    return { id, props };
  },
  async diff(_id, olds, news) {
    return { changes: Object.keys(news).some((key) => key !== "__provider" && JSON.stringify(news[key]) !== JSON.stringify(olds[key])) };
  },
  async update(_id, olds, news) {
    return { outs: { ...olds, ...news } };
  },
  async delete() {},
};

class Bare extends pulumi.dynamic.Resource {
  constructor(name: string, args: Record<string, pulumi.Input<unknown>>) {
    const props: Record<string, unknown> = Object.fromEntries(outputs.map((output) => [output, undefined]));
    super(provider, name, Object.assign(props, args), { additionalSecretOutputs: secrets }, "bench", "Bare");
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
