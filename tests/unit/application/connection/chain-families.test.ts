/**
 * Several chain families at once (spec sections 3 and 4): a fake second family (solana) beside EVM,
 * each with its own account; one active namespace; each disconnected on its own; WalletConnect and
 * auth sessions spanning families dropped together.
 */
import { asyncScheduler, firstValueFrom } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { ConnectionStore } from '../../../../src/application/connection-store'
import { ConnectorsStore } from '../../../../src/application/connection/connectors-store'
import { DisconnectWallet } from '../../../../src/application/connection/disconnect-wallet'
import { ReconnectWallet } from '../../../../src/application/connection/reconnect-wallet'
import { WalletDirectory } from '../../../../src/application/connection/wallet-directory'
import { RecentWallets } from '../../../../src/application/connection/recent-wallets'
import { readLastConnectors } from '../../../../src/application/connection/storage-keys'
import { NetworksStore } from '../../../../src/application/networks/networks-store'
import { SwitchNetwork, type NetworkChanged } from '../../../../src/application/networks/switch-network'
import { InMemoryFamilyRules } from '../../../fakes/in-memory-family-rules'
import { SendForm } from '../../../../src/application/send/send-form'
import { parseConfig } from '../../../../src/domain/config'
import { type NetworkConfig } from '../../../../src/domain/network/network-config'
import { STORAGE_KEYS } from '../../../../src/domain/constants'
import { WALLETCONNECT_CONNECTOR_ID } from '../../../../src/domain/connection/connectors'
import type { Connector } from '../../../../src/domain/entities'
import { aModalConfig } from '../../../builders/config'
import { FakeChainFamily, anAnnouncedConnector, familiesOf } from '../../../fakes/fake-chain-family'
import { InMemoryNamesApi } from '../../../fakes/blockchain/in-memory-names-api'
import { InMemoryWalletCatalogue } from '../../../fakes/in-memory-wallet-catalogue'
import { FakeBalances } from '../send/support'
import { connectionWorld, RecordingLogger } from './world'

const DEVNET_A: NetworkConfig = {
  id: 31337,
  chainNamespace: 'eip155',
  name: 'Devnet A',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: ['http://127.0.0.1:8545'],
}
const SOLANA_DEVNET: NetworkConfig = {
  id: 'devnet',
  chainNamespace: 'solana',
  name: 'Solana Devnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: ['http://127.0.0.1:8899'],
}
const EVM_ONLY = 'io.metamask'
const SOLANA_ONLY = 'app.phantom.solana'
const BOTH = 'app.phantom'

const walletConnect = (chain: 'eip155' | 'solana'): Connector => ({ id: WALLETCONNECT_CONNECTOR_ID, name: 'WalletConnect', type: 'EXTERNAL', chain, provider: {} })
const emailWallet = (chain: 'eip155' | 'solana'): Connector => ({ id: 'auth', name: 'Email', type: 'AUTH', chain, provider: {} })

/** EVM and a fake solana family, each with its own wallets; one wallet (BOTH) offers the two. */
function twoFamilies() {
  const solana = new FakeChainFamily('solana')
  const w = connectionWorld(asyncScheduler, { networks: [DEVNET_A, SOLANA_DEVNET] }, [solana])
  const evm = w.wallets
  evm.add(anAnnouncedConnector(EVM_ONLY, 'MetaMask'))
  evm.add(anAnnouncedConnector(BOTH, 'Phantom'))
  solana.add(anAnnouncedConnector(BOTH, 'Phantom', 'solana'))
  solana.add(anAnnouncedConnector(SOLANA_ONLY, 'Solflare', 'solana'))
  w.modal.open({}, false)
  return { ...w, evm, solana }
}

function networksOf(w: ReturnType<typeof twoFamilies>) {
  const networks = new NetworksStore(parseConfig(aModalConfig({ networks: [DEVNET_A, SOLANA_DEVNET] })), w.connection, w.storage)
  const switcher = new SwitchNetwork({ networks, connection: w.connection, modal: w.modal, families: w.families, logger: new RecordingLogger() })
  const changes: NetworkChanged[] = []
  switcher.networkChanged$.subscribe((c) => changes.push(c))
  return { networks, switcher, changes }
}

