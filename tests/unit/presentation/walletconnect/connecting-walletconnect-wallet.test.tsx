// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { CATALOGUE_AFTER_OPEN_DELAY_MS } from '../../../../src/application/connection/connectors-store'
import { VirtualAction, VirtualTimeScheduler } from 'rxjs'
import { afterEach, describe, expect, it } from 'vitest'
import type { PlatformKind } from '../../../../src/domain/connection/platform'
import { ConnectionStore } from '../../../../src/application/connection-store'
import { WalletConnectQr } from '../../../../src/application/connection/walletconnect-qr'
import { WALLETCONNECT_CONNECTOR_ID } from '../../../../src/domain/connection/connectors'
import { type WalletAccount } from '../../../../src/ports/chain-family'
import AllWalletsView from '../../../../src/presentation/views/AllWalletsView'
import ConnectView from '../../../../src/presentation/views/ConnectView'
import ConnectingWalletConnectView from '../../../../src/presentation/views/ConnectingWalletConnectView'
import { FakePlatform } from '../../../fakes/fake-platform'
import { advanceVirtualTime } from '../../../fakes/fake-walletconnect-pairings'
import { aWalletListing, type InMemoryWalletCatalogue } from '../../../fakes/in-memory-wallet-catalogue'
import { WalletCatalogue } from '../../../../src/ports/wallet-catalogue'
import { WALLET_SEARCH_DEBOUNCE_MS } from '../../../../src/application/connection/all-wallets-store'
import { WALLET_PAGE_SIZE } from '../../../../src/domain/constants'

import { walletConnectViews } from './world'

afterEach(cleanup)

const NOW = 5_000_000
const URI = 'wc:abc@2?relay-protocol=irn&symKey=k'
const AURORA = aWalletListing({ id: 'aurora', name: 'Aurora Wallet', order: 1, mobile_link: 'aurorawallet://' })
const BASALT = aWalletListing({ id: 'basalt', name: 'Basalt Vault', order: 2, mobile_link: 'https://basalt.example/app' })
const PLAIN = aWalletListing({ id: 'plain', name: 'Plain Keys', order: 3 })

function world(kind: PlatformKind) {
  const platform = new FakePlatform(kind)
  const scheduler = new VirtualTimeScheduler(VirtualAction, Infinity)
  const w = walletConnectViews({ now: () => NOW + scheduler.now(), catalogue: [AURORA, BASALT, PLAIN], platform, scheduler })
  const advance = (ms: number) => act(() => advanceVirtualTime(scheduler, ms))
  const waitForWallet = () => w.wallets.answerNext(new Promise<WalletAccount>(() => undefined))
  return { ...w, platform, advance, waitForWallet }
}

