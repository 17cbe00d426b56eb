import { VirtualAction, VirtualTimeScheduler } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { WalletConnectQr } from '../../../../src/application/connection/walletconnect-qr'
import type { PlatformKind } from '../../../../src/domain/connection/platform'
import { WALLETCONNECT_CONNECTOR_ID } from '../../../../src/domain/connection/connectors'
import { type WalletAccount } from '../../../../src/ports/chain-family'
import { FakeWalletConnectPairings, advanceVirtualTime } from '../../../fakes/fake-walletconnect-pairings'
import { WALLETCONNECT_CONNECTOR } from '../../../../src/infrastructure/wallets/walletconnect/walletconnect-connectors'
import { FakePlatform } from '../../../fakes/fake-platform'
import { connectionWorld } from '../connection/world'

const WALLET = { id: 'w1', name: 'Aurora Wallet', mobileLink: 'aurorawallet://' }
const URI = 'wc:abc@2?relay-protocol=irn&symKey=k'

function setup(kind: PlatformKind) {
  const scheduler = new VirtualTimeScheduler(VirtualAction, Infinity)
  const clock = { now: () => 1_000_000 + scheduler.now() }
  const w = connectionWorld(scheduler)
  w.wallets.add(WALLETCONNECT_CONNECTOR)
  const calls: string[] = []
  const pairings = new FakeWalletConnectPairings('pairings.', calls)
  const pairing = pairings.subject
  const platform = new FakePlatform(kind)
  const qr = new WalletConnectQr({ pairings, connectExternal: w.connect, modal: w.modal, platform, clock, scheduler })
  const advance = (ms: number) => advanceVirtualTime(scheduler, ms)
  const waitForWallet = () => {
    let approve!: (a: WalletAccount) => void
    w.wallets.answerNext(new Promise<WalletAccount>((resolve) => (approve = resolve)))
    return () => approve(w.wallets.account(WALLETCONNECT_CONNECTOR_ID))
  }
  return { ...w, qr, pairing, platform, calls, advance, clock, waitForWallet }
}

