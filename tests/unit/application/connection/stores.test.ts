import { VirtualTimeScheduler, asyncScheduler, firstValueFrom } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { parseConfig, type WalletModalConfig } from '../../../../src/domain/config'
import { AllWalletsStore, WALLET_SEARCH_DEBOUNCE_MS } from '../../../../src/application/connection/all-wallets-store'
import { CATALOGUE_AFTER_OPEN_DELAY_MS, ConnectorsStore } from '../../../../src/application/connection/connectors-store'
import { RecentWallets } from '../../../../src/application/connection/recent-wallets'
import { CloseModal } from '../../../../src/application/shell/close-modal'
import { ConnectionStore } from '../../../../src/application/connection-store'
import { ModalStore } from '../../../../src/application/modal-store'
import { RECOMMENDED_WALLETS_LIMIT, SHAKE_DURATION_MS, STORAGE_KEYS, WALLET_ROWS_BEFORE_OTHER_METHODS } from '../../../../src/domain/constants'
import { LegalConsent, legalConsentOf } from '../../../../src/application/connection/legal-consent'
import { FakeChainFamily, anAnnouncedConnector, familiesOf } from '../../../fakes/fake-chain-family'
import { WalletDirectory } from '../../../../src/application/connection/wallet-directory'
import { InMemoryWalletCatalogue, aWalletListing } from '../../../fakes/in-memory-wallet-catalogue'
import { aModalConfig } from '../../../builders/config'
import { MemoryStorage, RecordingLogger } from './world'

const catalogueWallets = Array.from({ length: 95 }, (_, i) =>
  aWalletListing({ id: `w${String(i).padStart(3, '0')}`, name: `Wallet ${i}`, order: i + 1 }),
)

function connectors(overrides: Partial<WalletModalConfig> = {}, wallets = catalogueWallets) {
  const config = parseConfig(aModalConfig(overrides))
  const fake = new FakeChainFamily()
  const storage = new MemoryStorage()
  const recent = new RecentWallets(storage)
  const catalogue = new InMemoryWalletCatalogue({ wallets })
  const store = new ConnectorsStore({ config, wallets: new WalletDirectory(familiesOf(fake)), recent, catalogue, logger: new RecordingLogger() })
  return { store, fake, storage, recent, catalogue }
}

