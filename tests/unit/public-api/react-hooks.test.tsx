// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { Profiler, type ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ConnectionStore } from '../../../src/application/connection-store'
import { ModalStore } from '../../../src/application/modal-store'
import { ConnectButton, WalletModalProvider, useNetwork } from '../../../src/react'
import type { WalletModal } from '../../../src/index'
import { aModalWithContainer } from '../../builders/a-modal'
import { aConnectedEvmAccount } from '../../builders/a-connection'
import { bindInMemoryBlockchainService } from '../../fakes/blockchain/in-memory-blockchain-service'

const ADDRESS = '0x1111111111111111111111111111111111111111'

const connectedOn = (chainId: number) => aConnectedEvmAccount(ADDRESS, chainId)

function NetworkLabel() {
  return <span data-testid="network">{useNetwork().caipNetworkId ?? 'none'}</span>
}

describe('the React hooks re-render only for what they show', () => {
  let modal: WalletModal | undefined
  afterEach(() => {
    cleanup()
    modal?.destroy()
  })

  function renderCounted(children: ReactNode) {
    const world = aModalWithContainer()
    modal = world.modal
    const renders: string[] = []
    render(
      <WalletModalProvider modal={world.modal}>
        <Profiler id="host" onRender={(_id, phase) => renders.push(phase)}>
          {children}
        </Profiler>
      </WalletModalProvider>,
    )
    return { ...world, renders }
  }

  it('does not re-render the host button when the modal changes view, and does when the account changes', () => {
    const { container, renders } = renderCounted(<ConnectButton />)
    expect(screen.getByTestId('connect-button').textContent).toBe('Connect Wallet')
    const before = renders.length

    act(() => container.get(ModalStore).push('Networks'))
    act(() => container.get(ModalStore).push('Account'))
    expect(renders.length).toBe(before)

    act(() => container.get(ConnectionStore).set(connectedOn(31337)))
    expect(renders.length).toBeGreaterThan(before)
    expect(screen.getByTestId('connect-button').textContent).toBe('0x1111…1111')
  })

  it("shows the account's name once the reverse lookup on connect finds it", async () => {
    const world = aModalWithContainer()
    modal = world.modal
    const at = '2025-01-01T00:00:00Z'
    const names = [{ name: 'alice.wg.id', registered_at: at, updated_at: at, addresses: { '2147514985': { address: ADDRESS, created: at } }, attributes: {} }]
    bindInMemoryBlockchainService(world.container, { supportedChains: ['eip155:31337'], names })
    render(
      <WalletModalProvider modal={world.modal}>
        <ConnectButton />
      </WalletModalProvider>,
    )
    act(() => world.container.get(ConnectionStore).set(connectedOn(31337)))
    // The features chunk is imported (and transformed) on the first connection: allow it the time.
    await waitFor(() => expect(screen.getByTestId('connect-button').textContent).toBe('alice.wg.id'), { timeout: 10_000 })
    expect(world.modal.getState().profileName).toBe('alice.wg.id')
    act(() => world.container.get(ConnectionStore).set({ status: 'disconnected' }))
    expect(screen.getByTestId('connect-button').textContent).toBe('Connect Wallet')
    expect(world.modal.getState().profileName).toBeUndefined()
  })

  it('useNetwork follows the network and ignores the view', () => {
    const { container, renders } = renderCounted(<NetworkLabel />)
    expect(screen.getByTestId('network').textContent).toBe('none')
    const before = renders.length
    act(() => container.get(ModalStore).push('Networks'))
    expect(renders.length).toBe(before)
    act(() => container.get(ConnectionStore).set(connectedOn(31338)))
    expect(screen.getByTestId('network').textContent).toBe('eip155:31338')
  })
})