describe('ConnectingWalletConnect for a chosen wallet', () => {
  it('on iOS Safari: choosing a catalogue wallet prepares the pairing; the tap opens its deep link synchronously; status connecting', async () => {
    const w = world('ios-safari')
    w.waitForWallet()
    w.modal.open({}, false)
    w.ui(<ConnectView />)
    // The Connect view asks the catalogue a moment after it opens (on this world's virtual clock).
    w.advance(CATALOGUE_AFTER_OPEN_DELAY_MS)
    fireEvent.click(await screen.findByTestId('wallet-aurora', {}, { timeout: 5_000 }))
    await waitFor(() => expect(w.modal.view).toBe('ConnectingWalletConnect'), { timeout: 5_000 })
    expect(w.wallets.calls).toContain(`connect:${WALLETCONNECT_CONNECTOR_ID}`)
    expect(w.container.get(ConnectionStore).snapshot.status).toBe('connecting')

    cleanup()
    w.ui(<ConnectingWalletConnectView />)
    expect(screen.getByTestId('walletconnect-wallet').textContent).toContain('Aurora Wallet')
    const open = screen.getByTestId('walletconnect-open') as HTMLButtonElement
    expect(open.textContent).toContain('Open Aurora Wallet')
    expect(open.disabled).toBe(true)
    expect(screen.queryByTestId('walletconnect-qr')).toBeNull()

    act(() => w.pairing.next({ uri: URI, expiresAtMs: NOW + 240_000 }))
    expect(open.disabled).toBe(false)
    fireEvent.click(open)
    // Opened within the click handler itself.
    expect(w.platform.opened).toEqual([`aurorawallet://wc?uri=${encodeURIComponent(URI)}`])
    expect(screen.getByTestId('walletconnect-opening').textContent).toContain('Opening Aurora Wallet')
  })

  it('a deep link the wallet does not take over offers "Show QR code" and "Copy link" after 2.5 s', () => {
    const w = world('mobile')
    w.waitForWallet()
    w.modal.open({}, false)
    w.ui(<ConnectingWalletConnectView />)
    act(() => void w.container.get(WalletConnectQr).chooseWallet({ id: 'basalt', name: 'Basalt Vault', mobileLink: 'https://basalt.example/app' }))
    act(() => w.pairing.next({ uri: URI, expiresAtMs: NOW + 240_000 }))
    fireEvent.click(screen.getByTestId('walletconnect-open'))
    expect(w.platform.opened).toEqual([`https://basalt.example/app/wc?uri=${encodeURIComponent(URI)}`])
    w.advance(2_400)
    expect(screen.queryByTestId('walletconnect-not-handed-over')).toBeNull()
    w.advance(100)
    expect(screen.getByTestId('walletconnect-not-handed-over').textContent).toContain('Basalt Vault did not open')
    expect(screen.getByTestId('walletconnect-copy')).toBeTruthy()
    fireEvent.click(screen.getByTestId('walletconnect-show-qr'))
    expect(screen.getByTestId('walletconnect-qr').getAttribute('data-uri')).toBe(URI)
  })

  it('a page hidden after the tap (the wallet took over) shows no fallback', () => {
    const w = world('telegram')
    w.waitForWallet()
    w.ui(<ConnectingWalletConnectView />)
    act(() => void w.container.get(WalletConnectQr).chooseWallet({ id: 'aurora', name: 'Aurora Wallet', mobileLink: 'aurorawallet://' }))
    act(() => w.pairing.next({ uri: URI, expiresAtMs: NOW + 240_000 }))
    fireEvent.click(screen.getByTestId('walletconnect-open'))
    act(() => w.platform.hide())
    w.advance(5_000)
    expect(screen.queryByTestId('walletconnect-not-handed-over')).toBeNull()
    expect(screen.getByTestId('walletconnect-handed-over').textContent).toContain('Approve the connection in Aurora Wallet')
  })

  it('on a desktop the chosen wallet gets the QR titled with its name, and no deep link', async () => {
    const w = world('desktop')
    w.waitForWallet()
    w.modal.open({}, false)
    w.ui(<ConnectView />)
    w.advance(CATALOGUE_AFTER_OPEN_DELAY_MS)
    fireEvent.click(await screen.findByTestId('wallet-basalt', {}, { timeout: 5_000 }))
    await waitFor(() => expect(w.modal.view).toBe('ConnectingWalletConnect'), { timeout: 5_000 })
    cleanup()
    w.ui(<ConnectingWalletConnectView />)
    act(() => w.pairing.next({ uri: URI, expiresAtMs: NOW + 240_000 }))
    expect(screen.getByTestId('walletconnect-wallet').textContent).toContain('Basalt Vault')
    expect(screen.getByTestId('walletconnect-qr').getAttribute('data-uri')).toBe(URI)
    expect(screen.getByTestId('walletconnect-copy')).toBeTruthy()
    expect(screen.queryByTestId('walletconnect-open')).toBeNull()
    // Basalt Vault has no desktop app link.
    expect(screen.queryByTestId('walletconnect-open-desktop')).toBeNull()
  })

  it('on a desktop a wallet with a desktop link also gets "Open <Wallet> desktop app"', () => {
    const w = world('desktop')
    w.waitForWallet()
    w.ui(<ConnectingWalletConnectView />)
    act(() => void w.container.get(WalletConnectQr).chooseWallet({ id: 'aurora', name: 'Aurora Wallet', desktopLink: 'aurora-desktop://' }))
    act(() => w.pairing.next({ uri: URI, expiresAtMs: NOW + 240_000 }))
    expect(screen.getByTestId('walletconnect-qr').getAttribute('data-uri')).toBe(URI)
    fireEvent.click(screen.getByRole('button', { name: 'Open Aurora Wallet desktop app' }))
    expect(w.platform.opened).toEqual([`aurora-desktop://wc?uri=${encodeURIComponent(URI)}`])
  })

  it('without a browser wallet, Connect points a phone to its wallet apps and a desktop to the QR code', async () => {
    const phone = world('ios-safari')
    phone.modal.open({}, false)
    phone.ui(<ConnectView />)
    const onPhone = await screen.findByTestId('no-wallet-installed')
    expect(onPhone.textContent).toContain('No wallet in this browser')
    expect(onPhone.textContent).toContain('Open your wallet app from the list below')
    cleanup()
    const desktop = world('desktop')
    desktop.modal.open({}, false)
    desktop.ui(<ConnectView />)
    const onDesktop = await screen.findByTestId('no-wallet-installed')
    expect(onDesktop.textContent).toContain('No wallet installed')
    expect(onDesktop.textContent).toContain("Scan a QR code with your phone's wallet (WalletConnect)")
  })

  it('a wallet without WalletConnect links stays a "get" link; AllWallets rows with links choose the wallet', async () => {
    const w = world('mobile')
    w.waitForWallet()
    w.modal.open({ view: 'AllWallets' }, false)
    w.ui(<AllWalletsView />)
    const plain = await screen.findByTestId('wallet-plain', {}, { timeout: 5_000 })
    expect(plain.tagName).toBe('A')
    fireEvent.click(screen.getByTestId('wallet-aurora'))
    expect(w.modal.view).toBe('ConnectingWalletConnect')
    expect(w.container.get(WalletConnectQr).wallet?.name).toBe('Aurora Wallet')
  })
})