describe('ConnectorsStore', () => {
  it('asks the catalogue only once the Connect view has had its moment to paint', async () => {
    const config = parseConfig(aModalConfig())
    const catalogue = new InMemoryWalletCatalogue({ wallets: catalogueWallets })
    const scheduler = new VirtualTimeScheduler()
    const store = new ConnectorsStore({ config, wallets: new WalletDirectory(familiesOf(new FakeChainFamily())), recent: new RecentWallets(new MemoryStorage()), catalogue, logger: new RecordingLogger(), scheduler })
    const loaded = store.load()
    expect(catalogue.calls).toEqual([])
    scheduler.flush()
    await loaded
    expect(catalogue.calls.length).toBeGreaterThan(0)
    expect(scheduler.now()).toBe(CATALOGUE_AFTER_OPEN_DELAY_MS)
  })

  it('puts wallet first when a browser wallet is present and offers only methods that work', () => {
    const { store, fake } = connectors()
    expect(store.snapshot.methods).toEqual(['wallet'])
    expect(store.snapshot.hasBrowserWallet).toBe(false)
    fake.add(anAnnouncedConnector())
    expect(store.snapshot.hasBrowserWallet).toBe(true)
  })

  it('gives the same model object from snapshot and state$ until an input changes (no needless re-render)', async () => {
    const { store, fake } = connectors()
    fake.add(anAnnouncedConnector())
    const snapshot = store.snapshot
    expect(store.snapshot).toBe(snapshot)
    expect(await firstValueFrom(store.state$)).toBe(snapshot)
    await store.load()
    const loaded = store.snapshot
    expect(loaded).not.toBe(snapshot)
    expect(loaded.groups.some((g) => g.type === 'recommended')).toBe(true)
    expect(await firstValueFrom(store.state$)).toBe(loaded)
  })

  it('groups in connector type order: recent, injected, featured, recommended; one row per wallet', async () => {
    const devnet = aWalletListing({ id: 'devnet-id', name: 'Devnet Wallet', rdns: 'dev.walletgate.devnet', order: 0 })
    const { store, fake, recent } = connectors({ featuredWalletIds: ['w005', 'w002'] }, [devnet, ...catalogueWallets])
    fake.add(anAnnouncedConnector('dev.walletgate.devnet', 'Devnet Wallet'))
    fake.add(anAnnouncedConnector('other.wallet', 'Other'))
    recent.add({ id: 'other.wallet', rdns: 'other.wallet', name: 'Other' })
    await store.load()
    const model = await firstValueFrom(store.state$)
    expect(model.groups.map((g) => g.type)).toEqual(['recent', 'injected', 'featured', 'recommended'])
    expect(model.groups.map((g) => g.rows.map((r) => r.key))).toEqual([
      ['other.wallet'],
      ['dev.walletgate.devnet'],
      ['w005', 'w002'],
      // The catalogue's first 4 without the featured ones; Devnet Wallet is already listed as installed.
      ['w000', 'w001', 'w003'],
    ])
  })

  it('holds a row for each wallet the catalogue may bring until it answers, and none once it has or failed', async () => {
    // Two featured (one excluded by the host) and the spec's 4 recommended.
    const { store } = connectors({ featuredWalletIds: ['w005', 'w002', 'w009'], excludeWalletIds: ['w009'] })
    expect(store.snapshot.placeholders).toBe(2 + RECOMMENDED_WALLETS_LIMIT)
    await store.load()
    expect(store.snapshot.placeholders).toBe(0)
    expect((await firstValueFrom(store.state$)).placeholders).toBe(0)

    // A host that lists the wallets it allows: no more recommended rows than it lists besides the featured.
    expect(connectors({ includeWalletIds: ['w001', 'w002', 'w003'], featuredWalletIds: ['w001'] }).store.snapshot.placeholders).toBe(1 + 2)
    const included = connectors({ includeWalletIds: ['w001', 'w002'] })
    await included.store.load()
    expect(included.store.snapshot.groups.flatMap((g) => g.rows)).toHaveLength(2)

    const failing = connectors()
    failing.catalogue.failNext('getWallets', new Error('offline'))
    expect(failing.store.snapshot.placeholders).toBe(RECOMMENDED_WALLETS_LIMIT)
    await failing.store.load()
    expect(failing.store.snapshot.placeholders).toBe(0)
    expect(failing.store.snapshot.groups).toEqual([])
  })

  it('honours a configured connector type order and the exclude list', async () => {
    const { store, fake } = connectors({
      connectorTypeOrder: ['recommended', 'injected'],
      excludeWalletIds: ['w000', 'bad.wallet'],
    })
    fake.add(anAnnouncedConnector('bad.wallet', 'Bad'))
    fake.add(anAnnouncedConnector('good.wallet', 'Good'))
    await store.load()
    const model = store.snapshot
    expect(model.groups.map((g) => g.type)).toEqual(['recommended', 'injected'])
    expect(model.groups[1]?.rows.map((r) => r.key)).toEqual(['good.wallet'])
    expect(model.groups[0]?.rows.map((r) => r.key)).not.toContain('w000')
  })

  it('shows custom wallets with a get link and keeps working when the catalogue fails', async () => {
    const { store, catalogue } = connectors({ customWallets: [{ id: 'mine', name: 'Mine', homepage: 'https://mine.example' }] })
    catalogue.failNext('getWallets', new Error('offline'))
    await store.load()
    expect(store.snapshot.groups).toEqual([
      { type: 'custom', rows: [{ kind: 'wallet', key: 'mine', name: 'Mine', href: 'https://mine.example' }] },
    ])
  })
})

describe('RecentWallets', () => {
  it('keeps the 2 newest in storage', () => {
    const storage = new MemoryStorage()
    const recent = new RecentWallets(storage)
    recent.add({ id: 'a', name: 'A' })
    recent.add({ id: 'b', name: 'B' })
    recent.add({ id: 'c', name: 'C' })
    expect(new RecentWallets(storage).wallets.map((w) => w.id)).toEqual(['c', 'b'])
    expect(storage.get(STORAGE_KEYS.recentWallets)).toContain('"c"')
  })
})

