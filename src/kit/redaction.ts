/**
 * No message of an operation carries a secret of it: the secret values among its inputs (and the outputs it was given)
 * are known at the provider's boundary, and every failure that leaves it (a thrown error, a partial success's reasons,
 * a check's failures) is rewritten there with each secret, and each fragment of one, replaced. That covers the
 * provider's own messages ("declared {…}, PostHog kept {…}") and PostHog's echoes of what it was sent (a Hog template's
 * parse error quotes the part of a secret input it stumbled on: posthog/cdp/validation.py `InputsItemSerializer`,
 * "Invalid template: …").
 */
import type * as pulumi from "@pulumi/pulumi";

type Json = Record<string, unknown>;

/**
 * The shortest run of a secret's characters redacted wherever it appears: shorter runs are too common to mean the
 * secret (a secret "https://…" shares "http" with every URL), and a secret shorter than this is redacted whole.
 */
export const FRAGMENT = 4;
const REDACTED = "[secret]";

/** The texts of secret values: each string and number in them (keys are the program's names, not secrets). */
export function secretTexts(values: readonly unknown[]): string[] {
  const texts = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === "string" || typeof value === "number") {
      const text = String(value);
      if (text.length < 2) return;
      texts.add(text);
      // As JSON shows it (a payload quoted in a message: `{\"a\":1}`).
      const escaped = JSON.stringify(text).slice(1, -1);
      if (escaped !== text) texts.add(escaped);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === "object") Object.values(value).forEach(visit);
  };
  values.forEach(visit);
  return [...texts];
}

/**
 * `text` with every secret, every run of at least FRAGMENT characters of one, and every part of one in single quotes
 * (PostHog's parser errors quote the token: `extraneous input 'tok'`) replaced by "[secret]".
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  if (secrets.length === 0 || text.length === 0) return text;
  const hidden = new Uint8Array(text.length);
  const hide = (from: number, length: number) => hidden.fill(1, from, from + length);
  const runs = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < FRAGMENT) {
      for (let at = text.indexOf(secret); at !== -1; at = text.indexOf(secret, at + 1)) hide(at, secret.length);
    } else for (let i = 0; i + FRAGMENT <= secret.length; i++) runs.add(secret.slice(i, i + FRAGMENT));
  }
  for (let i = 0; i + FRAGMENT <= text.length; i++) if (runs.has(text.slice(i, i + FRAGMENT))) hide(i, FRAGMENT);
  // Single quotes only: JSON's double quotes hold the names of the program's own keys, which a secret may contain.
  for (const quoted of text.matchAll(/'([^'\n]{2,})'/g)) {
    const inner = quoted[1]!;
    if (secrets.some((secret) => secret.includes(inner))) hide(quoted.index + 1, inner.length);
  }
  let out = "";
  for (let i = 0; i < text.length; i++) {
    if (!hidden[i]) out += text[i];
    else if (i === 0 || !hidden[i - 1]) out += REDACTED;
  }
  return out;
}

/** The error (or partial success) with no secret in what Pulumi's hosts print of it: its message, stack and reasons. */
export function redactError(error: unknown, secrets: readonly string[]): unknown {
  if (!(error instanceof Error) || secrets.length === 0) return error;
  const clean = (text: string) => redactSecrets(text, secrets);
  error.message = clean(error.message);
  if (error.stack !== undefined) error.stack = clean(error.stack);
  const partial = error as { reasons?: unknown };
  if (Array.isArray(partial.reasons))
    partial.reasons = partial.reasons.map((reason) => (typeof reason === "string" ? clean(reason) : reason));
  return error;
}

/** `operation`'s result, its check failures' reasons and its error redacted of `secrets`. */
export async function withoutSecrets<T>(secrets: readonly string[], operation: () => Promise<T>): Promise<T> {
  try {
    const result = await operation();
    const failures = (result as { failures?: unknown } | undefined)?.failures;
    if (secrets.length === 0 || !Array.isArray(failures)) return result;
    return {
      ...result,
      failures: failures.map((f: pulumi.dynamic.CheckFailure) => ({ ...f, reason: redactSecrets(f.reason, secrets) })),
    };
  } catch (error) {
    throw redactError(error, secrets);
  }
}

/** The values at `paths` in `value` (absent ones left out). */
export function valuesAt(value: Json, paths: readonly (readonly string[])[]): unknown[] {
  return paths.flatMap((path) => {
    let at: unknown = value;
    for (const key of path) {
      // An array's items by their index ("0", "1": a hog flow's actions).
      if (Array.isArray(at) && /^\d+$/.test(key) && Number(key) < at.length) at = at[Number(key)];
      else if (at === null || typeof at !== "object" || Array.isArray(at) || !Object.hasOwn(at, key)) return [];
      else at = (at as Json)[key];
    }
    return [at];
  });
}

/**
 * A dynamic resource's lifecycle whose failures carry none of the secrets it is given: the values its kind says
 * are secret (`secretInputPaths`, which its class made Pulumi secrets: a hog function's secret inputs), in the new
 * inputs, the outputs and the inputs those record. Pulumi's dynamic-provider host sends them unmarked.
 */
export function withRedactedFailures(
  lifecycle: pulumi.dynamic.ResourceProvider,
  secretInputPaths: ((inputs: Json) => readonly (readonly string[])[]) | undefined,
): pulumi.dynamic.ResourceProvider {
  if (!secretInputPaths) return lifecycle;
  const secretsOf = (...values: unknown[]): string[] =>
    secretTexts(
      values.flatMap((value) => {
        if (value === null || typeof value !== "object" || Array.isArray(value)) return [];
        const json = value as Json;
        const recorded = json["declaredInputs"];
        const records = recorded !== null && typeof recorded === "object" && !Array.isArray(recorded) ? [json, recorded as Json] : [json];
        return records.flatMap((record) => valuesAt(record, secretInputPaths(record)));
      }),
    );
  const provider: pulumi.dynamic.ResourceProvider = {
    create: (inputs) => withoutSecrets(secretsOf(inputs), () => lifecycle.create(inputs)),
  };
  if (lifecycle.configure) provider.configure = (req) => lifecycle.configure!(req);
  if (lifecycle.check) provider.check = (olds, news) => withoutSecrets(secretsOf(olds, news), () => lifecycle.check!(olds, news));
  if (lifecycle.diff) provider.diff = (id, olds, news) => withoutSecrets(secretsOf(olds, news), () => lifecycle.diff!(id, olds, news));
  if (lifecycle.read) provider.read = (id, props) => withoutSecrets(secretsOf(props), () => lifecycle.read!(id, props));
  if (lifecycle.update)
    provider.update = (id, olds, news) => withoutSecrets(secretsOf(olds, news), () => lifecycle.update!(id, olds, news));
  if (lifecycle.delete) provider.delete = (id, props) => withoutSecrets(secretsOf(props), () => lifecycle.delete!(id, props));
  return provider;
}
