// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ModalStore } from '../../../../src/application/modal-store'
import { ConnectionStore } from '../../../../src/application/connection-store'
import { WalletConnectQr } from '../../../../src/application/connection/walletconnect-qr'
import { WALLETCONNECT_CONNECTOR_ID } from '../../../../src/domain/connection/connectors'
import { RelayUnreachableError } from '../../../../src/domain/connection/relay'
import { type WalletAccount } from '../../../../src/ports/chain-family'
import ConnectView from '../../../../src/presentation/views/ConnectView'
import ConnectingWalletConnectView from '../../../../src/presentation/views/ConnectingWalletConnectView'

import { walletConnectViews } from './world'

afterEach(cleanup)

const NOW = 5_000_000

function world() {
  return walletConnectViews({ now: () => NOW })
}

describe('WalletConnect in the Connect flow', () => {
  it('Connect shows a WalletConnect row that opens ConnectingWalletConnect; the QR carries the URI and a countdown', async () => {
    const w = world()
    let approve!: (a: WalletAccount) => void
    w.wallets.answerNext(new Promise<WalletAccount>((resolve) => (approve = resolve)))
    const modal = w.container.get(ModalStore)
    modal.open({}, false)
    w.ui(<ConnectView />)
    // Pointing at the row warms WalletConnect up before the click.
    fireEvent.pointerOver(screen.getByTestId(`wallet-${WALLETCONNECT_CONNECTOR_ID}`))
    await waitFor(() => expect(w.calls).toEqual(['preconnect']), { timeout: 5_000 })
    fireEvent.click(screen.getByTestId(`wallet-${WALLETCONNECT_CONNECTOR_ID}`))
    await waitFor(() => expect(modal.view).toBe('ConnectingWalletConnect'), { timeout: 5_000 })

    cleanup()
    w.ui(<ConnectingWalletConnectView />)
    const view = screen.getByTestId('view-ConnectingWalletConnect')
    expect(view.getAttribute('data-status')).toBe('connecting')
    expect(screen.getByTestId('walletconnect-preparing')).toBeTruthy()
    act(() => w.pairing.next({ uri: 'wc:abc@2?relay-protocol=irn', expiresAtMs: NOW + 240_000 }))
    const qr = screen.getByTestId('walletconnect-qr')
    expect(qr.getAttribute('data-uri')).toBe('wc:abc@2?relay-protocol=irn')
    expect(qr.querySelector('svg path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/)
    expect(screen.getByTestId('walletconnect-countdown').textContent).toBe('New code in 3:50')
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy()

    await act(async () => approve(w.wallets.account(WALLETCONNECT_CONNECTOR_ID)))
    expect(w.container.get(ConnectionStore).snapshot.status).toBe('connected')
    expect(modal.snapshot.open).toBe(false)
  })

  it('a declined pairing offers retry, which starts a new pairing; leaving the view stops it', async () => {
    const w = world()
    w.wallets.rejectNext('rejected', 'User rejected.')
    const modal = w.container.get(ModalStore)
    modal.open({}, false)
    w.ui(<ConnectingWalletConnectView />)
    await act(() => w.container.get(WalletConnectQr).connect())
    const view = screen.getByTestId('view-ConnectingWalletConnect')
    expect(view.getAttribute('data-status')).toBe('declined')
    expect(view.textContent).toContain('Connection declined')

    let approve!: (a: WalletAccount) => void
    w.wallets.answerNext(new Promise<WalletAccount>((resolve) => (approve = resolve)))
    fireEvent.click(screen.getByTestId('connect-retry'))
    expect(view.getAttribute('data-status')).toBe('connecting')
    expect(w.wallets.calls.filter((c) => c === `connect:${WALLETCONNECT_CONNECTOR_ID}`)).toHaveLength(2)

    cleanup()
    expect(w.calls).toEqual(['cancel'])
    await act(async () => approve(w.wallets.account(WALLETCONNECT_CONNECTOR_ID)))
    // The attempt was forgotten when the person left: it does not connect behind their back.
    expect(w.container.get(ConnectionStore).snapshot.status).toBe('disconnected')
  })

  it('ConnectingWalletConnectBasic opened directly starts a pairing in that view', () => {
    const w = world()
    w.wallets.answerNext(new Promise<WalletAccount>(() => undefined))
    const modal = w.container.get(ModalStore)
    modal.open({ view: 'ConnectingWalletConnectBasic' }, false)
    w.ui(<ConnectingWalletConnectView />)
    const view = screen.getByTestId('view-ConnectingWalletConnectBasic')
    expect(view.getAttribute('data-status')).toBe('connecting')
    expect(w.wallets.calls).toContain(`connect:${WALLETCONNECT_CONNECTOR_ID}`)
    expect(modal.history).toEqual(['ConnectingWalletConnectBasic'])
  })

  it('an unreachable relay says so, without the SDK\'s words, and "Try again" shows the next attempt\'s QR', async () => {
    const w = world()
    w.wallets.answerNext(new RelayUnreachableError({ cause: new TypeError("Couldn't establish socket connection to the relay server") }))
    const modal = w.container.get(ModalStore)
    modal.open({}, false)
    w.ui(<ConnectingWalletConnectView />)
    await act(() => w.container.get(WalletConnectQr).connect())
    const view = screen.getByTestId('view-ConnectingWalletConnect')
    expect(view.getAttribute('data-status')).toBe('error')
    expect(screen.queryByTestId('walletconnect-preparing')).toBeNull()
    expect(screen.getByTestId('connecting-error').textContent).toContain('The connection service cannot be reached.')
    expect(view.textContent).not.toMatch(/socket|relay server|TypeError/)

    w.wallets.answerNext(new Promise<WalletAccount>(() => undefined))
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(view.getAttribute('data-status')).toBe('connecting')
    expect(screen.getByTestId('walletconnect-preparing')).toBeTruthy()
    act(() => w.pairing.next({ uri: 'wc:def@2?relay-protocol=irn', expiresAtMs: NOW + 240_000 }))
    expect(screen.getByTestId('walletconnect-qr').getAttribute('data-uri')).toBe('wc:def@2?relay-protocol=irn')
  })
})
