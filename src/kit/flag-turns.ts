/**
 * Updates that make PostHog save feature flags other than their own object take turns with the flags' own updates, in
 * one provider host. PostHog saves a flag whole (a Django model's `save()` writes every column): an experiment
 * holdout's update saves each of its experiments' flags from a read of its own, with the holdout's groups written
 * into their filters (ExperimentHoldoutViewSet.perform_update, ee/clickhouse/views/experiment_holdouts.py in
 * 2025-08-04; products/experiments/backend/ today), and a flag's PATCH saves the flag from the read its request made.
 * Two at once, the later save puts back what the earlier one's read saw: measured on the real 2025-08-04 backend, a
 * flag activated beside its experiment's holdout change lost the holdout's groups in about one run in four. Nothing
 * orders the two in a program (the flag does not depend on the holdout), so the host does: flags' own updates run side
 * by side, each update that saves other objects' flags alone, with none of them in flight.
 */

/** How a kind's updates write flags: its own object's (a flag), or other objects' flags (a holdout). */
export type FlagWrites = "own" | "others";

/** A readers-writer turn: `own` writes share it, an `others` write has it alone; a waiting `others` write goes next. */
class FlagTurns {
  private own = 0;
  private others = false;
  private readonly waiting: Array<{ kind: FlagWrites; start: () => void }> = [];

  async run<T>(kind: FlagWrites, write: () => Promise<T>): Promise<T> {
    await this.turn(kind);
    try {
      return await write();
    } finally {
      if (kind === "own") this.own--;
      else this.others = false;
      this.next();
    }
  }

  private turn(kind: FlagWrites): Promise<void> {
    if (this.waiting.length === 0 && this.free(kind)) {
      this.take(kind);
      return Promise.resolve();
    }
    return new Promise((start) => this.waiting.push({ kind, start }));
  }

  private free(kind: FlagWrites): boolean {
    return !this.others && (kind === "own" || this.own === 0);
  }

  private take(kind: FlagWrites): void {
    if (kind === "own") this.own++;
    else this.others = true;
  }

  /** Starts the waiting writes in the order they came, as many as may run together. */
  private next(): void {
    while (this.waiting.length > 0 && this.free(this.waiting[0]!.kind)) {
      const { kind, start } = this.waiting.shift()!;
      this.take(kind);
      start();
    }
  }
}

const turns = new FlagTurns();

/** `write` in its turn when the kind writes flags (FlagWrites), else at once. */
export function inFlagTurn<T>(kind: FlagWrites | undefined, write: () => Promise<T>): Promise<T> {
  return kind === undefined ? write() : turns.run(kind, write);
}
