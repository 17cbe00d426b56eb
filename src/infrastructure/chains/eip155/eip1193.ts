/**
 * EIP-1193 requests and the wallet error codes of eip155 (EIP-1193 and JSON-RPC, spec section 9),
 * mapped onto the family-neutral kinds of the chain-family contract.
 */
import { RPC_ERROR_CODES } from '../../../domain/constants'
import type { Eip1193Provider } from '../../../domain/chains/wallet-providers'
import { WalletRequestError, type WalletErrorKind } from '../../../ports/chain-family'

/**
 * The numeric code of a wallet error, looking inside the wrappers wallets and viem add
 * (`data.originalError`, `cause`).
 */
export function walletErrorCode(error: unknown): number | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 10 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'number') return code
    const data = (current as { data?: { originalError?: unknown } }).data
    current = data?.originalError ?? (current as { cause?: unknown }).cause
  }
  return undefined
}

/** The family-neutral kind of an eip155 wallet error code. */
export function errorKindOf(code: number | undefined): WalletErrorKind {
  switch (code) {
    case RPC_ERROR_CODES.userRejectedRequest:
      return 'rejected'
    case RPC_ERROR_CODES.resourceUnavailable:
      return 'pending'
    case RPC_ERROR_CODES.unsupportedChain:
      return 'unknownNetwork'
    case RPC_ERROR_CODES.methodNotFound:
    case RPC_ERROR_CODES.methodNotSupported:
    case 4200: // EIP-1193 "unsupported method"
      return 'unsupportedMethod'
    default:
      return 'failed'
  }
}

/** The wallet's own words for an error: viem's short message, else the first line of its message. */
export function walletErrorMessage(error: unknown, fallback = 'The wallet request failed'): string {
  if (typeof error === 'object' && error !== null) {
    const short = (error as { shortMessage?: unknown }).shortMessage
    if (typeof short === 'string' && short !== '') return short
    const message = (error as { message?: unknown }).message
    if (typeof message === 'string' && message !== '') return message.split('\n')[0] ?? message
  }
  return typeof error === 'string' && error !== '' ? error : fallback
}

/** Any thrown value as a WalletRequestError of the right kind, keeping the wallet's code and words. */
export function toWalletRequestError(error: unknown): WalletRequestError {
  if (error instanceof WalletRequestError) return error
  const code = walletErrorCode(error)
  return new WalletRequestError(errorKindOf(code), walletErrorMessage(error), {
    cause: error,
    ...(code === undefined ? {} : { code }),
  })
}

/** One EIP-1193 request whose failure is a WalletRequestError. */
export async function request<T>(provider: Eip1193Provider, method: string, params?: unknown): Promise<T> {
  try {
    return (await provider.request(params === undefined ? { method } : { method, params })) as T
  } catch (error) {
    throw toWalletRequestError(error)
  }
}

export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function'
}
