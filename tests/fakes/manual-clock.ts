import type { Clock } from '../../src/ports/clock'

/** A Clock that only moves when the test says so. */
export class ManualClock implements Clock {
  constructor(private nowMs = Date.UTC(2026, 0, 1)) {}

  now(): number {
    return this.nowMs
  }

  advance(ms: number): void {
    this.nowMs += ms
  }
}
