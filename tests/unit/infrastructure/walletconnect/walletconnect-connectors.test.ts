import { firstValueFrom, ReplaySubject, Subject } from 'rxjs'
import { describe, expect, it } from 'vitest'
import type { Connector } from '../../../../src/domain/entities'
import { type WalletConnectPairingInfo } from '../../../../src/ports/wallet-connectors'
import { WALLETCONNECT_CONNECTOR_ID } from '../../../../src/domain/connection/connectors'
import { WalletRequestError } from '../../../../src/ports/chain-family'
import { Eip155ChainFamily } from '../../../../src/infrastructure/chains/eip155/eip155-chain-family'
import type { ConnectorSource } from '../../../../src/infrastructure/chains/connector-source'
import type { Eip1193Provider } from '../../../../src/domain/chains/wallet-providers'
import { WalletConnectConnectors, type WalletConnectAdapter } from '../../../../src/infrastructure/wallets/walletconnect/walletconnect-connectors'
import type { WalletConnectEvent, WalletConnectSession } from '../../../../src/infrastructure/wallets/walletconnect/universal-provider-wallet-connect'

const session: WalletConnectSession = {
  topic: 't1',
  connectorId: WALLETCONNECT_CONNECTOR_ID,
  namespace: 'eip155',
  addresses: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
  caipNetworkId: 'eip155:31337',
  approvedNetworks: ['eip155:31337', 'eip155:31338'],
  peer: { name: 'Peer', url: 'http://127.0.0.1', icons: [] },
  expiresAtMs: 1,
}

function fakeAdapter() {
  const events = new Subject<WalletConnectEvent>()
  const log: string[] = []
  let settle: { resolve(s: WalletConnectSession): void; reject(e: unknown): void } | undefined
  const pairing$ = new ReplaySubject<{ uri: string; expiresAtMs: number }>(1)
  let restored: WalletConnectSession | null = null
  let providerLoaded = false
  const adapter: WalletConnectAdapter = {
    events$: events,
    connect: (opts?: { reuse?: boolean }) => {
      log.push(opts?.reuse === true ? 'connect:reuse' : 'connect')
      const sessionPromise = new Promise<WalletConnectSession>((resolve, reject) => (settle = { resolve, reject }))
      return { pairing$, uri$: pairing$ as never, session: sessionPromise, cancel: () => log.push('cancel') }
    },
    restore: () => Promise.resolve(restored),
    disconnect: () => {
      log.push('disconnect')
      return Promise.resolve()
    },
    preconnect: () => {
      log.push('preconnect')
      return Promise.resolve()
    },
    getProvider: () => (providerLoaded ? { request: () => Promise.resolve('0x7a69') } : undefined),
    accountsIn: () => [],
    requestIn: () => Promise.reject(new Error('no session in this fake')),
    close: () => {
      log.push('close')
      return Promise.resolve()
    },
  }
  return {
    adapter,
    events,
    log,
    pairing$,
    approve: (s = session) => settle?.resolve(s),
    reject: (e: unknown) => settle?.reject(e),
    setRestored: (s: WalletConnectSession | null) => ((restored = s), (providerLoaded = true)),
  }
}

const logger = { debug() {}, info() {}, warn() {}, error() {} }

