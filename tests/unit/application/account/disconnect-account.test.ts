import { asyncScheduler } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { disconnectAndClose } from '../../../../src/application/account/disconnect-account'
import { anAnnouncedConnector } from '../../../fakes/fake-chain-family'
import { connectionWorld } from '../connection/world'

const RDNS = 'io.devnet.wallet'

async function connectedWithAccountOpen() {
  const w = connectionWorld(asyncScheduler)
  w.wallets.add(anAnnouncedConnector(RDNS))
  w.modal.open({}, false)
  await w.connect.connect(RDNS)
  w.modal.open({}, true)
  expect(w.modal.view).toBe('Account')
  return w
}

describe('disconnectAndClose (the Account view\'s Disconnect)', () => {
  it('ends the session and closes the overlay, leaving Connect as the view to come back to', async () => {
    const w = await connectedWithAccountOpen()
    await disconnectAndClose(w.disconnect, w.modal)()
    expect(w.connection.snapshot.status).toBe('disconnected')
    expect(w.modal.snapshot.open).toBe(false)
    expect(w.modal.view).toBe('Connect')
  })

  it('keeps the modal open when the disconnect failed, so the visitor sees it', async () => {
    const w = await connectedWithAccountOpen()
    const failing = { disconnect: () => Promise.reject(new Error('Failed to disconnect.')) }
    await expect(disconnectAndClose(failing, w.modal)()).rejects.toThrow('Failed to disconnect.')
    expect(w.modal.snapshot.open).toBe(true)
  })
})
