import { describe, expect, it } from 'vitest'
import { ConnectionStore } from '../../../../src/application/connection-store'
import { ModalStore } from '../../../../src/application/modal-store'
import { NetworksStore } from '../../../../src/application/networks/networks-store'
import {
  SwitchNetwork,
  SwitchNetworkRejectedError,
  SwitchNetworkSupersededError,
  type NetworkChanged,
} from '../../../../src/application/networks/switch-network'
import { UnsupportedChainWatcher } from '../../../../src/application/networks/unsupported-chain-watcher'
import { STORAGE_KEYS } from '../../../../src/domain/constants'
import { NetworkNotFoundError } from '../../../../src/domain/errors'
import {
  MemoryStorage,
  NETWORK_CONFIGS,
  RecordingLogger,
  ScriptedProvider,
  connected,
  eip155Families,
  rpcError,
} from '../account/support'

function world(options: { defaultNetwork?: string; stored?: string; allowUnsupportedChain?: boolean } = {}) {
  const storage = new MemoryStorage()
  if (options.stored !== undefined) storage.set(STORAGE_KEYS.lastUsedChain, options.stored)
  const connection = new ConnectionStore()
  const modal = new ModalStore()
  const networks = new NetworksStore({ networks: NETWORK_CONFIGS, defaultNetwork: options.defaultNetwork }, connection, storage)
  const provider = new ScriptedProvider()
  const logger = new RecordingLogger()
  const switcher = new SwitchNetwork({ networks, connection, modal, families: eip155Families(provider), logger })
  const changes: NetworkChanged[] = []
  switcher.networkChanged$.subscribe((c) => changes.push(c))
  const watcher = new UnsupportedChainWatcher({
    connection,
    networks,
    modal,
    options: { allowUnsupportedChain: options.allowUnsupportedChain ?? false },
  })
  return { storage, connection, modal, networks, provider, logger, switcher, changes, watcher }
}

describe('NetworksStore', () => {
  it('lists the configured networks and starts on the first one', () => {
    const { networks } = world()
    expect(networks.snapshot.networks.map((n) => n.caipNetworkId)).toEqual(['eip155:31337', 'eip155:31338'])
    expect(networks.snapshot.activeCaipNetworkId).toBe('eip155:31337')
  })

  it('starts on the persisted network, else on the host default', () => {
    expect(world({ stored: 'eip155:31338' }).networks.snapshot.activeCaipNetworkId).toBe('eip155:31338')
    expect(world({ defaultNetwork: '31338' }).networks.snapshot.activeCaipNetworkId).toBe('eip155:31338')
    expect(world({ stored: 'eip155:5', defaultNetwork: 'eip155:31338' }).networks.snapshot.activeCaipNetworkId).toBe('eip155:31338')
  })

  it("follows and persists the connected wallet's network; an unlisted one is active but unsupported and not persisted", () => {
    const { networks, connection, storage } = world()
    networks.start()
    connection.set(connected('eip155:31338'))
    expect(networks.snapshot).toMatchObject({ activeCaipNetworkId: 'eip155:31338', supported: true })
    expect(storage.get(STORAGE_KEYS.lastUsedChain)).toBe('eip155:31338')
    connection.set(connected('eip155:999'))
    expect(networks.snapshot).toMatchObject({ activeCaipNetworkId: 'eip155:999', supported: false, activeNetwork: undefined })
    expect(storage.get(STORAGE_KEYS.lastUsedChain)).toBe('eip155:31338')
  })
})

