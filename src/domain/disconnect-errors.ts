/** Disconnect failures (spec section 8); re-exported by the catalogue (src/domain/errors.ts). */
import { DomainError } from './domain-error'

export class DisconnectChainError extends DomainError {
  override readonly name = 'DisconnectChainError' as const
  readonly code = 'DISCONNECT_CHAIN_FAILED' as const
  readonly chain: string
  constructor(chain: string, options?: { cause?: unknown }) {
    super(`Failed to disconnect chain ${chain}`, options)
    this.chain = chain
  }
}

export class DisconnectError extends DomainError {
  override readonly name = 'DisconnectError' as const
  readonly code = 'DISCONNECT_FAILED' as const
  constructor(options?: { cause?: unknown }) {
    super('Failed to disconnect', options)
  }
}
