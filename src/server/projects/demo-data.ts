/**
 * Demo data generation status (`is_generating_demo_data`): a demo project generates data asynchronously for a
 * while after creation; the control surface can set the flag explicitly.
 */
import type { Store } from "../state/store";
import { TeamTimers } from "./team-timers";

export class DemoData {
  private readonly timers = new TeamTimers();

  constructor(
    private readonly store: Store,
    private readonly durationMs: number,
  ) {}

  /** Called when a demo project is created. */
  started(teamId: number): void {
    if (this.durationMs <= 0) return;
    this.set(teamId, true);
    this.timers.schedule(teamId, this.durationMs, () => {
      if (this.store.project(teamId)) this.store.setGeneratingDemoData(teamId, false);
    });
  }

  set(teamId: number, generating: boolean): void {
    this.cancel(teamId);
    this.store.setGeneratingDemoData(teamId, generating);
  }

  isGenerating(teamId: number): boolean {
    return this.store.isGeneratingDemoData(teamId);
  }

  cancel(teamId: number): void {
    this.timers.cancel(teamId);
  }

  stopAll(): void {
    this.timers.stopAll();
  }
}
