/**
 * Solana wallet errors onto the family-neutral kinds. The Wallet Standard fixes no error codes;
 * wallets use EIP-1193's (4001 declined, -32002 already pending, 4200 / -32601 unsupported) or only
 * words ("User rejected the request."), so both are read.
 */
import { WalletRequestError, type WalletErrorKind } from '../../../ports/chain-family'

const DECLINED_WORDS = /\b(user )?(rejected|declined|denied|cancell?ed)\b/i

export function solanaErrorKind(error: unknown): WalletErrorKind {
  const { code, message, name } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown
    message?: unknown
    name?: unknown
  }
  if (code === 4001) return 'rejected'
  if (code === -32002) return 'pending'
  if (code === 4200 || code === -32601) return 'unsupportedMethod'
  const words = `${typeof name === 'string' ? name : ''} ${typeof message === 'string' ? message : String(error)}`
  return DECLINED_WORDS.test(words) ? 'rejected' : 'failed'
}

/** Any thrown value as a WalletRequestError of the right kind, keeping the wallet's code and first line of words. */
export function toSolanaWalletError(error: unknown): WalletRequestError {
  if (error instanceof WalletRequestError) return error
  const raw = (error as { message?: unknown } | null)?.message
  const message = typeof raw === 'string' && raw !== '' ? (raw.split('\n')[0] ?? raw) : 'The wallet request failed'
  const code = (error as { code?: unknown } | null)?.code
  return new WalletRequestError(solanaErrorKind(error), message, {
    cause: error,
    ...(typeof code === 'number' || typeof code === 'string' ? { code } : {}),
  })
}