describe('ConnectingWalletConnectBasic', () => {
  it('shows the QR, the link to copy and the WalletConnect wallets; choosing one keeps the pairing and shows its view', async () => {
    const w = world('desktop')
    w.waitForWallet()
    w.modal.open({ view: 'ConnectingWalletConnectBasic' }, false)
    w.ui(<ConnectingWalletConnectView />)
    act(() => w.pairing.next({ uri: URI, expiresAtMs: NOW + 240_000 }))
    expect(screen.getByTestId('walletconnect-qr').getAttribute('data-uri')).toBe(URI)
    expect(screen.getByTestId('walletconnect-copy')).toBeTruthy()
    const list = await screen.findByTestId('walletconnect-wallet-list')
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(2))
    expect(list.textContent).toContain('Aurora Wallet')
    expect(list.textContent).not.toContain('Plain Keys')

    fireEvent.click(screen.getByTestId('wallet-aurora'))
    expect(w.modal.history).toEqual(['ConnectingWalletConnectBasic', 'ConnectingWalletConnect'])
    cleanup()
    // The Basic view's unmount on the way to the wallet's view did not stop the pairing.
    expect(w.calls).toEqual([])
    expect(w.wallets.calls.filter((c) => c === `connect:${WALLETCONNECT_CONNECTOR_ID}`)).toHaveLength(1)
    w.ui(<ConnectingWalletConnectView />)
    expect(screen.getByTestId('view-ConnectingWalletConnect')).toBeTruthy()
    expect(screen.getByTestId('walletconnect-wallet').textContent).toContain('Aurora Wallet')
    expect(screen.getByTestId('walletconnect-qr').getAttribute('data-uri')).toBe(URI)
  })

  it('searches the WalletConnect wallets, keeps the typed query while it loads, and says when nothing matches', async () => {
    const w = world('desktop')
    w.waitForWallet()
    w.modal.open({ view: 'ConnectingWalletConnectBasic' }, false)
    w.ui(<ConnectingWalletConnectView />)
    await screen.findByTestId('walletconnect-wallet-list')
    const search = screen.getByTestId('walletconnect-wallet-search') as HTMLInputElement

    fireEvent.change(search, { target: { value: 'basalt' } })
    w.advance(WALLET_SEARCH_DEBOUNCE_MS)
    expect((screen.getByTestId('walletconnect-wallet-search') as HTMLInputElement).value).toBe('basalt')
    await waitFor(() => expect(screen.getByTestId('walletconnect-wallet-list').textContent).not.toContain('Aurora Wallet'))
    expect(screen.getByTestId('walletconnect-wallet-list').textContent).toContain('Basalt Vault')

    fireEvent.change(screen.getByTestId('walletconnect-wallet-search'), { target: { value: 'nothing like it' } })
    w.advance(WALLET_SEARCH_DEBOUNCE_MS)
    expect((await screen.findByTestId('walletconnect-wallet-empty')).textContent).toContain('Nothing matches')

    // Clearing the query reloads the first page; the search box stays where the cursor is.
    const box = screen.getByTestId('walletconnect-wallet-search')
    fireEvent.change(box, { target: { value: '' } })
    w.advance(WALLET_SEARCH_DEBOUNCE_MS)
    expect(screen.getByTestId('walletconnect-wallet-search')).toBe(box)
    expect((await screen.findByTestId('walletconnect-wallet-list')).textContent).toContain('Aurora Wallet')
    expect(screen.getByTestId('walletconnect-wallet-search')).toBe(box)
  })

  it('says the wallets could not be loaded and lists them after Try again', async () => {
    const w = world('desktop')
    w.waitForWallet()
    ;(w.container.get(WalletCatalogue) as InMemoryWalletCatalogue).failNext('getWallets', new Error('Failed to fetch'))
    w.modal.open({ view: 'ConnectingWalletConnectBasic' }, false)
    w.ui(<ConnectingWalletConnectView />)
    const error = await screen.findByTestId('walletconnect-wallet-error')
    expect(error.textContent).toContain('Could not load wallets')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    const list = await screen.findByTestId('walletconnect-wallet-list')
    expect(list.textContent).toContain('Aurora Wallet')
  })

  it('shows more wallets on demand when the catalogue has more than a page', async () => {
    const many = Array.from({ length: WALLET_PAGE_SIZE + 5 }, (_, i) =>
      aWalletListing({ id: `w${i}`, name: `Wallet ${String(i).padStart(2, '0')}`, order: i + 1, mobile_link: `wallet${i}://` }),
    )
    const w = walletConnectViews({ now: () => NOW, catalogue: many, platform: new FakePlatform('desktop') })
    w.wallets.answerNext(new Promise<WalletAccount>(() => undefined))
    w.modal.open({ view: 'ConnectingWalletConnectBasic' }, false)
    w.ui(<ConnectingWalletConnectView />)
    const list = await screen.findByTestId('walletconnect-wallet-list')
    expect(list.querySelectorAll('li')).toHaveLength(WALLET_PAGE_SIZE)
    fireEvent.click(screen.getByTestId('walletconnect-wallet-more'))
    await waitFor(() => expect(screen.getByTestId('walletconnect-wallet-list').querySelectorAll('li')).toHaveLength(WALLET_PAGE_SIZE + 5))
    expect(screen.queryByTestId('walletconnect-wallet-more')).toBeNull()
  })
})
