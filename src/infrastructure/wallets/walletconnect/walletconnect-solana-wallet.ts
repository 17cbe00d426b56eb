/**
 * A WalletConnect session's solana namespace, shaped as a Wallet Standard wallet, so the Solana wing
 * treats a phone wallet paired over WalletConnect like any other Solana wallet: connect (the
 * session's accounts; a pairing when there is none yet), silent reconnect (the stored session),
 * events (the session ending empties the accounts), sign message, sign transaction, sign and send.
 * Each feature is one WalletConnect request in the documented shapes (`solana_signMessage`:
 * `{ message: base58, pubkey }` -> `{ signature: base58 }`; `solana_signTransaction`:
 * `{ transaction: base64 }` -> `{ signature, transaction? }`; `solana_signAndSendTransaction`:
 * `{ transaction: base64 }` -> `{ signature }`). No SDK code here: the link does the requests.
 */
import type { WalletStandardWallet } from '../../../domain/chains/wallet-providers'
import { base58Decode, base58Encode } from '../../../domain/format/base58'
import { base64Decode, base64Encode } from '../../../domain/format/base64'
import { isSolanaAddress } from '../../../domain/validation/addresses'
import { WalletRequestError } from '../../../ports/chain-family'
import { WALLETCONNECT_CONNECTOR_ID } from '../../../domain/connection/connectors'
import { standardAccounts } from '../../chains/solana/standard-accounts'
import type { WalletConnectConnectors } from './walletconnect-connectors'

/** What the adapter needs of WalletConnect (WalletConnectConnectors gives it). */
export interface WalletConnectSolanaLink {
  /**
   * Whether a session is open, and its solana accounts (CAIP-10); with `restore`, a session stored
   * by an earlier page load is loaded first.
   */
  solanaAccounts(options: { restore: boolean }): Promise<{ readonly session: boolean; readonly accounts: readonly string[] }>
  /** Runs a pairing (the QR or deep link the Connect views show) until the wallet approves. */
  pair(): Promise<void>
  request<T>(caipNetworkId: string, method: string, params: Record<string, unknown>): Promise<T>
  disconnect(): Promise<void>
  /** Calls `listener` when the session ends (either side, or expiry). Returns the unsubscribe. */
  onSessionEnd(listener: () => void): () => void
}

type Account = WalletStandardWallet['accounts'][number]

const FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const

const ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#3b99fc"/>' +
      '<path d="M11 16c5-5 13-5 18 0l-2 2c-4-3.5-10-3.5-14 0zm-3 4 3 3 4-4 5 5 5-5 4 4 3-3-7-7-5 5-5-5z" fill="#fff"/></svg>',
  )

function toAccounts(caip10: readonly string[]): Account[] {
  const byAddress = new Map<string, { address: string; chains: string[] }>()
  for (const entry of caip10) {
    const parts = entry.split(':')
    const address = parts[2]
    if (parts.length !== 3 || parts[0] !== 'solana' || address === undefined || !isSolanaAddress(address)) continue
    const chain = `${parts[0]}:${parts[1] ?? ''}`
    const known = byAddress.get(address) ?? { address, chains: [] }
    if (!known.chains.includes(chain)) known.chains.push(chain)
    byAddress.set(address, known)
  }
  return [...byAddress.values()].map(({ address, chains }) => ({
    address,
    publicKey: base58Decode(address),
    chains,
    features: [...FEATURES],
  }))
}

/**
 * A wallet that answers `solana_signTransaction` with the signature alone: it goes into the
 * transaction's first signature slot (the fee payer, which is the signing account for the
 * transfers the modal builds). More than one required signature cannot be placed that way.
 */
function withSignature(transaction: Uint8Array, signature: Uint8Array): Uint8Array {
  const count = transaction[0] ?? 0
  if (count !== 1 || signature.length !== 64 || transaction.length < 65) {
    throw new WalletRequestError('failed', 'The wallet returned a signature that cannot be placed in the transaction')
  }
  const signed = Uint8Array.from(transaction)
  signed.set(signature, 1)
  return signed
}

