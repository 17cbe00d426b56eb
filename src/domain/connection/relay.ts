/**
 * The WalletConnect relay as the visitor meets it: how long a pairing attempt waits for it, and
 * what is shown when it does not answer. The spec names no wait here; without one an unreachable
 * relay left "Preparing the QR code" on screen for ever.
 */
import { DomainError } from '../domain-error'

/**
 * How long a WalletConnect attempt waits on the relay: for a pairing's QR code (the first or a
 * fresh one) and for the link to come back after it dropped. Then the attempt ends unreachable.
 */
export const RELAY_WAIT_MS = 15_000

/** The relay did not answer within RELAY_WAIT_MS, or refused the pairing for a reason of its own. */
export class RelayUnreachableError extends DomainError {
  override readonly name = 'RelayUnreachableError' as const
  readonly code = 'RELAY_UNREACHABLE' as const
  constructor(options?: { cause?: unknown }) {
    super('The connection service cannot be reached. Check your internet connection, then try again.', options)
  }
}
