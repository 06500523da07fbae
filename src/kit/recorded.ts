/**
 * The declared inputs, as the state keeps them. A lifecycle records the program's inputs in the outputs
 * (`declaredInputs`): read needs them to hand the engine the declared inputs with their live values, so that drift
 * shows setting by setting as `old => new`. Pulumi's hosts give a provider's read, diff, update and delete the
 * outputs only (@pulumi/pulumi cmd/dynamic-provider and provider/server drop the ReadRequest's inputs), so they stay in
 * the outputs; but nearly all of them are already there, as the live value of the same name. The state keeps only
 * the rest:
 *
 *   declaredInputs: { "-": [outputs named like an input that the program did not declare], <input>: <its form>, … }
 *
 * an input's form only where it is not the output of the same name (PostHog's form of the same value: "0.50" for
 * 0.5, filters completed with defaults; or a setting PostHog did not send). The lifecycles keep working on the full map: `withCompactRecord` converts at the boundary
 * to Pulumi, both ways, and a full map written by an earlier version (no "-" key) is read as it is.
 */
import type * as pulumi from "@pulumi/pulumi";
import { canonicalJson, isPlainObject } from "./json";

type Json = Record<string, unknown>;

/** The key of the compact form listing the outputs named like an input that were not declared (no input has it). */
export const UNDECLARED = "-";

/**
 * `projectId` holds a project's number, as the output of the same name does (validated numeric, resolved to it): a
 * numeric string declared for it compares as its number, so it never lands in the compact form. That is also why a
 * secret `projectId` need not make `declaredInputs` secret (src/resources/declared.ts).
 */
function sameValue(name: string, form: unknown, output: unknown): boolean {
  if (name === "projectId" && (typeof form === "number" || typeof form === "string") && String(form).trim() !== "")
    return Number(form) === Number(output);
  return canonicalJson(form) === canonicalJson(output);
}

const present = (outputs: Json, name: string) => Object.hasOwn(outputs, name) && outputs[name] !== undefined && outputs[name] !== null;

/** Outputs whose `declaredInputs` (a full map) keeps only what the outputs do not already say. */
export function compactRecord(outputs: Json, inputNames: readonly string[]): Json {
  const declared = outputs["declaredInputs"];
  if (!isPlainObject(declared) || Object.hasOwn(declared, UNDECLARED)) return outputs;
  const compact: Json = {
    [UNDECLARED]: inputNames.filter((name) => present(outputs, name) && (!Object.hasOwn(declared, name) || declared[name] === undefined)),
  };
  for (const [name, form] of Object.entries(declared)) {
    if (form === undefined) continue;
    if (!inputNames.includes(name) || !present(outputs, name) || !sameValue(name, form, outputs[name])) compact[name] = form;
  }
  return { ...outputs, declaredInputs: compact };
}

/** Outputs with the full map of declared inputs again (as the lifecycles work on it); a full map stays as it is. */
export function expandRecord(outputs: Json, inputNames: readonly string[]): Json {
  const compact = outputs["declaredInputs"];
  if (!isPlainObject(compact) || !Object.hasOwn(compact, UNDECLARED)) return outputs;
  const listed = compact[UNDECLARED];
  const undeclared = new Set(Array.isArray(listed) ? listed : []);
  const declared: Json = {};
  for (const name of inputNames) if (present(outputs, name) && !undeclared.has(name)) declared[name] = outputs[name];
  for (const [name, form] of Object.entries(compact)) if (name !== UNDECLARED) declared[name] = form;
  return { ...outputs, declaredInputs: declared };
}

/**
 * A lifecycle whose outputs keep the compact form: what it is given is expanded first, what it answers (and a partial
 * success's outputs) compacted. `inputNames`: every input of the resource (the plugin schema's), asked once.
 */
export function withCompactRecord(lifecycle: pulumi.dynamic.ResourceProvider, inputNames: () => readonly string[]) {
  let names: readonly string[] | undefined;
  const inputs = () => (names ??= inputNames());
  const expand = <T>(outputs: T): T => (isPlainObject(outputs) ? (expandRecord(outputs, inputs()) as T) : outputs);
  const compact = <T>(outputs: T): T => (isPlainObject(outputs) ? (compactRecord(outputs, inputs()) as T) : outputs);
  const compactingFailure = async <T>(operation: () => Promise<T>): Promise<T> => {
    try {
      return await operation();
    } catch (error) {
      const partial = error as { properties?: unknown };
      if (isPlainObject(partial?.properties)) partial.properties = compact(partial.properties);
      throw error;
    }
  };
  const provider: pulumi.dynamic.ResourceProvider = {
    create: async (props) => {
      const result = await compactingFailure(() => lifecycle.create(props));
      return { ...result, outs: compact(result.outs) };
    },
  };
  if (lifecycle.configure) provider.configure = (req) => lifecycle.configure!(req);
  if (lifecycle.check) provider.check = (olds, news) => lifecycle.check!(olds, news);
  if (lifecycle.diff) provider.diff = (id, olds, news) => lifecycle.diff!(id, expand(olds), news);
  if (lifecycle.read)
    provider.read = async (id, props) => {
      const result = await compactingFailure(() => lifecycle.read!(id, props === undefined ? props : expand(props)));
      return result.props === undefined ? result : { ...result, props: compact(result.props) };
    };
  if (lifecycle.update)
    provider.update = async (id, olds, news) => {
      const result = await compactingFailure(() => lifecycle.update!(id, expand(olds), news));
      return result.outs === undefined ? result : { ...result, outs: compact(result.outs) };
    };
  if (lifecycle.delete) provider.delete = (id, props) => lifecycle.delete!(id, expand(props));
  return provider;
}
