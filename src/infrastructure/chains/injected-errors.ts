/**
 * Errors of wallets that inject a global object (Polkadot extensions, Keplr-style wallets) onto the
 * family-neutral kinds. They fix no codes: most throw an Error whose words say "Rejected",
 * "Request rejected" or "Cancelled"; some use EIP-1193's 4001 and -32002.
 */
import { WalletRequestError, type WalletErrorKind } from '../../ports/chain-family'

const DECLINED_WORDS = /\b(user )?(rejected|declined|denied|cancell?ed)\b/i
const PENDING_WORDS = /\b(already pending|pending request)\b/i

export function injectedErrorKind(error: unknown): WalletErrorKind {
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown }
  if (code === 4001) return 'rejected'
  if (code === -32002) return 'pending'
  const words = typeof message === 'string' ? message : String(error)
  if (DECLINED_WORDS.test(words)) return 'rejected'
  return PENDING_WORDS.test(words) ? 'pending' : 'failed'
}

/** Any thrown value as a WalletRequestError of the right kind, keeping the first line of the wallet's words. */
export function toInjectedWalletError(error: unknown): WalletRequestError {
  if (error instanceof WalletRequestError) return error
  const raw = (error as { message?: unknown } | null)?.message
  const message = typeof raw === 'string' && raw !== '' ? (raw.split('\n')[0] ?? raw) : 'The wallet request failed'
  const code = (error as { code?: unknown } | null)?.code
  return new WalletRequestError(injectedErrorKind(error), message, {
    cause: error,
    ...(typeof code === 'number' || typeof code === 'string' ? { code } : {}),
  })
}
