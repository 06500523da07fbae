/**
 * The program side every dynamic PostHog resource shares (the kit's thin class): it checks what Pulumi's SDK cannot
 * serialize, registers the declared inputs with the serialized provider and the outputs the resource always has, marks
 * secrets, and hands everything to the engine. The lifecycle runs in `pulumi-posthog/provider` inside Pulumi's
 * dynamic-provider host. Nothing else of the package is loaded here but its JSON rules (../kit/json), its unique claims
 * (../kit/unique-in-program) and the types of its secret inputs (../kit/secret-in-program), which load nothing, so that
 * a program loads little more than Pulumi.
 */
import * as pulumi from "@pulumi/pulumi";
import { jsonValueProblems, jsonValueReason } from "../kit/json";
import type { SecretInput, SecretWhen } from "../kit/secret-in-program";
import { claimedValue, type UniqueInProgram, UniqueClaims } from "../kit/unique-in-program";

/**
 * The serialized provider of a resource, `__provider` in its inputs and outputs: the module Pulumi's dynamic-provider
 * host evaluates, whose `handler` loads the implementation (`pulumi-posthog/provider`'s export `exportName`) as the
 * program itself would, from the program's directory (the host's working directory), by the package's own name too
 * (a program inside this repository). The state holds it twice per resource, and the engine rewrites the whole state
 * at every step: single quotes, which JSON does not escape, and no `node:` prefix keep it short. A resource whose
 * state holds an earlier form keeps working with it: the host loads whichever form it is given, and a changed
 * `__provider` alone is no change (the lifecycle's diff compares settings only).
 */
export function serializedProvider(exportName: string): string {
  return `exports.handler=()=>require('module').createRequire(process.cwd()+'/')('pulumi-posthog/provider').${exportName};`;
}

/** What the class of a declared resource tells the shared registration. */
export interface ResourceFacts {
  /** `Project`, as messages name it (`posthog.Project`). */
  readonly className: string;
  /** The dynamic resource's type, `pulumi-nodejs:dynamic/posthog:Project`. */
  readonly type: string;
  /** Its serialized provider (`serializedProvider`). */
  readonly provider: string;
  /** The outputs every instance registers (a declared input adds its own). */
  readonly outputNames: readonly string[];
  readonly secretOutputNames: readonly string[];
  /** An input PostHog keeps unique in a scope, any case (src/kit/program.ts `uniqueInProgram`). */
  readonly unique?: UniqueInProgram;
  /** The inputs made Pulumi secrets before anything reaches the engine (src/kit/program.ts `secretInProgram`). */
  readonly secretInputs?: readonly SecretInput[];
}

/** Whether a value is known only later (an Output, a Promise). */
const later = (value: unknown): boolean => pulumi.Output.isInstance(value) || value instanceof Promise;

