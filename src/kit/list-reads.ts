/**
 * Reads served from a kind's list. A refresh (`pulumi refresh`, `preview --refresh`, `up --refresh`,
 * `destroy --refresh`), `X.get` and the adoptions an import's first `up` makes read each object by its id: one GET
 * each, so 1,000 flags cost 1,000 requests, over two minutes at PostHog Cloud's 480 a minute (posthog/rate_limit.py).
 * Most of PostHog's lists answer each object as its GET does, 100 to a page: a kind whose list carries everything a
 * read needs says so once (`Kind.listReads`), and the reads of that kind in one scope that arrive together in one
 * provider process are answered from one pass over its pages.
 *
 * Never staler than the GET it replaces: a pass starts only after every read it serves has arrived (a read arriving
 * during a pass waits for the next). Never a guess: an object the pass does not find (deleted, archived or
 * soft-deleted by hand, created after its page was read, moved between pages while they were read) and one listed
 * without a field the read needs (a PostHog version whose list lacks it) are read by their own GET, which decides as
 * it always has; a list that fails leaves every read it had not answered to its own GET. Never dearer than the GETs:
 * one read alone is its GET, as are the reads of a batch no larger than the pages its list last had, and a pass stops
 * as soon as the pages left outnumber the reads left (PostHog's `count` says how many there are), leaving those to
 * their GETs. Every request goes through the caller's transport, so through its rate limiter.
 *
 * The engine sends a refresh's reads `--parallel` at a time (4 per CPU by default): a batch holds at most that many,
 * so a drift check of a large stack is served from its lists when run with `--parallel` above the stack's size.
 */
import type { Page, Transport } from "../client";
import { type Kind, type ListReads, type ObjectId, placeFields, placementOf, type ScopeKind, type WhereOf } from "./kind";

/**
 * A kind's `listReads` from its client's pages (`pages` of src/client/project-objects.ts), each object made what the
 * kind's `api.get` makes of its GET's answer (`as`, when that is more than the answer).
 */
export function listedPages<W, T extends { readonly id: ObjectId }>(
  pages: (http: Transport, where: W) => AsyncIterable<Page<T> & { readonly count?: number }>,
  as?: (record: T) => { readonly id: ObjectId },
): ListReads<W> {
  if (!as) return pages;
  return async function* (http, where) {
    for await (const page of pages(http, where)) yield { ...page, results: page.results.map(as) };
  };
}

/** A list PostHog answers whole, unpaginated (`{"results": [...]}`): one page. */
export function wholeList<W>(list: (http: Transport, where: W) => Promise<readonly { readonly id: ObjectId }[]>): ListReads<W> {
  return async function* (http, where) {
    yield { results: await list(http, where), next: null };
  };
}

/**
 * How long reads gather. The engine sends a refresh's reads `--parallel` at a time, every kind and place mixed in one
 * stream, and they do not arrive evenly: the host takes them one after another, writes its checkpoints between them
 * (`pulumi refresh` does after each read), and they come in clumps of a few dozen (`preview --refresh`'s too: the
 * engine sends them before it runs the program, all within the first 3 s of a 20 s preview of 1,000 flags). Measured
 * at 1,000 flags on the 2-core machine: every read of a refresh or a `preview --refresh` arrived within about a
 * second, with pauses of up to 266 ms between clumps; in an organization's drift check (10 projects, 1,510
 * resources) one place's reads (a project's cohorts) came over three seconds, hundreds of ms apart, between the other
 * places' reads. So the gathering follows the stream, not each place: every batch stays open while reads of any kind
 * keep arriving, and all close together once none has arrived for `QUIET_MS`, or for twice the longest gap between two
 * reads so far when that is longer (never more than `QUIET_MAX_MS`), and never later than `GATHER_MS` after the
 * first. A window that ends while reads still come cuts a check into batches, each a
 * pass over its list (56 requests instead of 10 at 1,000 flags; 194 to 250 instead of 140 for the organization when
 * each place waited for its own silence). A read alone waits only `QUIET_ALONE_MS` for a second (`X.get` of one
 * object, a refresh of one resource), and so do the reads while the engine is seen to hold them back (below): then a
 * pause is the engine waiting for answers, not a clump ending, and a longer wait would only add up, round after round
 * (measured: an organization's refresh at the default `--parallel` took 57 s with 300 ms waits where 100 ms ones took
 * 31 s).
 */
