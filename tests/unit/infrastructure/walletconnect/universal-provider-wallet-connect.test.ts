import { VirtualAction, VirtualTimeScheduler } from 'rxjs'
import { describe, expect, it, vi } from 'vitest'
import * as pairingRules from '../../../../src/domain/connection/pairing'
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS } from '../../../../src/domain/constants'
import {
  UniversalProviderWalletConnect,
  WalletConnectCancelledError,
  type UniversalProviderWalletConnectOptions,
} from '../../../../src/infrastructure/wallets/walletconnect/universal-provider-wallet-connect'
import { FakeUniversalProvider, settle } from '../../../fakes/fake-universal-provider'
import { ManualClock } from '../../../fakes/manual-clock'
import { advanceVirtualTime } from '../../../fakes/fake-walletconnect-pairings'

// The real rule, watched: the adapter must decide reuse with the domain's reuseOrCreatePairing.
vi.mock('../../../../src/domain/connection/pairing', async (importOriginal) => {
  const actual = await importOriginal<typeof pairingRules>()
  return { ...actual, reuseOrCreatePairing: vi.fn(actual.reuseOrCreatePairing) }
})

/** The last instant a pairing is still valid: exactly 10 s left. */
const LAST_VALID_MS = PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS

function anAdapter(overrides: Partial<UniversalProviderWalletConnectOptions> = {}) {
  const sdk = new FakeUniversalProvider()
  // The clock moves on its own here, so a pairing can be put past expiry without running the refresh.
  const clock = new ManualClock(1_000_000)
  const scheduler = new VirtualTimeScheduler(VirtualAction, Infinity)
  const warnings: string[] = []
  const adapter = new UniversalProviderWalletConnect({
    projectId: 'walletgate-test',
    relayUrl: 'ws://127.0.0.1:1',
    metadata: { name: 'Walletgate', description: '', url: 'http://127.0.0.1', icons: [] },
    networks: [],
    clock,
    scheduler,
    logger: { debug: () => undefined, warn: (m) => warnings.push(m), error: (m) => warnings.push(`ERROR ${m}`) },
    load: sdk.loader(),
    ...overrides,
  })
  return { adapter, sdk, clock, scheduler, warnings }
}

describe('UniversalProviderWalletConnect pairing reuse (domain rule reuseOrCreatePairing)', () => {
  it('connect({ reuse }) returns the running attempt while its pairing has 10 s or more left', async () => {
    const { adapter, sdk, clock } = anAdapter()
    const first = adapter.connect()
    await settle()
    expect(sdk.proposals).toHaveLength(1)
    clock.advance(LAST_VALID_MS)
    expect(adapter.connect({ reuse: true })).toBe(first)
    await settle()
    expect(sdk.proposals).toHaveLength(1)
  })

  it('connect({ reuse }) starts a new attempt (a new proposal) once under 10 s remain, and the old one is cancelled', async () => {
    const { adapter, sdk, clock } = anAdapter()
    const first = adapter.connect()
    await settle()
    clock.advance(LAST_VALID_MS + 1)
    const second = adapter.connect({ reuse: true })
    expect(second).not.toBe(first)
    await expect(first.session).rejects.toBeInstanceOf(WalletConnectCancelledError)
    await settle()
    expect(sdk.proposals).toHaveLength(2)
  })

  it('asks the domain rule with the running pairing and the clock\'s now', async () => {
    const rule = vi.mocked(pairingRules.reuseOrCreatePairing)
    rule.mockClear()
    const { adapter, clock } = anAdapter()
    let latest: pairingRules.Pairing | undefined
    adapter.connect().pairing$.subscribe((p) => (latest = p))
    await settle()
    clock.advance(60_000)
    adapter.connect({ reuse: true })
    expect(rule).toHaveBeenCalledTimes(1)
    expect(rule.mock.calls[0]?.[0]).toBe(latest)
    expect(rule.mock.calls[0]?.[2]).toBe(clock.now())
  })

  it('an attempt still preparing its first pairing is reused; without reuse every connect starts afresh', async () => {
    const { adapter, sdk } = anAdapter()
    const first = adapter.connect()
    expect(adapter.connect({ reuse: true })).toBe(first)
    await settle()
    expect(sdk.proposals).toHaveLength(1)
    const fresh = adapter.connect()
    expect(fresh).not.toBe(first)
    await settle()
    expect(sdk.proposals).toHaveLength(2)
  })

  it('replaces the pairing with a fresh proposal when 10 s are left', async () => {
    const { adapter, sdk, scheduler } = anAdapter()
    const uris: string[] = []
    adapter.connect().uri$.subscribe((u) => uris.push(u))
    await settle()
    advanceVirtualTime(scheduler, LAST_VALID_MS - 1)
    expect(sdk.proposals).toHaveLength(1)
    advanceVirtualTime(scheduler, 1)
    expect(sdk.proposals).toHaveLength(2)
    expect(uris).toEqual(sdk.proposals)
  })
})

describe('UniversalProviderWalletConnect with one-click sign-in configured', () => {
  const networks = [{ caipNetworkId: 'eip155:31337' as const, chainNamespace: 'eip155' as const, rpcUrls: ['http://127.0.0.1:1'] }]

  it('a sign-in request that cannot be prepared makes a plain proposal (the sign view asks later)', async () => {
    const { adapter, sdk, warnings } = anAdapter({
      networks,
      signIn: () => Promise.resolve({ request: () => Promise.reject(new Error('no nonce')), accept: () => Promise.resolve([]) }),
    })
    adapter.connect()
    await settle()
    expect(sdk.proposals).toHaveLength(1)
    expect(warnings).toEqual(['WalletConnect: sign-in could not be asked with the connection'])
  })

  it('nothing to ask (no sign-in for the family) makes a plain proposal without a warning', async () => {
    const { adapter, sdk, warnings } = anAdapter({
      networks,
      signIn: () => Promise.resolve({ request: () => Promise.resolve(undefined), accept: () => Promise.resolve([]) }),
    })
    adapter.connect()
    await settle()
    expect(sdk.proposals).toHaveLength(1)
    expect(warnings).toEqual([])
  })
})
