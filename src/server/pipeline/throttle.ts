/**
 * Per-key sliding-window throttling like DRF's SimpleRateThrottle as PostHog configures it (posthog/rate_limit.py
 * `BurstRateThrottle` and `SustainedRateThrottle`): burst 480/minute and sustained 4800/hour, keyed by the personal
 * API key; off unless enabled.
 */
import { throttled } from "../drf/errors";

export interface ThrottleSettings {
  enabled: boolean;
  /** Burst limit per minute (default 480). */
  perMinute?: number;
  /** Sustained limit per hour (default 4800). */
  perHour?: number;
  /** With perWindow: one custom window replacing both defaults (for tests, e.g. 20 per 1000 ms). */
  windowMs?: number;
  perWindow?: number;
}

interface Window {
  name: string;
  limit: number;
  durationMs: number;
}

export class Throttle {
  private settings: ThrottleSettings;
  /** key id → window name → timestamps, newest first (DRF keeps history this way). */
  private readonly history = new Map<string, Map<string, number[]>>();

  constructor(settings?: Partial<ThrottleSettings>) {
    this.settings = { enabled: false, ...settings };
  }

  configure(settings: ThrottleSettings): ThrottleSettings {
    this.settings = { ...settings };
    this.history.clear();
    return this.describe();
  }

  describe(): ThrottleSettings {
    return { ...this.settings };
  }

  clear(): void {
    this.history.clear();
  }

  private windows(): Window[] {
    const s = this.settings;
    if (s.windowMs !== undefined && s.perWindow !== undefined) return [{ name: "custom", limit: s.perWindow, durationMs: s.windowMs }];
    return [
      { name: "burst", limit: s.perMinute ?? 480, durationMs: 60_000 },
      { name: "sustained", limit: s.perHour ?? 4800, durationMs: 3_600_000 },
    ];
  }

  /** DRF check_throttles: every throttle records or fails; the longest wait wins. Throws 429. */
  check(keyId: string, now = Date.now()): void {
    if (!this.settings.enabled) return;
    let perKey = this.history.get(keyId);
    if (!perKey) {
      perKey = new Map();
      this.history.set(keyId, perKey);
    }
    const waits: number[] = [];
    for (const w of this.windows()) {
      const history = perKey.get(w.name) ?? [];
      while (history.length > 0 && history[history.length - 1] <= now - w.durationMs) history.pop();
      if (history.length >= w.limit) {
        const remaining = history.length > 0 ? w.durationMs - (now - history[history.length - 1]) : w.durationMs;
        const available = w.limit - history.length + 1;
        if (available > 0) waits.push(remaining / 1000 / available);
      } else {
        history.unshift(now);
      }
      perKey.set(w.name, history);
    }
    if (waits.length > 0) throw throttled(Math.max(...waits));
  }
}
