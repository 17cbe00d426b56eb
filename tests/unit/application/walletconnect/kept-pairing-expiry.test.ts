/**
 * Safari on iOS and Telegram keep a prepared pairing after the visitor leaves the
 * ConnectingWalletConnect view. When that pairing reaches its last reusable instant (10 s before
 * expiry) one decision is taken: the attempt stops if the visitor has left, a fresh pairing
 * replaces it if the view is open. Real QR, flow, connectors and adapter; only the SDK is a stand-in.
 */
import { VirtualAction, VirtualTimeScheduler } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../../../src/domain/config'
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS } from '../../../../src/domain/constants'
import type { PlatformKind } from '../../../../src/domain/connection/platform'
import { ConnectionStore } from '../../../../src/application/connection-store'
import { ModalStore } from '../../../../src/application/modal-store'
import { ConnectExternal } from '../../../../src/application/connection/connect-external'
import { RecentWallets } from '../../../../src/application/connection/recent-wallets'
import { EventReporter } from '../../../../src/application/connection/report-event'
import { WalletConnectQr, type WalletConnectQrState } from '../../../../src/application/connection/walletconnect-qr'
import { UniversalProviderWalletConnect } from '../../../../src/infrastructure/wallets/walletconnect/universal-provider-wallet-connect'
import { WalletConnectConnectors } from '../../../../src/infrastructure/wallets/walletconnect/walletconnect-connectors'
import { Eip155ChainFamily } from '../../../../src/infrastructure/chains/eip155/eip155-chain-family'
import { WalletDirectory } from '../../../../src/application/connection/wallet-directory'
import { familiesOf } from '../../../fakes/fake-chain-family'
import { aModalConfig } from '../../../builders/config'
import { FakePlatform } from '../../../fakes/fake-platform'
import { FakeUniversalProvider, settle } from '../../../fakes/fake-universal-provider'
import { advanceVirtualTime } from '../../../fakes/fake-walletconnect-pairings'
import { InMemoryAnalytics } from '../../../fakes/in-memory-analytics'
import { InMemoryKeyValueStorage } from '../../../fakes/in-memory-key-value-storage'
import { RecordingLogger } from '../../../fakes/recording-logger'

const WALLET = { id: 'w1', name: 'Aurora Wallet', mobileLink: 'aurorawallet://' }
/** From a pairing's creation to its last reusable instant (exactly 10 s left). */
const LAST_VALID_MS = PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS

function aWorld(kind: PlatformKind = 'ios-safari') {
  const scheduler = new VirtualTimeScheduler(VirtualAction, Infinity)
  const clock = { now: () => 1_000_000 + scheduler.now() }
  const logger = new RecordingLogger()
  const sdk = new FakeUniversalProvider()
  // The adapter is made before the QR that answers it.
  const answerer: { qr?: WalletConnectQr } = {}
  const adapter = new UniversalProviderWalletConnect({
    projectId: 'walletgate-test',
    relayUrl: 'ws://127.0.0.1:1',
    metadata: { name: 'Walletgate', description: '', url: 'http://127.0.0.1', icons: [] },
    networks: [],
    clock,
    scheduler,
    logger,
    load: sdk.loader(),
    // As the composition root (src/composition) wires it: the QR decides what becomes of an expiring pairing.
    pairingExpiring: () => answerer.qr?.pairingExpiring() ?? 'refresh',
  })
  const wallets = new WalletConnectConnectors(() => Promise.resolve(adapter), logger, { reusePairing: true })
  wallets.startDiscovery()
  const connection = new ConnectionStore()
  const modal = new ModalStore()
  const storage = new InMemoryKeyValueStorage()
  const events = new EventReporter(parseConfig(aModalConfig()), new InMemoryAnalytics(), logger)
  const connect = new ConnectExternal({ wallets: new WalletDirectory(familiesOf(new Eip155ChainFamily([wallets]))), connection, modal, recent: new RecentWallets(storage), storage, events, logger })
  const qr = new WalletConnectQr({ pairings: wallets, connectExternal: connect, modal, platform: new FakePlatform(kind), clock, scheduler })
  answerer.qr = qr
  const seen: WalletConnectQrState[] = []
  qr.state$.subscribe((s) => seen.push(s))
  return { qr, sdk, wallets, connect, connection, modal, scheduler, seen, advance: (ms: number) => advanceVirtualTime(scheduler, ms) }
}

describe('a kept WalletConnect pairing reaching expiry (iOS Safari, Telegram)', () => {
  it('after the visitor left the view the stop decides: no new relay proposal, the attempt stops', async () => {
    for (const kind of ['ios-safari', 'telegram'] as const) {
      const w = aWorld(kind)
      w.modal.open({}, false)
      void w.qr.chooseWallet(WALLET)
      await settle()
      expect(w.sdk.proposals).toHaveLength(1)
      w.qr.leave()
      w.modal.goBack()

      w.advance(LAST_VALID_MS - 1)
      expect(w.connection.snapshot.status).toBe('connecting')
      w.advance(1)
      await settle()
      expect(w.sdk.proposals).toHaveLength(1)
      expect(w.sdk.cleanups).toBe(1)
      expect(w.connect.snapshot.status).toBe('idle')
      expect(w.connection.snapshot.status).toBe('disconnected')
      expect(w.wallets.pairing).toBeNull()
      // Nothing is left to fire later.
      w.advance(PAIRING_LIFETIME_MS)
      expect(w.sdk.proposals).toHaveLength(1)
    }
  })

  it('while the view is open the refresh decides: a fresh pairing replaces the old one and the attempt goes on', async () => {
    const w = aWorld()
    w.modal.open({}, false)
    void w.qr.chooseWallet(WALLET)
    await settle()
    w.advance(LAST_VALID_MS)
    await settle()
    expect(w.sdk.proposals).toHaveLength(2)
    expect(w.seen.at(-1)).toMatchObject({ status: 'ready', uri: w.sdk.proposals[1] })
    expect(w.connect.snapshot.status).toBe('connecting')
    expect(w.connection.snapshot.status).toBe('connecting')
    expect(w.sdk.cleanups).toBe(0)
  })

  it('a visitor who left and chose the wallet again before expiry has the view open: the refresh decides', async () => {
    const w = aWorld()
    w.modal.open({}, false)
    void w.qr.chooseWallet(WALLET)
    await settle()
    w.qr.leave()
    w.modal.goBack()
    w.advance(60_000)
    void w.qr.chooseWallet(WALLET)
    await settle()
    // The kept pairing was reused, not replaced.
    expect(w.sdk.proposals).toHaveLength(1)
    w.advance(LAST_VALID_MS - 60_000)
    await settle()
    expect(w.sdk.proposals).toHaveLength(2)
    expect(w.connect.snapshot.status).toBe('connecting')
    expect(w.wallets.pairing?.uri).toBe(w.sdk.proposals[1])
  })
})
