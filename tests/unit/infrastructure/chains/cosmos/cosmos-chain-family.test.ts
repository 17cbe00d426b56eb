// @vitest-environment jsdom
/**
 * The cosmos wing against the demo's Keplr-style wallet (the devnet's real secp256k1 key): one
 * account per enabled chain, checked against the chain's bech32 prefix; ADR-036 signatures verify
 * with @cosmjs; refusals keep their kind; key changes and `disable` are followed.
 */
import { firstValueFrom, take, toArray } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { DevCosmosWallet, type CosmosWalletState } from '../../../../../demo/src/dev-wallet/cosmos/cosmos-wallet'
import type { ApprovalMode } from '../../../../../demo/src/dev-wallet/eip155/provider'
import { COSMOS_DEVNET_CAIP_NETWORK_ID, COSMOS_DEVNET_CHAIN_ID, DEVNET_COSMOS_ADDRESS, DEVNET_COSMOS_MNEMONIC } from '../../../../../devnet/src/chains/cosmos/network'
import type { CaipNetwork } from '../../../../../src/domain/entities'
import { OnDemandChainFamily } from '../../../../../src/infrastructure/chains/on-demand-chain-family'
import { cosmos } from '../../../../../src/infrastructure/chains/cosmos/wing'
import { verifyAdr36 } from '../../../../../src/infrastructure/chains/cosmos/siwx/cosmos-siwx-messenger'
import type { WalletEvent } from '../../../../../src/ports/chain-family'
import { UnsupportedTransferChainError } from '../../../../../src/ports/token-transfers'
import { RecordingLogger } from '../../../../fakes/recording-logger'

const network = (caipNetworkId: `cosmos:${string}`, name: string): CaipNetwork => ({
  id: caipNetworkId.slice('cosmos:'.length),
  caipNetworkId,
  chainNamespace: 'cosmos',
  name,
  nativeCurrency: { name: 'Atom', symbol: 'ATOM', decimals: 6 },
  rpcUrls: [],
})
const DEVNET = network(COSMOS_DEVNET_CAIP_NETWORK_ID as `cosmos:${string}`, 'Cosmos Devnet')
const HUB = network('cosmos:cosmoshub-4', 'Cosmos Hub')
/** The wallet derives it from the mnemonic: the devnet's constant must say the same. */
const ADDRESS = DEVNET_COSMOS_ADDRESS

function world(options: { mode?: ApprovalMode; state?: CosmosWalletState; chains?: Record<string, string> } = {}) {
  let mode: ApprovalMode = options.mode ?? 'approve'
  const asked: string[] = []
  const wallet = new DevCosmosWallet(
    {
      name: 'Devnet Wallet (Cosmos)',
      mnemonic: DEVNET_COSMOS_MNEMONIC,
      chains: options.chains ?? { [COSMOS_DEVNET_CHAIN_ID]: 'cosmos', 'cosmoshub-4': 'cosmos' },
      approver: { ask: (r) => (asked.push(r.method), Promise.resolve(true)), dismissAll: () => undefined },
      mode: () => mode,
      persist: () => undefined,
    },
    options.state ?? { enabled: [] },
  )
  const family = new OnDemandChainFamily(cosmos, [DEVNET, HUB], new RecordingLogger(), {
    root: () => ({ keplr: wallet, leap: { enable: 1 } }),
    keystore: window,
  })
  family.startDiscovery()
  return { family, wallet, asked, setMode: (m: ApprovalMode) => (mode = m) }
}

