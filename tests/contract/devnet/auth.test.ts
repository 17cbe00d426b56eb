/**
 * The devnet service's auth endpoints (docs/service-api.md, "Sign in with the wallet"), over real
 * HTTP: both families' messages signed for real, and each check that refuses a message.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { DEVNET_ACCOUNTS, DEVNET_SOLANA_ACCOUNTS, SOLANA_DEVNET_CAIP_NETWORK_ID } from '../../../devnet/src/config'
import type { CaipNetworkId, SiwxMessageData } from '../../../src/domain/entities'
import { base58Decode, base58Encode } from '../../../src/domain/format/base58'
import { siwxMessageData } from '../../../src/domain/siwx/siwx-message-data'
import { ViemSiweMessenger } from '../../../src/infrastructure/chains/eip155/siwx/viem-siwe-messenger'
import { SolanaSignInMessenger } from '../../../src/infrastructure/chains/solana/siwx/sign-in-with-solana-messenger'
import { devnet } from './helpers'

const ORIGIN = 'http://site.test:5173'
const url = (path: string) => `${devnet.serviceUrl}${path}`

async function call(method: string, path: string, init: { body?: unknown; token?: string; origin?: string | null; raw?: string } = {}) {
  const body = init.raw ?? (init.body === undefined ? null : JSON.stringify(init.body))
  const headers: Record<string, string> = body === null ? {} : { 'content-type': 'application/json' }
  if (init.origin !== null) headers.origin = init.origin ?? ORIGIN
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`
  const res = await fetch(url(path), { method, headers, body })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

async function nonce(): Promise<string> {
  const { status, body } = await call('POST', '/auth/v1/nonce')
  expect(status).toBe(201)
  return body.nonce as string
}

async function data(accountAddress: string, chainId: CaipNetworkId, overrides: Partial<SiwxMessageData> = {}): Promise<SiwxMessageData> {
  const base = siwxMessageData({ accountAddress, chainId, domain: 'site.test:5173', uri: ORIGIN, nonce: await nonce(), statement: 'Sign in.', nowMs: Date.now(), expiresInMs: 3_600_000 })
  return { ...base, ...overrides }
}

const evm = DEVNET_ACCOUNTS[3]!
const sol = DEVNET_SOLANA_ACCOUNTS[5]!
const siwe = new ViemSiweMessenger(() => undefined)
const siws = new SolanaSignInMessenger()

async function evmSigned(overrides: Partial<SiwxMessageData> = {}) {
  const d = await data(evm.address, 'eip155:31337', overrides)
  const message = siwe.createMessage(d)
  return { data: d, message, signature: await privateKeyToAccount(evm.privateKey).signMessage({ message }) }
}

async function solanaSigned(overrides: Partial<SiwxMessageData> = {}) {
  const d = await data(sol.address, SOLANA_DEVNET_CAIP_NETWORK_ID as CaipNetworkId, overrides)
  const message = siws.createMessage(d)
  const signature = base58Encode(ed25519.sign(new TextEncoder().encode(message), base58Decode(sol.secretKey).slice(0, 32)))
  return { data: d, message, signature }
}

describe('devnet auth endpoints', () => {
  it('nonces are fresh and alphanumeric', async () => {
    const [a, b] = [await nonce(), await nonce()]
    expect(a).toMatch(/^[A-Za-z0-9]{8,}$/)
    expect(a).not.toBe(b)
  })

  for (const [family, signed, caipNetworkId, address] of [
    ['eip155', evmSigned, 'eip155:31337', evm.address],
    ['solana', solanaSigned, SOLANA_DEVNET_CAIP_NETWORK_ID, sol.address],
  ] as const) {
    it(`${family}: authenticate answers a token; me answers the session until sign-out`, async () => {
      const session = await signed()
      const auth = await call('POST', '/auth/v1/authenticate', { body: { message: session.message, signature: session.signature, caipNetworkId } })
      expect(auth.status).toBe(201)
      expect(auth.body.session).toEqual(session)
      const token = auth.body.token as string
      expect(await call('GET', '/auth/v1/me', { token })).toEqual({ status: 200, body: { address, caipNetworkId, session } })
      expect((await call('POST', '/auth/v1/sign-out', { token })).status).toBe(200)
      expect((await call('GET', '/auth/v1/me', { token })).status).toBe(401)
      expect((await call('GET', '/auth/v1/me')).status).toBe(401)
    })

    it(`${family}: refuses a bad signature, a used nonce, another site, an expired message, another chain`, async () => {
      const refused = async (session: { message: string; signature: string }, init: { origin?: string; chain?: string } = {}) =>
        (await call('POST', '/auth/v1/authenticate', { body: { message: session.message, signature: session.signature, caipNetworkId: init.chain ?? caipNetworkId }, ...(init.origin ? { origin: init.origin } : {}) })).status
      const good = await signed()
      expect(await refused({ ...good, signature: (await signed()).signature })).toBe(401)
      // That attempt used the nonce up: the right signature no longer helps.
      expect(await refused(good)).toBe(401)
      expect(await refused(await signed(), { origin: 'http://evil.test:5173' })).toBe(401)
      const past = Date.now() - 7_200_000
      expect(await refused(await signed({ issuedAt: new Date(past).toISOString(), expirationTime: new Date(past + 1000).toISOString() }))).toBe(401)
      expect(await refused(await signed(), { chain: family === 'eip155' ? 'eip155:31338' : 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })).toBeGreaterThanOrEqual(400)
    })
  }

  it('answers 400 to a malformed body, a missing Origin, data that does not describe the message', async () => {
    expect((await call('POST', '/auth/v1/authenticate', { raw: '{"message": tru' })).status).toBe(400)
    expect((await call('POST', '/auth/v1/authenticate', { body: { message: 'hello', signature: '0x00', caipNetworkId: 'eip155:31337' } })).status).toBe(400)
    const s = await evmSigned()
    expect((await call('POST', '/auth/v1/authenticate', { body: { ...s, caipNetworkId: 'eip155:31337' }, origin: null })).status).toBe(400)
    const other = await evmSigned()
    expect((await call('POST', '/auth/v1/authenticate', { body: { ...other, data: { ...other.data, statement: 'Something else.' }, caipNetworkId: 'eip155:31337' } })).status).toBe(400)
    expect((await call('POST', '/auth/v1/authenticate', { body: { ...(await evmSigned()), caipNetworkId: 'cosmos:hub' } })).status).toBe(400)
  })
})
