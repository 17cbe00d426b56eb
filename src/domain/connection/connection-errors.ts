/**
 * The connection flow's failure of the catalogue (spec section 8), in a module of its own so the
 * flow's chunk does not bring the whole catalogue; re-exported by src/domain/errors.ts.
 */
import { DomainError } from '../domain-error'

export class ChainRequiredForConnectionClientError extends DomainError {
  override readonly name = 'ChainRequiredForConnectionClientError' as const
  readonly code = 'CHAIN_REQUIRED_FOR_CONNECTION_CLIENT' as const
  constructor(options?: { cause?: unknown }) {
    super('Chain is required to get connection controller client', options)
  }
}
