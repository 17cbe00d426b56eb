import type { ServiceIdentifier } from 'inversify'

/**
 * Where the modal reports what happened. Expected failures (a user rejecting a request, an
 * offline service) are `warn`; `error` is for bugs only.
 */
export interface Logger {
  /** MUST NOT throw. */
  debug(message: string, details?: unknown): void
  /** MUST NOT throw. */
  warn(message: string, details?: unknown): void
  /** MUST NOT throw. */
  error(message: string, details?: unknown): void
}
export const Logger = Symbol('Logger') as ServiceIdentifier<Logger>