async function tick(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

describe('WalletConnectConnectors', () => {
  it('lists the WalletConnect connector after discovery and loads the adapter only on connect', async () => {
    const fake = fakeAdapter()
    let created = 0
    const wc = new WalletConnectConnectors(() => ((created += 1), Promise.resolve(fake.adapter)), logger)
    expect(wc.connectors).toEqual([])
    wc.startDiscovery()
    expect(wc.connectors.map((c) => c.id)).toEqual([WALLETCONNECT_CONNECTOR_ID])
    expect(created).toBe(0)

    const pairings: (WalletConnectPairingInfo | null)[] = []
    wc.pairing$.subscribe((p) => pairings.push(p))
    const account = wc.connect(WALLETCONNECT_CONNECTOR_ID)
    await tick()
    fake.pairing$.next({ uri: 'wc:abc@2', expiresAtMs: 240_000 })
    fake.pairing$.next({ uri: 'wc:def@2', expiresAtMs: 470_000 })
    fake.approve()
    await expect(account).resolves.toEqual({
      connectorId: WALLETCONNECT_CONNECTOR_ID,
      namespace: 'eip155',
      addresses: session.addresses,
      caipNetworkId: 'eip155:31337',
      approvedCaipNetworkIds: ['eip155:31337', 'eip155:31338'],
    })
    expect(created).toBe(1)
    expect(pairings).toEqual([null, { uri: 'wc:abc@2', expiresAtMs: 240_000 }, { uri: 'wc:def@2', expiresAtMs: 470_000 }, null])
  })

  it('preconnect loads the adapter and warms it once while a warm-up is running', async () => {
    const fake = fakeAdapter()
    const wc = new WalletConnectConnectors(() => Promise.resolve(fake.adapter), logger)
    await Promise.all([wc.preconnect(), wc.preconnect(), wc.preconnect()])
    expect(fake.log).toEqual(['preconnect'])
    await wc.preconnect()
    expect(fake.log).toEqual(['preconnect', 'preconnect'])
  })

  it('a declined proposal stays a user rejection; cancel reaches the attempt', async () => {
    const fake = fakeAdapter()
    const wc = new WalletConnectConnectors(() => Promise.resolve(fake.adapter), logger)
    const account = wc.connect(WALLETCONNECT_CONNECTOR_ID)
    await tick()
    wc.cancel()
    expect(fake.log).toContain('cancel')
    fake.reject(new WalletRequestError('rejected', 'User rejected.', { code: 5000 }))
    const error = await account.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WalletRequestError)
    expect((error as WalletRequestError).isUserRejection).toBe(true)
    expect(await firstValueFrom(wc.pairing$)).toBeNull()
  })

  it('reconnect restores the persisted session, or null; disconnect ends it; provider and events pass through', async () => {
    const fake = fakeAdapter()
    const wc = new WalletConnectConnectors(() => Promise.resolve(fake.adapter), logger)
    expect(await wc.reconnect(WALLETCONNECT_CONNECTOR_ID)).toBeNull()
    fake.setRestored(session)
    expect((await wc.reconnect(WALLETCONNECT_CONNECTOR_ID))?.addresses).toEqual(session.addresses)
    expect(await wc.getProvider(WALLETCONNECT_CONNECTOR_ID)?.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(wc.getProvider('io.metamask')).toBeUndefined()

    const seen: string[] = []
    wc.events$.subscribe((e) => seen.push(e.type))
    fake.events.next({ type: 'sessionDeleted', connectorId: WALLETCONNECT_CONNECTOR_ID, topic: 't1' })
    fake.events.next({ type: 'disconnect', connectorId: WALLETCONNECT_CONNECTOR_ID })
    expect(seen).toEqual(['disconnect'])

    await wc.disconnect(WALLETCONNECT_CONNECTOR_ID)
    expect(fake.log).toContain('disconnect')
  })

  it('a failing SDK load is a wallet error on connect and null on reconnect, and can be retried', async () => {
    let fail = true
    const fake = fakeAdapter()
    const wc = new WalletConnectConnectors(() => (fail ? Promise.reject(new Error('chunk failed')) : Promise.resolve(fake.adapter)), logger)
    await expect(wc.connect(WALLETCONNECT_CONNECTOR_ID)).rejects.toBeInstanceOf(WalletRequestError)
    expect(await wc.reconnect(WALLETCONNECT_CONNECTOR_ID)).toBeNull()
    fail = false
    fake.setRestored(session)
    expect(await wc.reconnect(WALLETCONNECT_CONNECTOR_ID)).not.toBeNull()
  })
})

describe('WalletConnectConnectors: reuse and close', () => {
  it('asks the adapter to reuse an unexpired pairing only when configured to (iOS Safari, Telegram)', async () => {
    for (const reusePairing of [true, false]) {
      const fake = fakeAdapter()
      const wc = new WalletConnectConnectors(() => Promise.resolve(fake.adapter), logger, { reusePairing })
      void wc.connect(WALLETCONNECT_CONNECTOR_ID).catch(() => undefined)
      await tick()
      expect(fake.log).toEqual([reusePairing ? 'connect:reuse' : 'connect'])
    }
  })

  it('the current pairing is readable synchronously', async () => {
    const fake = fakeAdapter()
    const wc = new WalletConnectConnectors(() => Promise.resolve(fake.adapter), logger)
    expect(wc.pairing).toBeNull()
    void wc.connect(WALLETCONNECT_CONNECTOR_ID)
    await tick()
    fake.pairing$.next({ uri: 'wc:abc@2', expiresAtMs: 240_000 })
    expect(wc.pairing).toEqual({ uri: 'wc:abc@2', expiresAtMs: 240_000 })
  })

  it('close() closes the adapter (the relay link); a warm-up still loading does not reopen it; never loads WalletConnect for it', async () => {
    const fake = fakeAdapter()
    let created = 0
    const idle = new WalletConnectConnectors(() => ((created += 1), Promise.resolve(fake.adapter)), logger)
    await idle.close()
    expect(created).toBe(0)
    expect(fake.log).toEqual([])

    const wc = new WalletConnectConnectors(() => Promise.resolve(fake.adapter), logger)
    const warming = wc.preconnect()
    const closing = wc.close()
    await Promise.all([warming, closing])
    expect(fake.log).toEqual(['close'])
    // A closed WalletConnect stays closed: no warm-up, no new pairing.
    await wc.preconnect()
    await expect(wc.connect(WALLETCONNECT_CONNECTOR_ID)).rejects.toBeInstanceOf(WalletRequestError)
    expect(fake.log).toEqual(['close'])
  })
})

describe('Eip155ChainFamily joining its wallet sources', () => {
  it('lists both sources and routes each call to the source listing the connector, else the first', async () => {
    const calls: string[] = []
    const browserConnector: Connector = { id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155' }
    const browser: ConnectorSource<Eip1193Provider> = {
      connectors$: new ReplaySubject<readonly Connector[]>(1),
      connectors: [browserConnector],
      startDiscovery: () => calls.push('browser:discover'),
      connect: (id) => (calls.push(`browser:connect:${id}`), Promise.resolve({ connectorId: id, namespace: 'eip155', addresses: ['0x1'], caipNetworkId: 'eip155:1' })),
      reconnect: (id) => (calls.push(`browser:reconnect:${id}`), Promise.resolve(null)),
      disconnect: (id) => (calls.push(`browser:disconnect:${id}`), Promise.resolve()),
      events$: new Subject(),
      getProvider: () => undefined,
    }
    ;(browser.connectors$ as ReplaySubject<readonly Connector[]>).next([browserConnector])
    const fake = fakeAdapter()
    const wc = new WalletConnectConnectors(() => Promise.resolve(fake.adapter), logger)
    const all = new Eip155ChainFamily([browser, wc])
    all.startDiscovery()
    expect((await firstValueFrom(all.connectors$)).map((c) => c.id)).toEqual(['io.metamask', WALLETCONNECT_CONNECTOR_ID])
    await all.connect('io.metamask')
    await all.reconnect('late.wallet')
    await all.disconnect(WALLETCONNECT_CONNECTOR_ID)
    expect(calls).toEqual(['browser:discover', 'browser:connect:io.metamask', 'browser:reconnect:late.wallet'])
    expect(fake.log).toEqual([])
    const connecting = all.connect(WALLETCONNECT_CONNECTOR_ID)
    await tick()
    fake.approve()
    expect((await connecting).connectorId).toBe(WALLETCONNECT_CONNECTOR_ID)
    expect(fake.log).toEqual(['connect'])
  })

  it('hands out one list object until a source changes its list (views compare by identity)', async () => {
    const browserConnector: Connector = { id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155' }
    const lists = new ReplaySubject<readonly Connector[]>(1)
    let current: readonly Connector[] = [browserConnector]
    lists.next(current)
    const browser: ConnectorSource<Eip1193Provider> = {
      connectors$: lists,
      get connectors() {
        return current
      },
      startDiscovery: () => undefined,
      connect: () => Promise.reject(new Error('not used')),
      reconnect: () => Promise.resolve(null),
      disconnect: () => Promise.resolve(),
      events$: new Subject(),
      getProvider: () => undefined,
    }
    const wc = new WalletConnectConnectors(() => Promise.resolve(fakeAdapter().adapter), logger)
    const all = new Eip155ChainFamily([browser, wc])
    all.startDiscovery()
    const first = all.connectors
    expect(all.connectors).toBe(first)
    expect(await firstValueFrom(all.connectors$)).toBe(first)

    current = [browserConnector, { ...browserConnector, id: 'io.rabby', name: 'Rabby' }]
    lists.next(current)
    const second = await firstValueFrom(all.connectors$)
    expect(second).not.toBe(first)
    expect(second.map((c) => c.id)).toEqual(['io.metamask', 'io.rabby', WALLETCONNECT_CONNECTOR_ID])
    expect(all.connectors).toBe(second)
  })
})
