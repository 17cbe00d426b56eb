import { asyncScheduler } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { disconnectAndClose } from '../../../../src/application/account/disconnect-account'
import { FakeChainFamily, anAnnouncedConnector } from '../../../fakes/fake-chain-family'
import { WALLETCONNECT_CONNECTOR_ID } from '../../../../src/domain/connection/connectors'
import { disconnectGroups } from '../../../../src/domain/connection/disconnect-groups'
import type { NetworkConfig } from '../../../../src/domain/network/network-config'
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
    await disconnectAndClose(w.disconnect, w.modal, w.connection)()
    expect(w.connection.snapshot.status).toBe('disconnected')
    expect(w.modal.snapshot.open).toBe(false)
    expect(w.modal.view).toBe('Connect')
  })

  it('keeps the modal open when the disconnect failed, so the visitor sees it', async () => {
    const w = await connectedWithAccountOpen()
    const failing = { disconnect: () => Promise.reject(new Error('Failed to disconnect.')) }
    await expect(disconnectAndClose(failing, w.modal, w.connection)()).rejects.toThrow('Failed to disconnect.')
    expect(w.modal.snapshot.open).toBe(true)
  })
})

describe('disconnecting one chain family of several', () => {
  const SOLANA_DEVNET: NetworkConfig = { id: 'devnet', chainNamespace: 'solana', name: 'Solana Devnet', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, rpcUrls: ['http://127.0.0.1:8899'] }
  const DEVNET_A: NetworkConfig = { id: 31337, chainNamespace: 'eip155', name: 'Devnet A', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: ['http://127.0.0.1:8545'] }

  it('ends that family only and keeps the modal open on the other; the last one closes it', async () => {
    const solana = new FakeChainFamily('solana')
    const w = connectionWorld(asyncScheduler, { networks: [DEVNET_A, SOLANA_DEVNET] }, [solana])
    w.wallets.add(anAnnouncedConnector('io.metamask', 'MetaMask'))
    solana.add(anAnnouncedConnector('app.solflare', 'Solflare', 'solana'))
    w.modal.open({}, false)
    await w.connect.connect('io.metamask')
    await w.connect.connect('app.solflare')
    w.modal.open({}, true)
    expect(w.connection.connectedNamespaces.sort()).toEqual(['eip155', 'solana'])
    const disconnect = disconnectAndClose(w.disconnect, w.modal, w.connection)
    await disconnect(['solana'])
    expect(w.connection.connectedNamespaces).toEqual(['eip155'])
    expect(w.modal.snapshot.open).toBe(true)
    await disconnect()
    expect(w.connection.connectedNamespaces).toEqual([])
    expect(w.modal.snapshot.open).toBe(false)
  })

  it('offers a choice per wallet or session: a WalletConnect or email session ends all its families at once', () => {
    const account = (namespace: 'eip155' | 'solana' | 'bip122', connectorId: string, connectorType?: 'AUTH') => ({ namespace, connectorId, ...(connectorType ? { connectorType } : {}) })
    expect(disconnectGroups([account('eip155', 'io.metamask'), account('solana', 'app.solflare')])).toEqual([['eip155'], ['solana']])
    expect(disconnectGroups([account('eip155', WALLETCONNECT_CONNECTOR_ID), account('solana', WALLETCONNECT_CONNECTOR_ID), account('bip122', 'x.btc')])).toEqual([['eip155', 'solana'], ['bip122']])
    expect(disconnectGroups([account('eip155', 'auth', 'AUTH'), account('solana', 'auth', 'AUTH')])).toEqual([['eip155', 'solana']])
    // One wallet offering two families, connected in one click, is one choice.
    expect(disconnectGroups([account('eip155', 'app.phantom'), account('solana', 'app.phantom'), account('bip122', 'x.btc')])).toEqual([['eip155', 'solana'], ['bip122']])
  })
})
