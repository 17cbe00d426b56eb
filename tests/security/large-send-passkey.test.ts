/**
 * Attack: empty a wallet whose visitor has a passkey, holding only their session (a stolen token).
 *
 * Once a visitor has a passkey, the wallet sends most of what the account holds only with that
 * passkey's assertion for exactly that send. The attacker tries: the large send with the session
 * alone; an assertion the visitor made for another send (to another receiver); one made to export
 * keys; the visitor's assertion replayed for the same send; a passkey of the thief's own, added with
 * the stolen session. Each sends nothing. A small send, and a
 * visitor without a passkey, go as before. Over real HTTP, on the devnet's chain A.
 */
import { createPublicClient, http, parseEther, toHex, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ManualClock } from '../../server/src/clock'
import { PASSKEY_MESSAGES } from '../../server/src/wallet/login/passkeys'
import { PASSKEY_ADD_REQUIRED, PASSKEY_SEND_REQUIRED } from '../../server/src/wallet/wallet-server'
import { SoftAuthenticator } from '../../server/test/wallet/soft-authenticator'
import { bearer, postJson, startWalletOrigin, type TestWalletOrigin } from '../support/wallet-origin'
import { devnet } from '../contract/devnet/helpers'

const CHAIN = 31337
const rpcUrl = devnet.rpcUrls[CHAIN]!
const chain = createPublicClient({ transport: http(rpcUrl) })
const clock = new ManualClock(Date.now())
let origin: TestWalletOrigin
let url = ''

beforeAll(async () => {
  origin = await startWalletOrigin(clock, { chains: [{ chainId: CHAIN, name: 'Devnet A', rpcUrl }] })
  url = origin.url
})
afterAll(() => origin.close())

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => postJson(url, path, body, headers)

/** A visitor signed in by a code, holding exactly 1 ETH on chain A. */
async function visitor(email: string): Promise<{ token: string; address: Hex }> {
  await post('/v1/email/login', { email, deviceId: 'laptop' })
  const { json } = await post('/v1/email/verify', { email, otp: '123456', deviceId: 'laptop' })
  const address = (json.user as { accounts: { eip155: Hex } }).accounts.eip155
  await chain.request({ method: 'anvil_setBalance' as never, params: [address, toHex(parseEther('1'))] as never })
  return { token: json.token as string, address }
}

async function withPasskey(email: string): Promise<{ token: string; address: Hex; authenticator: SoftAuthenticator }> {
  const v = await visitor(email)
  const authenticator = new SoftAuthenticator()
  const options = (await post('/v1/passkey/register/options', {}, bearer(v.token))).json as never
  expect((await post('/v1/passkey/register', { response: authenticator.create(options, url) }, bearer(v.token))).status).toBe(200)
  return { ...v, authenticator }
}

const send = (token: string, from: Hex, to: Hex, ether: string, passkey?: unknown) =>
  post('/v1/rpc', { chainId: CHAIN, method: 'eth_sendTransaction', params: [{ from, to, value: toHex(parseEther(ether)) }], ...(passkey === undefined ? {} : { passkey }) }, bearer(token))

const FRIEND = '0x00000000000000000000000000000000000f41e0' as Hex
const THIEF = '0x00000000000000000000000000000000007e1ef0' as Hex

describe('a large send of a visitor with a passkey', () => {
  it('needs the passkey: a session alone sends a little, never most of the balance', async () => {
    const v = await withPasskey('ada@example.test')
    const small = await send(v.token, v.address, FRIEND, '0.1')
    expect(small.status).toBe(200)
    expect(small.json.result).toMatch(/^0x[0-9a-f]{64}$/)

    const large = await send(v.token, v.address, THIEF, '0.8')
    expect(large.status).toBe(403)
    expect(large.json).toMatchObject({ message: PASSKEY_SEND_REQUIRED, code: 'passkey_required' })
    expect(await chain.getBalance({ address: THIEF })).toBe(0n)

    // The visitor confirms the send the frame asked about, with the passkey: it goes, once.
    const assertion = v.authenticator.get(large.json.passkeyOptions as never, url)
    const confirmed = await send(v.token, v.address, THIEF, '0.8', assertion)
    expect(confirmed.status).toBe(200)
    expect(await send(v.token, v.address, THIEF, '0.8', assertion)).toMatchObject({ status: 400, json: { message: PASSKEY_MESSAGES.notVerified } })
  })

  it('an assertion made for another send, or for a key export, does not carry over', async () => {
    const v = await withPasskey('bob@example.test')
    // The visitor confirms a large send to a friend; the thief swaps the receiver under that assertion.
    const toFriend = await send(v.token, v.address, FRIEND, '0.9')
    const forFriend = v.authenticator.get(toFriend.json.passkeyOptions as never, url)
    expect(await send(v.token, v.address, THIEF, '0.9', forFriend)).toMatchObject({ status: 400, json: { message: PASSKEY_MESSAGES.notVerified } })
    // An export's confirmation (asked by the frame's own page) is not a send's.
    const exportOptions = (await post('/v1/export/passkey', {}, { ...bearer(v.token), 'sec-fetch-site': 'same-origin' })).json
    const forExport = v.authenticator.get(exportOptions as never, url)
    await send(v.token, v.address, THIEF, '0.9')
    expect(await send(v.token, v.address, THIEF, '0.9', forExport)).toMatchObject({ status: 400, json: { message: PASSKEY_MESSAGES.notVerified } })
    expect(await chain.getBalance({ address: v.address })).toBe(parseEther('1'))
  })

  it("cannot be confirmed by a passkey the thief adds with the stolen session: adding another needs one the wallet has", async () => {
    const v = await withPasskey('erin@example.test')
    // A credential the thief made on their own authenticator, for this wallet's RP ID.
    const thief = new SoftAuthenticator()
    thief.create({ challenge: 'AAAA', rp: { id: 'localhost' }, user: { id: 'thief' } }, url)
    const asked = await post('/v1/passkey/register/options', {}, bearer(v.token))
    expect(asked).toMatchObject({ status: 403, json: { message: PASSKEY_ADD_REQUIRED, code: 'passkey_required' } })
    // The thief's own authenticator answers the proof: it is no passkey of this wallet's.
    const forged = await post('/v1/passkey/register/options', { passkey: thief.get(asked.json.passkeyOptions as never, url) }, bearer(v.token))
    expect(forged.status).toBe(400)
    const large = await send(v.token, v.address, THIEF, '0.9')
    expect(large.status).toBe(403)
    // The visitor's own passkey lets them add a second one.
    const again = await post('/v1/passkey/register/options', {}, bearer(v.token))
    const proved = await post('/v1/passkey/register/options', { passkey: v.authenticator.get(again.json.passkeyOptions as never, url) }, bearer(v.token))
    expect(proved.status).toBe(200)
    const second = new SoftAuthenticator()
    expect((await post('/v1/passkey/register', { response: second.create(proved.json as never, url) }, bearer(v.token))).status).toBe(200)
  })

  it('a spending grant to a session key needs the passkey too', async () => {
    const v = await withPasskey('carol@example.test')
    const grant = await post('/v1/rpc', { chainId: CHAIN, method: 'wallet_grantPermissions', params: [{ signer: { type: 'key', data: { id: THIEF } } }] }, bearer(v.token))
    expect(grant).toMatchObject({ status: 403, json: { code: 'passkey_required' } })
  })
})

describe('a visitor without a passkey', () => {
  it('sends as before: the session is all there is to prove', async () => {
    const v = await visitor('dan@example.test')
    const large = await send(v.token, v.address, FRIEND, '0.8')
    expect(large.status).toBe(200)
  })
})
