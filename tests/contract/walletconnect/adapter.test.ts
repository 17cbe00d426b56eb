/**
 * The WalletConnect adapter (UniversalProviderWalletConnect) against the devnet relay and wallet
 * peer: lazy loading, pairing and refresh with an injected clock and scheduler, signing through
 * getProvider(), network switches, restore after a "reload", session deletion, rejection, cancel.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { firstValueFrom, VirtualTimeScheduler, filter, take, toArray } from 'rxjs'
import { verifyMessage, type Hex } from 'viem'
import { startRelay, type RelayHandle } from '../../../devnet/src/relay'
import { startWalletPeer, type WalletPeer } from '../../../devnet/src/wc-wallet'
import { MemoryKeyValueStorage } from '../../../devnet/src/wc-wallet/memory-storage'
import { DEVNET_ACCOUNTS } from '../../../devnet/src/config'
import {
  UniversalProviderWalletConnect,
  WalletConnectCancelledError,
  type UniversalProviderWalletConnectOptions,
  type WalletConnectEvent,
} from '../../../src/infrastructure/wallets/walletconnect/universal-provider-wallet-connect'
import { requestedNamespaces } from '../../../src/infrastructure/wallets/walletconnect/namespaces'
import { EIP155_WALLETCONNECT } from '../../../src/infrastructure/chains/eip155/walletconnect'
import { SOLANA_WALLETCONNECT } from '../../../src/infrastructure/chains/solana/walletconnect'
import { WalletRequestError } from '../../../src/ports/chain-family'
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS } from '../../../src/domain/constants'
import { installNetworkGuard, type NetworkGuard } from './network-guard'
import { freePort, TEST_PROJECT_ID, until } from './harness'
import { advanceVirtualTime } from '../../fakes/fake-walletconnect-pairings'

const PEER = DEVNET_ACCOUNTS[5]!
const NETWORKS = [
  { caipNetworkId: 'eip155:31337' as const, chainNamespace: 'eip155' as const, rpcUrls: ['http://127.0.0.1:1'] },
  { caipNetworkId: 'eip155:31338' as const, chainNamespace: 'eip155' as const, rpcUrls: ['http://127.0.0.1:2'] },
]

let guard: NetworkGuard
let relay: RelayHandle
let wallet: WalletPeer
let previousDisableGlobalCore: string | undefined
const adapters: UniversalProviderWalletConnect[] = []
const warnings: string[] = []

function adapter(overrides: Partial<UniversalProviderWalletConnectOptions> = {}) {
  const created = new UniversalProviderWalletConnect({
    projectId: TEST_PROJECT_ID,
    relayUrl: relay.url,
    metadata: { name: 'Walletgate adapter test', description: 'dapp', url: 'http://127.0.0.1', icons: [] },
    networks: NETWORKS,
    clock: { now: () => Date.now() },
    scheduler: new VirtualTimeScheduler(),
    logger: { debug: () => undefined, warn: (m) => warnings.push(m), error: (m) => warnings.push(`ERROR ${m}`) },
    storage: new MemoryKeyValueStorage(),
    customStoragePrefix: `walletgate-adapter-${randomUUID()}`,
    ...overrides,
  })
  adapters.push(created)
  return created
}

beforeAll(async () => {
  guard = installNetworkGuard()
  // Separate Cores per client even with one storage prefix, as separate page loads would have.
  previousDisableGlobalCore = process.env.DISABLE_GLOBAL_CORE
  process.env.DISABLE_GLOBAL_CORE = 'true'
  relay = await startRelay({ port: await freePort() })
  wallet = await startWalletPeer({
    relayUrl: relay.url,
    rpcUrls: { 31337: 'http://127.0.0.1:1', 31338: 'http://127.0.0.1:2' },
    privateKey: PEER.privateKey,
    projectId: TEST_PROJECT_ID,
    mode: 'approve',
  })
})

afterAll(async () => {
  for (const a of adapters) await a.close()
  await wallet?.stop()
  await relay?.stop()
  if (previousDisableGlobalCore === undefined) delete process.env.DISABLE_GLOBAL_CORE
  else process.env.DISABLE_GLOBAL_CORE = previousDisableGlobalCore
  guard?.uninstall()
})

describe('requestedNamespaces', () => {
  it('asks for every configured eip155 network with an RPC map keyed by chain reference', () => {
    expect(requestedNamespaces(NETWORKS)).toEqual({
      eip155: {
        chains: ['eip155:31337', 'eip155:31338'],
        methods: expect.arrayContaining(['personal_sign', 'eth_sendTransaction', 'wallet_switchEthereumChain']) as string[],
        events: ['accountsChanged', 'chainChanged'],
        rpcMap: { 31337: 'http://127.0.0.1:1', 31338: 'http://127.0.0.1:2' },
      },
    })
  })

  it('leaves out chain families that are not enabled, and adds them when they are', () => {
    const solana = { caipNetworkId: 'solana:devnet' as const, chainNamespace: 'solana' as const, rpcUrls: ['http://127.0.0.1:3'] }
    expect(Object.keys(requestedNamespaces([...NETWORKS, solana]))).toEqual(['eip155'])
    const both = requestedNamespaces([...NETWORKS, solana], { eip155: EIP155_WALLETCONNECT, solana: SOLANA_WALLETCONNECT })
    expect(both.solana).toEqual({ chains: ['solana:devnet'], methods: expect.any(Array) as string[], events: expect.any(Array) as string[] })
  })
})

describe('UniversalProviderWalletConnect', () => {
  let loads = 0
  let main: UniversalProviderWalletConnect
  let storage: MemoryKeyValueStorage
  let prefix: string

  it('does not load the SDK until asked, and pairs: session with the peer address on the first network', async () => {
    storage = new MemoryKeyValueStorage()
    prefix = `walletgate-adapter-${randomUUID()}`
    main = adapter({
      storage,
      customStoragePrefix: prefix,
      load: async () => {
        loads++
        return import('@walletconnect/universal-provider')
      },
    })
    expect(main.loaded).toBe(false)
    expect(main.getProvider()).toBeUndefined()
    expect(loads).toBe(0)

    const attempt = main.connect()
    const pairing = await firstValueFrom(attempt.pairing$)
    expect(pairing.uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(pairing.uri).toContain('relay-protocol=irn')
    await wallet.pair(pairing.uri)
    const session = await attempt.session
    expect(loads).toBe(1)
    expect(session).toMatchObject({
      connectorId: 'walletConnect',
      namespace: 'eip155',
      addresses: [PEER.address],
      caipNetworkId: 'eip155:31337',
      approvedNetworks: ['eip155:31337', 'eip155:31338'],
      peer: { name: 'Devnet Wallet' },
    })
    expect(session.expiresAtMs).toBeGreaterThan(Date.now())
  })

  it('signs through getProvider(): personal_sign verifies for the peer address', async () => {
    const provider = main.getProvider()!
    const signature = (await provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', PEER.address] })) as Hex
    expect(await verifyMessage({ address: PEER.address, message: 'hello', signature })).toBe(true)
  })

  it('a rejected request surfaces as WalletRequestError 4001', async () => {
    wallet.setMode('reject')
    try {
      const error = await main
        .getProvider()!
        .request({ method: 'personal_sign', params: ['0x6869', PEER.address] })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(WalletRequestError)
      expect((error as WalletRequestError).isUserRejection).toBe(true)
    } finally {
      wallet.setMode('approve')
    }
  })

  it('EIP-5792 methods the session did not approve answer 4200 (unsupported method) at once, as a wallet without them', async () => {
    const provider = main.getProvider()!
    for (const [method, params] of [
      ['wallet_getCapabilities', [PEER.address, ['0x7a69']]],
      ['wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: PEER.address, atomicRequired: false, calls: [{ to: PEER.address }] }]],
      ['wallet_getCallsStatus', ['0x01']],
    ] as const) {
      const error = await provider.request({ method, params }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(WalletRequestError)
      expect(error).toMatchObject({ kind: 'unsupportedMethod', code: 4200 })
    }
  })

  it('switchNetwork to an approved network reports chainChanged and moves requests there', async () => {
    const changed = firstValueFrom(main.events$.pipe(filter((e): e is Extract<WalletConnectEvent, { type: 'chainChanged' }> => e.type === 'chainChanged')))
    await main.switchNetwork('eip155:31338')
    expect((await changed).caipNetworkId).toBe('eip155:31338')
    expect(await main.getProvider()!.request({ method: 'eth_chainId' })).toBe(31338)
  })

  it('a network switch by the wallet reaches events$', async () => {
    const changed = firstValueFrom(main.events$.pipe(filter((e) => e.type === 'chainChanged')))
    await wallet.switchChain(31337)
    expect(await changed).toEqual({ type: 'chainChanged', connectorId: 'walletConnect', caipNetworkId: 'eip155:31337' })
  })

  it('after a "reload" a new adapter over the same storage restores the session and can sign', async () => {
    const topic = wallet.sessions()[0]!.topic
    await main.close()
    const reloaded = adapter({ storage, customStoragePrefix: prefix })
    const restored = await reloaded.restore()
    expect(restored).toMatchObject({ topic, addresses: [PEER.address] })
    const signature = (await reloaded.getProvider()!.request({ method: 'personal_sign', params: ['0x6f6b', PEER.address] })) as Hex
    expect(await verifyMessage({ address: PEER.address, message: 'ok', signature })).toBe(true)
    main = reloaded
  })

  it('the wallet deleting the session reaches events$ as sessionDeleted', async () => {
    const topic = wallet.sessions()[0]!.topic
    const events = firstValueFrom(main.events$.pipe(take(2), toArray()))
    await wallet.disconnectAll()
    expect(await events).toEqual([
      { type: 'sessionDeleted', connectorId: 'walletConnect', topic },
      { type: 'disconnect', connectorId: 'walletConnect' },
    ])
    expect(await main.restore()).toBeNull()
  })

  it('disconnect() ends the session on the wallet side too', async () => {
    const a = adapter()
    const attempt = a.connect()
    await wallet.pair(await firstValueFrom(attempt.uri$))
    const { topic } = await attempt.session
    await a.disconnect()
    await wallet.waitFor((e) => e.type === 'session_deleted' && e.topic === topic && e.by === 'peer', 10_000)
    expect(wallet.sessions().map((s) => s.topic)).not.toContain(topic)
  })

  it('a proposal the wallet rejects rejects the session with code 5000', async () => {
    wallet.setMode('reject')
    try {
      const a = adapter()
      const attempt = a.connect()
      await wallet.pair(await firstValueFrom(attempt.uri$))
      const error = await attempt.session.catch((e: unknown) => e)
      expect(error).toBeInstanceOf(WalletRequestError)
      expect((error as WalletRequestError).code).toBe(5000)
    } finally {
      wallet.setMode('approve')
    }
  })

  it('refreshes the pairing before it expires (injected clock and scheduler) and pairs through the new URI', async () => {
    let now = Date.UTC(2026, 0, 1)
    const scheduler = new VirtualTimeScheduler()
    const a = adapter({ clock: { now: () => now }, scheduler })
    const attempt = a.connect()
    const pairings: { uri: string; expiresAtMs: number }[] = []
    attempt.pairing$.subscribe((p) => pairings.push(p))
    await until(() => pairings.length === 1, 10_000, 'the first pairing')
    expect(pairings[0]!.expiresAtMs).toBe(now + PAIRING_LIFETIME_MS)

    now += PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS
    // Up to the refresh only: the fresh proposal's wait on the relay must not run out instantly.
    advanceVirtualTime(scheduler, PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS)
    await until(() => pairings.length === 2, 10_000, 'the refreshed pairing')
    expect(pairings[1]!.uri).not.toBe(pairings[0]!.uri)
    expect(pairings[1]!.expiresAtMs).toBe(now + PAIRING_LIFETIME_MS)

    await wallet.pair(pairings[1]!.uri)
    const session = await attempt.session
    expect(session.addresses).toEqual([PEER.address])
    await a.disconnect()
  })

  it('at the pairing\'s end a "stop" from pairingExpiring makes no new proposal and ends the attempt cancelled', async () => {
    let now = Date.UTC(2026, 0, 1)
    const scheduler = new VirtualTimeScheduler()
    const asked: number[] = []
    const a = adapter({ clock: { now: () => now }, scheduler, pairingExpiring: () => (asked.push(now), 'stop') })
    const provider = await a.load()
    let proposals = 0
    const connect = provider.connect.bind(provider)
    provider.connect = (...args: Parameters<typeof provider.connect>) => ((proposals += 1), connect(...args))
    const attempt = a.connect()
    const pairings: string[] = []
    let completed = false
    attempt.uri$.subscribe({ next: (u) => pairings.push(u), complete: () => (completed = true) })
    await until(() => pairings.length === 1, 10_000, 'the first pairing')

    now += PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS
    scheduler.flush()
    expect(asked).toEqual([now])
    await expect(attempt.session).rejects.toBeInstanceOf(WalletConnectCancelledError)
    expect(completed).toBe(true)
    expect(pairings).toHaveLength(1)
    expect(proposals).toBe(1)
  })

  it('does not refresh while the pairing still has more than 10 s left', async () => {
    let now = Date.UTC(2026, 0, 1)
    const scheduler = new VirtualTimeScheduler()
    const a = adapter({ clock: { now: () => now }, scheduler })
    const attempt = a.connect()
    const pairings: string[] = []
    attempt.uri$.subscribe((u) => pairings.push(u))
    await until(() => pairings.length === 1, 10_000, 'the first pairing')
    now += PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS - 1000
    scheduler.maxFrames = PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS - 1000
    scheduler.flush()
    // The refresh is still queued, due exactly when 10 s remain ...
    expect(scheduler.actions.map((a) => a.delay)).toEqual([PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS])
    expect(pairings).toHaveLength(1)
    // ... and it is the refresh: letting it run brings the next pairing.
    scheduler.maxFrames = PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS
    scheduler.flush()
    await until(() => pairings.length === 2, 10_000, 'the refreshed pairing')
    attempt.cancel()
  })

  it('connect({ reuse: true }) returns the running attempt while its pairing is unexpired, a new one after', async () => {
    let now = Date.UTC(2026, 0, 1)
    const a = adapter({ clock: { now: () => now } })
    const first = a.connect()
    const uri = await firstValueFrom(first.uri$)
    now += PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS
    const again = a.connect({ reuse: true })
    expect(again).toBe(first)
    expect(await firstValueFrom(again.uri$)).toBe(uri)
    now += 1
    const fresh = a.connect({ reuse: true })
    expect(fresh).not.toBe(first)
    await expect(first.session).rejects.toBeInstanceOf(WalletConnectCancelledError)
    expect(await firstValueFrom(fresh.uri$)).not.toBe(uri)
    fresh.cancel()
  })

  it('preconnect() opens the relay connection before connect(), and pairing still works', async () => {
    const a = adapter()
    const before = relay.connections()
    const warningsBefore = warnings.length
    await a.preconnect()
    expect(a.loaded).toBe(true)
    expect(relay.connections()).toBe(before + 1)
    const attempt = a.connect()
    await wallet.pair(await firstValueFrom(attempt.uri$))
    expect((await attempt.session).addresses).toEqual([PEER.address])
    expect(relay.connections()).toBe(before + 1)
    expect(warnings.slice(warningsBefore)).toEqual([])
    await a.disconnect()
  })

  it('cancel() rejects the session with WalletConnectCancelledError and completes pairing$', async () => {
    const a = adapter()
    const attempt = a.connect()
    const all = firstValueFrom(attempt.uri$.pipe(toArray()))
    await firstValueFrom(attempt.uri$)
    attempt.cancel()
    await expect(attempt.session).rejects.toBeInstanceOf(WalletConnectCancelledError)
    expect(await all).toHaveLength(1)
  })

  it('logged no bug-level errors and reached no non-loopback host', () => {
    expect(warnings.filter((w) => w.startsWith('ERROR'))).toEqual([])
    expect(guard.violations).toEqual([])
  })
})