const QUIET_ALONE_MS = 100;
const QUIET_MS = 300;
const QUIET_MAX_MS = 1_000;
const GATHER_MS = 30_000;
/**
 * The engine lets at most `--parallel` reads through at once (8 on 2 cores by default) and sends the next only when
 * one is answered: when as many reads wait in batches as waited when the stream last fell silent, no slot can free
 * up until they are answered, so they close after `FULL_MS` (reads arriving in the same instant join them) instead of
 * waiting out a silence. More reads outstanding at once than that guess (arrived and not yet answered, every kind)
 * prove the engine is not holding them at it: the guess is dropped until the next silence.
 */
const FULL_MS = 10;
const HELD_MS = 1_000;

interface Waiting<R> {
  readonly id: ObjectId;
  /** The fields the read needs (the program's declared ones): a listed record lacking one is read by its GET. */
  readonly needs: readonly string[];
  resolve(record: R): void;
  reject(error: unknown): void;
}

/** One place's reads gathering (a caller's kind in one scope), and how to answer them once the gathering closes. */
interface Batch {
  readonly reads: Waiting<unknown>[];
  serve(): Promise<void>;
}

/** The batches gathering, by caller, kind and scope. */
const gathering = new Map<string, Batch>();

/** The reads of this process, of every caller, kind and place: the engine's one stream. */
const stream = {
  /** Reads arrived and not yet answered. */
  outstanding: 0,
  /** Reads waiting in `gathering`, when the first of them arrived, and the longest gap between two reads since. */
  gathered: 0,
  opened: 0,
  longestGap: 0,
  /** When the last read arrived. */
  last: 0,
  /** How many reads waited when the stream last fell silent: the engine's limit, as far as seen. */
  limit: Number.POSITIVE_INFINITY,
  /** When the gathering last closed at that limit: within `HELD_MS`, the engine is holding the reads back. */
  lastFull: Number.NEGATIVE_INFINITY,
  timer: undefined as NodeJS.Timeout | undefined,
};

/** How many pages each list had when last read (by caller, kind and scope): what a pass of it would cost. */
const pagesOf = new Map<string, number>();

/**
 * The object `id` of `where` as the kind's `api.get` answers it: from its kind's list when the kind declares one
 * (`listReads`) and other reads of it in the same place arrive with it, else by its GET. `needs` are the fields the
 * read needs the record to have. Every read counts in the stream, listed or not.
 */
export function readObject<S extends ScopeKind, R, W extends WhereOf<S>>(
  kind: Kind<S, R, W>,
  http: Transport,
  where: W,
  id: ObjectId,
  needs: readonly string[] = [],
): Promise<R> {
  const now = Date.now();
  if (stream.gathered > 0) stream.longestGap = Math.max(stream.longestGap, now - stream.last);
  stream.last = now;
  stream.outstanding += 1;
  if (stream.outstanding > stream.limit) stream.limit = Number.POSITIVE_INFINITY;
  const answered = (read: Promise<R>) => read.finally(() => (stream.outstanding -= 1));
  const list = kind.listReads;
  if (!list) {
    const read = answered(kind.api.get(http, where, id));
    // Another kind's read keeps the stream going: the batches gathering wait on.
    if (stream.gathered > 0) closeWhenQuiet();
    return read;
  }
  const key = `${http.caller}\n${kind.token}\n${JSON.stringify(where)}`;
  return answered(
    new Promise<R>((resolve, reject) => {
      let batch = gathering.get(key);
      if (!batch) {
        const reads: Waiting<R>[] = [];
        batch = { reads: reads as Waiting<unknown>[], serve: () => serve(kind, list, http, where, reads, key) };
        gathering.set(key, batch);
      }
      batch.reads.push({ id, needs, resolve, reject } as Waiting<unknown>);
      if (stream.gathered === 0) stream.opened = now;
      stream.gathered += 1;
      closeWhenQuiet();
    }),
  );
}