describe('SwitchNetwork', () => {
  it('asks the wallet to switch, then follows it, persists the network and shows Account', async () => {
    const { switcher, provider, connection, modal, storage, changes } = world()
    connection.set(connected('eip155:31337'))
    modal.open({ view: 'Networks' }, true)
    provider.answer('wallet_switchEthereumChain', () => null)
    const result = await switcher.execute('eip155:31338', { navigate: true })
    expect(result).toEqual({ ok: true })
    expect(provider.requests).toEqual([{ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }])
    expect(connection.snapshot).toMatchObject({ caipNetworkId: 'eip155:31338' })
    expect(storage.get(STORAGE_KEYS.lastUsedChain)).toBe('eip155:31338')
    expect(modal.history).toEqual(['Account'])
    expect(changes).toEqual([{ from: 'eip155:31337', to: 'eip155:31338', namespaceChanged: false }])
    expect(switcher.snapshot.status).toBe('switched')
  })

  it('on 4902 adds the chain with its parameters and switches again', async () => {
    const { switcher, provider, connection } = world()
    connection.set(connected('eip155:31337'))
    provider
      .answer('wallet_switchEthereumChain', () => rpcError(4902, 'Unrecognized chain ID'))
      .answer('wallet_addEthereumChain', () => null)
      .answer('wallet_switchEthereumChain', () => null)
    const result = await switcher.execute('eip155:31338')
    expect(result.ok).toBe(true)
    expect(provider.requests).toEqual([
      { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] },
      {
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId: '0x7a6a',
            chainName: 'Devnet B',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            rpcUrls: ['http://127.0.0.1:18546'],
            blockExplorerUrls: ['http://127.0.0.1:18999'],
          },
        ],
      },
      { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] },
    ])
    expect(connection.snapshot).toMatchObject({ caipNetworkId: 'eip155:31338' })
  })

  it('a refused switch goes back one view, keeps the network and logs a warning', async () => {
    const { switcher, provider, connection, modal, storage, logger, changes } = world()
    connection.set(connected('eip155:31337'))
    modal.open({ view: 'Account' }, true)
    modal.push('Networks')
    provider.answer('wallet_switchEthereumChain', () => rpcError(4001, 'User rejected the request.'))
    const pending = switcher.execute('eip155:31338', { navigate: true })
    expect(modal.view).toBe('SwitchNetwork')
    const result = await pending
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error).toBeInstanceOf(SwitchNetworkRejectedError)
      expect((result.error as SwitchNetworkRejectedError).kind).toBe('rejected')
    }
    expect(modal.history).toEqual(['Account', 'Networks'])
    expect(connection.snapshot).toMatchObject({ caipNetworkId: 'eip155:31337' })
    expect(storage.get(STORAGE_KEYS.lastUsedChain)).toBeNull()
    expect(logger.warnings).toEqual(['Network switch failed'])
    expect(logger.errors).toEqual([])
    expect(changes).toEqual([])
  })

  it('a refused switch is an error shown on the view the visitor is back on, dropped once they leave it', async () => {
    const { switcher, provider, connection, modal } = world()
    connection.set(connected('eip155:31337'))
    modal.open({ view: 'Account' }, true)
    modal.push('Networks')
    provider.answer('wallet_switchEthereumChain', () => rpcError(4001, 'User rejected the request.'))
    await switcher.execute('eip155:31338', { navigate: true })
    expect(switcher.snapshot).toMatchObject({ status: 'error', shownOn: 'Networks' })
    modal.goBack()
    expect(switcher.snapshot).toEqual({ status: 'idle' })
    modal.push('Networks')
    expect(switcher.snapshot).toEqual({ status: 'idle' })
  })

  it('a refused switch with the modal closed is shown on no view', async () => {
    const { switcher, provider, connection } = world()
    connection.set(connected('eip155:31337'))
    provider.answer('wallet_switchEthereumChain', () => rpcError(4001, 'User rejected the request.'))
    await switcher.execute('eip155:31338')
    expect(switcher.snapshot).toMatchObject({ status: 'error', shownOn: undefined })
  })

  it('a refused add after 4902 fails without a second switch', async () => {
    const { switcher, provider, connection } = world()
    connection.set(connected('eip155:31337'))
    provider
      .answer('wallet_switchEthereumChain', () => rpcError(4902))
      .answer('wallet_addEthereumChain', () => rpcError(4001))
    const result = await switcher.execute('eip155:31338')
    expect(result.ok).toBe(false)
    expect(provider.requests.map((r) => r.method)).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain'])
  })

  it('without a wallet only selects and persists the network', async () => {
    const { switcher, provider, networks, storage } = world()
    const result = await switcher.execute('eip155:31338')
    expect(result.ok).toBe(true)
    expect(provider.requests).toEqual([])
    expect(networks.snapshot.activeCaipNetworkId).toBe('eip155:31338')
    expect(storage.get(STORAGE_KEYS.lastUsedChain)).toBe('eip155:31338')
  })

  it('refuses a network the host did not configure with "Network not found"', async () => {
    const { switcher, provider, connection } = world()
    connection.set(connected('eip155:31337'))
    const result = await switcher.execute('eip155:5')
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error).toBeInstanceOf(NetworkNotFoundError)
      expect(result.error.message).toBe('Network not found')
    }
    expect(provider.requests).toEqual([])
  })

})