/** The value at `path` in `value`: undefined where there is none, `later` itself where a step is known only later. */
function valueAt(value: unknown, path: readonly string[]): unknown {
  let at = value;
  for (const key of path) {
    if (later(at)) return later;
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return later(at) ? later : at;
}

/** Whether an input's value meets the condition (src/kit/secret-in-program.ts): one known only later always does. */
function meets(value: unknown, when: SecretWhen): boolean {
  if (later(value)) return true;
  if (!("someItem" in when)) return value === when.is;
  if (!Array.isArray(value)) return true;
  return value.some((item) => {
    const at = valueAt(item, when.someItem);
    return at === later || (when.is === undefined ? at !== undefined : at === when.is);
  });
}

/**
 * The inputs with those the kind makes secret as Pulumi secrets, given in plain text or not: the engine then stores
 * them, their outputs and `declaredInputs` encrypted.
 */
function withSecrets(facts: ResourceFacts, args: Record<string, unknown>): Record<string, unknown> {
  let secured = args;
  for (const { input, when } of facts.secretInputs ?? []) {
    const value = args[input];
    if (value !== undefined && (when === undefined || meets(args[when.input], when)))
      secured = { ...secured, [input]: pulumi.secret(value) };
  }
  return secured;
}

/** The unique values the program declared (../kit/unique-in-program). */
const claimed = new UniqueClaims();

/**
 * Refuses a second resource of the program holding a value PostHog keeps unique (a role's name in its organization,
 * any case): PostHog would refuse it on create, after the first was made. Or a second of an object PostHog keeps one
 * of per project (its error tracking settings), which both would write over. A value known now is checked now, one to
 * come (an Output) once it is known; the scope left out is the configured one.
 */
function claimUnique(facts: ResourceFacts, name: string, args: Record<string, unknown>): void {
  const unique = facts.unique;
  if (!unique) return;
  const claim = (value: unknown, scope: unknown) => {
    if (typeof value !== "string") return;
    const refusal = claimed.claim(facts.className, unique, name, value, scope);
    if (refusal !== undefined) throw new pulumi.RunError(refusal);
  };
  const value = claimedValue(unique, args);
  const scope = args[unique.scope];
  if (pulumi.Output.isInstance(value) || pulumi.Output.isInstance(scope) || value instanceof Promise || scope instanceof Promise)
    pulumi.all([value, scope]).apply(([v, s]) => claim(v, s));
  else claim(value, scope);
}

/**
 * The props and options a declared resource registers: the check of its JSON values, the outputs every instance has, the
 * serialized provider and the secrets. A function, not a base class: Pulumi takes a resource's source position a
 * fixed number of frames above `new Resource` (the class's caller, in the program); one more constructor in between
 * would record the package's file instead, outside the project.
 */
function declaredRegistration(
  facts: ResourceFacts,
  name: string,
  args: Record<string, unknown>,
  opts: pulumi.CustomResourceOptions,
): { props: Record<string, unknown>; options: pulumi.CustomResourceOptions } {
  // Before the SDK serializes them: it drops a `__proto__` key, sends NaN as null, fails on `toString` ("Cannot convert
  // object to primitive value"), and spends seconds and gigabytes on a value thousands of levels deep before its
  // stack overflows. Values still to come (Outputs, Promises) are left to the provider's check.
  const problems = Object.entries(args).flatMap(([arg, value]) => jsonValueProblems(value, arg, { opaque: (v) => !isPlain(v) }));
  if (problems.length > 0) throw new pulumi.RunError(`posthog.${facts.className} "${name}": ${problems.map(jsonValueReason).join(" ")}`);
  // What pulumi.dynamic.Resource does, with the serialized provider instead of a closure serialized per program.
  const props: Record<string, unknown> = Object.fromEntries(facts.outputNames.map((output) => [output, undefined]));
  Object.assign(props, args);
  props["__provider"] = facts.provider;
  // `declaredInputs` keeps the program's inputs that the outputs do not already hold (read needs them to show drift
  // setting by setting; src/kit/recorded.ts). The engine marks an output secret when the input of the same name is,
  // but this output has no such input: it would hold a `pulumi.secret(...)` input in plain text. Whether an Output or
  // a Promise is secret is known only later, so with one among the inputs it always is; plain values cannot be
  // secret, and a secret costs the state twice the bytes. `projectId` never lands in it (it is the output of the same
  // name), so the usual `projectId: project.projectId` leaves it plain.
  const secretInputs = Object.entries(args).some(([input, value]) => input !== "projectId" && mayBeSecret(value));
  const secrets = secretInputs ? [...facts.secretOutputNames, "declaredInputs"] : [...facts.secretOutputNames];
  return { props, options: pulumi.mergeOptions(opts, { additionalSecretOutputs: secrets }) };
}

/**
 * A declared resource's registration, for its class's constructor: the props and options to hand `super`, and `end`
 * to call once `super` has returned or thrown. Between the two, Pulumi's SDK makes the output properties' promises
 * without stack traces (`quietPromiseTraces`).
 */
export function beginRegistration(
  facts: ResourceFacts,
  name: string,
  args: Record<string, unknown>,
  opts: pulumi.CustomResourceOptions,
): { props: Record<string, unknown>; options: pulumi.CustomResourceOptions; end: () => void } {
  const { props, options } = declaredRegistration(facts, name, withSecrets(facts, args), opts);
  // A read (`X.get`, `opts.id`) manages nothing, so claims nothing.
  if (opts.id === undefined) claimUnique(facts, name, args);
  const restore = quietPromiseTraces();
  return {
    props,
    options,
    end: () => {
      restore();
      warnIfPlainApiKey();
    },
  };
}

/** Whether `obj` is a resource of this class, or of its type from another copy of the package. */
export function isDeclaredInstance(obj: unknown, declared: abstract new (...args: never[]) => unknown, type: string): boolean {
  return obj instanceof declared || (pulumi.CustomResource.isInstance(obj) && (obj as { __pulumiType?: string }).__pulumiType === type);
}

/**
 * Pulumi's SDK gives each output property four promises and stores a stack trace on each, only for its message
 * about leaked promises (PULUMI_DEBUG_PROMISE_LEAKS): CPU and memory per resource that grow with its outputs. The
 * class's `super(...)` runs between this and the function it returns, which restores the limit; the
 * resource's own source position is captured apart, with no limit, and is unaffected.
 */
function quietPromiseTraces(): () => void {
  const stackTraceLimit = Error.stackTraceLimit;
  if (!process.env["PULUMI_DEBUG_PROMISE_LEAKS"]) Error.stackTraceLimit = 0;
  return () => {
    Error.stackTraceLimit = stackTraceLimit;
  };
}

/** Whether a value is or holds an Output or a Promise, whose secrecy is not known yet. */
function mayBeSecret(value: unknown): boolean {
  if (pulumi.Output.isInstance(value) || value instanceof Promise) return true;
  if (value === null || typeof value !== "object") return false;
  return Object.values(value).some(mayBeSecret);
}

/** A list, or an object of Object's (what JSON.parse makes): anything else is the SDK's to serialize. */
function isPlain(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}

const API_KEY_CONFIG = "posthog:apiKey";
let plainKeyWarned = false;

/**
 * Pulumi's engine keeps the stack configuration a dynamic provider runs with in the state, as the default
 * `pulumi-nodejs` provider's inputs, exactly as it is set: `posthog:apiKey` set without `--secret` is stored there in
 * plain text (measured with the CLI v3.274.1; with `--secret` it is encrypted). The provider cannot prevent it, so
 * each program run says so once, with the command that fixes it: on the stack, not on a resource, whose message
 * would wait for the resource's URN and be lost if its registration failed.
 */
function warnIfPlainApiKey(): void {
  if (plainKeyWarned || pulumi.runtime.getConfig(API_KEY_CONFIG) === undefined) return;
  // The language host lists the secret configuration keys in PULUMI_CONFIG_SECRET_KEYS (a JSON list).
  let secretKeys: unknown = [];
  try {
    secretKeys = JSON.parse(process.env["PULUMI_CONFIG_SECRET_KEYS"] ?? "[]");
  } catch {
    return;
  }
  if (Array.isArray(secretKeys) && secretKeys.includes(API_KEY_CONFIG)) return;
  plainKeyWarned = true;
  void pulumi.log.warn(
    `${API_KEY_CONFIG} is set without --secret, so Pulumi stores it in plain text in this stack's state (the ` +
      "configuration of the default pulumi-nodejs provider, which runs posthog.Project). Run " +
      `\`pulumi config set --secret ${API_KEY_CONFIG} <your phx_ key>\` and then \`pulumi up\`: the state then holds it ` +
      "encrypted. Until then it is also plain in Pulumi.<stack>.yaml and in the backend's record of each update, and " +
      "earlier checkpoints keep it: rotate it in PostHog if others can read them.",
  );
}
