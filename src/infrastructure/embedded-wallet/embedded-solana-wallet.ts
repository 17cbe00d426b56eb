/**
 * The embedded wallet's Solana account, shaped as a Wallet Standard wallet, so the Solana wing
 * treats it like any other Solana wallet (its AUTH row): connect (the signed-in user's account;
 * silent: a session the frame still holds), events (signing out empties the accounts), sign
 * message and sign transaction, each confirmed by the visitor inside the wallet's frame. The modal
 * sends a signed transaction over the network's RPC itself. Loaded with the embedded wallet, never
 * with the page.
 */
import type { WalletStandardWallet } from '../../domain/chains/wallet-providers'
import { base58Decode } from '../../domain/format/base58'
import { isSolanaAddress } from '../../domain/validation/addresses'
import { WalletRequestError } from '../../ports/chain-family'
import { standardAccounts } from '../chains/solana/standard-accounts'

/** What this wallet needs of the embedded wallet (FrameEmbeddedWallet gives it). */
export interface EmbeddedSolanaLink {
  /** The signed-in user; null once signed out (here or in the frame). */
  readonly user$: { subscribe(next: (user: unknown) => void): unknown }
  solanaAccount(options: { readonly silent: boolean }): Promise<string | null>
  signSolanaMessage(message: Uint8Array): Promise<Uint8Array>
  signSolanaTransaction(transaction: Uint8Array, chain: string): Promise<Uint8Array>
  /** Signs out (every family of the embedded wallet ends with it). */
  disconnect(): Promise<void>
}

type Account = WalletStandardWallet['accounts'][number]

const FEATURES = ['solana:signMessage', 'solana:signTransaction'] as const

const ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#4a4a5a"/>' +
      '<path d="M9 13h22v14H9z" fill="none" stroke="#fff" stroke-width="2"/><path d="m9 14 11 8 11-8" fill="none" stroke="#fff" stroke-width="2"/></svg>',
  )

/**
 * @param chains the configured Solana networks' CAIP-2 ids: the embedded key signs for any of them
 *   (a transaction names its network by its blockhash, not by an id).
 */
export function embeddedSolanaWallet(link: EmbeddedSolanaLink, chains: readonly string[]): WalletStandardWallet {
  const list = standardAccounts<Account>()
  link.user$.subscribe((user) => {
    if (user === null && list.current().length > 0) list.change([])
  })
  const mine = (account: Account): void => {
    if (!list.current().some((a) => a.address === account.address)) throw new WalletRequestError('failed', 'This account is not signed in to the embedded wallet')
  }

  return {
    version: '1.0.0',
    name: 'Email',
    icon: ICON,
    get chains() {
      return [...chains]
    },
    get accounts() {
      return list.current()
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          const address = await link.solanaAccount({ silent: input?.silent === true })
          const account = address !== null && isSolanaAddress(address) ? { address, publicKey: base58Decode(address), chains: [...chains], features: [...FEATURES] } : undefined
          list.change(account === undefined ? [] : [account])
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
            mine(account)
            outputs.push({ signedMessage: message, signature: await link.signSolanaMessage(message) })
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
            mine(account)
            outputs.push({ signedTransaction: await link.signSolanaTransaction(transaction, chain ?? account.chains[0] ?? chains[0] ?? 'solana:mainnet') })
          }
          return outputs
        },
      },
    },
  }
}
