/**
 * A sats-connect provider (an entry of `window.btc_providers`, its object found at its dotted `id`
 * path, e.g. `XverseProviders.BitcoinProvider`) as a {@link BitcoinWallet}. Requests are
 * `request(method, params)` answering `{result}` or `{error: {code, message}}` (JSON-RPC):
 * `getAccounts` {purposes}, `wallet_getAccount` (no prompt once the site is permitted),
 * `wallet_renouncePermissions`, `signMessage` {address, message, protocol: 'BIP322'}.
 */
import { WalletRequestError } from '../../../ports/chain-family'
import { purposeOf, toBitcoinWalletError, type BitcoinWallet, type BitcoinWalletAddress } from './bitcoin-wallet'

export interface SatsConnectProvider {
  request(method: string, params?: unknown): Promise<unknown>
  addListener?(event: string, listener: (...args: unknown[]) => void): (() => void) | undefined
}

async function call<T>(provider: SatsConnectProvider, method: string, params?: unknown): Promise<T> {
  let answer: unknown
  try {
    answer = await provider.request(method, params)
  } catch (error) {
    throw toBitcoinWalletError(error)
  }
  const { result, error } = (answer ?? {}) as { result?: unknown; error?: unknown }
  if (error !== undefined && error !== null) throw toBitcoinWalletError(error)
  return result as T
}

function addressesOf(list: unknown): BitcoinWalletAddress[] {
  if (!Array.isArray(list)) return []
  return list.flatMap((a: unknown) => {
    const { address, purpose, publicKey } = (a ?? {}) as { address?: unknown; purpose?: unknown; publicKey?: unknown }
    if (typeof address !== 'string' || (purpose !== undefined && purpose !== 'payment' && purpose !== 'ordinals')) return []
    return [{ address, purpose: purposeOf(address, purpose), ...(typeof publicKey === 'string' ? { publicKey } : {}) }]
  })
}

export function satsConnectBitcoin(provider: SatsConnectProvider): BitcoinWallet {
  return {
    kind: 'sats-connect',
    provider,
    async connect({ silent }) {
      if (silent) {
        try {
          const account = await call<{ addresses?: unknown }>(provider, 'wallet_getAccount', null)
          return addressesOf(account?.addresses)
        } catch {
          return []
        }
      }
      return addressesOf(await call(provider, 'getAccounts', { purposes: ['payment', 'ordinals'] }))
    },
    async disconnect() {
      try {
        await call(provider, 'wallet_renouncePermissions', null)
      } catch {
        // An older wallet without it: the site simply stops using it.
      }
    },
    async signMessage(address, message) {
      const answer = await call<{ signature?: unknown }>(provider, 'signMessage', { address, message, protocol: 'BIP322' })
      if (typeof answer?.signature !== 'string') throw new WalletRequestError('failed', 'The wallet returned no signature')
      return answer.signature
    },
    onAccountsChanged(listener) {
      try {
        const off = provider.addListener?.('accountChange', (event: unknown) => {
          listener(addressesOf((event as { addresses?: unknown } | undefined)?.addresses))
        })
        return typeof off === 'function' ? off : () => undefined
      } catch {
        return () => undefined
      }
    },
  }
}
