import { HOLDOUT_WATCH } from "../../src/kinds/feature-flag/kind";

/**
 * `action` with a flag's delete watching the holdouts on its experiments for 300 ms (every 50 ms) instead of
 * HOLDOUT_WATCH's: for a case whose holdout is kept past the flag's delete, where the whole watch ends the same way,
 * only later.
 */
export async function withShortHoldoutWatch<T>(action: () => Promise<T>): Promise<T> {
  const watch = { ...HOLDOUT_WATCH };
  Object.assign(HOLDOUT_WATCH, { forMs: 300, everyMs: 50 });
  try {
    return await action();
  } finally {
    Object.assign(HOLDOUT_WATCH, watch);
  }
}
