// @vitest-environment jsdom
/**
 * The connected buttons' chunk cannot be fetched (offline, or a deploy replaced it): the host's page
 * keeps a working account button (the name or short address, opening the modal), not an error in
 * its React tree.
 */
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConnectionStore } from '../../../src/application/connection-store'
import { ConnectButton, WalletModalProvider } from '../../../src/react'
import type { WalletModal } from '../../../src/index'
import { aModalWithContainer } from '../../builders/a-modal'
import { aConnectedEvmAccount } from '../../builders/a-connection'

vi.mock('../../../src/presentation/buttons/connected-buttons', () => {
  throw new Error('Failed to fetch dynamically imported module')
})

describe('the host buttons without their connected chunk', () => {
  let modal: WalletModal | undefined
  afterEach(() => {
    cleanup()
    modal?.destroy()
  })

  it('show the account as a plain button', async () => {
    const world = aModalWithContainer()
    modal = world.modal
    render(
      <WalletModalProvider modal={world.modal}>
        <ConnectButton />
      </WalletModalProvider>,
    )
    act(() => world.container.get(ConnectionStore).set(aConnectedEvmAccount('0x2222222222222222222222222222222222222222', 31337)))
    // Long after the chunk's import failed, the plain button is still there and nothing threw.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)))
    const button = screen.getByTestId('connect-button')
    expect(button.textContent).toBe('0x2222…2222')
    expect(screen.queryByTestId('network-button')).toBeNull()
  })
})
