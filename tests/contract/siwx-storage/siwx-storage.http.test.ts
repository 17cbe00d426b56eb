/**
 * HttpSiwxStorage and HttpSiwxNonces over real HTTP against the devnet's auth endpoints: the
 * storage contract (with sessions signed by real keys over nonces the service issued), what only
 * a verifying server adds (replayed nonces, another site's message, tokens made void), and the
 * typed failures of bad answers.
 */
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it } from 'vitest'
import { DEVNET_ACCOUNTS } from '../../../devnet/src/config'
import type { SiwxSession } from '../../../src/domain/entities'
import { ViemSiweMessenger } from '../../../src/infrastructure/chains/eip155/siwx/viem-siwe-messenger'
import { HttpSiwxNonces, HttpSiwxStorage, type HttpSiwxOptions } from '../../../src/infrastructure/siwx/http-siwx-storage'
import { HttpError, MalformedResponseError, ServiceUnreachableError } from '../../../src/ports/http-errors'
import { InMemoryKeyValueStorage } from '../../fakes/in-memory-key-value-storage'
import { ManualClock } from '../../fakes/manual-clock'
import { freePort } from '../global-setup'
import { admin, devnet } from '../http/devnet'
import { aSiwxSession, siwxStorageContract, type SiwxStorageWorld } from './siwx-storage.contract'

/** The site the sessions name; a browser sends it as the Origin of every request. */
const SITE = 'https://app.test'
const messenger = new ViemSiweMessenger(() => undefined)

function fetchFrom(origin: string): typeof fetch {
  return (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), origin } })
}

function optionsFor(clock: ManualClock, kv = new InMemoryKeyValueStorage(), overrides: Partial<HttpSiwxOptions> = {}): HttpSiwxOptions {
  return { baseUrl: devnet().serviceUrl, storage: kv, clock, timeoutMs: 10_000, fetch: fetchFrom(SITE), ...overrides }
}

/** The session signed for real over a nonce from the service (times from the test's clock). */
async function signedBy(options: HttpSiwxOptions, built: SiwxSession): Promise<SiwxSession> {
  const key = DEVNET_ACCOUNTS.find((a) => a.address.toLowerCase() === built.data.accountAddress.toLowerCase())
  if (key === undefined) throw new Error(`no devnet key for ${built.data.accountAddress}`)
  const data = { ...built.data, nonce: await new HttpSiwxNonces(options).next() }
  const message = messenger.createMessage(data)
  return { data, message, signature: await privateKeyToAccount(key.privateKey).signMessage({ message }) }
}

function world(): SiwxStorageWorld & { options: HttpSiwxOptions; signed(built: SiwxSession): Promise<SiwxSession> } {
  // The service checks expiry on its own clock: the test's clock starts at the real time.
  const clock = new ManualClock(Date.now())
  const options = optionsFor(clock)
  return {
    options,
    clock,
    storage: new HttpSiwxStorage(options),
    reopen: () => new HttpSiwxStorage(options),
    signed: (built) => signedBy(options, built),
  }
}

siwxStorageContract('HttpSiwxStorage (devnet auth endpoints)', world)

async function me(token: string): Promise<Response> {
  return fetch(`${devnet().serviceUrl}/auth/v1/me`, { headers: { authorization: `Bearer ${token}` } })
}

function tokensOf(options: HttpSiwxOptions): string[] {
  return (JSON.parse(options.storage.get('siwx:server-tokens') ?? '[]') as { token: string }[]).map((e) => e.token)
}

