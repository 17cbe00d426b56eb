/**
 * The polkadot wing against the demo's Polkadot extension (the devnet's real test keys): the
 * extension is listed with its name, enabling asks once, accounts come in the network's SS58
 * format, signatures verify with @polkadot/util-crypto (sr25519 and ed25519), refusals keep their kind.
 */
import { cryptoWaitReady, decodeAddress, encodeAddress, signatureVerify } from '@polkadot/util-crypto'
import { firstValueFrom, toArray, take } from 'rxjs'
import { beforeAll, describe, expect, it } from 'vitest'
import { DevPolkadotExtension, type PolkadotWalletState } from '../../../../../demo/src/dev-wallet/polkadot/polkadot-wallet'
import type { ApprovalMode } from '../../../../../demo/src/dev-wallet/eip155/provider'
import { DEVNET_POLKADOT_ACCOUNTS, POLKADOT_DEVNET_CAIP_NETWORK_ID } from '../../../../../devnet/src/chains/polkadot/network'
import type { CaipNetwork } from '../../../../../src/domain/entities'
import { OnDemandChainFamily } from '../../../../../src/infrastructure/chains/on-demand-chain-family'
import { polkadot } from '../../../../../src/infrastructure/chains/polkadot/wing'
import { WalletRequestError, type WalletEvent } from '../../../../../src/ports/chain-family'
import { UnsupportedTransferChainError } from '../../../../../src/ports/token-transfers'
import { RecordingLogger } from '../../../../fakes/recording-logger'

const network = (caipNetworkId: `polkadot:${string}`, name: string): CaipNetwork => ({
  id: caipNetworkId.slice('polkadot:'.length),
  caipNetworkId,
  chainNamespace: 'polkadot',
  name,
  nativeCurrency: { name: 'DOT', symbol: 'DOT', decimals: 10 },
  rpcUrls: [],
})
const DEVNET = network(POLKADOT_DEVNET_CAIP_NETWORK_ID as `polkadot:${string}`, 'Polkadot Devnet')
const POLKADOT = network('polkadot:91b171bb158e2d3848fa23a9f1c25182', 'Polkadot')
const ALICE_GENERIC = DEVNET_POLKADOT_ACCOUNTS[0]!.address
const ALICE_POLKADOT = encodeAddress(decodeAddress(ALICE_GENERIC), 0)

function world(options: { mode?: ApprovalMode; state?: PolkadotWalletState } = {}) {
  let mode: ApprovalMode = options.mode ?? 'approve'
  const asked: string[] = []
  const extension = new DevPolkadotExtension(
    {
      name: 'Devnet Wallet (Polkadot)',
      accounts: DEVNET_POLKADOT_ACCOUNTS,
      approver: { ask: (r) => (asked.push(r.method), Promise.resolve(true)), dismissAll: () => undefined },
      mode: () => mode,
      persist: () => undefined,
    },
    options.state ?? { authorized: false },
  )
  const family = new OnDemandChainFamily(polkadot, [DEVNET, POLKADOT], new RecordingLogger(), {
    appName: 'Walletgate test',
    root: () => ({ injectedWeb3: { 'devnet-polkadot': extension, broken: { version: '1' } } }),
  })
  family.startDiscovery()
  return { family, extension, asked, setMode: (m: ApprovalMode) => (mode = m) }
}

beforeAll(() => cryptoWaitReady())

