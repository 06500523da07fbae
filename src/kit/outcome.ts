/**
 * How a lifecycle step's result reaches Pulumi, for every resource: outputs checked to be JSON before the host encodes
 * them, and the partial success, an error that still records what exists.
 */
import { nonJsonPath } from "./json";

/** The serialized provider that Pulumi's host adds to every state it saves; later operations cannot run without it. */
const PROVIDER_KEY = "__provider";

/**
 * Error that tells Pulumi the resource exists (with these outputs) although the operation did not fully succeed. The
 * engine records the outputs and shows `reasons`, not the message. Pulumi's host adds `__provider` to the outputs of
 * a success but not to these, so it is carried over from the request here: without it, refresh and destroy of the
 * recorded resource could not load the provider.
 */
export class PartialSuccess extends Error {
  readonly reasons: string[];
  readonly properties: Record<string, unknown>;

  constructor(
    message: string,
    readonly id: string,
    outputs: object,
    request: Record<string, unknown>,
    noun = "project",
  ) {
    // Pulumi's hosts encode these properties while answering with the error; a value they cannot encode would make
    // that answer fail inside their error handler, and the engine would wait for it for ever. They are kept as JSON.
    const { kept, problems } = jsonOutputs(outputs);
    const full = problems.length === 0 ? message : `${message} ${unstorable(problems)} The ${noun} is recorded without them.`;
    super(full);
    this.reasons = [full];
    // A provider plugin's requests have no serialized provider to carry over.
    this.properties = request[PROVIDER_KEY] === undefined ? kept : { ...kept, [PROVIDER_KEY]: request[PROVIDER_KEY] };
  }
}

/**
 * The outputs that JSON can carry (what Pulumi's engine and state hold), and where the others are: a function, a
 * symbol, `undefined` in a list, NaN, a cycle… Outputs left undefined are simply absent.
 */
export function jsonOutputs(outputs: object): { kept: Record<string, unknown>; problems: string[] } {
  const kept: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, value] of Object.entries(outputs)) {
    if (value === undefined) continue;
    const problem = nonJsonPath(value, [name]);
    if (problem === undefined) kept[name] = JSON.parse(JSON.stringify(value));
    else problems.push(problem);
  }
  return { kept, problems };
}

export function unstorable(problems: readonly string[]): string {
  return `PostHog's answer holds values Pulumi cannot store (${problems.join("; ")}).`;
}

/**
 * Outputs as Pulumi's host will encode them, checked first: a value JSON cannot carry becomes an error that still
 * records the resource (with the outputs that can be stored), never an answer the host fails to send.
 */
export function storable<T>(done: string, id: string, outputs: object, request: Record<string, unknown>, noun = "project"): T {
  const { kept, problems } = jsonOutputs(outputs);
  if (problems.length === 0) return kept as T;
  throw new PartialSuccess(`${done}, but not all of it can be kept in the state.`, id, outputs, request, noun);
}