export function walletConnectSolanaWallet(link: WalletConnectSolanaLink): WalletStandardWallet {
  const list = standardAccounts<Account>()
  link.onSessionEnd(() => {
    if (list.current().length > 0) list.change([])
  })
  const chainOf = (account: Account, chain?: string) => chain ?? account.chains[0] ?? ''

  const wallet: WalletStandardWallet = {
    version: '1.0.0',
    name: 'WalletConnect',
    icon: ICON,
    get chains() {
      return [...new Set(list.current().flatMap((a) => a.chains))]
    },
    get accounts() {
      return list.current()
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          const current = await link.solanaAccounts({ restore: true })
          let found = toAccounts(current.accounts)
          // Pair only without a session: a session the wallet opened for other families alone is
          // kept (a new pairing would replace it), and this family simply gets no account.
          if (!current.session && input?.silent !== true) {
            await link.pair()
            found = toAccounts((await link.solanaAccounts({ restore: false })).accounts)
          }
          list.change(found)
          return { accounts: list.current() }
        },
      },
      'standard:disconnect': list.disconnect(() => link.disconnect()),
      'standard:events': list.events,
      'solana:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: { account: Account; message: Uint8Array }[]) {
          const outputs = []
          for (const { account, message } of inputs) {
            const { signature } = await link.request<{ signature: string }>(chainOf(account), 'solana_signMessage', {
              message: base58Encode(message),
              pubkey: account.address,
            })
            outputs.push({ signedMessage: message, signature: base58Decode(signature) })
          }
          return outputs
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signTransaction(...inputs: { account: Account; transaction: Uint8Array; chain?: string }[]) {
          const outputs = []
          for (const { account, transaction, chain } of inputs) {
            const answer = await link.request<{ signature?: string; transaction?: string }>(chainOf(account, chain), 'solana_signTransaction', {
              transaction: base64Encode(transaction),
            })
            if (typeof answer.transaction === 'string') outputs.push({ signedTransaction: base64Decode(answer.transaction) })
            else if (typeof answer.signature === 'string') outputs.push({ signedTransaction: withSignature(transaction, base58Decode(answer.signature)) })
            else throw new WalletRequestError('failed', 'The wallet returned no signed transaction')
          }
          return outputs
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signAndSendTransaction(...inputs: { account: Account; transaction: Uint8Array; chain: string }[]) {
          const outputs = []
          for (const { account, transaction, chain } of inputs) {
            const { signature } = await link.request<{ signature: string }>(chainOf(account, chain), 'solana_signAndSendTransaction', {
              transaction: base64Encode(transaction),
            })
            outputs.push({ signature: base58Decode(signature) })
          }
          return outputs
        },
      },
    },
  }
  return wallet
}

/** The link over the modal's WalletConnect connectors: the same session and pairing the EVM side uses. */
export function linkOf(connectors: Pick<WalletConnectConnectors, 'loadAdapter' | 'connect' | 'disconnect' | 'events$'>): WalletConnectSolanaLink {
  return {
    async solanaAccounts({ restore }) {
      const adapter = await connectors.loadAdapter()
      // restore() loads the SDK and answers the session it holds, stored or just paired.
      const session = restore ? (await adapter.restore()) !== null : adapter.accountsIn('eip155').length + adapter.accountsIn('solana').length > 0
      return { session, accounts: adapter.accountsIn('solana') }
    },
    async pair() {
      await connectors.connect(WALLETCONNECT_CONNECTOR_ID)
    },
    async request<T>(caipNetworkId: string, method: string, params: Record<string, unknown>) {
      return (await connectors.loadAdapter()).requestIn<T>(caipNetworkId, method, params)
    },
    disconnect: () => connectors.disconnect(WALLETCONNECT_CONNECTOR_ID),
    onSessionEnd(listener) {
      const subscription = connectors.events$.subscribe((event) => {
        if (event.type === 'disconnect') listener()
      })
      return () => subscription.unsubscribe()
    },
  }
}