describe('PolkadotChainFamily', () => {
  it('lists each extension that can be enabled, by its name', () => {
    const { family } = world()
    expect(family.connectors.map((c) => [c.id, c.name, c.chain, c.type])).toEqual([
      ['devnet-polkadot', 'Devnet Wallet (Polkadot)', 'polkadot', 'INJECTED'],
    ])
  })

  it('connects once asked: every signing account, in the network format, the first chosen', async () => {
    const { family, asked } = world({ mode: 'manual' })
    const account = await family.connect('devnet-polkadot')
    expect(asked).toEqual(['enable'])
    expect(account).toMatchObject({ namespace: 'polkadot', caipNetworkId: DEVNET.caipNetworkId })
    // The wallet derives each address from its seed: the devnet's list says the same.
    expect(account.addresses).toEqual(DEVNET_POLKADOT_ACCOUNTS.map((a) => a.address))
  })

  it("lists the accounts with the extension's names; choosing another makes it the address in use without asking the wallet, the list keeping its order", async () => {
    const { family, asked } = world({ mode: 'manual' })
    const events: WalletEvent[] = []
    family.events$.subscribe((e) => events.push(e))
    const account = await family.connect('devnet-polkadot')
    expect(account.accounts).toEqual(DEVNET_POLKADOT_ACCOUNTS.map((a) => ({ address: a.address, name: a.name })))
    const bob = DEVNET_POLKADOT_ACCOUNTS[1]!.address
    const chosen = await family.chooseAddress('devnet-polkadot', bob)
    expect(chosen.addresses[0]).toBe(bob)
    // The named accounts keep the extension's order: the chips do not move when one is chosen.
    expect(chosen.accounts).toEqual(account.accounts)
    expect(events).toContainEqual({ type: 'accountsChanged', connectorId: 'devnet-polkadot', addresses: chosen.addresses })
    expect(asked).toEqual(['enable'])
    await expect(family.chooseAddress('devnet-polkadot', ALICE_POLKADOT)).rejects.toMatchObject({ kind: 'failed' })
  })

  it('signs with signRaw; the signature verifies for sr25519 and ed25519 accounts, and not for another message', async () => {
    const { family } = world()
    const { addresses } = await family.connect('devnet-polkadot')
    for (const [address, crypto] of [
      [addresses[0]!, 'sr25519'],
      [addresses[2]!, 'ed25519'],
    ] as const) {
      const signature = await family.signMessage('devnet-polkadot', address, 'Hello Walletgate')
      const verified = signatureVerify('Hello Walletgate', signature, address)
      expect(verified).toMatchObject({ isValid: true, crypto })
      expect(signatureVerify('Hello Walletgate!', signature, address).isValid).toBe(false)
    }
  })

  it('a declined enable or signature is `rejected`; a second prompt while one waits is `pending`', async () => {
    const { family, setMode } = world({ mode: 'reject' })
    await expect(family.connect('devnet-polkadot')).rejects.toMatchObject({ kind: 'rejected' })
    setMode('approve')
    const { addresses } = await family.connect('devnet-polkadot')
    setMode('reject')
    const declined = family.signMessage('devnet-polkadot', addresses[0]!, 'no')
    await expect(declined).rejects.toBeInstanceOf(WalletRequestError)
    await expect(declined).rejects.toMatchObject({ kind: 'rejected' })
    setMode('pending')
    await expect(family.signMessage('devnet-polkadot', addresses[0]!, 'no')).rejects.toMatchObject({ kind: 'pending' })
  })

  it('reconnects silently where the site is allowed, and not after the wallet forgot it', async () => {
    const allowed = world({ mode: 'reject', state: { authorized: true } })
    expect((await allowed.family.reconnect('devnet-polkadot'))?.addresses[0]).toBe(ALICE_GENERIC)
    allowed.extension.revoke()
    expect(await allowed.family.reconnect('devnet-polkadot')).toBeNull()
    expect(await world().family.reconnect('missing')).toBeNull()
  })

  it('switching to Polkadot shows the same keys in its format and reports the change', async () => {
    const { family } = world()
    await family.connect('devnet-polkadot')
    const events = firstValueFrom(family.events$.pipe(take(2), toArray()))
    await family.switchNetwork('devnet-polkadot', POLKADOT)
    const [chain, accounts] = (await events) as [WalletEvent, WalletEvent]
    expect(chain).toEqual({ type: 'chainChanged', connectorId: 'devnet-polkadot', caipNetworkId: POLKADOT.caipNetworkId })
    expect(accounts).toMatchObject({ type: 'accountsChanged', addresses: [ALICE_POLKADOT, expect.any(String), expect.any(String)] })
    const signature = await family.signMessage('devnet-polkadot', ALICE_POLKADOT, 'on Polkadot')
    expect(signatureVerify('on Polkadot', signature, ALICE_POLKADOT).isValid).toBe(true)
  })

  it('a revoked site gets an empty account list as an event', async () => {
    const { family, extension } = world()
    await family.connect('devnet-polkadot')
    const next = firstValueFrom(family.events$)
    extension.revoke()
    expect(await next).toEqual({ type: 'accountsChanged', connectorId: 'devnet-polkadot', addresses: [] })
  })

  it('reports account changes only: not the accounts as they were, nor what a subscription it ended still says', async () => {
    // An extension whose subscription answers when told to: at once with the accounts as they are
    // (as extensions do), and possibly once more after the site unsubscribed (a message in flight).
    const shared = DEVNET_POLKADOT_ACCOUNTS.map(({ address, name, type }) => ({ address, name, type }))
    const listeners: ((accounts: typeof shared) => void)[] = []
    const extension = {
      enable: () =>
        Promise.resolve({
          accounts: { get: () => Promise.resolve(shared), subscribe: (listener: (accounts: typeof shared) => void) => (listeners.push(listener), () => undefined) },
          signer: {},
        }),
    }
    const family = new OnDemandChainFamily(polkadot, [DEVNET], new RecordingLogger(), { root: () => ({ injectedWeb3: { scripted: extension } }) })
    family.startDiscovery()
    const events: WalletEvent[] = []
    family.events$.subscribe((e) => events.push(e))
    await family.connect('scripted')
    const tell = (accounts: typeof shared) => listeners.at(-1)?.(accounts)

    tell(shared)
    expect(events).toEqual([])
    tell(shared.slice(1))
    expect(events).toEqual([{ type: 'accountsChanged', connectorId: 'scripted', addresses: shared.slice(1).map((a) => a.address) }])
    await family.disconnect('scripted')
    tell(shared)
    expect(events).toHaveLength(1)
  })

  it('has no transfers (spec: balances and sends are eip155 and solana)', async () => {
    const { family } = world()
    const request = { chainId: DEVNET.caipNetworkId, from: ALICE_GENERIC, to: ALICE_GENERIC, amount: 1n } as never
    await expect(family.estimateTransfer('devnet-polkadot', request)).rejects.toBeInstanceOf(UnsupportedTransferChainError)
    await expect(family.sendTransfer('devnet-polkadot', request)).rejects.toBeInstanceOf(UnsupportedTransferChainError)
  })
})