describe('WalletConnectQr with a chosen wallet', () => {
  it('choosing a wallet starts the pairing at once (before any tap), shows ConnectingWalletConnect carrying it, status connecting', () => {
    const s = setup('ios-safari')
    s.waitForWallet()
    s.modal.open({}, false)
    void s.qr.chooseWallet(WALLET)
    expect(s.wallets.calls).toEqual([`connect:${WALLETCONNECT_CONNECTOR_ID}`])
    expect(s.modal.view).toBe('ConnectingWalletConnect')
    expect(s.qr.wallet).toEqual(WALLET)
    expect(s.connection.snapshot.status).toBe('connecting')
  })

  it('the tap opens the deep link with the prepared pairing synchronously, inside the call', () => {
    const s = setup('ios-safari')
    s.waitForWallet()
    s.modal.open({}, false)
    void s.qr.chooseWallet(WALLET)
    // No pairing yet: nothing to open.
    expect(s.qr.openWallet()).toBe(false)
    expect(s.platform.opened).toEqual([])
    s.pairing.next({ uri: URI, expiresAtMs: s.clock.now() + 240_000 })
    expect(s.qr.openWallet()).toBe(true)
    // Already recorded when openWallet returned: no await stood between the tap and the navigation.
    expect(s.platform.opened).toEqual([`aurorawallet://wc?uri=${encodeURIComponent(URI)}`])
    expect(s.qr.handOver).toBe('opening')
  })

  it('a desktop opens the wallet\'s desktop link, a phone its mobile link; no link, nothing opened', () => {
    const desktop = setup('desktop')
    desktop.waitForWallet()
    void desktop.qr.chooseWallet({ ...WALLET, desktopLink: 'aurora-desktop://' })
    desktop.pairing.next({ uri: URI, expiresAtMs: desktop.clock.now() + 240_000 })
    expect(desktop.qr.openWallet()).toBe(true)
    expect(desktop.platform.opened).toEqual([`aurora-desktop://wc?uri=${encodeURIComponent(URI)}`])

    const mobileOnly = setup('desktop')
    mobileOnly.waitForWallet()
    void mobileOnly.qr.chooseWallet(WALLET)
    mobileOnly.pairing.next({ uri: URI, expiresAtMs: mobileOnly.clock.now() + 240_000 })
    expect(mobileOnly.qr.openWallet()).toBe(false)
    expect(mobileOnly.platform.opened).toEqual([])
  })

  it('an expired pairing (under 10 s left) is not opened', () => {
    const s = setup('telegram')
    s.waitForWallet()
    void s.qr.chooseWallet(WALLET)
    s.pairing.next({ uri: URI, expiresAtMs: s.clock.now() + 9_999 })
    expect(s.qr.openWallet()).toBe(false)
    expect(s.platform.opened).toEqual([])
  })

  it('the page going hidden means the wallet took over; still visible after 2.5 s offers the fallback', () => {
    const s = setup('mobile')
    s.waitForWallet()
    void s.qr.chooseWallet(WALLET)
    s.pairing.next({ uri: URI, expiresAtMs: s.clock.now() + 240_000 })
    s.qr.openWallet()
    s.advance(1_000)
    s.platform.hide()
    expect(s.qr.handOver).toBe('handed-over')
    s.advance(5_000)
    expect(s.qr.handOver).toBe('handed-over')

    s.qr.openWallet()
    expect(s.qr.handOver).toBe('opening')
    s.advance(2_499)
    expect(s.qr.handOver).toBe('opening')
    s.advance(1)
    expect(s.qr.handOver).toBe('not-handed-over')
  })

  it('on iOS Safari and Telegram leaving keeps the attempt (connecting) and its prepared pairing; elsewhere both stop', () => {
    for (const kind of ['ios-safari', 'telegram', 'mobile', 'desktop'] as const) {
      const s = setup(kind)
      s.waitForWallet()
      s.modal.open({}, false)
      void s.qr.chooseWallet(WALLET)
      s.pairing.next({ uri: URI, expiresAtMs: s.clock.now() + 240_000 })
      s.qr.leave()
      const kept = kind === 'ios-safari' || kind === 'telegram'
      expect(s.connection.snapshot.status).toBe(kept ? 'connecting' : 'disconnected')
      expect(s.calls).toEqual(kept ? [] : ['pairings.cancel'])
    }
  })

  it('a wallet approving after the visitor left the view (iOS Safari) still connects', async () => {
    const s = setup('ios-safari')
    const approve = s.waitForWallet()
    s.modal.open({}, false)
    const done = s.qr.chooseWallet(WALLET)
    s.pairing.next({ uri: URI, expiresAtMs: s.clock.now() + 240_000 })
    s.qr.leave()
    s.modal.goBack()
    approve()
    await done
    expect(s.connection.snapshot.status).toBe('connected')
  })

  it('at a pairing\'s end (asked by the adapter) a kept attempt stops; an open view, or the wallet chosen again, refreshes', () => {
    const s = setup('ios-safari')
    s.waitForWallet()
    void s.qr.chooseWallet(WALLET)
    s.pairing.next({ uri: URI, expiresAtMs: s.clock.now() + 240_000 })
    // The view is open: a fresh pairing replaces it.
    expect(s.qr.pairingExpiring()).toBe('refresh')
    expect(s.calls).toEqual([])
    s.qr.leave()
    s.advance(230_000)
    // The QR sets no timer of its own: the adapter's question is the one moment of decision.
    expect(s.calls).toEqual([])
    expect(s.connection.snapshot.status).toBe('connecting')
    expect(s.qr.pairingExpiring()).toBe('stop')
    expect(s.calls).toEqual(['pairings.cancel'])
    expect(s.connection.snapshot.status).toBe('disconnected')
    expect(s.connect.snapshot.status).toBe('idle')

    const again = setup('telegram')
    again.waitForWallet()
    void again.qr.chooseWallet(WALLET)
    again.pairing.next({ uri: URI, expiresAtMs: again.clock.now() + 240_000 })
    again.qr.leave()
    again.advance(60_000)
    again.waitForWallet()
    void again.qr.chooseWallet(WALLET)
    expect(again.qr.pairingExpiring()).toBe('refresh')
    expect(again.calls).toEqual([])
  })

  it('a browser wallet chosen meanwhile keeps its attempt when the kept pairing stops', () => {
    const s = setup('ios-safari')
    s.waitForWallet()
    s.modal.open({}, false)
    void s.qr.chooseWallet(WALLET)
    s.pairing.next({ uri: URI, expiresAtMs: s.clock.now() + 240_000 })
    s.qr.leave()
    s.wallets.add({ id: 'io.browser', name: 'Browser', type: 'ANNOUNCED', chain: 'eip155' })
    s.wallets.answerNext(new Promise<WalletAccount>(() => undefined))
    void s.connect.connect('io.browser')
    expect(s.qr.pairingExpiring()).toBe('stop')
    expect(s.calls).toEqual(['pairings.cancel'])
    expect(s.connect.snapshot.status).toBe('connecting')
    expect(s.connection.snapshot.status).toBe('connecting')
  })

  it('leaving before any pairing was prepared stops the attempt on every platform', () => {
    const s = setup('ios-safari')
    s.waitForWallet()
    void s.qr.chooseWallet(WALLET)
    s.qr.leave()
    expect(s.calls).toEqual(['pairings.cancel'])
  })

  it('then pairing completes: status goes from connecting to connected', async () => {
    const s = setup('telegram')
    const approve = s.waitForWallet()
    s.modal.open({}, false)
    const done = s.qr.chooseWallet(WALLET)
    expect(s.connection.snapshot.status).toBe('connecting')
    approve()
    await done
    expect(s.connection.snapshot.status).toBe('connected')
  })

  it('from ConnectingWalletConnectBasic the running pairing moves to the chosen wallet: no new connect, and that unmount is no leave', () => {
    const s = setup('desktop')
    s.waitForWallet()
    s.modal.open({ view: 'ConnectingWalletConnectBasic' }, false)
    void s.qr.connect('ConnectingWalletConnectBasic')
    void s.qr.chooseWallet(WALLET)
    expect(s.wallets.calls).toEqual([`connect:${WALLETCONNECT_CONNECTOR_ID}`])
    expect(s.modal.history).toEqual(['ConnectingWalletConnectBasic', 'ConnectingWalletConnect'])
    s.qr.leave()
    expect(s.calls).toEqual([])
    expect(s.connect.snapshot.status).toBe('connecting')
    // Leaving the wallet's view for real stops the pairing.
    s.qr.leave()
    expect(s.calls).toEqual(['pairings.cancel'])
  })

  it('on a phone the WalletConnect row shows the wallet list, not a QR code the phone cannot scan', () => {
    const s = setup('mobile')
    s.modal.open({}, false)
    void s.qr.connect()
    expect(s.modal.history).toEqual(['Connect', 'AllWallets'])
    expect(s.wallets.calls).toEqual([])
    const desktop = setup('desktop')
    desktop.waitForWallet()
    desktop.modal.open({}, false)
    void desktop.qr.connect()
    expect(desktop.modal.view).toBe('ConnectingWalletConnect')
  })

  it('the generic WalletConnect row forgets a previously chosen wallet', () => {
    const s = setup('mobile')
    s.waitForWallet()
    void s.qr.chooseWallet(WALLET)
    s.waitForWallet()
    void s.qr.connect()
    expect(s.qr.wallet).toBeNull()
  })
})
