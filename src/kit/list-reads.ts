/**
 * Reads served from a kind's list. A refresh (`pulumi refresh`, `preview --refresh`, `up --refresh`,
 * `destroy --refresh`), `X.get` and the adoptions an import's first `up` makes read each object by its id, one GET
 * each, and PostHog Cloud counts every request against its rate limit (posthog/rate_limit.py). Most of PostHog's lists
 * answer each object as its GET does, many to a page: a kind whose list carries everything a read needs says so once
 * (`Kind.listReads`), and its reads in one scope are answered from one pass over its pages.
 *
 * A lifecycle keeps the pages it read for its operation (`OperationLists`: the hosts, the dynamic-provider host and the
 * plugin, live for one Pulumi operation), and a later read of the same place is answered from them at once: the view
 * of PostHog as each page was read, early in the same operation, as a drift check sees it. The engine sends a
 * refresh's reads `--parallel` at a time, so most reads of a large stack arrive after the first were answered. An
 * operation's first read of a place waits for a second (reads that arrive together start the place's pass; one alone
 * takes its GET); once the operation has read a page, a place's first read starts its pass at once, and a read whose
 * object is on no page read yet takes its place's next page, without waiting. An object the pages do not show
 * (deleted, archived or soft-deleted by hand, created after its page was read, moved between pages while they were
 * read) and one listed without a field the read needs (a PostHog version whose list lacks it) are read by their own
 * GET, which decides as it always has, as is an object this operation wrote (created, updated, deleted: its page is
 * older than the write); a list that fails leaves every read it had not answered to its own GET. Lookups (`getX` by id)
 * keep no pages: a program's process may serve several operations (the Automation API runs inline programs in its
 * own), so each batch of theirs gathers and is a pass of its own.
 *
 * What a pass costs: one read alone is its GET, as are the reads of a lookup's batch no larger than the pages its list
 * last had, and a pass stops as soon as the pages left outnumber the reads waiting (PostHog's `count` says how many
 * there are), leaving those to their GETs. An operation's pass also reads on while its pages number less than twice
 * the objects its place has read in the operation: the engine holds a refresh's reads back, so the few that arrived
 * first stand for the many to come, and reading the list's pages first is what keeps a refresh of a whole project at
 * its pages. At worst (a few objects of a long list) that bet costs twice their GETs in pages. Every request goes
 * through the caller's transport, so through its rate limiter.
 */
