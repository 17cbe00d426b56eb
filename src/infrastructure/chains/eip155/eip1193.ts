/**
 * EIP-1193 requests and the wallet error codes of eip155 (EIP-1193 and JSON-RPC, spec section 9),
 * mapped onto the family-neutral kinds of the chain-family contract.
 */
import { RPC_ERROR_CODES } from '../../../domain/constants'
import type { Eip1193Provider } from '../../../domain/chains/wallet-providers'
import { WalletRequestError, type WalletErrorKind } from '../../../ports/chain-family'

/**
 * A wallet error and the errors it wraps, outermost first: the wrappers wallets and viem add
 * (`data.originalError`, `cause`), at most 10 deep. The one walker of wallet error chains.
 */
export function* causeChain(error: unknown): Generator<object> {
  let current: unknown = error
  for (let depth = 0; depth < 10 && typeof current === 'object' && current !== null; depth++) {
    yield current
    const data = (current as { data?: { originalError?: unknown } }).data
    current = data?.originalError ?? (current as { cause?: unknown }).cause
  }
}

/** The first numeric code in a wallet error's chain. */
export function walletErrorCode(error: unknown): number | undefined {
  for (const link of causeChain(error)) {
    const code = (link as { code?: unknown }).code
    if (typeof code === 'number') return code
  }
  return undefined
}

/** Whether `code` appears anywhere in a wallet error's chain (viem puts its own codes on the outer wrappers). */
export function hasWalletErrorCode(error: unknown, code: number): boolean {
  for (const link of causeChain(error)) if ((link as { code?: unknown }).code === code) return true
  return false
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
