/**
 * The WalletConnect adapter with the real SDK when things break: a dead first RPC URL, a relay
 * that is down when a QR is asked for or drops while it shows (the dapp reaches the relay through
 * a hop the test cuts; the wallet peer goes direct). Devnet relay of its own, the devnet's chain
 * for reads, every non-loopback connection forbidden.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { firstValueFrom, VirtualAction, VirtualTimeScheduler } from 'rxjs'
import { createPublicClient, http, type Address } from 'viem'
import { startRelay, type RelayHandle } from '../../../devnet/src/relay'
import { startWalletPeer, type WalletPeer } from '../../../devnet/src/wc-wallet'
import { MemoryKeyValueStorage } from '../../../devnet/src/wc-wallet/memory-storage'
import { DEVNET_ACCOUNTS } from '../../../devnet/src/config'
import {
  UniversalProviderWalletConnect,
  type UniversalProviderWalletConnectOptions,
} from '../../../src/infrastructure/wallets/walletconnect/universal-provider-wallet-connect'
import { RELAY_WAIT_MS, RelayUnreachableError } from '../../../src/domain/connection/relay'
import { advanceVirtualTime } from '../../fakes/fake-walletconnect-pairings'
import { installNetworkGuard, type NetworkGuard } from './network-guard'
import { freePort, startCuttableHop, TEST_PROJECT_ID, until, type CuttableHop } from './harness'

const PEER = DEVNET_ACCOUNTS[6]!

let guard: NetworkGuard
let relay: RelayHandle
/** The dapp's way to the relay, cut to make the relay unreachable for it (the wallet goes direct). */
let hop: CuttableHop
let wallet: WalletPeer
let liveRpc: string
let deadRpc: string
let previousDisableGlobalCore: string | undefined
const adapters: UniversalProviderWalletConnect[] = []
const warnings: string[] = []

function adapter(overrides: Partial<UniversalProviderWalletConnectOptions> = {}) {
  const created = new UniversalProviderWalletConnect({
    projectId: TEST_PROJECT_ID,
    relayUrl: `ws://127.0.0.1:${hop.port}`,
    metadata: { name: 'Walletgate faults test', description: 'dapp', url: 'http://127.0.0.1', icons: [] },
    networks: [{ caipNetworkId: 'eip155:31337', chainNamespace: 'eip155', rpcUrls: [deadRpc, liveRpc] }],
    clock: { now: () => Date.now() },
    scheduler: new VirtualTimeScheduler(VirtualAction, Infinity),
    logger: { debug: () => undefined, warn: (m) => warnings.push(m), error: (m) => warnings.push(`ERROR ${m}`) },
    storage: new MemoryKeyValueStorage(),
    customStoragePrefix: `walletgate-faults-${randomUUID()}`,
    ...overrides,
  })
  adapters.push(created)
  return created
}

beforeAll(async () => {
  guard = installNetworkGuard()
  previousDisableGlobalCore = process.env.DISABLE_GLOBAL_CORE
  process.env.DISABLE_GLOBAL_CORE = 'true'
  liveRpc = inject('devnet').rpcUrls[31337]!
  // A port nobody listens on: the first node of the list is dead.
  deadRpc = `http://127.0.0.1:${await freePort()}`
  relay = await startRelay({ port: await freePort() })
  hop = await startCuttableHop(relay.port)
  wallet = await startWalletPeer({
    relayUrl: relay.url,
    rpcUrls: { 31337: liveRpc },
    privateKey: PEER.privateKey,
    projectId: TEST_PROJECT_ID,
    mode: 'approve',
  })
})

afterAll(async () => {
  for (const a of adapters) await a.close()
  await wallet?.stop()
  await hop?.stop()
  await relay?.stop()
  if (previousDisableGlobalCore === undefined) delete process.env.DISABLE_GLOBAL_CORE
  else process.env.DISABLE_GLOBAL_CORE = previousDisableGlobalCore
  guard?.uninstall()
})

describe('a WalletConnect session reads over the whole RPC list', () => {
  it('with the first RPC URL dead, eth_getBalance, eth_blockNumber and eth_estimateGas answer from the second', async () => {
    const a = adapter()
    const attempt = a.connect()
    await wallet.pair(await firstValueFrom(attempt.uri$))
    await attempt.session
    const provider = a.getProvider()!
    const chain = createPublicClient({ transport: http(liveRpc, { retryCount: 0 }) })

    expect(await provider.request({ method: 'eth_chainId' })).toBe(31337)
    const balance = await provider.request({ method: 'eth_getBalance', params: [PEER.address, 'latest'] })
    expect(BigInt(balance as string)).toBe(await chain.getBalance({ address: PEER.address as Address }))
    expect(BigInt((await provider.request({ method: 'eth_blockNumber' })) as string)).toBeGreaterThan(0n)
    const gas = await provider.request({
      method: 'eth_estimateGas',
      params: [{ from: PEER.address, to: DEVNET_ACCOUNTS[7]!.address, value: '0x1' }],
    })
    expect(BigInt(gas as string)).toBeGreaterThanOrEqual(21_000n)
    await a.disconnect()
  })
})

