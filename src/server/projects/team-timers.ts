/** One pending background job per project (demo data, deferred deletion), that never keeps the process alive. */
export class TeamTimers {
  private readonly timers = new Map<number, NodeJS.Timeout>();

  /** Runs `job` for the project after `ms`, replacing any job already waiting for it. */
  schedule(teamId: number, ms: number, job: () => void): void {
    this.cancel(teamId);
    const timer = setTimeout(() => {
      this.timers.delete(teamId);
      job();
    }, ms);
    timer.unref();
    this.timers.set(teamId, timer);
  }

  cancel(teamId: number): void {
    const timer = this.timers.get(teamId);
    if (timer) clearTimeout(timer);
    this.timers.delete(teamId);
  }

  stopAll(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
