/**
 * Bitcoin balances come from the network's own Esplora API (the chain reader), never from the
 * balance service, and the service's silence about Bitcoin is no failure: no snack, no retry gate.
 */
import { VirtualTimeScheduler, filter, firstValueFrom } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { BalanceStore, type BalanceState } from '../../../../src/application/account/balance-store'
import { ConnectionStore } from '../../../../src/application/connection-store'
import { NetworksStore } from '../../../../src/application/networks/networks-store'
import { SnackStore } from '../../../../src/application/snack-store'
import { InMemoryBalancesApi } from '../../../fakes/blockchain/in-memory-balances-api'
import { FakeChainReader, FakePartsChainReader, MemoryStorage, NETWORK_CONFIGS, RecordingLogger } from './support'

const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const ADDRESS = 'bcrt1qk0cv0hlnauv348hasryq5nn5x7xp62urx6pgzf'

function bitcoinWorld(chain: FakeChainReader) {
  const scheduler = new VirtualTimeScheduler()
  const connection = new ConnectionStore()
  const bitcoin = {
    id: '0f9188f13cb7b2c71f2a335e3a4fc328',
    chainNamespace: 'bip122' as const,
    name: 'Bitcoin Regtest',
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
    rpcUrls: ['http://127.0.0.1:18792'],
  }
  const networks = new NetworksStore({ networks: [...NETWORK_CONFIGS, bitcoin], defaultNetwork: undefined }, connection, new MemoryStorage())
  const api = new InMemoryBalancesApi({ supportedChains: ['eip155:31337'] })
  const store = new BalanceStore({ connection, networks, api, reader: chain, snacks: new SnackStore(scheduler), scheduler, logger: new RecordingLogger() })
  store.start()
  connection.set({
    status: 'connected',
    connectorId: 'dev.walletgate.bitcoin',
    namespace: 'bip122',
    caipAddress: `${REGTEST}:${ADDRESS}`,
    address: ADDRESS,
    caipNetworkId: REGTEST,
  })
  return firstValueFrom(store.state$.pipe(filter((s): s is Extract<BalanceState, { status: 'ready' }> => s.status === 'ready')))
}

describe('BalanceStore on a Bitcoin network: confirmed and pending', () => {
  it('the balance is both parts together, and the parts are given while something is pending', async () => {
    const chain = new FakePartsChainReader()
    chain.parts.set(REGTEST, { confirmed: 175_000_000n, pending: 1_230_000n })
    const state = await bitcoinWorld(chain)
    expect(state.native?.quantity.numeric).toBe('1.7623')
    expect(state.parts?.confirmed.quantity.numeric).toBe('1.75')
    expect(state.parts?.pending).toMatchObject({ symbol: 'BTC', quantity: { decimals: '8', numeric: '0.0123' } })
  })

  it('a spend waiting in the mempool is a negative pending part', async () => {
    const chain = new FakePartsChainReader()
    chain.parts.set(REGTEST, { confirmed: 175_000_000n, pending: -25_000_000n })
    const state = await bitcoinWorld(chain)
    expect(state.native?.quantity.numeric).toBe('1.5')
    expect(state.parts?.pending.quantity.numeric).toBe('-0.25')
  })

  it('no parts when nothing is pending, nor from a reader that cannot tell them apart', async () => {
    const settled = new FakePartsChainReader()
    settled.parts.set(REGTEST, { confirmed: 175_000_000n, pending: 0n })
    expect((await bitcoinWorld(settled)).parts).toBeUndefined()
    const plain = new FakeChainReader()
    plain.balances.set(REGTEST, 175_000_000n)
    const state = await bitcoinWorld(plain)
    expect(state.native?.quantity.numeric).toBe('1.75')
    expect(state.parts).toBeUndefined()
  })
})

describe('BalanceStore on a Bitcoin network', () => {
  it('reads the balance from the chain reader in BTC, asks the service nothing and shows no snack', async () => {
    const scheduler = new VirtualTimeScheduler()
    const connection = new ConnectionStore()
    const bitcoin = {
      id: '0f9188f13cb7b2c71f2a335e3a4fc328',
      chainNamespace: 'bip122' as const,
      name: 'Bitcoin Regtest',
      nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
      rpcUrls: ['http://127.0.0.1:18792'],
    }
    const networks = new NetworksStore({ networks: [...NETWORK_CONFIGS, bitcoin], defaultNetwork: undefined }, connection, new MemoryStorage())
    const api = new InMemoryBalancesApi({ supportedChains: ['eip155:31337'] })
    const chain = new FakeChainReader()
    chain.balances.set(REGTEST, 175_010_000n)
    const snacks = new SnackStore(scheduler)
    const shown: string[] = []
    snacks.snack$.subscribe((s) => s.open && shown.push(s.message))
    const store = new BalanceStore({ connection, networks, api, reader: chain, snacks, scheduler, logger: new RecordingLogger() })
    store.start()
    connection.set({
      status: 'connected',
      connectorId: 'dev.walletgate.devnet',
      namespace: 'bip122',
      caipAddress: `${REGTEST}:${ADDRESS}`,
      address: ADDRESS,
      caipNetworkId: REGTEST,
    })
    const state = await firstValueFrom(store.state$.pipe(filter((s): s is Extract<BalanceState, { status: 'ready' }> => s.status === 'ready')))
    expect(state.source).toBe('chain')
    expect(state.native).toMatchObject({ symbol: 'BTC', quantity: { decimals: '8', numeric: '1.7501' } })
    expect(chain.reads).toEqual([{ caipNetworkId: REGTEST, address: ADDRESS }])
    expect(api.calls).toEqual([])
    expect(shown).toEqual([])
  })
})
