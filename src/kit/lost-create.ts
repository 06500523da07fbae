/**
 * Whose an object is, when a create's answer was lost (a proxy's 502, a dropped connection: the POST may or may not
 * have reached PostHog) and an object under the identity the program gave (a flag's key, an action's name) is found.
 * It is taken as the create's own only when it can be shown to be: created since the attempt started, by PostHog's
 * clock as its answers measured it against this machine's (Transport.postHogTimeAtLeast: to a second and a round trip,
 * where allowing minutes of difference took another stack's object made just before), holding what the create sent,
 * and made by the user whose personal API key sent it (PostHog's `created_by`, compared with `/api/users/@me/`).
 * Anything else may be another program's or another stack's: recording it would let this stack change it and, on
 * destroy, delete it. Such objects are named with why they were not taken, and the input that takes one over when the
 * program means to.
 */
import { article, pluralNoun, upperFirst } from "./names";
import { PostHogError, type Transport, users } from "../client";
import { isPlainObject, own } from "./json";
import type { ObjectId } from "./kind";

/** An object found under the create's identity, as PostHog lists it. */
export interface Found {
  id: ObjectId;
  created_at?: string | null;
}

/** How to tell whether a found object is the create's own. */
export interface Ownership<T extends Found> {
  /** Whether it holds what the create sent (PostHog's normalisations compare equal). */
  alike: (candidate: T) => boolean;
  /**
   * The user who made it, as PostHog names users (`{uuid, email, …}`), or null when PostHog does not say. By default
   * its `created_by` (UserBasicSerializer, posthog/api/shared.py), which flags, actions, surveys, cohorts and
   * experiments answer. `self` is the user of this key, as `/api/users/@me/` answers it (asked once).
   */
  maker?: (candidate: T, self: () => Promise<users.CurrentUser>) => Promise<unknown>;
}

/**
 * The found objects the create made, and the others with why each is not taken (`recent`: created since it started, or
 * when that cannot be told).
 */
export interface Judged<T> {
  made: T[];
  others: Array<{ candidate: T; why: string; recent: boolean }>;
}

export async function judgeFound<T extends Found>(
  http: Transport,
  started: number,
  found: readonly T[],
  ownership: Ownership<T>,
): Promise<Judged<T>> {
  const since = http.postHogTimeAtLeast(started);
  let me: Promise<users.CurrentUser> | undefined;
  const currentUser = () => {
    me ??= users.getCurrentUser(http).catch((error: unknown) => {
      throw error instanceof PostHogError && error.status === 403 ? new Error(cannotReadSelf(error)) : error;
    });
    return me;
  };
  const maker = ownership.maker ?? (async (candidate: T) => own(candidate, "created_by") ?? null);
  const judged: Judged<T> = { made: [], others: [] };
  for (const candidate of found) {
    const created = typeof candidate.created_at === "string" ? Date.parse(candidate.created_at) : Number.NaN;
    // Date.parse keeps whole milliseconds of PostHog's microseconds: older only if its millisecond ended before.
    const recent = since === undefined || !(created + 1 <= since);
    const why =
      since === undefined
        ? "PostHog's answers did not say its time (no Date header), so whether it was created before this create was sent cannot be told"
        : Number.isNaN(created)
          ? "PostHog does not say when it was created, so it cannot be shown to be this create's"
          : recent
            ? await reasonNotMade(candidate)
            : `it was created before this create was sent (${new Date(since).toISOString()} by PostHog's clock, at the earliest)`;
    if (why === undefined) judged.made.push(candidate);
    else judged.others.push({ candidate, why, recent });
  }
  return judged;

  async function reasonNotMade(candidate: T): Promise<string | undefined> {
    if (!ownership.alike(candidate)) return "it holds other settings than this create sent";
    let who: unknown;
    let self: unknown;
    for (let tries = 1; ; tries++) {
      try {
        [who, self] = await Promise.all([maker(candidate, currentUser), currentUser()]);
        break;
      } catch (error) {
        // A check that met a passing failure is asked again within the create's retry budget, as the lookup is: an
        // object named for want of an answer would fail a create that made it.
        if (passing(error) && (await http.pauseBeforeRetry(tries, started))) {
          me = undefined;
          continue;
        }
        return `who made it could not be checked: ${(error as Error).message}`;
      }
    }
    const same = sameUser(who, self);
    if (same === true) return undefined;
    if (same === false) return `it was made by ${userName(who)}, not by the user of this personal API key (${userName(self)})`;
    return "PostHog does not say who made it";
  }
}

