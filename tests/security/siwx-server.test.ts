/**
 * Attacks on the sign-in service a host's server runs (the devnet's /auth/v1 endpoints, as
 * HttpSiwxStorage talks to them), over raw HTTP as an attacker would send them: a captured
 * message and signature replayed, a nonce the service never issued, a message signed for another
 * site or chain presented here, an expired message, another key's signature, a forged Origin.
 * Each is refused and leaves no session behind. These defences hold today; the suite keeps them.
 */
import { describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { DEVNET_ACCOUNTS } from '../../devnet/src/config'
import { devnet } from '../contract/http/devnet'

const SITE = 'https://app.test'
const owner = privateKeyToAccount(DEVNET_ACCOUNTS[3]!.privateKey)
const stranger = privateKeyToAccount(DEVNET_ACCOUNTS[4]!.privateKey)

async function call(path: string, init: { origin?: string; body?: unknown; token?: string } = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (init.origin !== undefined) headers.origin = init.origin
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`
  const res = await fetch(`${devnet().serviceUrl}${path}`, {
    method: init.body === undefined && init.token !== undefined ? 'GET' : 'POST',
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> }
}

async function nonce(): Promise<string> {
  const answer = await call('/auth/v1/nonce', { origin: SITE, body: {} })
  expect(answer.status).toBe(201)
  return answer.body.nonce as string
}

interface MessageFields {
  domain?: string
  uri?: string
  chainId?: number
  nonce: string
  expirationTime?: Date
  issuedAt?: Date
}

function message(fields: MessageFields, address = owner.address): string {
  const now = Date.now()
  return createSiweMessage({
    address,
    domain: fields.domain ?? new URL(SITE).host,
    uri: fields.uri ?? `${SITE}/`,
    version: '1',
    chainId: fields.chainId ?? 31337,
    nonce: fields.nonce,
    issuedAt: fields.issuedAt ?? new Date(now),
    expirationTime: fields.expirationTime ?? new Date(now + 10 * 60_000),
  })
}

async function authenticate(text: string, signature: string, origin = SITE, caipNetworkId = 'eip155:31337') {
  return call('/auth/v1/authenticate', { origin, body: { message: text, signature, caipNetworkId } })
}

// On the project's devnet: SIWX sessions of accounts #3 and #4 in the service.
describe('the sign-in service refuses what an attacker sends', () => {
  it('an honest sign-in gets a session (the baseline the attacks are measured against)', async () => {
    const text = message({ nonce: await nonce() })
    const answer = await authenticate(text, await owner.signMessage({ message: text }))
    expect(answer.status).toBe(201)
    expect((await call('/auth/v1/me', { token: answer.body.token as string })).status).toBe(200)
  })

  it('a captured message and signature replayed: the nonce answers one attempt only', async () => {
    const text = message({ nonce: await nonce() })
    const signature = await owner.signMessage({ message: text })
    expect((await authenticate(text, signature)).status).toBe(201)
    const replay = await authenticate(text, signature)
    expect(replay.status).toBe(401)
    expect(replay.body.token).toBeUndefined()
  })

  it('a nonce the service never issued', async () => {
    const text = message({ nonce: 'attackerChosenNonce1' })
    const answer = await authenticate(text, await owner.signMessage({ message: text }))
    expect(answer.status).toBe(401)
    expect(answer.body.token).toBeUndefined()
  })

  it('a message signed for another site, presented from this one (domain, then URI)', async () => {
    const otherDomain = message({ nonce: await nonce(), domain: 'evil.test' })
    expect((await authenticate(otherDomain, await owner.signMessage({ message: otherDomain }))).status).toBe(401)
    const otherUri = message({ nonce: await nonce(), uri: 'https://evil.test/' })
    expect((await authenticate(otherUri, await owner.signMessage({ message: otherUri }))).status).toBe(401)
    // A look-alike that only starts with the real site's origin.
    const prefix = message({ nonce: await nonce(), uri: `${SITE}.evil.test/` })
    expect((await authenticate(prefix, await owner.signMessage({ message: prefix }))).status).toBe(401)
  })

  it("this site's message sent from another origin, or from a page with a null origin", async () => {
    const text = message({ nonce: await nonce() })
    const signature = await owner.signMessage({ message: text })
    expect((await authenticate(text, signature, 'https://evil.test')).status).toBe(401)
    const again = message({ nonce: await nonce() })
    expect((await authenticate(again, await owner.signMessage({ message: again }), 'null')).status).toBe(400)
  })

  it('a message for another chain than the one claimed', async () => {
    const text = message({ nonce: await nonce(), chainId: 31338 })
    expect((await authenticate(text, await owner.signMessage({ message: text }), SITE, 'eip155:31337')).status).toBe(401)
  })

  it('an expired message, and one with no expiry at all', async () => {
    const expired = message({ nonce: await nonce(), issuedAt: new Date(Date.now() - 20 * 60_000), expirationTime: new Date(Date.now() - 60_000) })
    expect((await authenticate(expired, await owner.signMessage({ message: expired }))).status).toBe(401)
    const endless = createSiweMessage({ address: owner.address, domain: new URL(SITE).host, uri: `${SITE}/`, version: '1', chainId: 31337, nonce: await nonce() })
    expect((await authenticate(endless, await owner.signMessage({ message: endless }))).status).toBe(401)
  })

  it("another key's signature over the owner's message", async () => {
    const text = message({ nonce: await nonce() })
    const answer = await authenticate(text, await stranger.signMessage({ message: text }))
    expect(answer.status).toBe(401)
    expect(answer.body.token).toBeUndefined()
  })

  it('a guessed bearer token reads no session', async () => {
    expect((await call('/auth/v1/me', { token: 'A'.repeat(43) })).status).toBe(401)
  })
})
