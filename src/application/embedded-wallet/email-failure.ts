import { isDomainError } from '../../domain/domain-error'
import { failure, failureOf, type Failure } from '../../domain/failure'
import { EmbeddedWalletRequestError } from '../../ports/embedded-wallet'

/**
 * A failure of the email login or update as its views show it: the wallet's own words (they come
 * from the wallet's service, which names the problem), with the code attempts left when it says.
 * Words of the spec's catalogue (its cause) are shown by their code, so in the visitor's language.
 */
export function emailFailure(error: unknown): Failure {
  const reason = error instanceof Error ? error.message : String(error)
  const wallet = error instanceof EmbeddedWalletRequestError ? error : undefined
  const left = wallet?.details.attemptsLeft
  if (left === undefined) return isDomainError(wallet?.cause) ? failureOf(wallet.cause) : failure('email.reason', { reason })
  return failure(left === 1 ? 'email.reasonOneAttempt' : 'email.reasonAttempts', { reason, attempts: left })
}
