/**
 * Demo data generation status (`is_generating_demo_data`): a demo project generates data asynchronously for a
 * while after creation; the control surface can set the flag explicitly.
 */
import type { Store } from "../state/store";

export class DemoData {
  private readonly timers = new Map<number, NodeJS.Timeout>();

  constructor(private readonly store: Store, private readonly durationMs: number) {}

  /** Called when a demo project is created. */
  started(teamId: number): void {
    if (this.durationMs <= 0) return;
    this.set(teamId, true);
    const timer = setTimeout(() => {
      this.timers.delete(teamId);
      if (this.store.project(teamId)) this.store.setGeneratingDemoData(teamId, false);
    }, this.durationMs);
    timer.unref();
    this.timers.set(teamId, timer);
  }

  set(teamId: number, generating: boolean): void {
    this.cancel(teamId);
    this.store.setGeneratingDemoData(teamId, generating);
  }

  isGenerating(teamId: number): boolean {
    return this.store.isGeneratingDemoData(teamId);
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
