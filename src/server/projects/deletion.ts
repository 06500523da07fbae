/**
 * Deferred project deletion, as today's PostHog does it (posthog/api/project.py `ProjectViewSet.perform_destroy`):
 * DELETE marks the project `is_pending_deletion` and hands its data to a background workflow, which removes it
 * later. Until then the project is still read and listed. Here the background job is a timer: the project is
 * purged `purgeMs` after its DELETE (0 = at once, within the DELETE), or when the control surface says so.
 */
import type { Store } from "../state/store";
import type { DemoData } from "./demo-data";
import { TeamTimers } from "./team-timers";

export class DeletionQueue {
  private readonly timers = new TeamTimers();

  constructor(
    private readonly store: Store,
    private readonly demo: DemoData,
    private readonly purgeMs: number,
  ) {}

  /** Mark a project pending deletion and schedule its purge. */
  markPending(teamId: number): void {
    const p = this.store.project(teamId);
    if (!p) return;
    p.pendingDeletion = true;
    this.store.changed();
    this.schedule(teamId);
  }

  /** Schedule the purges of the projects a state file left pending (called at start). */
  resume(): void {
    for (const p of this.store.state.projects) if (p.pendingDeletion === true) this.schedule(p.id);
  }

  /** Remove every pending project now; returns their ids. */
  purgeAll(): number[] {
    const ids = this.store.state.projects.filter((p) => p.pendingDeletion === true).map((p) => p.id);
    for (const id of ids) this.purge(id);
    return ids;
  }

  /** Remove a project at once (pending or not), forgetting its scheduled purge. */
  purge(teamId: number): void {
    this.cancel(teamId);
    this.demo.cancel(teamId);
    this.store.removeProject(teamId);
  }

  cancel(teamId: number): void {
    this.timers.cancel(teamId);
  }

  stopAll(): void {
    this.timers.stopAll();
  }

  private schedule(teamId: number): void {
    this.cancel(teamId);
    if (this.purgeMs <= 0) {
      this.purge(teamId);
      return;
    }
    this.timers.schedule(teamId, this.purgeMs, () => {
      if (this.store.project(teamId)?.pendingDeletion === true) this.purge(teamId);
    });
  }
}
