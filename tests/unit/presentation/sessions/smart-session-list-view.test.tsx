// @vitest-environment jsdom
/**
 * The sessions view over a store of fakes: it asks for the list when it opens, shows each active
 * session's limit and expiry with a Revoke button, a clear error for a bad answer, and revokes once.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ConnectedAccount } from '../../../../src/application/connection-store'
import { SmartSessionsStore } from '../../../../src/application/sessions/smart-sessions-store'
import { SmartSessionsStoreToken } from '../../../../src/application/sessions/tokens'
import { SmartSessionsListError } from '../../../../src/domain/sessions/smart-sessions'
import { DiProvider } from '../../../../src/presentation/di-context'
import SmartSessionListView from '../../../../src/presentation/views/sessions/SmartSessionListView'
import { FakeSessionKeyWallet } from '../../../fakes/fake-session-key-wallet'
import { InMemorySmartSessionsApi } from '../../../fakes/in-memory-smart-sessions-api'
import { RecordingLogger } from '../../../fakes/recording-logger'
import { createTestContainer } from '../../../support/test-container'

afterEach(cleanup)

const SMART = '0x00000000000000000000000000000000000a11ce'
const KEY = '0x1111111111111111111111111111111111111111'
const PCI = `${SMART}${KEY.slice(2)}`

function show() {
  const api = new InMemorySmartSessionsApi()
  const wallet = new FakeSessionKeyWallet(api, new Set(['AUTH']), () => SMART)
  const account = { connectorId: 'AUTH', namespace: 'eip155', address: SMART, caipAddress: `eip155:31337:${SMART}`, caipNetworkId: 'eip155:31337', accountType: 'smartAccount' } as ConnectedAccount
  const store = new SmartSessionsStore({ connection: { account: () => account }, api, wallet, logger: new RecordingLogger() })
  const container = createTestContainer(undefined, (c) => c.rebind(SmartSessionsStoreToken).toConstantValue(store))
  const mount = async () => {
    render(
      <DiProvider container={container}>
        <SmartSessionListView />
      </DiProvider>,
    )
    await act(() => Promise.resolve())
  }
  return { api, wallet, store, mount }
}

describe('SmartSessionListView', () => {
  it('lists each active session with its limit, its expiry and a Revoke button; Revoke removes it once, double click or not', async () => {
    const w = show()
    w.api.grant(SMART, { pci: PCI, chainId: 31337, key: KEY, expiry: 1_900_000_000, valueLimit: 50_000_000_000_000_000n, spent: 20_000_000_000_000_000n, targets: [], active: true })
    await w.mount()
    expect(screen.getByTestId('session-limit').textContent).toBe('Limit 0.050 ETH (spent 0.020)')
    expect(screen.getByTestId('session-expiry').textContent).toContain('Expires')
    expect(screen.getByTestId('session-expiry').textContent).toContain('2030')
    w.wallet.hold()
    const button = screen.getByTestId('session-revoke')
    fireEvent.click(button)
    fireEvent.click(button)
    expect((screen.getByTestId('session-revoke') as HTMLButtonElement).disabled).toBe(true)
    await act(async () => {
      w.wallet.release()
      await Promise.resolve()
    })
    await act(() => Promise.resolve())
    expect(w.wallet.requests).toEqual([`remove ${KEY}`])
    expect(screen.getByTestId('sessions-empty')).toBeTruthy()
  })

  it('a malformed answer shows a clear error with a retry, not a blank view', async () => {
    const w = show()
    w.api.failNextList = new SmartSessionsListError('malformed')
    await w.mount()
    expect(screen.getByTestId('sessions-error').textContent).toContain('The sessions list could not be read')
    fireEvent.click(screen.getByTestId('sessions-retry'))
    await act(() => Promise.resolve())
    expect(screen.getByTestId('sessions-empty')).toBeTruthy()
  })
})
