import type { Logger } from '../../ports/logger'

/** Logs through the console with a fixed prefix; debug output only when enabled. */
export class ConsoleLogger implements Logger {
  constructor(private readonly debugEnabled = false) {}

  debug(message: string, details?: unknown): void {
    if (this.debugEnabled) console.debug(`[walletgate] ${message}`, ...(details === undefined ? [] : [details]))
  }

  warn(message: string, details?: unknown): void {
    console.warn(`[walletgate] ${message}`, ...(details === undefined ? [] : [details]))
  }

  error(message: string, details?: unknown): void {
    console.error(`[walletgate] ${message}`, ...(details === undefined ? [] : [details]))
  }
}
