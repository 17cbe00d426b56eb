/**
 * Bundled into a page by chain-family.browser.test.ts: the contract's cases over the real solana
 * wing (SolanaChainFamily over this page's Wallet Standard registry, its session and web3.js
 * transfers) and the demo's Devnet Wallet, Solana side: a Wallet Standard wallet that registers
 * itself, signs with keys the test funded on the contract devnet's Solana chain and sends there.
 * The page's RPC calls go to its own origin, forwarded by the test. The wallet names a second
 * cluster (Solana's public devnet) so the site has a network to move to; it has no network of its
 * own to move.
 */
import { DevSolanaWallet, registerWallet } from '../../../../demo/src/dev-wallet/solana/solana-wallet'
import { SOLANA_DEVNET_CAIP_NETWORK_ID } from '../../../../devnet/src/chains/solana/network'
import { base58Encode } from '../../../../src/domain/format/base58'
import { SolanaChainFamily } from '../../../../src/infrastructure/chains/solana/solana-chain-family'
import { RecordingLogger } from '../../../fakes/recording-logger'
import { ICON, contractWallet, networkOf, scriptedPerson, serveCases, verifyInNode } from './runner'

export interface SolanaSetup {
  /** Two base58 secret keys funded on the devnet's Solana chain: the wallet's accounts (the second for accountsChanged). */
  readonly secretKeys: readonly string[]
  /** An account that already holds lamports (a transfer to a new account must cover its rent). */
  readonly receiver: string
}


const RDNS = 'dev.walletgate.devnet'
const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 }
/** Solana's public devnet cluster, which wallets name `solana:devnet`. */
const PUBLIC_DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

/** The Devnet Wallet's Solana side, naming the public devnet cluster beside the contract devnet's chain. */
class TwoClusterWallet extends DevSolanaWallet {
  override get chains(): readonly `${string}:${string}`[] {
    return [SOLANA_DEVNET_CAIP_NETWORK_ID as `solana:${string}`, 'solana:devnet']
  }
}

serveCases((setup: SolanaSetup) => {
  const home = networkOf(SOLANA_DEVNET_CAIP_NETWORK_ID as `solana:${string}`, 'Solana Devnet', SOL, [`${location.origin}/rpc/solana`])
  const away = networkOf(PUBLIC_DEVNET, 'Solana public devnet', SOL)
  const person = scriptedPerson()
  const wallet = new TwoClusterWallet(
    {
      name: 'Devnet Wallet',
      icon: ICON,
      rdns: RDNS,
      chain: SOLANA_DEVNET_CAIP_NETWORK_ID,
      rpcUrl: home.rpcUrls[0]!,
      secretKeys: setup.secretKeys,
      ...person.gate,
    },
    { authorized: false, accountIndex: 0 },
  )
  // As an extension does when it loads: nobody listens yet.
  registerWallet(wallet)

  return {
    family: new SolanaChainFamily([home, away], new RecordingLogger()),
    wallet: contractWallet(person, {
      id: RDNS,
      announce: () => registerWallet(wallet),
      changeAccount() {
        wallet.useAccount(1)
        return wallet.address
      },
      requests: () => wallet.log.length,
    }),
    home,
    away,
    foreignChainId: 'eip155:1',
    receiver: setup.receiver,
    unseenHash: base58Encode(new Uint8Array(64).fill(7)),
    verify: verifyInNode,
  }
})