describe('AllWalletsStore', () => {
  function allWallets(overrides: Partial<WalletModalConfig> = {}) {
    const scheduler = new VirtualTimeScheduler()
    const catalogue = new InMemoryWalletCatalogue({ wallets: catalogueWallets })
    const store = new AllWalletsStore({ config: parseConfig(aModalConfig(overrides)), catalogue, scheduler, logger: new RecordingLogger() })
    return { store, catalogue, scheduler }
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

  it('loads featured first, then pages of 40', async () => {
    const { store } = allWallets({ featuredWalletIds: ['w050'] })
    store.start()
    await settle()
    let state = store.snapshot
    expect(state.status === 'ready' && state.wallets.map((w) => w.id).slice(0, 3)).toEqual(['w050', 'w000', 'w001'])
    expect(state.status === 'ready' && [state.wallets.length, state.count]).toEqual([41, 95])
    await store.loadMore()
    await store.loadMore()
    await store.loadMore()
    state = store.snapshot
    expect(state.status === 'ready' && state.wallets.length).toBe(95)
    expect(state.status === 'ready' && new Set(state.wallets.map((w) => w.id)).size).toBe(95)
  })

  it('debounces the search and asks once for the last query', async () => {
    const { store, catalogue, scheduler } = allWallets({ excludeWalletIds: ['w011'] })
    store.start()
    await settle()
    const before = catalogue.calls.length
    store.setQuery('Wallet 1')
    store.setQuery('Wallet 11')
    expect(store.snapshot.query).toBe('Wallet 11')
    expect(catalogue.calls.length).toBe(before)
    scheduler.flush()
    expect(scheduler.now()).toBe(WALLET_SEARCH_DEBOUNCE_MS)
    await settle()
    expect(catalogue.calls.length).toBe(before + 1)
    const state = store.snapshot
    // "Wallet 11" matches Wallet 11 (excluded by the host) and nothing else.
    expect(state.status === 'ready' && state.wallets.map((w) => w.name)).toEqual([])
  })

  it('lists search results exact name first, then names starting with the query, then the rest', async () => {
    const scheduler = new VirtualTimeScheduler()
    const names = ['Coin Safe', 'Unsafe', 'Safepal', 'Safe']
    const catalogue = new InMemoryWalletCatalogue({ wallets: names.map((name, i) => aWalletListing({ id: `s${i}`, name })) })
    const store = new AllWalletsStore({ config: parseConfig(aModalConfig()), catalogue, scheduler, logger: new RecordingLogger() })
    store.start()
    await settle()
    store.setQuery('safe')
    scheduler.flush()
    await settle()
    const state = store.snapshot
    expect(state.status === 'ready' && state.wallets.map((w) => w.name)).toEqual(['Safe', 'Safepal', 'Coin Safe', 'Unsafe'])
  })

  it('reports a failing catalogue as the error state and retries', async () => {
    const { store, catalogue } = allWallets()
    catalogue.failNext('getWallets', new Error('HTTP status code: 500'))
    store.start()
    await settle()
    expect(store.snapshot).toMatchObject({ status: 'error' })
    store.retry()
    await settle()
    expect(store.snapshot.status).toBe('ready')
  })
})

describe('CloseModal', () => {
  it('closes, or in embedded mode shows the home view', () => {
    const modal = new ModalStore()
    const connection = new ConnectionStore()
    const close = new CloseModal({ modal, connection, config: {}, scheduler: asyncScheduler })
    modal.open({ view: 'AllWallets' }, false)
    expect(close.request({ embedded: true })).toBe('closed')
    expect(modal.view).toBe('Connect')
    expect(close.request()).toBe('closed')
    expect(modal.snapshot.open).toBe(false)
  })

  it('refuses to close a sign view while sign-in is required and shakes for 500 ms', () => {
    const scheduler = new VirtualTimeScheduler()
    const modal = new ModalStore()
    const close = new CloseModal({ modal, connection: new ConnectionStore(), config: { siwx: { required: true } }, scheduler })
    modal.open({ view: 'SIWXSignMessage' }, true)
    const shaking: Array<[number, boolean]> = []
    close.shaking$.subscribe((s) => shaking.push([scheduler.now(), s]))
    expect(close.request()).toBe('shake')
    expect(modal.snapshot.open).toBe(true)
    scheduler.flush()
    expect(shaking).toEqual([
      [0, false],
      [0, true],
      [SHAKE_DURATION_MS, false],
    ])
  })
})

describe('ConnectorsStore with a host method order', () => {
  it('keeps the wallet method when the host lists only methods that do not exist yet', () => {
    const { store } = connectors({ connectMethodsOrder: ['email', 'social'] })
    expect(store.snapshot.methods).toEqual(['wallet'])
  })
})

describe('ConnectorsStore with socials', () => {
  const authConnector = { ...anAnnouncedConnector('AUTH', 'Email'), id: 'AUTH', type: 'AUTH' as const }

  it('offers the social method with the embedded wallet, in the connect-method order', () => {
    const config = parseConfig(aModalConfig())
    const fake = new FakeChainFamily()
    const store = new ConnectorsStore({ config, wallets: new WalletDirectory(familiesOf(fake)), recent: new RecentWallets(new MemoryStorage()), catalogue: new InMemoryWalletCatalogue({ wallets: [] }), logger: new RecordingLogger(), socials: true })
    expect(store.snapshot.methods).toEqual(['wallet'])
    fake.add(authConnector)
    expect(store.snapshot.methods).toEqual(['email', 'social', 'wallet'])
  })

  it('has no social method when no social is on offer', () => {
    const config = parseConfig(aModalConfig())
    const fake = new FakeChainFamily()
    const store = new ConnectorsStore({ config, wallets: new WalletDirectory(familiesOf(fake)), recent: new RecentWallets(new MemoryStorage()), catalogue: new InMemoryWalletCatalogue({ wallets: [] }), logger: new RecordingLogger(), socials: false })
    fake.add(authConnector)
    expect(store.snapshot.methods).toEqual(['email', 'wallet'])
  })
})

describe('ConnectorsStore: every way in within sight', () => {
  const authConnector = { ...anAnnouncedConnector('AUTH', 'Email'), id: 'AUTH', type: 'AUTH' as const }
  const store = (overrides: Partial<WalletModalConfig> = {}) => {
    const fake = new FakeChainFamily()
    const connectors = new ConnectorsStore({
      config: parseConfig(aModalConfig(overrides)),
      wallets: new WalletDirectory(familiesOf(fake)),
      recent: new RecentWallets(new MemoryStorage()),
      catalogue: new InMemoryWalletCatalogue({ wallets: [] }),
      logger: new RecordingLogger(),
      socials: true,
    })
    return { connectors, fake }
  }

  it('limits the wallet rows when email and socials follow them, and not when the wallets come last', () => {
    const { connectors, fake } = store()
    fake.add(authConnector)
    expect(connectors.snapshot.methods).toEqual(['email', 'social', 'wallet'])
    expect(connectors.snapshot.walletRowLimit).toBeUndefined()
    for (let i = 0; i < 8; i++) fake.add(anAnnouncedConnector(`w${i}.example`, `Wallet ${i}`))
    expect(connectors.snapshot.methods).toEqual(['wallet', 'email', 'social'])
    expect(connectors.snapshot.walletRowLimit).toBe(WALLET_ROWS_BEFORE_OTHER_METHODS)
    // Every installed wallet is still in the model: the rest are behind "More wallets".
    expect(connectors.snapshot.groups.find((g) => g.type === 'injected')?.rows).toHaveLength(8)
  })

  it('has no limit when the wallets are the only method', () => {
    const { connectors, fake } = store()
    for (let i = 0; i < 8; i++) fake.add(anAnnouncedConnector(`w${i}.example`, `Wallet ${i}`))
    expect(connectors.snapshot.methods).toEqual(['wallet'])
    expect(connectors.snapshot.walletRowLimit).toBeUndefined()
  })

  it('collapses the wallets into one row with collapseWallets, only when another method is on offer', () => {
    const { connectors, fake } = store({ features: { collapseWallets: true } })
    expect(connectors.snapshot.collapseWallets).toBe(false)
    fake.add(authConnector)
    expect(connectors.snapshot.collapseWallets).toBe(true)
    expect(store().connectors.snapshot.collapseWallets).toBe(false)
  })
})

describe('LegalConsent', () => {
  const documents = { terms: 'https://host.example/terms', privacy: 'https://host.example/privacy' }

  it('waits for the tick, then remembers it for these documents only', () => {
    const storage = new MemoryStorage()
    const consent = new LegalConsent({ storage, ...documents })
    expect(consent.agreed).toBe(false)
    const seen: boolean[] = []
    consent.agreed$.subscribe((agreed) => seen.push(agreed))
    consent.agree()
    expect(seen).toEqual([false, true])
    expect(new LegalConsent({ storage, ...documents }).agreed).toBe(true)
    // New terms: asked again.
    expect(new LegalConsent({ storage, ...documents, terms: 'https://host.example/terms-2027' }).agreed).toBe(false)
  })

  it('is one per modal: the views of one modal share it, another modal has its own', () => {
    const source = { storage: new MemoryStorage(), ...documents }
    expect(legalConsentOf(source)).toBe(legalConsentOf(source))
    expect(legalConsentOf({ ...source })).not.toBe(legalConsentOf(source))
  })
})
