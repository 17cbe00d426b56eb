/**
 * A dapp-side UniversalProvider (as the modal uses it) pairs with the devnet wallet peer through
 * the devnet relay, on the devnet's two Anvil chains, with every non-loopback connection forbidden.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { WebSocket } from 'ws'
import { createPublicClient, http, parseEther, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { startRelay, type RelayHandle } from '../../../devnet/src/relay'
import { startWalletPeer, type WalletPeer } from '../../../devnet/src/wc-wallet'
import { DEVNET_ACCOUNTS } from '../../../devnet/src/config'
import { installNetworkGuard, type NetworkGuard } from './network-guard'
import { evmNamespace, freePort, nextEvent, startDapp, TEST_PROJECT_ID, until, type DappProvider } from './harness'

const PEER_KEY = DEVNET_ACCOUNTS[3]!
const RECIPIENT = DEVNET_ACCOUNTS[7]!.address

let guard: NetworkGuard
let relay: RelayHandle
// The project's devnet chains: the transfers below send from account #3 to #7 and compare balances
// before and after. The relay is the file's own: it restarts it and counts its connections.
const rpcUrls = inject('devnet').rpcUrls
let wallet: WalletPeer
let dapp: DappProvider
const extraDapps: DappProvider[] = []

async function closeDapp(provider: DappProvider): Promise<void> {
  await provider.client.core.relayer.transportClose().catch(() => undefined)
  provider.client.core.heartbeat.stop()
}

beforeAll(async () => {
  guard = installNetworkGuard()
  relay = await startRelay({ port: await freePort() })
  wallet = await startWalletPeer({
    relayUrl: relay.url,
    rpcUrls,
    privateKey: PEER_KEY.privateKey,
    projectId: TEST_PROJECT_ID,
    mode: 'approve',
  })
  dapp = await startDapp(relay.url)
})

afterAll(async () => {
  for (const d of [dapp, ...extraDapps]) if (d) await closeDapp(d)
  await wallet?.stop()
  await relay?.stop()
  guard?.uninstall()
})

describe('WalletConnect through the devnet relay and wallet peer', () => {
  it('the guard really forbids non-loopback hosts', async () => {
    await expect(fetch('https://verify.walletconnect.org/v3/public-key')).rejects.toThrow(/Network guard/)
    const socket = new WebSocket('wss://relay.walletconnect.org/?auth=x')
    const error = await new Promise<Error>((resolve) => socket.once('error', resolve))
    expect(error.message).toMatch(/Network guard/)
    expect(guard.violations).toEqual(['fetch verify.walletconnect.org', 'tls.connect relay.walletconnect.org'])
    guard.violations.length = 0
  })

  it('pairs: the dapp gets a session with the peer address on both devnet chains', async () => {
    dapp.once('display_uri', (uri: string) => {
      wallet.pair(uri).catch(() => undefined)
    })
    const session = await dapp.connect({ optionalNamespaces: evmNamespace(rpcUrls) })
    expect(session?.namespaces.eip155?.chains).toEqual(['eip155:31337', 'eip155:31338'])
    const accounts = await dapp.request<string[]>({ method: 'eth_accounts' })
    expect(accounts).toEqual([PEER_KEY.address])
    expect(wallet.sessions()).toHaveLength(1)
    expect(wallet.sessions()[0]?.peerName).toBe('Walletgate contract test')
  })

  it('personal_sign returns a signature that verifies for the peer address', async () => {
    const message = 'Sign in to Walletgate'
    const hex = `0x${Buffer.from(message).toString('hex')}` as Hex
    const signature = await dapp.request<Hex>({ method: 'personal_sign', params: [hex, PEER_KEY.address] })
    expect(await verifyMessage({ address: PEER_KEY.address, message, signature })).toBe(true)
    expect(await verifyMessage({ address: RECIPIENT, message, signature })).toBe(false)
  })

  it('eth_signTypedData_v4 returns a signature that verifies', async () => {
    const typed = {
      domain: { name: 'Walletgate', version: '1', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Greeting: [{ name: 'text', type: 'string' }],
      },
      primaryType: 'Greeting' as const,
      message: { text: 'hello' },
    }
    const signature = await dapp.request<Hex>({
      method: 'eth_signTypedData_v4',
      params: [PEER_KEY.address, JSON.stringify(typed)],
    })
    const { EIP712Domain: _domain, ...types } = typed.types
    expect(
      await verifyTypedData({ address: PEER_KEY.address, domain: typed.domain, types, primaryType: 'Greeting', message: typed.message, signature }),
    ).toBe(true)
  })

  it('a native transfer through the session is mined on the chain', async () => {
    const client = createPublicClient({ transport: http(rpcUrls[31337]) })
    const before = await client.getBalance({ address: RECIPIENT })
    const value = parseEther('0.25')
    const hash = await dapp.request<Hex>({
      method: 'eth_sendTransaction',
      params: [{ from: PEER_KEY.address, to: RECIPIENT, value: `0x${value.toString(16)}` }],
    })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(PEER_KEY.address.toLowerCase())
    expect(await client.getBalance({ address: RECIPIENT })).toBe(before + value)
  })

  it('the wallet switches to 31338: the dapp hears chainChanged and its next transfer lands on chain B', async () => {
    const changed = nextEvent<number>(dapp, 'chainChanged')
    await wallet.switchChain(31338)
    expect(Number(await changed)).toBe(31338)
    const client = createPublicClient({ transport: http(rpcUrls[31338]) })
    const before = await client.getBalance({ address: RECIPIENT })
    const hash = await dapp.request<Hex>({
      method: 'eth_sendTransaction',
      params: [{ from: PEER_KEY.address, to: RECIPIENT, value: '0x3e8' }],
    })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: RECIPIENT })).toBe(before + 1000n)
  })

  it('a transaction from an address the wallet does not hold fails with 4100 and sends nothing', async () => {
    const client = createPublicClient({ transport: http(rpcUrls[31338]) })
    const before = await client.getTransactionCount({ address: PEER_KEY.address })
    await expect(
      dapp.request({ method: 'eth_sendTransaction', params: [{ from: RECIPIENT, to: PEER_KEY.address, value: '0x1' }] }),
    ).rejects.toMatchObject({ code: 4100 })
    expect(await client.getTransactionCount({ address: PEER_KEY.address })).toBe(before)
  })

  it('a request the wallet rejects fails on the dapp side with code 4001', async () => {
    wallet.setMode('reject')
    try {
      await expect(dapp.request({ method: 'personal_sign', params: ['0x6869', PEER_KEY.address] })).rejects.toMatchObject({
        code: 4001,
      })
    } finally {
      wallet.setMode('approve')
    }
  })

  it('in manual mode a request waits until it is decided', async () => {
    wallet.setMode('manual')
    try {
      const result = dapp.request<Hex>({ method: 'personal_sign', params: ['0x6f6b', PEER_KEY.address] })
      await until(() => wallet.pending().some((p) => p.kind === 'request'), 10_000, 'a pending request')
      const item = wallet.pending().find((p) => p.kind === 'request')!
      expect(item).toMatchObject({ kind: 'request', method: 'personal_sign' })
      await wallet.respond(item.id, true)
      const signature = await result
      expect(await verifyMessage({ address: PEER_KEY.address, message: 'ok', signature })).toBe(true)
      expect(wallet.pending()).toEqual([])
    } finally {
      wallet.setMode('approve')
    }
  })

  it('after the relay restarts mid-session the next request succeeds once the clients reconnect', async () => {
    await relay.restart()
    const signature = await dapp.request<Hex>({ method: 'personal_sign', params: ['0x616761696e', PEER_KEY.address] })
    expect(await verifyMessage({ address: PEER_KEY.address, message: 'again', signature })).toBe(true)
    expect(relay.connections()).toBe(2)
  })

  it('after a 2 s relay outage both clients come back by themselves and the next request succeeds', async () => {
    await relay.restart(2000)
    await until(() => relay.connections() === 2, 20_000, 'both clients to reconnect')
    const signature = await dapp.request<Hex>({ method: 'personal_sign', params: ['0x646f776e', PEER_KEY.address] })
    expect(await verifyMessage({ address: PEER_KEY.address, message: 'down', signature })).toBe(true)
  })

  it('the peer deleting the session is seen by the dapp', async () => {
    const deleted = nextEvent<{ topic: string }>(dapp, 'session_delete')
    const topic = wallet.sessions()[0]!.topic
    await wallet.disconnectAll()
    expect((await deleted).topic).toBe(topic)
    expect(wallet.sessions()).toEqual([])
    await until(() => dapp.session === undefined, 5_000, 'the dapp to drop its session')
  })

  it('a proposal the wallet rejects makes connect() fail', async () => {
    wallet.setMode('reject')
    const other = await startDapp(relay.url)
    extraDapps.push(other)
    try {
      other.once('display_uri', (uri: string) => {
        wallet.pair(uri).catch(() => undefined)
      })
      await expect(other.connect({ optionalNamespaces: evmNamespace(rpcUrls) })).rejects.toMatchObject({ code: 5000 })
      expect(wallet.sessions()).toEqual([])
    } finally {
      wallet.setMode('approve')
    }
  })

  it('a proposal for chains the wallet does not serve is refused with 5100', async () => {
    const other = await startDapp(relay.url)
    extraDapps.push(other)
    other.once('display_uri', (uri: string) => {
      wallet.pair(uri).catch(() => undefined)
    })
    await expect(
      other.connect({ optionalNamespaces: evmNamespace({ 1: 'http://127.0.0.1:1' }) }),
    ).rejects.toMatchObject({ code: 5100 })
  })

  it('a wallet that pairs late still gets the proposal the relay kept for it', async () => {
    const late = await startDapp(relay.url)
    extraDapps.push(late)
    let uri = ''
    late.once('display_uri', (u: string) => {
      uri = u
    })
    const connecting = late.connect({ optionalNamespaces: evmNamespace({ 31337: rpcUrls[31337]! }) })
    await until(() => uri !== '', 10_000, 'a pairing URI')
    // display_uri comes after the proposal is published: the wallet subscribes to the pairing topic only now.
    await wallet.pair(uri)
    const session = await connecting
    expect(session?.namespaces.eip155?.accounts).toEqual([`eip155:31337:${PEER_KEY.address}`])
  })

  it('nothing tried to reach a non-loopback host', () => {
    expect(guard.violations).toEqual([])
  })
})