describe('UnsupportedChainWatcher', () => {
  it('opens UnsupportedChain when the wallet moves itself to an unlisted chain, and shows Account once it is back', () => {
    const { watcher, connection, modal } = world()
    watcher.start()
    connection.set(connected('eip155:31337'))
    expect(modal.snapshot.open).toBe(false)
    connection.set(connected('eip155:999'))
    expect(modal.snapshot.open).toBe(true)
    expect(modal.history).toEqual(['UnsupportedChain'])
    connection.set(connected('eip155:31338'))
    expect(modal.history).toEqual(['Account'])
  })

  it('pushes UnsupportedChain over the open view', () => {
    const { watcher, connection, modal } = world()
    watcher.start()
    connection.set(connected('eip155:31337'))
    modal.open({ view: 'Account' }, true)
    connection.set(connected('eip155:999'))
    expect(modal.history).toEqual(['Account', 'UnsupportedChain'])
  })

  it('stays out of the way when the host allows unsupported chains', () => {
    const { watcher, connection, modal } = world({ allowUnsupportedChain: true })
    watcher.start()
    connection.set(connected('eip155:999'))
    expect(modal.snapshot.open).toBe(false)
  })

  it('leaves UnsupportedChain for Connect on disconnect', () => {
    const { watcher, connection, modal } = world()
    watcher.start()
    connection.set(connected('eip155:999'))
    connection.set({ status: 'disconnected' })
    expect(modal.view).toBe('Connect')
  })
})

