/**
 * Attacks on the embedded wallet's Solana key. A host page wants a transaction signed without the
 * visitor seeing it as one: it passes the transaction's message off as a "message" (a signature of
 * those bytes is a signature of the transaction), or asks the service directly with a session.
 * The frame refuses such a message before showing anything; the service refuses it too, and a
 * transaction the user does not sign, and signs nothing without a session.
 */
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { authServiceForFile } from '../contract/auth/auth-service-harness'
import { devnet } from '../contract/devnet/helpers'
import { SOLANA_MESSAGE_IS_TRANSACTION } from '../../devnet/src/auth/frame/frame-handler'
import { aHostileHost, flush } from './support/frame-fakes'
import { call, newestCode } from './support/auth-http'

const BLOCKHASH = 'GHtXQBsoZHVnNFa9YevAzFr17DJjgHXk3ycTKD5xD3Zi'
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const drain = (from: PublicKey) =>
  new Transaction({ feePayer: from, recentBlockhash: BLOCKHASH }).add(SystemProgram.transfer({ fromPubkey: from, toPubkey: Keypair.generate().publicKey, lamports: 9_000_000_000n }))

describe('a transaction passed off as a message, through the frame', () => {
  it('is refused before the visitor is asked, and nothing reaches the signer', async () => {
    const user = Keypair.generate().publicKey
    const signed: unknown[] = []
    const host = aHostileHost({
      '/v1/user': () => ({ json: { email: 'ada@example.test', accounts: { eip155: `0x${'11'.repeat(20)}`, solana: user.toBase58() } } }),
      '/v1/solana/sign': ({ body }) => {
        signed.push(body)
        return { json: { signature: '1'.repeat(64) } }
      },
    })
    void host.send('SOLANA_SIGN_MESSAGE', { message: base64(new Uint8Array(drain(user).serializeMessage())) })
    for (let i = 0; i < 20; i++) await flush()
    expect(host.responses().at(-1)).toMatchObject({ ok: false, error: { message: SOLANA_MESSAGE_IS_TRANSACTION, code: 4200 } })
    expect(host.shown).toEqual([])
    expect(signed).toEqual([])
  })
})

describe("the service's Solana signer, asked directly", () => {
  const auth = authServiceForFile({ chains: [{ chainId: 31337, rpcUrl: devnet.rpcUrls[31337]! }], serviceUrl: devnet.serviceUrl })
  const email = `solana-${Math.random().toString(36).slice(2)}@example.test`

  it("signs no transaction's message as a message, no transaction the user does not sign, nothing without a session", async () => {
    await call(auth.url, 'POST', '/v1/email/login', { body: { email, deviceId: 'laptop' } })
    const verified = await call<{ token: string }>(auth.url, 'POST', '/v1/email/verify', { body: { email, otp: await newestCode(auth.url, email), deviceId: 'laptop' } })
    const token = verified.body.token
    const user = await call<{ accounts: { solana: string } }>(auth.url, 'GET', '/v1/user', { token })
    const mine = new PublicKey(user.body.accounts.solana)

    const asMessage = await call<{ message: string }>(auth.url, 'POST', '/v1/solana/sign', { token, body: { kind: 'message', bytes: base64(new Uint8Array(drain(mine).serializeMessage())) } })
    expect([asMessage.status, asMessage.body.message]).toEqual([400, 'This message is a transaction: the wallet signs it only as a transaction'])

    const other = Keypair.generate().publicKey
    const notMine = base64(new Uint8Array(drain(other).serialize({ requireAllSignatures: false, verifySignatures: false })))
    const refused = await call<{ message: string }>(auth.url, 'POST', '/v1/solana/sign', { token, body: { kind: 'transaction', bytes: notMine } })
    expect([refused.status, refused.body.message]).toEqual([400, 'This is not a Solana transaction the wallet can read'])

    const ours = base64(new Uint8Array(drain(mine).serialize({ requireAllSignatures: false, verifySignatures: false })))
    expect((await call(auth.url, 'POST', '/v1/solana/sign', { body: { kind: 'transaction', bytes: ours } })).status).toBe(401)
    expect((await call(auth.url, 'POST', '/v1/solana/sign', { token: 'forged', body: { kind: 'transaction', bytes: ours } })).status).toBe(401)
    // The same transaction with the session: one signature, of the user's key.
    const answer = await call<{ signature: string }>(auth.url, 'POST', '/v1/solana/sign', { token, body: { kind: 'transaction', bytes: ours } })
    expect(answer.status).toBe(200)
    expect(answer.body.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
  })
})