/** A failure a later try may not meet: no answer, a garbled one, throttling or a server error. */
function passing(error: unknown): boolean {
  if (!(error instanceof PostHogError)) return false;
  return error.kind !== "http" || error.status === 429 || (error.status ?? 0) >= 500;
}

/**
 * Why this key's user could not be read. `/api/users/@me/` needs the `user:read` scope (UserViewSet,
 * posthog/api/user.py: `scope_object = "user"`) and, not being a project's endpoint, refuses a key limited to some
 * projects (APIScopePermission, posthog/permissions.py); either is a 403, and saying which scope tells the user how to
 * have such a create recovered by itself.
 */
function cannotReadSelf(error: PostHogError): string {
  return (
    `this personal API key may not read its own user (GET /api/users/@me/ answered 403: ${error.detail ?? error.message}); ` +
    "a key with the `user:read` scope (not limited to some projects) lets a create whose answer was lost be recovered by itself"
  );
}

/** Whether two users PostHog named are one: by uuid, else (an activity entry of 2025-08-04 has none) by email. */
function sameUser(a: unknown, b: unknown): boolean | undefined {
  if (!isPlainObject(a) || !isPlainObject(b)) return undefined;
  for (const field of ["uuid", "email"]) {
    const x = a[field];
    const y = b[field];
    if (typeof x === "string" && typeof y === "string" && x !== "" && y !== "") return x.toLowerCase() === y.toLowerCase();
  }
  return undefined;
}

function userName(user: unknown): string {
  if (!isPlainObject(user)) return "an unknown user";
  const name = typeof user["email"] === "string" && user["email"] !== "" ? user["email"] : user["uuid"];
  return typeof name === "string" ? name : "an unknown user";
}

/**
 * When a create started, as a message tells it: by PostHog's clock when its answers said its time, else by this
 * machine's (which then says so).
 */
export function describeStart(http: Transport, started: number): string {
  const since = http.postHogTimeAtLeast(started);
  return since === undefined ? `${new Date(started).toISOString()} (this machine's clock)` : new Date(since).toISOString();
}

/** One found object for a message: `feature flag 12 (created 2026-…, by a@example.com)`. */
export function describeFound(noun: string, candidate: Found): string {
  const by = own(candidate, "created_by");
  const made = [
    typeof candidate.created_at === "string" ? `created ${candidate.created_at}` : undefined,
    isPlainObject(by) ? `by ${userName(by)}` : undefined,
  ].filter((part) => part !== undefined);
  return `${noun} ${candidate.id}${made.length > 0 ? ` (${made.join(", ")})` : ""}`;
}

/** How a message names what takes an existing object over, and what else to do. */
export interface TakeOver {
  /** The input naming the object a create takes over: `adoptId`, Project's `adoptProjectId`. */
  input: string;
  /** What else the program can do: "choose another key (PostHog keeps flag keys unique)". */
  otherwise: string;
}

/**
 * Why found objects were not taken over, and how to take one over if the program means to (never by default: it may
 * be another stack's, whose object this stack would then change and delete).
 */
export function notTakenMessage<T extends Found>(noun: string, described: string, others: Judged<T>["others"], take: TakeOver): string {
  const list = others.map(({ candidate, why }) => `${describeFound(noun, candidate)}: ${why}`).join("; ");
  const id = others[0]!.candidate.id;
  return (
    `PostHog has ${others.length === 1 ? `${article(noun)} ${noun}` : `${others.length} ${pluralNoun(noun)}`} ${described} that this create did not make (${list}), so ` +
    `${others.length === 1 ? "it was not" : "none was"} taken over: it may belong to another program or stack, whose object this stack ` +
    `would then change and delete. ${takeOverAdvice(id, take)}`
  );
}

/** The error for a create PostHog refused because its identity is taken: which objects hold it, and what to do. */
export function identityTakenMessage<T extends Found>(noun: string, described: string, existing: readonly T[], take: TakeOver): string {
  if (existing.length === 0)
    return `${upperFirst(article(noun))} ${noun} ${described} exists already, but it could not be found: ${take.otherwise}.`;
  const list = existing.map((candidate) => describeFound(noun, candidate)).join(", ");
  return `PostHog already has ${article(noun)} ${noun} ${described}: ${list}. ${takeOverAdvice(existing[0]!.id, take)}`;
}

function takeOverAdvice(id: ObjectId, take: TakeOver): string {
  return (
    `If this program is meant to manage it, set \`${take.input}: ${JSON.stringify(id)}\` on this resource and run ` +
    `\`pulumi up\` again (it is then read and updated, not created); if it belongs to another resource, of this stack or ` +
    `another, do not: ${take.otherwise}.`
  );
}
