/**
 * One-click sign-in over WalletConnect (`wc_sessionAuthenticate`, CACAO) between the modal's
 * adapter and the devnet wallet peer, through the devnet relay: the peer signs one CACAO per
 * requested chain it serves with its real key; the adapter hands them back as sign-in sessions
 * that the eip155 verifier accepts (strict EIP-4361 rebuild, then the signature); a peer without
 * authenticate support answers the SDK's fallback proposal; a refusal is a rejected connection.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { firstValueFrom, queueScheduler, VirtualTimeScheduler } from 'rxjs'
import { createClient, custom, verifyMessage, type Hex } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { startRelay, type RelayHandle } from '../../../devnet/src/relay'
import { startWalletPeer, type WalletPeer } from '../../../devnet/src/wc-wallet'
import { MemoryKeyValueStorage } from '../../../devnet/src/wc-wallet/memory-storage'
import { DEVNET_ACCOUNTS } from '../../../devnet/src/config'
import {
  UniversalProviderWalletConnect,
  type UniversalProviderWalletConnectOptions,
} from '../../../src/infrastructure/wallets/walletconnect/universal-provider-wallet-connect'
import { SignInOnConnect } from '../../../src/application/siwx/sign-in-on-connect'
import { SnackStore } from '../../../src/application/snack-store'
import { EventReporter } from '../../../src/application/connection/report-event'
import { InMemorySiwxStorage } from '../../fakes/in-memory-siwx-storage'
import { InMemoryAnalytics } from '../../fakes/in-memory-analytics'
import { ViemSiweMessenger } from '../../../src/infrastructure/chains/eip155/siwx/viem-siwe-messenger'
import { WalletRequestError } from '../../../src/ports/chain-family'
import type { SiwxConnectRequest } from '../../../src/ports/siwx'
import { installNetworkGuard, type NetworkGuard } from './network-guard'
import { freePort, TEST_PROJECT_ID, until } from './harness'

const PEER = DEVNET_ACCOUNTS[6]!
const NETWORKS = [
  { caipNetworkId: 'eip155:31337' as const, chainNamespace: 'eip155' as const, rpcUrls: ['http://127.0.0.1:1'] },
  { caipNetworkId: 'eip155:31338' as const, chainNamespace: 'eip155' as const, rpcUrls: ['http://127.0.0.1:2'] },
]
// A chain that cannot run the ERC-6492 validator: viem then checks an EOA signature by recovery.
const offlineChain = createClient({ transport: custom({ request: () => Promise.reject(new Error('no chain here')) }, { retryCount: 0 }) })
const messenger = new ViemSiweMessenger(() => offlineChain)

let guard: NetworkGuard
let relay: RelayHandle
let wallet: WalletPeer
let previousDisableGlobalCore: string | undefined
const adapters: UniversalProviderWalletConnect[] = []
const warnings: string[] = []

function adapter(overrides: Partial<UniversalProviderWalletConnectOptions> = {}): UniversalProviderWalletConnect {
  const created = new UniversalProviderWalletConnect({
    projectId: TEST_PROJECT_ID,
    relayUrl: relay.url,
    metadata: { name: 'Walletgate sign-in test', description: 'dapp', url: 'http://127.0.0.1', icons: [] },
    networks: NETWORKS,
    clock: { now: () => Date.now() },
    scheduler: new VirtualTimeScheduler(),
    logger: { debug: () => undefined, warn: (m) => warnings.push(m), error: (m) => warnings.push(`ERROR ${m}`) },
    storage: new MemoryKeyValueStorage(),
    customStoragePrefix: `walletgate-auth-${randomUUID()}`,
    verifyAttestation: 'skip',
    ...overrides,
  })
  adapters.push(created)
  return created
}

function request(nonce: string): SiwxConnectRequest {
  return {
    namespace: 'eip155',
    domain: 'app.test:5173',
    uri: 'http://app.test:5173',
    statement: 'Sign in to the Walletgate test.',
    nonce,
    chainIds: ['eip155:31337', 'eip155:31338'],
    expirationTime: new Date(Date.now() + 3_600_000).toISOString(),
  }
}

beforeAll(async () => {
  guard = installNetworkGuard()
  previousDisableGlobalCore = process.env.DISABLE_GLOBAL_CORE
  process.env.DISABLE_GLOBAL_CORE = 'true'
  relay = await startRelay({ port: await freePort() })
  wallet = await startWalletPeer({
    relayUrl: relay.url,
    rpcUrls: { 31337: 'http://127.0.0.1:1', 31338: 'http://127.0.0.1:2' },
    privateKey: PEER.privateKey,
    projectId: TEST_PROJECT_ID,
    mode: 'approve',
  })
})

afterAll(async () => {
  for (const a of adapters) await a.close()
  await wallet?.stop()
  await relay?.stop()
  if (previousDisableGlobalCore === undefined) delete process.env.DISABLE_GLOBAL_CORE
  else process.env.DISABLE_GLOBAL_CORE = previousDisableGlobalCore
  guard?.uninstall()
})

describe('one-click sign-in between the adapter and the wallet peer', () => {
  it('one approval in the peer: a session, and a verified sign-in per requested chain signed with the peer key', async () => {
    wallet.setMode('manual')
    const dapp = adapter()
    const asked = request('oneclick0001')
    const attempt = dapp.connect({ signIn: asked })
    await wallet.pair(await firstValueFrom(attempt.uri$))
    await until(() => wallet.pending().some((p) => p.kind === 'authenticate'), 15_000, 'the authenticate request')
    const pending = wallet.pending()
    expect(pending).toEqual([expect.objectContaining({ kind: 'authenticate', domain: 'app.test:5173', chains: ['eip155:31337', 'eip155:31338'] })])
    await wallet.respond(pending[0]!.id, true)
    const session = await attempt.session
    wallet.setMode('approve')

    expect(session.addresses).toEqual([PEER.address])
    expect(session.caipNetworkId).toBe('eip155:31337')
    expect(session.signIn?.request).toEqual(asked)
    const signIns = session.signIn?.sessions ?? []
    expect(signIns.map((s) => s.data.chainId)).toEqual(['eip155:31337', 'eip155:31338'])
    for (const signed of signIns) {
      expect(signed.data).toMatchObject({
        accountAddress: PEER.address,
        domain: asked.domain,
        uri: asked.uri,
        nonce: asked.nonce,
        expirationTime: asked.expirationTime,
        version: '1',
      })
      expect(signed.data.statement).toMatch(/^Sign in to the Walletgate test\. I further authorize the stated URI/)
      expect(await verifyMessage({ address: PEER.address, message: signed.message, signature: signed.signature as Hex })).toBe(true)
      // Strict EIP-4361: viem's parser reads the signed text back, and the verifier's rebuild matches it.
      expect(parseSiweMessage(signed.message)).toMatchObject({ address: PEER.address, nonce: asked.nonce })
      expect(messenger.createMessage(signed.data)).toBe(signed.message)
      expect(await messenger.verify(signed, Date.now())).toBe(true)
    }
    expect(wallet.activity()).toContainEqual(expect.objectContaining({ type: 'authenticate', outcome: 'approved', chains: ['eip155:31337', 'eip155:31338'] }))

    // The session it made is a working one.
    const signature = (await dapp.getProvider()!.request({ method: 'personal_sign', params: ['after sign-in', PEER.address] })) as Hex
    expect(await verifyMessage({ address: PEER.address, message: 'after sign-in', signature })).toBe(true)
    await dapp.disconnect()
  })

  it("with the modal's sign-in: asked with a fresh nonce, and every answer verified and stored before the session resolves", async () => {
    const clock = { now: () => Date.now() }
    const storage = new InMemorySiwxStorage(clock)
    const logger = { debug: () => undefined, warn: (m: string) => warnings.push(m), error: (m: string) => warnings.push(`ERROR ${m}`) }
    const onConnect = new SignInOnConnect({
      config: { required: true, expiresInMs: 3_600_000, signOutOnDisconnect: true, statement: 'Sign in to the Walletgate test.' },
      storage,
      messengers: { get: (n) => Promise.resolve(n === 'eip155' ? messenger : undefined) },
      nonces: { next: () => Promise.resolve('fromthemodal01') },
      clock,
      snack: new SnackStore(queueScheduler),
      events: new EventReporter({ features: { analytics: false } }, new InMemoryAnalytics(), logger),
      logger,
      supportedNetworkIds: ['eip155:31337', 'eip155:31338'],
      page: () => ({ host: 'app.test:5173', origin: 'http://app.test:5173' }),
    })
    const dapp = adapter({ signIn: () => Promise.resolve(onConnect) })
    const attempt = dapp.connect()
    await wallet.pair(await firstValueFrom(attempt.uri$))
    const session = await attempt.session
    expect(session.signIn?.request.nonce).toBe('fromthemodal01')
    expect(storage.sessions.map((s) => [s.data.chainId, s.data.accountAddress, s.data.nonce])).toEqual([
      ['eip155:31337', PEER.address, 'fromthemodal01'],
      ['eip155:31338', PEER.address, 'fromthemodal01'],
    ])
    await dapp.disconnect()
  })

  it('a peer without authenticate support answers the fallback proposal: a plain session, no sign-in', async () => {
    wallet.setAuthenticate(false)
    const before = wallet.activity().length
    try {
      const dapp = adapter()
      const attempt = dapp.connect({ signIn: request('fallback0001') })
      await wallet.pair(await firstValueFrom(attempt.uri$))
      const session = await attempt.session
      expect(session.addresses).toEqual([PEER.address])
      expect(session.signIn).toBeUndefined()
      expect(wallet.activity().slice(before).map((a) => [a.type, 'outcome' in a ? a.outcome : undefined])).toEqual([['proposal', 'approved']])
      await dapp.disconnect()
    } finally {
      wallet.setAuthenticate(true)
    }
  })

  it('a refusal in the peer rejects the connection as a rejected one', async () => {
    wallet.setMode('reject')
    try {
      const dapp = adapter()
      const attempt = dapp.connect({ signIn: request('rejected0001') })
      await wallet.pair(await firstValueFrom(attempt.uri$))
      const error = await attempt.session.then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(WalletRequestError)
      expect((error as WalletRequestError).kind).toBe('rejected')
      expect(wallet.activity()).toContainEqual(expect.objectContaining({ type: 'authenticate', outcome: 'rejected' }))
    } finally {
      wallet.setMode('approve')
    }
  })

  it('logged no bug-level errors and reached no non-loopback host', () => {
    expect(warnings.filter((w) => w.startsWith('ERROR'))).toEqual([])
    expect(guard.violations).toEqual([])
  })
})
