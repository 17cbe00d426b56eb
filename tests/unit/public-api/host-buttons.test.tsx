// @vitest-environment jsdom
/**
 * The host page's buttons: ConnectButton's states (disconnected, a returning visitor's reconnect,
 * connected), its options, and AccountButton / NetworkButton drawn from the modal's state.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ConnectionStore } from '../../../src/application/connection-store'
import { rememberConnector } from '../../../src/application/connection/storage-keys'
import { RECONNECT_DISCOVERY_WAIT_MS } from '../../../src/application/connection/reconnect-wallet'
import { KeyValueStorage } from '../../../src/ports/key-value-storage'
import { AccountButton, ConnectButton, NetworkButton, WalletModalProvider } from '../../../src/react'
import type { WalletModal } from '../../../src/index'
import { aModalWithContainer } from '../../builders/a-modal'
import { aConnectedEvmAccount } from '../../builders/a-connection'
import { aModalConfig } from '../../builders/config'
import { createWalletModal } from '../../../src/index'
import { initialAccountFrom } from '../../../src/react'
import type { Container } from 'inversify'
import { bindInMemoryBlockchainService } from '../../fakes/blockchain/in-memory-blockchain-service'

const ADDRESS = '0x1111111111111111111111111111111111111111'

const connectedOn = (chainId: number) => aConnectedEvmAccount(ADDRESS, chainId)

describe('the host buttons', () => {
  let modal: WalletModal | undefined
  afterEach(() => {
    cleanup()
    modal?.destroy()
  })

  it('ConnectButton takes a label and a size; AccountButton and NetworkButton draw nothing while disconnected', () => {
    const world = aModalWithContainer()
    modal = world.modal
    render(
      <WalletModalProvider modal={world.modal}>
        <ConnectButton label="Sign in" size="sm" className="mine" />
        <AccountButton />
        <NetworkButton />
      </WalletModalProvider>,
    )
    const button = screen.getByTestId('connect-button')
    expect(button.textContent).toBe('Sign in')
    expect(button.className).toBe('wg-b wg-b-sm mine')
    expect(button.getAttribute('aria-busy')).toBeNull()
    expect(screen.queryByTestId('account-button')).toBeNull()
    expect(screen.queryByTestId('network-button')).toBeNull()
  })

  it("follow the configuration's theme variables and the modal's theme mode", () => {
    modal = createWalletModal(aModalConfig({ themeMode: 'light', themeVariables: { accent: '#7c3aed', radius: '4px' } }))
    render(
      <WalletModalProvider modal={modal}>
        <ConnectButton />
      </WalletModalProvider>,
    )
    const button = screen.getByTestId('connect-button')
    expect(button.style.getPropertyValue('--wg-accent')).toBe('#7c3aed')
    expect(button.style.getPropertyValue('--wg-radius')).toBe('4px')
    expect(button.style.getPropertyValue('--wg-font')).toBe('')
    expect(button.dataset.theme).toBe('light')
    act(() => modal?.setThemeMode('dark'))
    expect(button.dataset.theme).toBe('dark')
  })

  it('a returning visitor sees a busy "Connecting…" button from the first draw until the reconnect settles, never "Connect Wallet"', async () => {
    const world = aModalWithContainer()
    modal = world.modal
    rememberConnector(world.container.get(KeyValueStorage), 'eip155', 'gone.wallet')
    expect(world.modal.getState().restoring).toBe(true)
    render(
      <WalletModalProvider modal={world.modal}>
        <ConnectButton />
      </WalletModalProvider>,
    )
    const button = screen.getByTestId('connect-button')
    expect(button.textContent).toBe('Connecting…')
    expect(button.getAttribute('aria-busy')).toBe('true')
    // The remembered wallet is not installed: once the reconnect has waited for it to announce itself
    // (RECONNECT_DISCOVERY_WAIT_MS), it gives up and the button offers to connect.
    await waitFor(() => expect(button.textContent).toBe('Connect Wallet'), { timeout: RECONNECT_DISCOVERY_WAIT_MS + 2_000 })
    expect(world.modal.getState().restoring).toBe(false)
  })

  it('connected: the network, the avatar, the short address and the balance; an unconfigured network says so', async () => {
    const world = aModalWithContainer()
    modal = world.modal
    const service = bindInMemoryBlockchainService(world.container, { supportedChains: ['eip155:31337'] })
    service.balances.setBalances(`eip155:31337:${ADDRESS}`, [
      { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 0, price: 0, quantity: { decimals: '18', numeric: '1234.56789' }, iconUrl: '' },
    ])
    render(
      <WalletModalProvider modal={world.modal}>
        <ConnectButton />
      </WalletModalProvider>,
    )
    act(() => world.container.get(ConnectionStore).set(connectedOn(31337)))
    const account = screen.getByTestId('connect-button')
    expect(account.textContent).toContain('0x1111…1111')
    // The connected buttons' chunk and the balance arrive: 3 decimals, cut, in the page's writing.
    await waitFor(() => expect(screen.getByTestId('account-button-balance').textContent).toBe('1,234.567 ETH'), { timeout: 10_000 })
    expect(screen.getByTestId('connect-button').querySelector('svg')).not.toBeNull()
    expect(screen.getByTestId('network-button').textContent).toContain('Devnet A')
    expect(world.modal.getState()).toMatchObject({ balance: '1234.567', balanceSymbol: 'ETH', networkName: 'Devnet A' })

    act(() => world.container.get(ConnectionStore).set(connectedOn(999)))
    await waitFor(() => expect(screen.getByTestId('network-button').textContent).toBe('Unsupported network'))
  })

  it('with `ssr`, the modal keeps the connected account in the walletgate_account cookie, and drops it on disconnect', async () => {
    let container: Container | undefined
    modal = createWalletModal(aModalConfig({ ssr: true }), { overrides: (c) => void (container = c) })
    const c = container!
    bindInMemoryBlockchainService(c, { supportedChains: ['eip155:31337'] })
    void modal.mount()
    act(() => c.get(ConnectionStore).set(connectedOn(31337)))
    await waitFor(() => expect(initialAccountFrom(document.cookie)).toEqual({ address: ADDRESS }), { timeout: 10_000 })
    act(() => c.get(ConnectionStore).set({ status: 'disconnected' }))
    expect(initialAccountFrom(document.cookie)).toBeUndefined()
    expect(document.cookie).not.toContain('walletgate_account')
  })
})
