/**
 * The wallet objects discovery found (a Wallet Standard wallet, a sats-connect provider) as
 * {@link BitcoinWallet}s: made when the wing first talks to a wallet, so the adapters load with the
 * session, not with discovery before the modal opens. The same adapter for the same wallet object.
 */
import type { WalletStandardWallet } from '../../../domain/chains/wallet-providers'
import { BITCOIN_CONNECT, type BitcoinWallet } from './bitcoin-wallet'
import { satsConnectBitcoin, type SatsConnectProvider } from './sats-connect-bitcoin'
import { walletStandardBitcoin } from './wallet-standard-bitcoin'

const adapters = new WeakMap<object, BitcoinWallet>()

/** The adapter of a discovered wallet object; undefined for anything else. */
export function bitcoinWalletOf(provider: unknown): BitcoinWallet | undefined {
  if (typeof provider !== 'object' || provider === null) return undefined
  let adapter = adapters.get(provider)
  if (adapter !== undefined) return adapter
  const features = (provider as { features?: Record<string, unknown> }).features
  if (features?.[BITCOIN_CONNECT] !== undefined) adapter = walletStandardBitcoin(provider as WalletStandardWallet)
  else if (typeof (provider as { request?: unknown }).request === 'function') adapter = satsConnectBitcoin(provider as SatsConnectProvider)
  else return undefined
  adapters.set(provider, adapter)
  return adapter
}
