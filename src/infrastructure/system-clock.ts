import type { Clock } from '../ports/clock'

export class SystemClock implements Clock {
  now(): number {
    return Date.now()
  }
}