describe('one wallet list for every chain family', () => {
  it('a wallet offering two families is one MULTI_CHAIN row in the injected group, with a badge per family', async () => {
    const w = twoFamilies()
    const list = new ConnectorsStore({ config: w.config, wallets: w.directory, recent: new RecentWallets(w.storage), catalogue: new InMemoryWalletCatalogue({ wallets: [] }), logger: w.logger, modal: w.modal })
    const joined = w.directory.connectors
    expect(joined.map((c) => [c.id, c.type, c.chains])).toEqual([
      [EVM_ONLY, 'ANNOUNCED', undefined],
      [BOTH, 'MULTI_CHAIN', ['eip155', 'solana']],
      [SOLANA_ONLY, 'ANNOUNCED', undefined],
    ])
    const injected = list.snapshot.groups.find((g) => g.type === 'injected')?.rows ?? []
    expect(injected.map((r) => r.key)).toEqual([EVM_ONLY, BOTH, SOLANA_ONLY])
    expect(injected.find((r) => r.key === BOTH)).toMatchObject({ kind: 'connector', chains: ['eip155', 'solana'] })
    expect(list.snapshot.hasBrowserWallet).toBe(true)
    // The list object stays the same while no family's list changed.
    expect(w.directory.connectors).toBe(joined)
    expect(await firstValueFrom(w.directory.connectors$)).toBe(joined)
  })

  it('opened for one namespace, the list shows only that family and a multi-family wallet connects only it', async () => {
    const w = twoFamilies()
    const list = new ConnectorsStore({ config: w.config, wallets: w.directory, recent: new RecentWallets(w.storage), catalogue: new InMemoryWalletCatalogue({ wallets: [] }), logger: w.logger, modal: w.modal })
    w.modal.open({ namespace: 'solana' }, false)
    expect(list.snapshot.groups.flatMap((g) => g.rows.map((r) => r.key))).toEqual([BOTH, SOLANA_ONLY])
    await w.connect.connect(BOTH)
    expect(Object.keys(w.connection.accounts)).toEqual(['solana'])
    expect(w.evm.calls).not.toContain(`connect:${BOTH}`)
    w.modal.open({}, true)
    expect(list.snapshot.groups.flatMap((g) => g.rows.map((r) => r.key))).toEqual([EVM_ONLY, BOTH, SOLANA_ONLY])
  })
})