/** (Re)sets when the gathering closes: after a silence, at the engine's limit, or at the latest `GATHER_MS`. */
function closeWhenQuiet(): void {
  const now = Date.now();
  clearTimeout(stream.timer);
  const full = stream.gathered >= stream.limit;
  const held = stream.gathered === 1 || now - stream.lastFull < HELD_MS;
  const quiet = held ? QUIET_ALONE_MS : Math.min(QUIET_MAX_MS, Math.max(QUIET_MS, 2 * stream.longestGap));
  const left = stream.opened + GATHER_MS - now;
  const wait = Math.min(full ? FULL_MS : quiet, Math.max(0, left));
  stream.timer = setTimeout(() => {
    if (full) stream.lastFull = Date.now();
    else if (wait < left) stream.limit = stream.gathered;
    const closed = [...gathering.values()];
    gathering.clear();
    stream.gathered = 0;
    stream.longestGap = 0;
    for (const batch of closed) void batch.serve();
  }, wait);
}

const idKey = (id: unknown) => String(id).toLowerCase();

/** Answers a closed batch: from one pass over the list's pages, and each read the pass leaves by its GET. */
async function serve<S extends ScopeKind, R, W extends WhereOf<S>>(
  kind: Kind<S, R, W>,
  list: ListReads<W>,
  http: Transport,
  where: W,
  reads: readonly Waiting<R>[],
  key: string,
): Promise<void> {
  const left = new Map<string, Waiting<R>[]>();
  for (const read of reads) left.set(idKey(read.id), [...(left.get(idKey(read.id)) ?? []), read]);
  // One read alone, or fewer than the pages the list last had: their GETs cost no more than the list.
  if (left.size > Math.max(1, pagesOf.get(key) ?? 1)) {
    const placed = placeFields(placementOf(kind), where);
    try {
      let listed = 0;
      for await (const page of list(http, where)) {
        for (const found of page.results) {
          const key = idKey(found.id);
          const answered = (left.get(key) ?? []).filter((read) => read.needs.every((field) => Object.hasOwn(found, field)));
          if (answered.length === 0) continue;
          // The list answers each object as the kind's GET does (its `listReads` fact); the kit adds where it is.
          const record = { ...found, ...placed } as R;
          for (const read of answered) read.resolve(record);
          const rest = left.get(key)!.filter((read) => !answered.includes(read));
          if (rest.length > 0) left.set(key, rest);
          else left.delete(key);
        }
        listed += page.results.length;
        const waiting = [...left.values()].reduce((n, waits) => n + waits.length, 0);
        const pagesLeft =
          page.count === undefined || page.results.length === 0 ? 0 : Math.ceil(Math.max(0, page.count - listed) / page.results.length);
        pagesOf.set(key, page.count === undefined || page.results.length === 0 ? 1 : Math.ceil(page.count / page.results.length));
        // Cheaper by GET from here (or nothing left to read): the pass stops.
        if (waiting === 0 || !page.next || waiting <= pagesLeft) break;
      }
    } catch {
      // A list that fails (refused, unreadable, changing under its links) leaves its reads to their GETs, which say
      // what is wrong if anything is.
    }
  }
  // One GET for each object left, answering every read of it.
  await Promise.all(
    [...left.values()].map(async (waits) => {
      try {
        const record = await kind.api.get(http, where, waits[0]!.id);
        for (const read of waits) read.resolve(record);
      } catch (error) {
        for (const read of waits) read.reject(error);
      }
    }),
  );
}
