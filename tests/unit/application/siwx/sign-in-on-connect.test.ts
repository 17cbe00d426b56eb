/**
 * One-click sign-in's checks, over the real eip155 verifier (viem, strict EIP-4361 rebuild) and
 * CACAOs signed with a real key: what was asked (domain, uri, nonce, chain, expiry) and the
 * signature, before anything is stored.
 */
import { VirtualTimeScheduler } from 'rxjs'
import { createClient, custom, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { EventReporter } from '../../../../src/application/connection/report-event'
import { SignInOnConnect } from '../../../../src/application/siwx/sign-in-on-connect'
import { SnackStore } from '../../../../src/application/snack-store'
import type { ResolvedSiwxConfig } from '../../../../src/domain/siwx/siwx-config'
import type { SiwxSession } from '../../../../src/domain/entities'
import { ViemSiweMessenger } from '../../../../src/infrastructure/chains/eip155/siwx/viem-siwe-messenger'
import { cacaoSession, type CacaoLike } from '../../../../src/infrastructure/wallets/walletconnect/cacao-sessions'
import type { SiwxConnectRequest } from '../../../../src/ports/siwx'
import { InMemoryAnalytics } from '../../../fakes/in-memory-analytics'
import { InMemorySiwxStorage } from '../../../fakes/in-memory-siwx-storage'
import { ManualClock } from '../../../fakes/manual-clock'
import { RecordingLogger } from '../../../fakes/recording-logger'

const wallet = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const other = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
// A chain that cannot run the ERC-6492 validator: viem then checks an EOA signature by recovery.
const offlineChain = createClient({ transport: custom({ request: () => Promise.reject(new Error('no chain in this test')) }, { retryCount: 0 }) })
const RECAP = 'urn:recap:eyJhdHQiOnsiZWlwMTU1Ijp7InJlcXVlc3QvcGVyc29uYWxfc2lnbiI6W3t9XX19fQ'
const RECAP_SENTENCE = " I further authorize the stated URI to perform the following actions on my behalf: (1) 'request': 'personal_sign' for 'eip155'."

function world(siwx: Partial<ResolvedSiwxConfig> = {}) {
  const clock = new ManualClock()
  const storage = new InMemorySiwxStorage(clock)
  // The snack's 150 ms hand-over runs on virtual time: flush() plays it.
  const scheduler = new VirtualTimeScheduler()
  const snack = new SnackStore(scheduler)
  const snacks: string[] = []
  snack.snack$.subscribe((s) => snacks.push(s.open ? `${s.variant}:${s.message}` : 'closed'))
  const logger = new RecordingLogger()
  const hostEvents: string[] = []
  const events = new EventReporter({ features: { analytics: false }, onEvent: (e) => hostEvents.push(e.type) }, new InMemoryAnalytics(), logger)
  const messenger = new ViemSiweMessenger(() => offlineChain)
  let nonce = 0
  const signIn = new SignInOnConnect({
    config: { required: true, expiresInMs: 86_400_000, signOutOnDisconnect: true, statement: 'Sign in.', ...siwx },
    storage,
    messengers: { get: (n) => Promise.resolve(n === 'eip155' ? messenger : undefined) },
    nonces: { next: () => Promise.resolve(`nonce${String(++nonce).padStart(6, '0')}`) },
    clock,
    snack,
    events,
    logger,
    supportedNetworkIds: ['eip155:31337', 'eip155:31338', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
    page: () => ({ host: 'app.test', origin: 'https://app.test' }),
  })
  return { clock, storage, snack, snacks, hostEvents, signIn, flush: () => scheduler.flush() }
}

/**
 * What a wallet answers: the payload it was asked for (fields overridable), rendered as the SDK
 * does and signed with `signer`; `signedText` replaces the text actually signed.
 */
async function answer(
  request: SiwxConnectRequest,
  nowMs: number,
  opts: { chain?: string; p?: Partial<CacaoLike['p']>; signer?: typeof wallet; signedText?: (text: string) => string } = {},
): Promise<SiwxSession> {
  const chain = opts.chain ?? request.chainIds[0]!
  const p: CacaoLike['p'] = {
    iss: `did:pkh:${chain}:${wallet.address}`,
    domain: request.domain,
    aud: request.uri,
    version: '1',
    nonce: request.nonce,
    iat: new Date(nowMs).toISOString(),
    exp: request.expirationTime,
    statement: request.statement,
    resources: [RECAP],
    ...opts.p,
  }
  const text = createSiweMessage({
    address: p.iss.split(':').pop() as Hex,
    chainId: Number(p.iss.split(':')[3]),
    domain: p.domain,
    uri: p.aud!,
    version: '1',
    nonce: p.nonce,
    statement: `${p.statement ?? ''}${RECAP_SENTENCE}`,
    issuedAt: new Date(p.iat),
    expirationTime: new Date(p.exp!),
    resources: [RECAP],
  })
  const signature = await (opts.signer ?? wallet).signMessage({ message: opts.signedText?.(text) ?? text })
  return cacaoSession({ p, s: { t: 'eip191', s: signature } }, text)!
}

describe('SignInOnConnect', () => {
  it('asks for every configured network of the family with a fresh nonce, the page, the statement and the configured expiry', async () => {
    const w = world()
    const request = await w.signIn.request('eip155')
    expect(request).toEqual({
      namespace: 'eip155',
      domain: 'app.test',
      uri: 'https://app.test',
      statement: 'Sign in.',
      nonce: 'nonce000001',
      chainIds: ['eip155:31337', 'eip155:31338'],
      expirationTime: new Date(w.clock.now() + 86_400_000).toISOString(),
    })
    expect((await w.signIn.request('eip155'))?.nonce).toBe('nonce000002')
    expect(await w.signIn.request('polkadot')).toBeUndefined()
  })

  it("uses the host's domain and uri when it configured them", async () => {
    const w = world({ domain: 'example.com', uri: 'https://example.com/login' })
    expect(await w.signIn.request('eip155')).toMatchObject({ domain: 'example.com', uri: 'https://example.com/login' })
  })

  it('stores every answer that verifies while "Authenticating..." shows, then reports success', async () => {
    const w = world()
    const request = (await w.signIn.request('eip155'))!
    const sessions = [await answer(request, w.clock.now()), await answer(request, w.clock.now(), { chain: 'eip155:31338' })]
    expect(await w.signIn.accept(request, sessions)).toEqual(sessions)
    expect(w.storage.sessions).toEqual(sessions)
    expect(w.snacks).toEqual(['closed', 'loading:Authenticating...', 'closed'])
    expect(w.hostEvents.filter((e) => e === 'siwx_success')).toHaveLength(2)
  })

  const tampered: Array<[string, (request: SiwxConnectRequest, nowMs: number) => Promise<SiwxSession>]> = [
    ['a domain other than the one asked', (r, now) => answer(r, now, { p: { domain: 'evil.test' } })],
    ['a nonce other than the one asked', (r, now) => answer(r, now, { p: { nonce: 'othernonce123' } })],
    ['a uri other than the one asked', (r, now) => answer(r, now, { p: { aud: 'https://evil.test' } })],
    ['a chain that was not asked', (r, now) => answer(r, now, { chain: 'eip155:1' })],
    ['an expiry other than the one asked', (r, now) => answer(r, now, { p: { exp: new Date(now + 365 * 86_400_000).toISOString() } })],
    ['an expired sign-in', (r, now) => answer({ ...r, expirationTime: new Date(now - 1000).toISOString() }, now)],
    ['a signature by another key', (r, now) => answer(r, now, { signer: other })],
    ['a signed text other than the payload (domain swapped after signing)', (r, now) => answer(r, now, { signedText: (t) => t.replace('app.test wants', 'evil.test wants') })],
    [
      'a payload tampered after signing (nonce)',
      async (r, now) => {
        const session = await answer(r, now)
        return { ...session, message: session.message.replace(`Nonce: ${r.nonce}`, 'Nonce: replayed0001'), data: { ...session.data, nonce: 'replayed0001' } }
      },
    ],
    [
      'a text that is not strict EIP-4361 (lower-case address)',
      async (r, now) => {
        const session = await answer(r, now)
        const message = session.message.replace(wallet.address, wallet.address.toLowerCase())
        return { ...session, message, signature: await wallet.signMessage({ message }) }
      },
    ],
  ]

  for (const [what, make] of tampered) {
    it(`refuses ${what}: nothing is stored and "Signature declined" shows`, async () => {
      const w = world()
      const request = (await w.signIn.request('eip155'))!
      const good = await answer(request, w.clock.now(), { chain: 'eip155:31338' })
      expect(await w.signIn.accept(request, [good, await make(request, w.clock.now())])).toEqual([])
      expect(w.storage.sessions).toEqual([])
      w.flush()
      expect(w.snacks).toContain('error:Signature declined')
      expect(w.hostEvents).toContain('siwx_error')
      expect(w.hostEvents).not.toContain('siwx_success')
    })
  }

  it("a host's verify decides the signature, after what was asked is checked", async () => {
    const verified: string[] = []
    const w = world({ verify: (s) => (verified.push(s.data.chainId), Promise.resolve(false)) })
    const request = (await w.signIn.request('eip155'))!
    expect(await w.signIn.accept(request, [await answer(request, w.clock.now())])).toEqual([])
    expect(verified).toEqual(['eip155:31337'])
    expect(w.storage.sessions).toEqual([])
  })

  it('a storage failure half way takes back what was stored of the answer', async () => {
    const w = world()
    const request = (await w.signIn.request('eip155'))!
    const first = await answer(request, w.clock.now())
    const second = await answer(request, w.clock.now(), { chain: 'eip155:31338' })
    const add = w.storage.add.bind(w.storage)
    let calls = 0
    w.storage.add = (s) => (++calls === 2 ? Promise.reject(new Error('full')) : add(s))
    expect(await w.signIn.accept(request, [first, second])).toEqual([])
    expect(w.storage.sessions).toEqual([])
    w.flush()
    expect(w.snacks).toContain('error:Signature declined')
  })
})
