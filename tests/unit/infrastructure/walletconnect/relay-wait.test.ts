/**
 * The adapter's bounded wait on the relay, in virtual time: a QR that never comes, a relay link
 * that drops while the QR is shown, and a fresh attempt once the relay is back. Failures reach
 * the visitor in plain words, never the SDK's own text.
 */
import { VirtualAction, VirtualTimeScheduler } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { RELAY_WAIT_MS, RelayUnreachableError } from '../../../../src/domain/connection/relay'
import {
  UniversalProviderWalletConnect,
  WALLETCONNECT_LOAD_FAILED,
  type WalletConnectPairingAttempt,
} from '../../../../src/infrastructure/wallets/walletconnect/universal-provider-wallet-connect'
import { WalletRequestError } from '../../../../src/ports/chain-family'
import { FakeUniversalProvider, settle } from '../../../fakes/fake-universal-provider'
import { ManualClock } from '../../../fakes/manual-clock'
import { advanceVirtualTime } from '../../../fakes/fake-walletconnect-pairings'

function anAdapter(load?: ConstructorParameters<typeof UniversalProviderWalletConnect>[0]['load']) {
  const sdk = new FakeUniversalProvider()
  const scheduler = new VirtualTimeScheduler(VirtualAction, Infinity)
  const warnings: string[] = []
  const adapter = new UniversalProviderWalletConnect({
    projectId: 'walletgate-test',
    relayUrl: 'ws://127.0.0.1:1',
    metadata: { name: 'Walletgate', description: '', url: 'http://127.0.0.1', icons: [] },
    networks: [],
    clock: new ManualClock(1_000_000),
    scheduler,
    logger: { debug: () => undefined, warn: (m) => warnings.push(m), error: (m) => warnings.push(`ERROR ${m}`) },
    load: load ?? sdk.loader(),
  })
  return { adapter, sdk, scheduler, warnings }
}

/** Follows an attempt: its URIs, whether pairing$ completed, and how its session ended. */
function follow(attempt: WalletConnectPairingAttempt) {
  const seen = { uris: [] as string[], completed: false, outcome: undefined as unknown, settled: false }
  attempt.uri$.subscribe({ next: (u) => seen.uris.push(u), complete: () => (seen.completed = true) })
  attempt.session.then(
    (s) => ((seen.settled = true), (seen.outcome = s)),
    (e: unknown) => ((seen.settled = true), (seen.outcome = e)),
  )
  return seen
}

describe('UniversalProviderWalletConnect: the wait on the relay is bounded', () => {
  it('with the relay unreachable no QR comes; after RELAY_WAIT_MS the attempt ends "cannot be reached"', async () => {
    const { adapter, sdk, scheduler, warnings } = anAdapter()
    sdk.relayReachable = false
    const seen = follow(adapter.connect())
    await settle()
    advanceVirtualTime(scheduler, RELAY_WAIT_MS - 1)
    await settle()
    expect(seen.settled).toBe(false)
    expect(seen.uris).toEqual([])

    advanceVirtualTime(scheduler, 1)
    await settle()
    expect(seen.outcome).toBeInstanceOf(RelayUnreachableError)
    expect((seen.outcome as Error).message).toBe(
      'The connection service cannot be reached. Check your internet connection, then try again.',
    )
    expect(seen.completed).toBe(true)
    expect(sdk.relayWatchers).toBe(0)
    expect(warnings).toContain('WalletConnect relay unreachable')
    expect(warnings.filter((w) => w.startsWith('ERROR'))).toEqual([])
  })

  it('a fresh attempt once the relay is back shows its own QR, never the hung proposal of the failed one', async () => {
    const { adapter, sdk, scheduler } = anAdapter()
    sdk.relayReachable = false
    const first = follow(adapter.connect())
    await settle()
    advanceVirtualTime(scheduler, RELAY_WAIT_MS)
    await settle()
    expect(first.outcome).toBeInstanceOf(RelayUnreachableError)

    // "Try again" while the relay is still down, and it comes back within the bound.
    const second = follow(adapter.connect())
    await settle()
    advanceVirtualTime(scheduler, RELAY_WAIT_MS - 1000)
    sdk.relayUp()
    await settle()
    // The first attempt's proposal announces itself late: only the second's own URI is shown.
    expect(sdk.proposals).toHaveLength(2)
    expect(second.uris).toEqual([sdk.proposals[1]])
    advanceVirtualTime(scheduler, 10 * RELAY_WAIT_MS)
    await settle()
    expect(second.settled).toBe(false)
    expect(second.completed).toBe(false)
  })

  it('the relay dropping while the QR is shown ends the attempt after RELAY_WAIT_MS; a drop it recovers from does not', async () => {
    const { adapter, sdk, scheduler } = anAdapter()
    const recovered = follow(adapter.connect())
    await settle()
    expect(recovered.uris).toHaveLength(1)
    sdk.relayDown()
    advanceVirtualTime(scheduler, RELAY_WAIT_MS - 1)
    sdk.relayUp()
    advanceVirtualTime(scheduler, 10 * RELAY_WAIT_MS)
    await settle()
    expect(recovered.settled).toBe(false)

    const dropped = follow(adapter.connect())
    await settle()
    expect(dropped.uris).toHaveLength(1)
    sdk.relayDown()
    advanceVirtualTime(scheduler, RELAY_WAIT_MS - 1)
    await settle()
    expect(dropped.settled).toBe(false)
    advanceVirtualTime(scheduler, 1)
    await settle()
    expect(dropped.outcome).toBeInstanceOf(RelayUnreachableError)
    expect(dropped.completed).toBe(true)
  })

  it('a pairing the SDK fails without a wallet code is "cannot be reached"; a wallet\'s refusal keeps its code', async () => {
    const { adapter, sdk } = anAdapter()
    sdk.connect = () => Promise.reject(new Error("Couldn't establish socket connection to the relay server: ws://127.0.0.1:1"))
    const broken = follow(adapter.connect())
    await settle()
    expect(broken.outcome).toBeInstanceOf(RelayUnreachableError)
    expect((broken.outcome as Error).message).not.toContain('ws://')

    sdk.connect = () => Promise.reject(Object.assign(new Error('User rejected.'), { code: 5000 }))
    const declined = follow(adapter.connect())
    await settle()
    expect(declined.outcome).toBeInstanceOf(WalletRequestError)
    expect((declined.outcome as WalletRequestError).isUserRejection).toBe(true)
  })

  it('an SDK that fails to start shows plain words, not its TypeError', async () => {
    const { adapter } = anAdapter(() => Promise.reject(new TypeError('this.cached.forEach is not a function')))
    const seen = follow(adapter.connect())
    await settle()
    expect(seen.outcome).toBeInstanceOf(WalletRequestError)
    expect((seen.outcome as Error).message).toBe(WALLETCONNECT_LOAD_FAILED)
  })
})