describe('CosmosChainFamily', () => {
  it('lists each Keplr-style wallet with enable and getKey, by its name', () => {
    expect(world().family.connectors.map((c) => [c.id, c.name, c.chain])).toEqual([['keplr', 'Devnet Wallet (Cosmos)', 'cosmos']])
  })

  it("connects on the first configured chain: that chain's one account, asked once", async () => {
    const { family, asked, wallet } = world({ mode: 'manual' })
    expect(await family.connect('keplr')).toEqual({ connectorId: 'keplr', namespace: 'cosmos', addresses: [ADDRESS], caipNetworkId: DEVNET.caipNetworkId })
    expect(asked).toEqual(['enable'])
    expect(wallet.enabledChains).toEqual([COSMOS_DEVNET_CHAIN_ID])
  })

  it('signs ADR-036: the signature verifies with @cosmjs for that message and signer only', async () => {
    const { family } = world()
    await family.connect('keplr')
    const signature = await family.signMessage('keplr', ADDRESS, 'Hello Walletgate')
    expect(await verifyAdr36(ADDRESS, 'Hello Walletgate', signature)).toBe(true)
    expect(await verifyAdr36(ADDRESS, 'Hello Walletgate!', signature)).toBe(false)
    expect(await verifyAdr36('cosmos1pkptre7fdkl6gfrzlesjjvhxhlc3r4gmmk8rs6', 'Hello Walletgate', signature)).toBe(false)
  })

  it('a declined enable or signature is `rejected`; one while another waits is `pending`', async () => {
    const { family, setMode } = world({ mode: 'reject' })
    await expect(family.connect('keplr')).rejects.toMatchObject({ kind: 'rejected' })
    setMode('approve')
    await family.connect('keplr')
    setMode('reject')
    await expect(family.signMessage('keplr', ADDRESS, 'no')).rejects.toMatchObject({ kind: 'rejected' })
    setMode('pending')
    await expect(family.signMessage('keplr', ADDRESS, 'no')).rejects.toMatchObject({ kind: 'pending' })
  })

  it("refuses a wallet answering another chain's address, naming that chain", async () => {
    const { family } = world({ chains: { [COSMOS_DEVNET_CHAIN_ID]: 'cosmos', 'cosmoshub-4': 'osmo' } })
    await family.connect('keplr')
    await expect(family.switchNetwork('keplr', HUB)).rejects.toMatchObject({
      kind: 'unknownNetwork',
      message: 'This address belongs to Osmosis, not Cosmos Hub',
    })
  })

  it('switching enables the next chain and reports it with its account', async () => {
    const { family, wallet } = world()
    await family.connect('keplr')
    const events = firstValueFrom(family.events$.pipe(take(2), toArray()))
    await family.switchNetwork('keplr', HUB)
    expect(await events).toEqual<WalletEvent[]>([
      { type: 'chainChanged', connectorId: 'keplr', caipNetworkId: HUB.caipNetworkId },
      { type: 'accountsChanged', connectorId: 'keplr', addresses: [ADDRESS] },
    ])
    expect(wallet.enabledChains).toEqual([COSMOS_DEVNET_CHAIN_ID, 'cosmoshub-4'])
  })

  it('reconnects silently on an allowed chain; a revoked site reports no account and does not reconnect', async () => {
    const { family, wallet } = world({ mode: 'reject', state: { enabled: [COSMOS_DEVNET_CHAIN_ID] } })
    expect((await family.reconnect('keplr'))?.addresses).toEqual([ADDRESS])
    const next = firstValueFrom(family.events$)
    wallet.revoke()
    expect(await next).toEqual({ type: 'accountsChanged', connectorId: 'keplr', addresses: [] })
    expect(await family.reconnect('keplr')).toBeNull()
  })

  it('disconnect asks the wallet to forget the chain', async () => {
    const { family, wallet } = world()
    await family.connect('keplr')
    await family.disconnect('keplr')
    expect(wallet.enabledChains).toEqual([])
  })

  it('has no transfers', async () => {
    const request = { chainId: DEVNET.caipNetworkId, from: ADDRESS, to: ADDRESS, amount: 1n } as never
    await expect(world().family.sendTransfer('keplr', request)).rejects.toBeInstanceOf(UnsupportedTransferChainError)
  })
})
