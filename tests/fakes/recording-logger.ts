import type { Logger } from '../../src/ports/logger'

/** A Logger that keeps what it was told, for assertions. */
export class RecordingLogger implements Logger {
  readonly warnings: string[] = []
  readonly errors: string[] = []
  debug(): void {}
  warn(message: string): void {
    this.warnings.push(message)
  }
  error(message: string): void {
    this.errors.push(message)
  }
}