describe('SwitchNetwork across chain families', () => {
  it('marks namespace switching, persists the network, tells listeners the namespace changed and shows Connect', async () => {
    const storage = new MemoryStorage()
    const connection = new ConnectionStore()
    const modal = new ModalStore()
    const solana = {
      id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      chainNamespace: 'solana' as const,
      name: 'Solana',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: ['http://127.0.0.1:18899'],
    }
    const networks = new NetworksStore({ networks: [...NETWORK_CONFIGS, solana], defaultNetwork: undefined }, connection, storage)
    const provider = new ScriptedProvider()
    const switcher = new SwitchNetwork({ networks, connection, modal, families: eip155Families(provider), logger: new RecordingLogger() })
    const states: string[] = []
    switcher.state$.subscribe((s) => states.push(s.status === 'switching' ? `switching:${String(s.namespaceSwitching)}` : s.status))
    const changes: NetworkChanged[] = []
    switcher.networkChanged$.subscribe((c) => changes.push(c))
    connection.set(connected('eip155:31337'))
    modal.open({ view: 'Networks' }, true)
    const result = await switcher.execute('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', { navigate: true })
    expect(result.ok).toBe(true)
    expect(states).toEqual(['idle', 'switching:true', 'switched'])
    expect(provider.requests).toEqual([])
    expect(storage.get(STORAGE_KEYS.lastUsedChain)).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(changes).toEqual([{ from: 'eip155:31337', to: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', namespaceChanged: true }])
    expect(modal.history).toEqual(['Connect'])
    expect(modal.snapshot.namespace).toBe('solana')
  })
})

function deferred(): { promise: Promise<null>; resolve: () => void; reject: (error: unknown) => void } {
  let resolve!: () => void
  let reject!: (error: unknown) => void
  const promise = new Promise<null>((res, rej) => {
    resolve = () => res(null)
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('SwitchNetwork: concurrent calls', () => {
  it('a call made while the wallet decides waits its turn; the earlier one resolves superseded and the last one wins', async () => {
    const { switcher, provider, connection, networks, modal, logger } = world()
    connection.set(connected('eip155:31337'))
    modal.open({ view: 'Networks' }, true)
    const first = deferred()
    const asked = deferred()
    provider
      .answer('wallet_switchEthereumChain', () => {
        asked.resolve()
        return first.promise
      })
      .answer('wallet_switchEthereumChain', () => null)
    const a = switcher.execute('eip155:31338', { navigate: true })
    const b = switcher.execute('eip155:31337')
    await asked.promise
    expect(modal.view).toBe('SwitchNetwork')
    // Not asked twice at once: the wallet still has the first request.
    expect(provider.requests.map((r) => r.params)).toEqual([[{ chainId: '0x7a6a' }]])
    first.resolve()
    const [resultA, resultB] = await Promise.all([a, b])
    expect(resultA.ok).toBe(false)
    if (!resultA.ok) expect(resultA.error).toBeInstanceOf(SwitchNetworkSupersededError)
    expect(resultB).toEqual({ ok: true })
    // The wallet was moved back, for real, by the last call.
    expect(provider.requests.map((r) => r.params)).toEqual([[{ chainId: '0x7a6a' }], [{ chainId: '0x7a69' }]])
    expect(connection.snapshot).toMatchObject({ caipNetworkId: 'eip155:31337' })
    expect(networks.snapshot.activeCaipNetworkId).toBe('eip155:31337')
    expect(switcher.snapshot).toMatchObject({ status: 'switched', target: { caipNetworkId: 'eip155:31337' } })
    expect(modal.view).toBe('Networks')
    expect(logger.warnings).toEqual([])
  })

  it('of three quick calls the middle one never reaches the wallet', async () => {
    const { switcher, provider, connection } = world()
    connection.set(connected('eip155:31337'))
    const first = deferred()
    provider.answer('wallet_switchEthereumChain', () => first.promise).answer('wallet_switchEthereumChain', () => null)
    const a = switcher.execute('eip155:31338')
    const b = switcher.execute('eip155:31337')
    const c = switcher.execute('eip155:31338')
    first.resolve()
    const results = await Promise.all([a, b, c])
    expect(results.map((r) => (r.ok ? 'ok' : r.error.name))).toEqual([
      'SwitchNetworkSupersededError',
      'SwitchNetworkSupersededError',
      'ok',
    ])
    // a moved the wallet to 31338 and c found it there: one wallet request in all.
    expect(provider.requests).toHaveLength(1)
    expect(connection.snapshot).toMatchObject({ caipNetworkId: 'eip155:31338' })
  })

  it("a superseded call's late refusal shows no error and logs nothing", async () => {
    const { switcher, provider, connection, logger } = world()
    connection.set(connected('eip155:31337'))
    const first = deferred()
    provider.answer('wallet_switchEthereumChain', () => first.promise).answer('wallet_switchEthereumChain', () => null)
    const a = switcher.execute('eip155:31338')
    const b = switcher.execute('eip155:31338')
    first.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }))
    const [resultA, resultB] = await Promise.all([a, b])
    expect(resultA.ok ? 'ok' : resultA.error.name).toBe('SwitchNetworkSupersededError')
    expect(resultB).toEqual({ ok: true })
    expect(switcher.snapshot.status).toBe('switched')
    expect(connection.snapshot).toMatchObject({ caipNetworkId: 'eip155:31338' })
    expect(logger.warnings).toEqual([])
  })
})

describe('SwitchNetwork: the wallet words', () => {
  it("a wallet's 5 MB refusal message is kept cut to 300 characters", async () => {
    const { switcher, provider, connection } = world()
    connection.set(connected('eip155:31337'))
    provider.answer('wallet_switchEthereumChain', () => rpcError(-32603, 'F'.repeat(5_000_000)))
    const result = await switcher.execute('eip155:31338')
    expect(result.ok).toBe(false)
    if (!result.ok) expect(Array.from(result.error.message)).toHaveLength(300)
  })
})
