/**
 * One small interface of our own over the two ways Bitcoin wallets offer themselves to a page: the
 * Wallet Standard (`bitcoin:connect`, as @exodus/bitcoin-wallet-standard defines it, with the
 * `bitcoin:signMessage` feature wallets add) and the sats-connect provider API (`window.btc_providers`,
 * `request(method, params)` answering JSON-RPC). Neither covers everything, so the wing speaks only
 * to {@link BitcoinWallet} and each adapter maps its standard onto it. Types only, plus the error
 * mapping: loaded with discovery.
 */
import { WalletRequestError, type WalletErrorKind } from '../../../ports/chain-family'

/** The Wallet Standard feature a Bitcoin wallet registers with (`@exodus/bitcoin-wallet-standard`). */
export const BITCOIN_CONNECT = 'bitcoin:connect'

export type BitcoinAddressPurpose = 'payment' | 'ordinals'

export interface BitcoinWalletAddress {
  readonly address: string
  readonly purpose: BitcoinAddressPurpose
  /** Hex, when the wallet says. */
  readonly publicKey?: string
}

export interface BitcoinWallet {
  /** Which standard the wallet came through. */
  readonly kind: 'wallet-standard' | 'sats-connect'
  /** The wallet's own object, handed to the host by `getProvider('bip122')`. */
  readonly provider: unknown
  /**
   * The wallet's payment and (when it has one) ordinals addresses. `silent` never prompts: it
   * resolves [] when the site is not authorised.
   * @throws WalletRequestError
   */
  connect(options: { readonly silent: boolean }): Promise<BitcoinWalletAddress[]>
  /** Asks the wallet to forget the site where it can. Never rejects. */
  disconnect(): Promise<void>
  /**
   * A BIP-322 signature (base64) of `message` by `address`. BIP-322 is asked for explicitly:
   * sats-connect wallets default to legacy ECDSA message signing for segwit v0 addresses.
   * @throws WalletRequestError
   */
  signMessage(address: string, message: string): Promise<string>
  /** Follows account changes; returns the unsubscribe. */
  onAccountsChanged(listener: (addresses: BitcoinWalletAddress[]) => void): () => void
}

/**
 * sats-connect's error codes (`RpcErrorCode`): -32000 the person declined, -32001 not supported.
 * A request already waiting has no code the standards share (sats-connect's -32002 is "access
 * denied"), so only the wallet's words tell it.
 */
export function bitcoinErrorKind(error: unknown): WalletErrorKind {
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown }
  if (code === -32000 || code === 4001) return 'rejected'
  if (code === -32001 || code === -32601 || code === 4200) return 'unsupportedMethod'
  const words = typeof message === 'string' ? message : String(error)
  if (/\b(user )?(rejected|declined|denied|cancell?ed)\b/i.test(words)) return 'rejected'
  return /\b(already pending|pending request)\b/i.test(words) ? 'pending' : 'failed'
}

export function toBitcoinWalletError(error: unknown): WalletRequestError {
  if (error instanceof WalletRequestError) return error
  const raw = (error as { message?: unknown } | null)?.message
  const message = typeof raw === 'string' && raw !== '' ? (raw.split('\n')[0] ?? raw) : 'The wallet request failed'
  const code = (error as { code?: unknown } | null)?.code
  return new WalletRequestError(bitcoinErrorKind(error), message, {
    cause: error,
    ...(typeof code === 'number' || typeof code === 'string' ? { code } : {}),
  })
}

/** A purpose from the wallet's words, else from the address: taproot (`…1p…`) is the ordinals address. */
export function purposeOf(address: string, said: unknown): BitcoinAddressPurpose {
  if (said === 'payment' || said === 'ordinals') return said
  return /^(bc|tb|bcrt)1p/i.test(address) ? 'ordinals' : 'payment'
}
