/**
 * Client-side rate limiting, so that a `pulumi up` with hundreds of concurrent operations stays under PostHog's
 * per-key throttles (480/minute and 4800/hour, posthog/rate_limit.py) instead of bouncing off 429s.
 *
 * PostHog counts requests in a sliding window of the times it *received* them. A request holds its slot from the
 * moment it is sent until its answer arrives, and the slot is then dated by the answer's arrival, which is never
 * earlier than PostHog's own timestamp: the client's window is therefore never ahead of the server's.
 */

export interface RateWindow {
  readonly limit: number;
  readonly windowMs: number;
}

/** PostHog's BurstRateThrottle and SustainedRateThrottle. */
export const POSTHOG_RATE_LIMITS: readonly RateWindow[] = [
  { limit: 480, windowMs: 60_000 },
  { limit: 4800, windowMs: 3_600_000 },
];

export type Release = () => void;

export class RateLimiter {
  /** Completion times of finished requests, oldest first; in-flight requests are counted in `inFlight`. */
  private readonly done: number[] = [];
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly longestWindow: number;

  constructor(private readonly windows: readonly RateWindow[] = POSTHOG_RATE_LIMITS) {
    this.longestWindow = Math.max(0, ...windows.map((w) => w.windowMs));
  }

  /** Waits for a slot; call the returned function when the answer has arrived (or the request failed). */
  acquire(): Promise<Release> {
    return new Promise((resolve) => {
      this.waiting.push(() => resolve(this.releaser()));
      this.pump();
    });
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight--;
      this.done.push(Date.now());
      this.pump();
    };
  }

  private pump(): void {
    if (this.timer) return;
    for (;;) {
      if (this.waiting.length === 0) return;
      const wait = this.msUntilFree(Date.now());
      if (wait > 0) {
        // Infinity: every slot is held by a request still in flight, whose release pumps again. The timer is not
        // unref()'d: a request waiting for its turn must keep the process alive, or a script exits 0 mid-work.
        if (wait !== Infinity) {
          this.timer = setTimeout(() => {
            this.timer = undefined;
            this.pump();
          }, wait);
        }
        return;
      }
      this.inFlight++;
      this.waiting.shift()!();
    }
  }

  /** 0 when a request may start now; otherwise how long until the oldest counted request leaves a full window. */
  private msUntilFree(now: number): number {
    const stale = this.firstAfter(now - this.longestWindow);
    if (stale > 0) this.done.splice(0, stale);
    let wait = 0;
    for (const { limit, windowMs } of this.windows) {
      const first = this.firstAfter(now - windowMs);
      const recent = this.done.length - first;
      const used = recent + this.inFlight;
      if (used < limit) continue;
      // The slot frees when enough finished requests age out; in-flight ones cannot age out before they finish.
      const mustExpire = used - limit + 1;
      if (mustExpire > recent) return Infinity;
      wait = Math.max(wait, this.done[first + mustExpire - 1]! + windowMs - now + 1);
    }
    return wait;
  }

  /** Index of the first completion later than `time` (`done` is sorted: completions are appended as they happen). */
  private firstAfter(time: number): number {
    let low = 0;
    let high = this.done.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.done[mid]! <= time) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

/** One limiter per PostHog host and key for the whole process: the limit is per key, not per client object. */
const shared = new Map<string, RateLimiter>();

export function sharedLimiter(id: string, windows?: readonly RateWindow[]): RateLimiter {
  const key = windows ? `${id}|${JSON.stringify(windows)}` : id;
  let limiter = shared.get(key);
  if (!limiter) {
    limiter = new RateLimiter(windows);
    shared.set(key, limiter);
  }
  return limiter;
}
