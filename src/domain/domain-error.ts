/**
 * The base of every thrown condition of the error catalogue (src/domain/errors.ts): a literal
 * `name`, a stable `code` (its words are the catalogue's `error.<CODE>`), the values its words fill
 * in, and the English as `message` for logs and for code that reads errors as text.
 */
import type { FailureParams } from './failure'

export abstract class DomainError extends Error {
  abstract override readonly name: string
  abstract readonly code: string
  /** The values of the `{placeholders}` in its words, if any. */
  declare readonly params?: FailureParams

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError
}

/**
 * The host's code used Walletgate against its rules (a hook outside its provider, a modal used after
 * `destroy()`): said in English to the host's developer, never shown to a visitor.
 */
export class UsageError extends DomainError {
  override readonly name = 'UsageError'
  readonly code = 'USAGE'
}