// On the project's devnet: SIWX sessions of accounts #1 and #2 in the service, and faults cleared after each test.
describe('HttpSiwxStorage against a verifying server', () => {
  afterEach(() => admin.clearFaults())

  it('keeps the session on the server: /auth/v1/me answers it for the token until it is signed out', async () => {
    const w = world()
    const session = await w.signed(aSiwxSession(w.clock))
    await w.storage.add(session)
    const [token] = tokensOf(w.options)
    const answer = await me(token ?? '')
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ address: session.data.accountAddress, caipNetworkId: 'eip155:31337', session })
    await w.storage.delete({ address: session.data.accountAddress })
    expect((await me(token ?? '')).status).toBe(401)
    // The page forgets the token at once (not only when a later read finds it void).
    expect(tokensOf(w.options)).toEqual([])
  })

  it('refuses a nonce twice, a nonce it never issued, another site and a bad signature, and keeps nothing', async () => {
    const w = world()
    const session = await w.signed(aSiwxSession(w.clock))
    await w.storage.add(session)
    await w.storage.delete()
    await expect(w.storage.add(session)).rejects.toMatchObject({ name: 'HttpError', status: 401 })

    const unissued = aSiwxSession(w.clock)
    const message = messenger.createMessage(unissued.data)
    const key = DEVNET_ACCOUNTS[1]!.privateKey
    await expect(w.storage.add({ ...unissued, message, signature: await privateKeyToAccount(key).signMessage({ message }) })).rejects.toMatchObject({ status: 401 })

    const elsewhere = new HttpSiwxStorage({ ...w.options, fetch: fetchFrom('https://evil.test') })
    await expect(elsewhere.add(await w.signed(aSiwxSession(w.clock)))).rejects.toMatchObject({ status: 401 })

    const forged = await w.signed(aSiwxSession(w.clock))
    await expect(w.storage.add({ ...forged, signature: await privateKeyToAccount(DEVNET_ACCOUNTS[2]!.privateKey).signMessage({ message: forged.message }) })).rejects.toMatchObject({ status: 401 })

    expect(await w.storage.get()).toEqual([])
    expect(tokensOf(w.options)).toEqual([])
  })

  it('forgets a token the server no longer knows', async () => {
    const w = world()
    w.options.storage.set('siwx:server-tokens', JSON.stringify([{ token: 'x'.repeat(43), caipNetworkId: 'eip155:31337', address: aSiwxSession(w.clock).data.accountAddress }]))
    expect(await w.storage.get()).toEqual([])
    expect(w.options.storage.get('siwx:server-tokens')).toBeNull()
  })

  it('turns bad answers into typed errors: 5xx, malformed JSON, a dead service', async () => {
    const clock = new ManualClock(Date.now())
    const nonces = new HttpSiwxNonces(optionsFor(clock))
    await admin.fault({ path: '/auth/v1/nonce', kind: '500' })
    await expect(nonces.next()).rejects.toMatchObject({ name: 'HttpError', status: 500 })
    await admin.fault({ path: '/auth/v1/nonce', kind: 'malformed' })
    await expect(nonces.next()).rejects.toBeInstanceOf(MalformedResponseError)

    const w = world()
    await w.storage.add(await w.signed(aSiwxSession(w.clock)))
    await admin.fault({ path: '/auth/v1/me', kind: '500' })
    await expect(w.storage.get()).rejects.toBeInstanceOf(HttpError)
    // A failed read forgets nothing: the session is there once the service answers again.
    expect(await w.storage.get()).toHaveLength(1)

    const dead = optionsFor(clock, new InMemoryKeyValueStorage(), { baseUrl: `http://127.0.0.1:${String(await freePort())}` })
    await expect(new HttpSiwxNonces(dead).next()).rejects.toBeInstanceOf(ServiceUnreachableError)
  })

  it('gives up on a service that hangs after its time limit: ServiceTimeoutError', async () => {
    // The time limit's timer is the test's: it fires once the service holds the request.
    const armed: (() => void)[] = []
    const timers = { setTimeout: (fire: () => void) => armed.push(fire), clearTimeout: () => undefined }
    const nonces = new HttpSiwxNonces(optionsFor(new ManualClock(Date.now()), new InMemoryKeyValueStorage(), { timers, timeoutMs: 5000 }))
    await admin.clearRequests()
    await admin.fault({ path: '/auth/v1/nonce', kind: 'hang' })
    const asking = nonces.next()
    await admin.waitForRequests('/auth/v1/nonce')
    expect(armed).toHaveLength(1)
    armed[0]!()
    await expect(asking).rejects.toMatchObject({ name: 'ServiceTimeoutError', timeoutMs: 5000 })
  })
})

describe('a sign-in whose answer is lost on the way back', () => {
  it('is sent again with the same Idempotency-Key and answered as the first try was, where a plain retry finds its nonce spent', async () => {
    const clock = new ManualClock(Date.now())
    const keys: (string | undefined)[] = []
    let lost = false
    // The service opened the session; the connection dropped before the page read the answer.
    const lossy: typeof fetch = async (input, init) => {
      const res = await fetchFrom(SITE)(input, init)
      if (String(input).endsWith('/auth/v1/authenticate')) {
        keys.push(new Headers(init?.headers).get('idempotency-key') ?? undefined)
        if (!lost) {
          lost = true
          await res.text()
          throw new TypeError('fetch failed')
        }
      }
      return res
    }
    const options = optionsFor(clock, new InMemoryKeyValueStorage(), { fetch: lossy })
    const session = await signedBy(options, aSiwxSession(clock))
    await new HttpSiwxStorage(options).add(session)
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{16,128}$/)
    expect(keys[1]).toBe(keys[0])
    const [token] = tokensOf(options)
    expect((await me(token!)).status).toBe(200)

    // The same message sent again as a new request (no key): the nonce was spent by the first try.
    const again = await fetchFrom(SITE)(`${devnet().serviceUrl}/auth/v1/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: session.message, signature: session.signature, caipNetworkId: session.data.chainId }),
    })
    expect(again.status).toBe(401)
  })
})
