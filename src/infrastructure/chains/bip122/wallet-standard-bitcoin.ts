/**
 * A Wallet Standard Bitcoin wallet as a {@link BitcoinWallet}: `bitcoin:connect` ({purposes} →
 * {accounts}), `standard:disconnect`, `standard:events` and `bitcoin:signMessage` ({account,
 * message, protocol} → [{signedMessage, signature}], the signature as the BIP-322 witness bytes or
 * their base64 text).
 */
import type { WalletStandardWallet } from '../../../domain/chains/wallet-providers'
import { WalletRequestError } from '../../../ports/chain-family'
import { BITCOIN_CONNECT, purposeOf, toBitcoinWalletError, type BitcoinWallet, type BitcoinWalletAddress } from './bitcoin-wallet'


export { BITCOIN_CONNECT }
export const BITCOIN_SIGN_MESSAGE = 'bitcoin:signMessage'

type StandardAccount = WalletStandardWallet['accounts'][number] & { readonly purpose?: unknown }

interface ConnectFeature {
  connect(input: { purposes: readonly string[]; silent?: boolean }): Promise<{ readonly accounts: readonly StandardAccount[] }>
}
interface SignMessageFeature {
  signMessage(
    ...inputs: { account: StandardAccount; message: Uint8Array; protocol?: string }[]
  ): Promise<readonly { readonly signature: Uint8Array | string }[]>
}

function feature<T>(wallet: WalletStandardWallet, name: string): T | undefined {
  try {
    const value = wallet.features[name]
    return typeof value === 'object' && value !== null ? (value as T) : undefined
  } catch {
    return undefined
  }
}

const hex = (bytes: Uint8Array | undefined): string | undefined =>
  bytes instanceof Uint8Array ? Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('') : undefined

function addressesOf(accounts: unknown): BitcoinWalletAddress[] {
  if (!Array.isArray(accounts)) return []
  return accounts.flatMap((a: unknown) => {
    const { address, purpose, publicKey } = (a ?? {}) as { address?: unknown; purpose?: unknown; publicKey?: Uint8Array }
    if (typeof address !== 'string') return []
    const key = hex(publicKey)
    return [{ address, purpose: purposeOf(address, purpose), ...(key ? { publicKey: key } : {}) }]
  })
}

function base64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

export function walletStandardBitcoin(wallet: WalletStandardWallet): BitcoinWallet {
  return {
    kind: 'wallet-standard',
    provider: wallet,
    async connect({ silent }) {
      const connect = feature<ConnectFeature>(wallet, BITCOIN_CONNECT)
      if (connect === undefined) throw new WalletRequestError('unsupportedMethod', 'The wallet cannot connect to Bitcoin')
      // A silent reconnect never calls connect (a wallet may prompt for it): the accounts the wallet
      // already shares with the site are the answer.
      if (silent) return addressesOf(wallet.accounts)
      try {
        return addressesOf((await connect.connect({ purposes: ['payment', 'ordinals'] })).accounts)
      } catch (error) {
        throw toBitcoinWalletError(error)
      }
    },
    async disconnect() {
      try {
        await feature<{ disconnect(): Promise<void> }>(wallet, 'standard:disconnect')?.disconnect()
      } catch {
        // The modal's disconnect never waits on a refusal.
      }
    },
    async signMessage(address, message) {
      const sign = feature<SignMessageFeature>(wallet, BITCOIN_SIGN_MESSAGE)
      if (sign === undefined) throw new WalletRequestError('unsupportedMethod', 'The wallet cannot sign messages')
      const account = wallet.accounts.find((a) => a.address === address)
      if (account === undefined) throw new WalletRequestError('failed', 'The wallet has no such account')
      let outputs: Awaited<ReturnType<SignMessageFeature['signMessage']>>
      try {
        outputs = await sign.signMessage({ account, message: new TextEncoder().encode(message), protocol: 'BIP322' })
      } catch (error) {
        throw toBitcoinWalletError(error)
      }
      const signature = outputs[0]?.signature
      if (signature === undefined) throw new WalletRequestError('failed', 'The wallet returned no signature')
      return typeof signature === 'string' ? signature : base64(signature)
    },
    onAccountsChanged(listener) {
      const events = feature<{ on(event: 'change', cb: (p: { accounts?: unknown }) => void): () => void }>(wallet, 'standard:events')
      if (events === undefined) return () => undefined
      return events.on('change', ({ accounts }) => {
        if (accounts !== undefined) listener(addressesOf(accounts))
      })
    },
  }
}