/**
 * Key-value storage as the SDK's browser store behaves: values kept as text, read back parsed, and
 * text that is not JSON read back as the text itself (unstorage's parse), so a test can plant it.
 */
class TextKeyValueStorage {
  readonly texts = new Map<string, string>()
  getKeys(): Promise<string[]> {
    return Promise.resolve([...this.texts.keys()])
  }
  getEntries<T = unknown>(): Promise<[string, T][]> {
    return Promise.resolve([...this.texts.entries()].map(([k, v]): [string, T] => [k, parse(v) as T]))
  }
  getItem<T = unknown>(key: string): Promise<T | undefined> {
    const text = this.texts.get(key)
    return Promise.resolve(text === undefined ? undefined : (parse(text) as T))
  }
  setItem<T = unknown>(key: string, value: T): Promise<void> {
    this.texts.set(key, typeof value === 'string' ? value : JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)))
    return Promise.resolve()
  }
  removeItem(key: string): Promise<void> {
    this.texts.delete(key)
    return Promise.resolve()
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

describe('corrupted WalletConnect storage', () => {
  async function pairedStorage() {
    const storage = new TextKeyValueStorage()
    const prefix = `walletgate-faults-${randomUUID()}`
    const first = adapter({ storage, customStoragePrefix: prefix })
    const attempt = first.connect()
    await wallet.pair(await firstValueFrom(attempt.uri$))
    await attempt.session
    await first.close()
    const key = (name: string) => [...storage.texts.keys()].find((k) => k.endsWith(`:${prefix}//${name}`))!
    return { storage, prefix, key }
  }

  it('a value that is not JSON is cleared at start with a warning; the visitor pairs again', async () => {
    const { storage, prefix, key } = await pairedStorage()
    storage.texts.set(key('session'), 'not json {')
    storage.texts.set(key('pairing'), '\u0000garbage')
    const warned = warnings.length
    const next = adapter({ storage, customStoragePrefix: prefix })
    expect(await next.restore()).toBeNull()
    expect(warnings.slice(warned)).toContain('WalletConnect storage was unreadable and was cleared')
    expect([...storage.texts.values()]).not.toContain('not json {')

    const attempt = next.connect()
    await wallet.pair(await firstValueFrom(attempt.uri$))
    expect((await attempt.session).addresses).toEqual([PEER.address])
    await next.disconnect()
  })

  it('JSON of the wrong shape stops the SDK\'s start once: the state is cleared and it starts clean', async () => {
    const { storage, prefix, key } = await pairedStorage()
    storage.texts.set(key('session'), '{"length":1}')
    const warned = warnings.length
    const next = adapter({ storage, customStoragePrefix: prefix })
    expect(await next.restore()).toBeNull()
    expect(warnings.slice(warned)).toContain('WalletConnect storage could not be used and was cleared')

    const attempt = next.connect()
    await wallet.pair(await firstValueFrom(attempt.uri$))
    expect((await attempt.session).addresses).toEqual([PEER.address])
    await next.disconnect()
  })
})

describe('the relay out of reach', () => {
  it('down when the QR is asked for: the attempt ends "cannot be reached"; a fresh one pairs once the relay is back', async () => {
    const scheduler = new VirtualTimeScheduler(VirtualAction, Infinity)
    const a = adapter({ scheduler })
    await a.load()
    await hop.down()
    const failed = a.connect()
    const uris: string[] = []
    failed.uri$.subscribe((u) => uris.push(u))
    const outcome = failed.session.catch((e: unknown) => e)
    await until(() => scheduler.actions.length > 0, 10_000, 'the relay wait to start')
    advanceVirtualTime(scheduler, RELAY_WAIT_MS)
    expect(await outcome).toBeInstanceOf(RelayUnreachableError)
    expect(uris).toEqual([])

    await hop.up()
    const fresh = a.connect()
    await wallet.pair(await firstValueFrom(fresh.uri$))
    expect((await fresh.session).addresses).toEqual([PEER.address])
    await a.disconnect()
  })

  it('dropping while the QR shows: after RELAY_WAIT_MS the attempt ends "cannot be reached"; a fresh one pairs after', async () => {
    const scheduler = new VirtualTimeScheduler(VirtualAction, Infinity)
    const a = adapter({ scheduler })
    const provider = await a.load()
    const shown = a.connect()
    await firstValueFrom(shown.uri$)
    const outcome = shown.session.catch((e: unknown) => e)
    await hop.down()
    await until(() => !provider.client.core.relayer.connected, 10_000, 'the relay link to drop')
    advanceVirtualTime(scheduler, RELAY_WAIT_MS)
    expect(await outcome).toBeInstanceOf(RelayUnreachableError)

    await hop.up()
    const fresh = a.connect()
    await wallet.pair(await firstValueFrom(fresh.uri$))
    expect((await fresh.session).addresses).toEqual([PEER.address])
    await a.disconnect()
  })

  it('logged no bug-level errors and reached no non-loopback host', () => {
    expect(warnings.filter((w) => w.startsWith('ERROR'))).toEqual([])
    expect(guard.violations).toEqual([])
  })
})
