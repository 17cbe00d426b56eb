// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createWalletModal, type WalletModal } from '../../../src/index'
import { WalletModalProvider, useSignIn } from '../../../src/react'
import { aModalConfig } from '../../builders/config'

function SignInStatus() {
  const { status, isSignedIn, signIn } = useSignIn()
  return (
    <button type="button" data-testid="status" onClick={() => void signIn().catch((e: Error) => (document.title = e.message))}>
      {status}:{String(isSignedIn)}
    </button>
  )
}

describe('useSignIn', () => {
  let modal: WalletModal | undefined
  afterEach(() => {
    cleanup()
    modal?.destroy()
  })

  it('shows disabled without siwx, and signIn rejects with "SIWX is not enabled"', async () => {
    modal = createWalletModal(aModalConfig())
    render(
      <WalletModalProvider modal={modal}>
        <SignInStatus />
      </WalletModalProvider>,
    )
    expect(screen.getByTestId('status').textContent).toBe('disabled:false')
    act(() => screen.getByTestId('status').click())
    await vi.waitFor(() => expect(document.title).toBe('SIWX is not enabled'), { timeout: 10_000 })
  })

  it('shows signed-out with siwx before any sign-in', () => {
    modal = createWalletModal({ ...aModalConfig(), siwx: {} })
    render(
      <WalletModalProvider modal={modal}>
        <SignInStatus />
      </WalletModalProvider>,
    )
    expect(screen.getByTestId('status').textContent).toBe('signed-out:false')
  })
})
