import { VirtualTimeScheduler, VirtualAction } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { formatCountdown, WalletConnectQr, type WalletConnectQrState } from '../../../../src/application/connection/walletconnect-qr'
import type { ConnectExternal } from '../../../../src/application/connection/connect-external'
import type { ViewName } from '../../../../src/domain/navigation/views'
import { ModalStore } from '../../../../src/application/modal-store'
import { FakePlatform } from '../../../fakes/fake-platform'
import { WALLETCONNECT_CONNECTOR_ID } from '../../../../src/domain/connection/connectors'
import { FakeWalletConnectPairings } from '../../../fakes/fake-walletconnect-pairings'

function setup() {
  const scheduler = new VirtualTimeScheduler(VirtualAction, Infinity)
  const clock = { now: () => 1_000_000 + scheduler.now() }
  const calls: string[] = []
  const pairings = new FakeWalletConnectPairings('', calls)
  const pairing = pairings.subject
  pairings.cancel = () => void calls.push('pairings.cancel')
  const external = {
    connect: (id: string, view?: ViewName) => (calls.push(`connect:${id}:${view}`), Promise.resolve()),
    cancel: () => calls.push('external.cancel'),
  } as unknown as ConnectExternal
  const qr = new WalletConnectQr({ pairings, connectExternal: external, modal: new ModalStore(), platform: new FakePlatform(), clock, scheduler })
  const seen: WalletConnectQrState[] = []
  qr.state$.subscribe((s) => seen.push(s))
  /** Advances virtual time by `ms`. */
  const advance = (ms: number) => {
    scheduler.maxFrames = scheduler.now() + ms
    scheduler.flush()
  }
  return { qr, pairing, calls, seen, clock, advance }
}

describe('WalletConnectQr', () => {
  it('is preparing until a pairing arrives, then counts down to 10 s before expiry, once a second', () => {
    const { pairing, seen, clock, advance } = setup()
    expect(seen).toEqual([{ status: 'preparing' }])
    pairing.next({ uri: 'wc:one@2', expiresAtMs: clock.now() + 240_000 })
    expect(seen.at(-1)).toEqual({ status: 'ready', uri: 'wc:one@2', secondsLeft: 230 })
    advance(1000)
    expect(seen.at(-1)).toEqual({ status: 'ready', uri: 'wc:one@2', secondsLeft: 229 })
    advance(229_000)
    expect(seen.at(-1)).toEqual({ status: 'ready', uri: 'wc:one@2', secondsLeft: 0 })
    const ticks = seen.length
    advance(5000)
    // Expired pairings stay at 0 (no repeated states) until the adapter's fresh pairing replaces it.
    expect(seen.length).toBe(ticks)
    pairing.next({ uri: 'wc:two@2', expiresAtMs: clock.now() + 240_000 })
    expect(seen.at(-1)).toEqual({ status: 'ready', uri: 'wc:two@2', secondsLeft: 230 })
    pairing.next(null)
    expect(seen.at(-1)).toEqual({ status: 'preparing' })
  })

  it('connects WalletConnect in its own view; cancel forgets the attempt before stopping the pairing', async () => {
    const { qr, calls } = setup()
    await qr.connect()
    await qr.preconnect()
    qr.cancel()
    expect(calls).toEqual([`connect:${WALLETCONNECT_CONNECTOR_ID}:ConnectingWalletConnect`, 'preconnect', 'external.cancel', 'pairings.cancel'])
  })

  it('formats the countdown as m:ss', () => {
    expect(formatCountdown(230)).toBe('3:50')
    expect(formatCountdown(9)).toBe('0:09')
    expect(formatCountdown(-3)).toBe('0:00')
  })
})