describe('two namespaces connected at once', () => {
  it('a multi-family wallet connects both; each namespace keeps its own account; the first is active', async () => {
    const w = twoFamilies()
    await w.connect.connect(BOTH)
    expect(w.connection.accounts).toMatchObject({
      eip155: { connectorId: BOTH, address: w.evm.address, caipNetworkId: 'eip155:31337', accountType: 'eoa', connectorType: 'ANNOUNCED' },
      solana: { connectorId: BOTH, address: w.solana.address, caipNetworkId: 'solana:devnet', accountType: 'eoa' },
    })
    expect(w.connection.snapshot).toMatchObject({ status: 'connected', namespace: 'eip155', address: w.evm.address })
    expect(readLastConnectors(w.storage)).toEqual({ eip155: BOTH, solana: BOTH })
    expect(w.modal.snapshot.open).toBe(false)
  })

  it('two wallets of two families: connecting the second keeps the first and makes the new one active', async () => {
    const w = twoFamilies()
    await w.connect.connect(EVM_ONLY)
    await w.connect.connect(SOLANA_ONLY)
    expect(Object.keys(w.connection.accounts).sort()).toEqual(['eip155', 'solana'])
    expect(w.connection.snapshot).toMatchObject({ namespace: 'solana', connectorId: SOLANA_ONLY })
    expect(w.evm.calls).not.toContain(`disconnect:${EVM_ONLY}`)
  })

  it('a new wallet in a connected family replaces the old one in that family only', async () => {
    const w = twoFamilies()
    await w.connect.connect(BOTH)
    await w.connect.connect(EVM_ONLY)
    expect(w.evm.calls).toContain(`disconnect:${BOTH}`)
    expect(w.connection.accounts.eip155?.connectorId).toBe(EVM_ONLY)
    expect(w.connection.accounts.solana?.connectorId).toBe(BOTH)
  })

  it('switching to a network of the other connected family marks namespace switching, moves the active address, persists the network and resets the send form', async () => {
    const w = twoFamilies()
    await w.connect.connect(EVM_ONLY)
    await w.connect.connect(SOLANA_ONLY)
    const { switcher, changes, networks } = networksOf(w)
    await switcher.execute('eip155:31337')
    expect(w.connection.snapshot).toMatchObject({ namespace: 'eip155', address: w.evm.address })

    const form = new SendForm({
      connection: w.connection,
      balances: new FakeBalances(),
      api: new InMemoryNamesApi(),
      rules: new InMemoryFamilyRules(),
      scheduler: asyncScheduler,
      logger: w.logger,
      locale: 'en-US',
    })
    form.setAmount('0.5')
    form.setReceiver('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    const states: string[] = []
    switcher.state$.subscribe((s) => states.push(s.status === 'switching' ? `switching:${String(s.namespaceSwitching)}` : s.status))

    const result = await switcher.execute('solana:devnet')
    expect(result).toEqual({ ok: true })
    expect(states).toEqual(['switched', 'switching:true', 'switched'])
    expect(w.connection.snapshot).toMatchObject({ status: 'connected', namespace: 'solana', address: w.solana.address })
    expect(networks.snapshot.activeCaipNetworkId).toBe('solana:devnet')
    expect(w.storage.get(STORAGE_KEYS.lastUsedChain)).toBe('solana:devnet')
    expect(changes.at(-1)).toEqual({ from: 'eip155:31337', to: 'solana:devnet', namespaceChanged: true })
    expect(form.snapshot.values).toEqual({ amount: '', receiver: '' })
    // No wallet was asked: the solana wallet already sits on that network.
    expect(w.solana.calls.filter((c) => c.startsWith('switchNetwork'))).toEqual([])
    // The EVM account is still there, only not active.
    expect(w.connection.accounts.eip155?.connectorId).toBe(EVM_ONLY)
    form.dispose()
  })

  it('each namespace disconnects on its own; the other stays connected and becomes active', async () => {
    const w = twoFamilies()
    await w.connect.connect(EVM_ONLY)
    await w.connect.connect(SOLANA_ONLY)
    w.modal.open({}, true)
    await w.disconnect.disconnect('solana')
    expect(Object.keys(w.connection.accounts)).toEqual(['eip155'])
    expect(w.connection.snapshot).toMatchObject({ status: 'connected', namespace: 'eip155' })
    expect(w.solana.calls).toContain(`disconnect:${SOLANA_ONLY}`)
    expect(w.evm.calls).not.toContain(`disconnect:${EVM_ONLY}`)
    expect(readLastConnectors(w.storage)).toEqual({ eip155: EVM_ONLY })
    expect(w.modal.view).toBe('Account')

    await w.disconnect.disconnect('eip155')
    expect(w.connection.snapshot.status).toBe('disconnected')
    expect(readLastConnectors(w.storage)).toEqual({})
    expect(w.modal.view).toBe('Connect')
  })

  it('a disconnect without a namespace ends every family', async () => {
    const w = twoFamilies()
    await w.connect.connect(EVM_ONLY)
    await w.connect.connect(SOLANA_ONLY)
    await w.disconnect.disconnect()
    expect(w.connection.accounts).toEqual({})
    expect(w.evm.calls).toContain(`disconnect:${EVM_ONLY}`)
    expect(w.solana.calls).toContain(`disconnect:${SOLANA_ONLY}`)
  })

  it('disconnecting WalletConnect in one namespace drops the other namespace connected through WalletConnect, and resets the pairing', async () => {
    const w = twoFamilies()
    w.evm.add(walletConnect('eip155'))
    w.solana.add(walletConnect('solana'))
    const pairingResets: string[] = []
    const disconnect = new DisconnectWallet({
      families: w.families,
      connection: w.connection,
      modal: w.modal,
      storage: w.storage,
      events: w.events,
      logger: w.logger,
      pairing: () => ({ cancel: () => pairingResets.push('cancel') }),
    })
    await w.connect.connect(WALLETCONNECT_CONNECTOR_ID)
    expect(Object.keys(w.connection.accounts).sort()).toEqual(['eip155', 'solana'])
    await disconnect.disconnect('eip155')
    expect(w.connection.accounts).toEqual({})
    expect(w.evm.calls).toContain(`disconnect:${WALLETCONNECT_CONNECTOR_ID}`)
    expect(w.solana.calls).toContain(`disconnect:${WALLETCONNECT_CONNECTOR_ID}`)
    expect(pairingResets).toEqual(['cancel'])
  })

  it('WalletConnect in one namespace and a browser wallet in the other: ending WalletConnect keeps the browser wallet', async () => {
    const w = twoFamilies()
    w.evm.add(walletConnect('eip155'))
    w.modal.open({ namespace: 'eip155' }, false)
    await w.connect.connect(WALLETCONNECT_CONNECTOR_ID)
    w.modal.open({}, true)
    await w.connect.connect(SOLANA_ONLY)
    expect(Object.keys(w.connection.accounts).sort()).toEqual(['eip155', 'solana'])
    await w.disconnect.disconnect('eip155')
    expect(Object.keys(w.connection.accounts)).toEqual(['solana'])
    expect(w.solana.calls).not.toContain(`disconnect:${SOLANA_ONLY}`)
  })

  it('an auth (email/social) connector spanning families is ended in every family at once', async () => {
    const w = twoFamilies()
    w.evm.add(emailWallet('eip155'))
    w.solana.add(emailWallet('solana'))
    await w.connect.connect('auth')
    // The joined row stays AUTH (the email field, never a wallet row), with both chains; each namespace keeps the family's own type.
    expect(w.directory.connector('auth')).toMatchObject({ type: 'AUTH', chains: ['eip155', 'solana'] })
    expect(w.connection.accounts.solana?.connectorType).toBe('AUTH')
    await w.disconnect.disconnect('solana')
    expect(w.connection.accounts).toEqual({})
  })

  it('a wallet ending its WalletConnect session ends it in every namespace', async () => {
    const w = twoFamilies()
    w.evm.add(walletConnect('eip155'))
    w.solana.add(walletConnect('solana'))
    w.follow.start()
    await w.connect.connect(WALLETCONNECT_CONNECTOR_ID)
    w.solana.emit({ type: 'disconnect', connectorId: WALLETCONNECT_CONNECTOR_ID })
    expect(w.connection.accounts).toEqual({})
    expect(w.modal.view).toBe('Connect')
  })

  it("a family's wallet events change only that family's account", async () => {
    const w = twoFamilies()
    w.follow.start()
    await w.connect.connect(BOTH)
    w.solana.emit({ type: 'accountsChanged', connectorId: BOTH, addresses: ['So1ana2222222222222222222222222222222222222'] })
    expect(w.connection.accounts.solana?.address).toBe('So1ana2222222222222222222222222222222222222')
    expect(w.connection.accounts.eip155?.address).toBe(w.evm.address)
    w.solana.emit({ type: 'accountsChanged', connectorId: BOTH, addresses: [] })
    expect(Object.keys(w.connection.accounts)).toEqual(['eip155'])
  })

  it('a reload restores every remembered namespace and the persisted active one', async () => {
    const w = twoFamilies()
    await w.connect.connect(EVM_ONLY)
    await w.connect.connect(SOLANA_ONLY)
    w.storage.set(STORAGE_KEYS.lastUsedChain, 'eip155:31337')
    // A new page: fresh stores over the same storage and wallets.
    const fresh = new ConnectionStore()
    const reload = connectionWorld(asyncScheduler, { networks: [DEVNET_A, SOLANA_DEVNET] }, [w.solana])
    w.evm.authorised.set(EVM_ONLY, w.evm.account(EVM_ONLY))
    w.solana.authorised.set(SOLANA_ONLY, w.solana.account(SOLANA_ONLY))
    const reconnect = new ReconnectWallet({ wallets: new WalletDirectory(familiesOf(w.evm, w.solana)), connection: fresh, storage: w.storage, scheduler: asyncScheduler, events: reload.events, logger: reload.logger })
    await expect(reconnect.reconnect()).resolves.toBe(true)
    expect(Object.keys(fresh.accounts).sort()).toEqual(['eip155', 'solana'])
    expect(fresh.snapshot).toMatchObject({ namespace: 'eip155', connectorId: EVM_ONLY })
  })

  it('a reload activates the namespace that was active, even when another one restored first persisted its own network', async () => {
    const w = twoFamilies()
    await w.connect.connect(EVM_ONLY)
    await w.connect.connect(SOLANA_ONLY)
    w.storage.set(STORAGE_KEYS.lastUsedChain, `solana:${String(SOLANA_DEVNET.id)}`)
    const fresh = new ConnectionStore()
    const reload = connectionWorld(asyncScheduler, { networks: [DEVNET_A, SOLANA_DEVNET] }, [w.solana])
    w.evm.authorised.set(EVM_ONLY, w.evm.account(EVM_ONLY))
    w.solana.authorised.set(SOLANA_ONLY, w.solana.account(SOLANA_ONLY))
    // As the networks store does on a connection: the first restored namespace's network is persisted at once.
    const persisting = fresh.state$.subscribe((state) => {
      if (state.status === 'connected' && fresh.account('solana') === undefined) w.storage.set(STORAGE_KEYS.lastUsedChain, 'eip155:31337')
    })
    const reconnect = new ReconnectWallet({ wallets: new WalletDirectory(familiesOf(w.evm, w.solana)), connection: fresh, storage: w.storage, scheduler: asyncScheduler, events: reload.events, logger: reload.logger })
    await expect(reconnect.reconnect()).resolves.toBe(true)
    persisting.unsubscribe()
    expect(fresh.snapshot).toMatchObject({ namespace: 'solana', connectorId: SOLANA_ONLY })
  })
})
