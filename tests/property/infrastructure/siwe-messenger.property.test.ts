/**
 * The eip155 sign-in message: what the modal builds, viem's strict EIP-4361 parser reads back
 * field for field; and a signed session whose domain, nonce, chain or expiry was altered (in the
 * stored data or in the signed text) never verifies, while the untouched one does.
 */
import fc from 'fast-check'
import { createClient, custom, getAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import type { CaipNetworkId, SiwxMessageData, SiwxSession } from '../../../src/domain/entities'
import { siwxMessageData } from '../../../src/domain/siwx/siwx-message-data'
import { ViemSiweMessenger } from '../../../src/infrastructure/chains/eip155/siwx/viem-siwe-messenger'

// A chain that cannot run the ERC-6492 validator: viem then checks an EOA signature by recovery.
const offlineChain = createClient({
  transport: custom({ request: () => Promise.reject(new Error('no chain in this test')) }, { retryCount: 0 }),
})
const messenger = new ViemSiweMessenger(() => offlineChain)
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')

const label = fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/)
const domain = fc.oneof(
  fc.tuple(label, fc.constantFrom('com', 'test', 'example')).map(([a, b]) => `${a}.${b}`),
  fc.tuple(label, fc.constantFrom('app', 'test'), fc.integer({ min: 1, max: 65535 })).map(([a, b, p]) => `${a}.${b}:${String(p)}`),
  fc.constantFrom('localhost:5173', '127.0.0.1:4173', 'example.com'),
)
const uri = fc.tuple(fc.constantFrom('https', 'http'), domain, fc.stringMatching(/^(\/[a-z0-9]{1,6}){0,2}$/)).map(([s, d, p]) => `${s}://${d}${p}`)
const nonce = fc.stringMatching(/^[A-Za-z0-9]{8,24}$/)
const chainId = fc.integer({ min: 1, max: 2 ** 31 - 1 }).map((id): CaipNetworkId => `eip155:${String(id)}`)
const statement = fc.option(fc.stringMatching(/^[A-Za-z0-9 .,!?'-]{1,60}$/), { nil: undefined })
const nowMs = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) })
const expiresInMs = fc.integer({ min: 1000, max: 365 * 86_400_000 })
const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => getAddress(`0x${Buffer.from(b).toString('hex')}`))

function dataOf(input: { accountAddress: string; chainId: CaipNetworkId; domain: string; uri: string; nonce: string; statement: string | undefined; nowMs: number; expiresInMs: number }): SiwxMessageData {
  return siwxMessageData(input)
}

describe('eip155 sign-in messages', () => {
  it('round-trip through viem parseSiweMessage', () => {
    fc.assert(
      fc.property(address, chainId, domain, uri, nonce, statement, nowMs, expiresInMs, (accountAddress, chain, d, u, n, st, now, exp) => {
        const data = dataOf({ accountAddress: accountAddress.toLowerCase(), chainId: chain, domain: d, uri: u, nonce: n, statement: st, nowMs: now, expiresInMs: exp })
        const message = messenger.createMessage(data)
        const parsed = parseSiweMessage(message)
        expect(parsed.address).toBe(accountAddress)
        expect(`eip155:${String(parsed.chainId)}`).toBe(chain)
        expect(message).toContain(`\nChain ID: ${chain.slice('eip155:'.length)}\n`)
        expect(parsed.domain).toBe(d)
        expect(parsed.uri).toBe(u)
        expect(parsed.nonce).toBe(n)
        expect(parsed.version).toBe('1')
        expect(parsed.statement).toBe(st)
        expect(parsed.issuedAt?.toISOString()).toBe(data.issuedAt)
        expect(parsed.expirationTime?.toISOString()).toBe(data.expirationTime)
      }),
      { numRuns: 500 },
    )
  })

  type Tamper = (data: SiwxMessageData) => SiwxMessageData
  const tampers: Record<string, Tamper> = {
    domain: (d) => ({ ...d, domain: d.domain === 'evil.example' ? 'evil.example:1' : 'evil.example' }),
    nonce: (d) => ({ ...d, nonce: `${d.nonce}0` }),
    chain: (d) => ({ ...d, chainId: `eip155:${String(Number(d.chainId.slice(7)) + 1)}` }),
    expiry: (d) => ({ ...d, expirationTime: new Date(Date.parse(d.expirationTime ?? '') + 86_400_000).toISOString() }),
  }

  it('a session altered in its domain, nonce, chain or expiry does not verify; the signed one does', async () => {
    await fc.assert(
      fc.asyncProperty(
        chainId, domain, uri, nonce, statement, expiresInMs,
        fc.constantFrom(...Object.keys(tampers)),
        fc.constantFrom('data', 'message', 'both'),
        async (chain, d, u, n, st, exp, what, where) => {
          const now = Date.UTC(2026, 0, 1)
          const data = dataOf({ accountAddress: account.address, chainId: chain, domain: d, uri: u, nonce: n, statement: st, nowMs: now, expiresInMs: exp })
          const message = messenger.createMessage(data)
          const signed: SiwxSession = { data, message, signature: await account.signMessage({ message }) }
          expect(await messenger.verify(signed, now)).toBe(true)

          const altered = (tampers[what] as Tamper)(data)
          const tampered: SiwxSession = {
            data: where === 'message' ? data : altered,
            message: where === 'data' ? message : messenger.createMessage(altered),
            signature: signed.signature,
          }
          expect(await messenger.verify(tampered, now).catch(() => false)).toBe(false)
        },
      ),
      { numRuns: 500 },
    )
  })

  it('an expired or not yet issued session does not verify', async () => {
    const now = Date.UTC(2026, 0, 1)
    const data = dataOf({ accountAddress: account.address, chainId: 'eip155:31337', domain: 'app.test', uri: 'https://app.test', nonce: 'abcdefgh', statement: undefined, nowMs: now, expiresInMs: 1000 })
    const message = messenger.createMessage(data)
    const session: SiwxSession = { data, message, signature: await account.signMessage({ message }) }
    expect(await messenger.verify(session, now + 1000)).toBe(false)
    expect(await messenger.verify({ ...session, signature: '0x1234' }, now).catch(() => false)).toBe(false)
    expect(await messenger.verify({ ...session, signature: 'not hex' }, now)).toBe(false)
  })
})
