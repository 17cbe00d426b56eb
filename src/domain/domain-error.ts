/** The base of every thrown condition of the error catalogue (src/domain/errors.ts). */

export abstract class DomainError extends Error {
  abstract override readonly name: string
  abstract readonly code: string

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError
}
