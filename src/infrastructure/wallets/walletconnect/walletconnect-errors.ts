/**
 * How the adapter's parts turn what the SDK or a wallet raised into the errors the modal shows:
 * a wallet's answer keeps its code and its own words; the SDK's own text never reaches the screen.
 */
import { WalletRequestError } from '../../../ports/chain-family'

export class WalletConnectCancelledError extends Error {
  override readonly name = 'WalletConnectCancelledError' as const
  readonly code = 'WALLETCONNECT_CANCELLED' as const
  constructor() {
    super('The WalletConnect pairing was cancelled')
  }
}

/** The shown text when the SDK itself could not be loaded or started. */
export const WALLETCONNECT_LOAD_FAILED = 'WalletConnect could not be loaded'

/** WalletConnect's "user rejected" (a declined proposal; EIP-1193 calls it 4001). */
const WC_USER_REJECTED = 5000

export function errorCode(e: unknown): number | undefined {
  const code = (e as { code?: unknown } | undefined)?.code
  return typeof code === 'number' ? code : undefined
}

export function toWalletError(e: unknown): WalletRequestError {
  if (e instanceof WalletRequestError) return e
  const message = (e as { message?: unknown } | undefined)?.message
  const code = errorCode(e)
  return new WalletRequestError(code === WC_USER_REJECTED || code === 4001 ? 'rejected' : 'failed', typeof message === 'string' ? message : String(e), {
    cause: e,
    ...(code === undefined ? {} : { code }),
  })
}