import type { Page, Transport } from "../client";
import { type Kind, type ListedPage, type ListReads, type ObjectId, placeFields, placementOf, type ScopeKind, type WhereOf } from "./kind";

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
 * How long the reads that start a pass gather: a lookup's batch, and an operation's first read of a place alone (see
 * the module's comment). Reads do not arrive evenly: the host takes them one after another, writes its checkpoints
 * between them (`pulumi refresh` does after each read), and they come in clumps (`preview --refresh`'s too: the engine
 * sends them before it runs the program); one place's reads can come far apart between the other places'. So the
 * gathering follows the engine's one stream, not each place: every batch stays open while reads of any kind keep
 * arriving, and all close together once none has arrived for `QUIET_MS`, or for twice the longest gap between two
 * reads so far when that is longer (never more than `QUIET_MAX_MS`), and never later than `GATHER_MS` after the first.
 * A window that ends while reads still come cuts a lookup's reads into passes. A read alone waits only
 * `QUIET_ALONE_MS` for a second (`X.get` of one object, a refresh of one resource), and so do the reads while the
 * engine is seen to hold them back (below): then a pause is the engine waiting for answers, not a clump ending, and a
 * longer wait would only add up, round after round.
 */
const QUIET_ALONE_MS = 100;
const QUIET_MS = 300;
const QUIET_MAX_MS = 1_000;
const GATHER_MS = 30_000;
/**
 * The engine lets at most `--parallel` reads through at once and sends the next only when one is answered: when as
 * many reads wait in batches as waited when the stream last fell silent, no slot can free up until they are answered,
 * so they close after `FULL_MS` (reads arriving in the same instant join them) instead of waiting out a silence. More
 * reads outstanding at once than that guess (arrived and not yet answered, every kind) prove the engine is not holding
 * them at it: the guess is dropped until the next silence.
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

const idKey = (id: unknown) => String(id).toLowerCase();

/** One place's list (a caller's kind in one scope) as far as a pass has read it, and the reads waiting on it. */
class Place {
  /** The objects of the pages read, by id, as the list answered them. */
  readonly listed = new Map<string, { readonly id: ObjectId }>();
  /** The objects read in this place: in a kept place, the measure of how many pages are worth reading. */
  readonly objects = new Set<string>();
  readonly waiting = new Map<string, Waiting<unknown>[]>();
  pages: AsyncIterator<ListedPage> | undefined;
  pagesRead = 0;
  /** The pages still to read, once PostHog's `count` said. */
  pagesLeft: number | undefined;
  /** Every page read, or the list failed: what the pages do not show is read by GET. */
  done = false;
  /** Whether a pass is reading (one at a time: reads arriving meanwhile wait for its next page). */
  running = false;
  private listedCount = 0;

  /** `operation`: the lists the place belongs to, whose pages serve the reads that come later (none: a lookup's). */
  constructor(private readonly operation?: OperationLists) {}

  get started(): boolean {
    return this.pages !== undefined || this.done;
  }

  /** Whether the next page is worth its request to the reads waiting (see the module's comment). */
  worthAPage(lastPages: number): boolean {
    const waiting = this.waiting.size;
    if (waiting === 0 || this.done) return false;
    if (waiting > (this.pagesLeft ?? Math.max(1, lastPages))) return true;
    const { operation } = this;
    return !!operation && (this.started || waiting > 1 || operation.paged) && this.pagesRead < 2 * this.objects.size;
  }

  took(page: ListedPage): void {
    if (this.operation) this.operation.paged = true;
    for (const found of page.results) this.listed.set(idKey(found.id), found);
    this.pagesRead += 1;
    this.listedCount += page.results.length;
    this.pagesLeft =
      page.count === undefined || page.results.length === 0
        ? 0
        : Math.ceil(Math.max(0, page.count - this.listedCount) / page.results.length);
    if (!page.next) this.done = true;
  }
}

/**
 * The pages of kinds' lists one Pulumi operation has read, by place, kept to answer its later reads, and the objects
 * it wrote. A lifecycle starts one when the engine configures it: a host serves one operation.
 */
export class OperationLists {
  private static made = 0;
  /** Tells apart the gathering batches of two operations in one process (tests, programs that build their own). */
  readonly serial = ++OperationLists.made;
  private readonly places = new Map<string, Place>();
  private readonly written = new Set<string>();
  /**
   * Whether the operation has read a page of any list: it is reading many objects (a refresh), so a place's first read
   * starts its pass at once, standing for the reads of the place still to come, instead of gathering.
   */
  paged = false;

  /** The place's list as this operation has read it (none of it yet, the first time). */
  place(key: string): Place {
    let place = this.places.get(key);
    if (!place) {
      place = new Place(this);
      this.places.set(key, place);
    }
    return place;
  }

  /** An object this operation is about to write, or made: its page, if any, no longer shows it. */
  wrote(id: ObjectId): void {
    this.written.add(idKey(id));
  }

  hasWritten(id: ObjectId): boolean {
    return this.written.has(idKey(id));
  }
}

/** One place's reads gathering (a caller's kind in one scope), and how to answer them once the gathering closes. */
interface Batch {
  readonly reads: Waiting<unknown>[];
  serve(): void;
}

/** The batches gathering, by operation, caller, kind and scope. */
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
 * (`listReads`) and `lists`, the operation's, has read its page or other reads of the place arrive with it, else by
 * its GET. `needs` are the fields the read needs the record to have. Every read counts in the stream, listed or not.
 */
export function readObject<S extends ScopeKind, R, W extends WhereOf<S>>(
  kind: Kind<S, R, W>,
  http: Transport,
  where: W,
  id: ObjectId,
  needs: readonly string[] = [],
  lists?: OperationLists,
): Promise<R> {
  const now = Date.now();
  if (stream.gathered > 0) stream.longestGap = Math.max(stream.longestGap, now - stream.last);
  stream.last = now;
  stream.outstanding += 1;
  if (stream.outstanding > stream.limit) stream.limit = Number.POSITIVE_INFINITY;
  const answered = (read: Promise<R>) => read.finally(() => (stream.outstanding -= 1));
  const list = kind.listReads;
  const placeKey = `${http.caller}\n${kind.token}\n${JSON.stringify(where)}`;
  const place = list ? lists?.place(placeKey) : undefined;
  place?.objects.add(idKey(id));
  const listed = place?.listed.get(idKey(id));
  if (!list || lists?.hasWritten(id) || (place?.done && !listed) || (listed && !holds(listed, needs))) {
    const read = answered(kind.api.get(http, where, id));
    // Another read keeps the stream going: the batches gathering wait on.
    if (stream.gathered > 0) closeWhenQuiet();
    return read;
  }
  const pass = { kind, list, http, where, placeKey };
  if (listed) {
    if (stream.gathered > 0) closeWhenQuiet();
    return answered(Promise.resolve(listedRecord(pass, listed)));
  }
  return answered(
    new Promise<R>((resolve, reject) => {
      const read = { id, needs, resolve, reject } as Waiting<unknown>;
      if (place && (place.started || lists?.paged)) {
        // A pass is under way, or the operation is reading pages: the read takes its place's next page, no gathering.
        wait(place, read);
        void advance(place, pass);
        if (stream.gathered > 0) closeWhenQuiet();
        return;
      }
      const key = `${lists?.serial ?? ""}\n${placeKey}`;
      let batch = gathering.get(key);
      if (place && batch) {
        // An operation's second read of the place: reads arrive together, so its pass starts now and later ones join it.
        gathering.delete(key);
        stream.gathered -= batch.reads.length;
        batch.reads.push(read);
        batch.serve();
        if (stream.gathered > 0) closeWhenQuiet();
        else clearTimeout(stream.timer);
        return;
      }
      if (!batch) {
        const reads: Waiting<unknown>[] = [];
        const target = place ?? new Place();
        batch = {
          reads,
          serve: () => {
            for (const waiting of reads) wait(target, waiting);
            void advance(target, pass);
          },
        };
        gathering.set(key, batch);
      }
      batch.reads.push(read);
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
    for (const batch of closed) batch.serve();
  }, wait);
}

/** What a pass reads from: the kind, its list and where, through whose transport. */
interface Pass<S extends ScopeKind, R, W extends WhereOf<S>> {
  readonly kind: Kind<S, R, W>;
  readonly list: ListReads<W>;
  readonly http: Transport;
  readonly where: W;
  readonly placeKey: string;
}

const holds = (found: object, needs: readonly string[]) => needs.every((field) => Object.hasOwn(found, field));

/** The list answers each object as the kind's GET does (its `listReads` fact); the kit adds where it is. */
function listedRecord<S extends ScopeKind, R, W extends WhereOf<S>>(pass: Pass<S, R, W>, found: object): R {
  return { ...found, ...placeFields(placementOf(pass.kind), pass.where) } as R;
}

function wait(place: Place, read: Waiting<unknown>): void {
  const key = idKey(read.id);
  place.waiting.set(key, [...(place.waiting.get(key) ?? []), read]);
}

/**
 * Answers the reads waiting on a place: from the pages read, then from the next pages while they are worth their
 * requests, and each read left by its GET. One pass reads a place at a time; reads arriving while it reads a page
 * wait for that page.
 */
async function advance<S extends ScopeKind, R, W extends WhereOf<S>>(place: Place, pass: Pass<S, R, W>): Promise<void> {
  if (place.running) return;
  place.running = true;
  const unlisted: Waiting<unknown>[][] = [];
  for (;;) {
    for (const [key, waits] of place.waiting) {
      const found = place.listed.get(key);
      if (!found) continue;
      place.waiting.delete(key);
      const record = listedRecord(pass, found);
      for (const read of waits) if (holds(found, read.needs)) read.resolve(record);
      const lacking = waits.filter((read) => !holds(found, read.needs));
      if (lacking.length > 0) unlisted.push(lacking);
    }
    if (!place.worthAPage(pagesOf.get(pass.placeKey) ?? 1)) break;
    try {
      place.pages ??= pass.list(pass.http, pass.where)[Symbol.asyncIterator]();
      const next = await place.pages.next();
      if (next.done) place.done = true;
      else {
        place.took(next.value);
        pagesOf.set(pass.placeKey, place.pagesRead + (place.pagesLeft ?? 0));
      }
    } catch {
      // A list that fails (refused, unreadable, changing under its links) leaves its reads to their GETs, which say
      // what is wrong if anything is.
      place.done = true;
    }
  }
  place.running = false;
  unlisted.push(...place.waiting.values());
  place.waiting.clear();
  // One GET for each object left, answering every read of it.
  await Promise.all(
    unlisted.map(async (waits) => {
      try {
        const record = await pass.kind.api.get(pass.http, pass.where, waits[0]!.id);
        for (const read of waits) read.resolve(record);
      } catch (error) {
        for (const read of waits) read.reject(error);
      }
    }),
  );
}
