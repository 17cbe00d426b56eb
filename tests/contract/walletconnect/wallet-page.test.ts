/**
 * The wallet page's API, as the page uses it: paste a URI, see the proposal wait, approve it by
 * hand, and the dapp gets its session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRelay, type RelayHandle } from '../../../devnet/src/relay'
import { startWalletPeer, type WalletPeer } from '../../../devnet/src/wc-wallet'
import { startWalletPage, type WalletPageServer } from '../../../devnet/src/wc-wallet/page-server'
import { DEVNET_ACCOUNTS } from '../../../devnet/src/config'
import { evmNamespace, eventually, freePort, startDapp, TEST_PROJECT_ID, until, type DappProvider } from './harness'

let relay: RelayHandle
let wallet: WalletPeer
let page: WalletPageServer
let dapp: DappProvider

interface PageState {
  address: string
  mode: string
  sessions: { topic: string; peerName: string }[]
  pending: { kind: string; id: number; peerName?: string }[]
}

const post = (path: string, body: unknown, contentType = 'application/json') =>
  fetch(`${page.url}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body: JSON.stringify(body) })
const state = async (): Promise<PageState> => (await (await fetch(`${page.url}/api/state`)).json()) as PageState

beforeAll(async () => {
  relay = await startRelay({ port: await freePort() })
  // No request needs a chain here; the RPC URL only has to be a loopback address.
  wallet = await startWalletPeer({
    relayUrl: relay.url,
    rpcUrls: { 31337: 'http://127.0.0.1:1' },
    privateKey: DEVNET_ACCOUNTS[4]!.privateKey,
    projectId: TEST_PROJECT_ID,
    mode: 'approve',
  })
  page = await startWalletPage({ peer: wallet, port: await freePort() })
  dapp = await startDapp(relay.url)
})

afterAll(async () => {
  await dapp?.client.core.relayer.transportClose().catch(() => undefined)
  dapp?.client.core.heartbeat.stop()
  await page?.close()
  await wallet?.stop()
  await relay?.stop()
})

describe('devnet wallet page', () => {
  it('serves the page and the wallet state', async () => {
    const res = await fetch(page.url)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('<h1>Devnet Wallet</h1>')
    expect(await state()).toMatchObject({ address: DEVNET_ACCOUNTS[4]!.address, mode: 'approve', sessions: [], pending: [] })
  })

  it('refuses non-JSON posts and URIs that are not wc: URIs', async () => {
    expect((await post('/api/mode', { mode: 'manual' }, 'text/plain')).status).toBe(400)
    const bad = await post('/api/pair', { uri: 'https://example.invalid' })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { message: string }).message).toMatch(/wc:/)
    expect((await post('/api/mode', { mode: 'sometimes' })).status).toBe(400)
    expect((await state()).mode).toBe('approve')
  })

  it('pasting a URI in manual mode shows the proposal; approving it gives the dapp its session', async () => {
    expect((await post('/api/mode', { mode: 'manual' })).status).toBe(200)
    let uri = ''
    dapp.once('display_uri', (u: string) => {
      uri = u
    })
    const connecting = dapp.connect({ optionalNamespaces: evmNamespace({ 31337: 'http://127.0.0.1:1' }) })
    await until(() => uri !== '', 10_000, 'a pairing URI')
    expect((await post('/api/pair', { uri })).status).toBe(200)
    const pending = await eventually(
      async () => {
        const now = (await state()).pending
        return now.length > 0 ? now : undefined
      },
      10_000,
      'a pending proposal',
    )
    expect(pending).toEqual([expect.objectContaining({ kind: 'proposal', peerName: 'Walletgate contract test' })])
    expect((await post('/api/respond', { id: pending[0]!.id, approve: true })).status).toBe(200)
    const session = await connecting
    expect(session?.namespaces.eip155?.accounts).toEqual([`eip155:31337:${DEVNET_ACCOUNTS[4]!.address}`])
    expect((await state()).sessions).toHaveLength(1)
  })

  it('disconnect ends the session on both sides', async () => {
    const deleted = new Promise<void>((resolve) => dapp.once('session_delete', () => resolve()))
    expect((await post('/api/disconnect', {})).status).toBe(200)
    await deleted
    expect((await state()).sessions).toEqual([])
  })
})
