import { failure, type Failure } from '../../domain/failure'
import { EmbeddedWalletRequestError } from '../../ports/embedded-wallet'

/**
 * A failure of the email login or update as its views show it: the wallet's own words (they come
 * from the wallet's service, which names the problem), with the code attempts left when it says.
 */
export function emailFailure(error: unknown): Failure {
  const reason = error instanceof Error ? error.message : String(error)
  const left = error instanceof EmbeddedWalletRequestError ? error.details.attemptsLeft : undefined
  if (left === undefined) return failure('email.reason', { reason })
  return failure(left === 1 ? 'email.reasonOneAttempt' : 'email.reasonAttempts', { reason, attempts: left })
}
