/**
 * The wallet frame's message handling, over injected window, storage, HTTP and confirmation UI:
 * who it answers (its parent at the host origin, with well-formed requests, and nobody else), where
 * its answers go, the RPC allow-list, what waits for the visitor, and what an abort fails.
 */
import { describe, expect, it } from 'vitest'
import { parseEther, stringToHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { Keypair, SystemProgram, Transaction, type PublicKey } from '@solana/web3.js'
import { FRAME_STORAGE_KEYS, FrameHandler, SOLANA_MESSAGE_IS_TRANSACTION, UNREADABLE_SOLANA_TRANSACTION, type ApprovalDetails, type FrameEnv } from '../../../devnet/src/auth/frame/frame-handler'
import { SOLANA_DEVNET_CAIP_NETWORK_ID, SOLANA_DEVNET_NAME } from '../../../devnet/src/config'
import { base58Encode } from '../../../src/domain/format/base58'
import { FRAME_CHANNEL, FRAME_MESSAGES, type FrameAction } from '../../../src/infrastructure/embedded-wallet/frame-protocol'

const HOST = 'http://127.0.0.1:5173'
const USER = { email: 'ada@example.test', accounts: { eip155: '0x1111111111111111111111111111111111111111', solana: 'So1anaAddre55' } } as const
const OTHER = '0x2222222222222222222222222222222222222222'
/** The frame's clock; sign-in messages are issued a minute before it and expire an hour after. */
const NOW = Date.parse('2026-11-28T08:00:00.000Z')
const SIGN_IN_TIMES = { issuedAt: new Date(NOW - 60_000), expirationTime: new Date(NOW + 3_600_000) }

interface Posted {
  message: Record<string, unknown>
  targetOrigin: string
}

type Route = (init: { method: string; body: unknown; token: string | undefined }) => { status?: number; json: unknown } | Promise<{ status?: number; json: unknown }>

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

/** A frame over fakes: `routes` answer the auth service's paths; `answers` holds the visitor's pending decisions. */
function aFrame(routes: Record<string, Route> = {}, stored: Record<string, string> = { [FRAME_STORAGE_KEYS.token]: 'good-token' }) {
  const parent = { name: 'parent window' }
  const posted: Posted[] = []
  const calls: { path: string; method: string; body: unknown }[] = []
  const storage = new Map(Object.entries(stored))
  const shown: ApprovalDetails[] = []
  const answers: { resolve(approved: boolean): void; signal: AbortSignal }[] = []
  const allRoutes: Record<string, Route> = {
    '/v1/chains': () => ({ json: { chains: [{ chainId: 31337, name: 'Devnet A' }, { chainId: 31338, name: 'Devnet B' }] } }),
    '/v1/user': ({ token }) => (token === 'good-token' ? { json: USER } : { status: 401, json: { message: 'Not signed in' } }),
    '/v1/rpc': ({ body }) => ({ json: { result: `result of ${(body as { method: string }).method}` } }),
    ...routes,
  }
  const env: FrameEnv = {
    hostOrigin: HOST,
    parent,
    post: (message, targetOrigin) => posted.push({ message: message as unknown as Record<string, unknown>, targetOrigin }),
    fetch: async (path, init) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
      calls.push({ path, method: init?.method ?? 'GET', body })
      const auth = (init?.headers as Record<string, string> | undefined)?.authorization
      const route = allRoutes[path.split('?')[0]!]
      const answer = route === undefined ? { status: 404, json: { message: 'no route' } } : await route({ method: init?.method ?? 'GET', body, token: auth?.replace('Bearer ', '') })
      const status = answer.status ?? 200
      return { ok: status < 300, status, json: async () => answer.json } as Response
    },
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    },
    ui: {
      confirm: (details, signal) => {
        shown.push(details)
        return new Promise<boolean>((resolve) => answers.push({ resolve, signal }))
      },
      setTheme: () => undefined,
      exportKeys: async () => false,
    },
    reload: () => void posted.push({ message: { kind: 'reloaded' }, targetOrigin: '' }),
    randomId: () => 'device-1',
    now: () => NOW,
  }
  const frame = new FrameHandler(env)
  let n = 0
  const send = (action: FrameAction | string, payload: unknown, from: { origin?: string; source?: unknown } = {}) =>
    frame.handle({ origin: from.origin ?? HOST, source: from.source ?? parent, data: { channel: FRAME_CHANNEL, kind: 'request', id: `r${++n}`, action, payload } })
  const responses = () => posted.filter((p) => p.message.kind === 'response').map((p) => p.message)
  const events = () => posted.filter((p) => p.message.kind === 'event').map((p) => p.message)
  const responseTo = (id: string) => responses().find((r) => r.id === id)
  return { frame, parent, posted, calls, storage, shown, answers, send, responses, events, responseTo }
}

/** Lets the frame's pending promises run (no timer, no clock). */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('the wallet frame drops what it must not answer', () => {
  it('a foreign origin, a wrong source, a malformed payload, an unknown action and foreign data get no answer and do nothing', async () => {
    const f = aFrame()
    await f.send('GET_CHAIN_ID', {}, { origin: 'https://evil.example' })
    await f.send('GET_CHAIN_ID', {}, { origin: `${HOST}/` })
    await f.send('GET_CHAIN_ID', {}, { source: { name: 'another window' } })
    await f.send('CONNECT_OTP', { otp: '12' })
    await f.send('CONNECT_EMAIL', { email: 'not an email' })
    await f.send('STEAL_KEYS', {})
    await f.frame.handle({ origin: HOST, source: f.parent, data: 'hello' })
    await f.frame.handle({ origin: HOST, source: f.parent, data: { channel: 'other/1', kind: 'request', id: 'x', action: 'GET_CHAIN_ID', payload: {} } })
    expect(f.posted).toEqual([])
    expect(f.calls).toEqual([])
  })

  it('answers its parent at the exact host origin, by id; READY goes there too', async () => {
    const f = aFrame()
    f.frame.ready()
    await f.send('GET_CHAIN_ID', {})
    expect(f.posted.map((p) => p.targetOrigin)).toEqual([HOST, HOST])
    expect(f.posted[0]!.message).toEqual({ channel: FRAME_CHANNEL, kind: 'event', event: 'READY', payload: {} })
    expect(f.posted[1]!.message).toEqual({ channel: FRAME_CHANNEL, kind: 'response', id: 'r1', ok: true, payload: { chainId: 31337 } })
  })
})

describe('the wallet frame logs in by email', () => {
  it('a right code stores the session, answers the user, then tells the host the session changed', async () => {
    const f = aFrame(
      {
        '/v1/email/login': () => ({ json: { action: 'VERIFY_OTP' } }),
        '/v1/email/verify': ({ body }) => ((body as { otp: string }).otp === '123456' ? { json: { token: 'good-token', user: USER } } : { status: 400, json: { message: 'That code is not valid', attemptsLeft: 2 } }),
      },
      {},
    )
    await f.send('CONNECT_EMAIL', { email: USER.email })
    expect(f.calls.at(-1)).toEqual({ path: '/v1/email/login', method: 'POST', body: { email: USER.email, deviceId: 'device-1' } })
    await f.send('CONNECT_OTP', { otp: '000000' })
    expect(f.responseTo('r2')).toMatchObject({ ok: false, error: { message: 'That code is not valid', attemptsLeft: 2 } })
    await f.send('CONNECT_OTP', { otp: '123456' })
    expect(f.storage.get(FRAME_STORAGE_KEYS.token)).toBe('good-token')
    const user = { email: USER.email, address: USER.accounts.eip155, chainId: 31337, accounts: [{ address: USER.accounts.eip155, type: 'eoa' }], preferredAccountType: 'eoa', solanaAddress: USER.accounts.solana }
    expect(f.posted.slice(-2).map((p) => p.message)).toEqual([
      { channel: FRAME_CHANNEL, kind: 'response', id: 'r3', ok: true, payload: { user } },
      { channel: FRAME_CHANNEL, kind: 'event', event: 'SESSION_UPDATE', payload: { user } },
    ])
  })

  it('a resend within the cooldown answers the spec words with the seconds to wait', async () => {
    const f = aFrame({ '/v1/email/resend': () => ({ status: 429, json: { message: 'Please try again after 12 seconds', retryAfterSeconds: 12 } }) })
    await f.send('CONNECT_EMAIL', { email: USER.email, resend: true })
    expect(f.responseTo('r1')).toMatchObject({ ok: false, error: { message: 'Please try again after 12 seconds', retryAfterSeconds: 12 } })
  })

  it('a token the service no longer accepts: "Session Expired" (4100), the token forgotten, the host told', async () => {
    const f = aFrame({}, { [FRAME_STORAGE_KEYS.token]: 'old-token' })
    await f.send('GET_USER', {})
    expect(f.responseTo('r1')).toMatchObject({ ok: false, error: { message: 'Session Expired', code: 4100 } })
    expect(f.storage.has(FRAME_STORAGE_KEYS.token)).toBe(false)
    expect(f.events()).toContainEqual({ channel: FRAME_CHANNEL, kind: 'event', event: 'SESSION_UPDATE', payload: { user: null } })
  })

  it('switches only to chains the service serves, and remembers the last one', async () => {
    const f = aFrame()
    await f.send('SWITCH_NETWORK', { chainId: 1 })
    expect(f.responseTo('r1')).toMatchObject({ ok: false, error: { code: 4902 } })
    await f.send('SWITCH_NETWORK', { chainId: 31338 })
    await f.send('GET_CHAIN_ID', {})
    expect(f.responseTo('r3')).toMatchObject({ ok: true, payload: { chainId: 31338 } })
    expect(f.storage.get(FRAME_STORAGE_KEYS.chainId)).toBe('31338')
  })

  it('without smart accounts (no chain has a bundler): none enabled, none to init or switch to; the EOA is', async () => {
    const f = aFrame({
      '/v1/preferred-account': ({ body }) => ((body as { type: string }).type === 'eoa' ? { json: USER } : { status: 400, json: { message: 'Action not allowed' } }),
    })
    await f.send('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })
    await f.send('INIT_SMART_ACCOUNT', {})
    await f.send('SET_PREFERRED_ACCOUNT', { type: 'eoa' })
    await f.send('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})
    expect(f.responses().map((r) => (r.ok ? r.payload : r.error))).toEqual([
      { message: FRAME_MESSAGES.actionNotAllowed },
      { message: FRAME_MESSAGES.actionNotAllowed },
      { type: 'eoa', address: USER.accounts.eip155 },
      { chainIds: [] },
    ])
  })
})

describe('the wallet frame with smart accounts', () => {
  const SMART = '0x5555555555555555555555555555555555555555'
  /** The service's user on the given account type, both accounts listed. */
  const serviceUser = (type: 'smartAccount' | 'eoa', deployed?: boolean) => ({
    ...USER,
    address: type === 'smartAccount' ? SMART : USER.accounts.eip155,
    evmAccounts: [
      { address: SMART, type: 'smartAccount' },
      { address: USER.accounts.eip155, type: 'eoa' },
    ],
    preferredAccountType: type,
    ...(deployed === undefined ? {} : { smartAccountDeployed: deployed }),
  })
  function aSmartFrame(deployed = false) {
    let type: 'smartAccount' | 'eoa' = 'smartAccount'
    const f = aFrame({
      '/v1/chains': () => ({ json: { chains: [{ chainId: 31337, name: 'Devnet A', smartAccount: true }, { chainId: 31338, name: 'Devnet B', smartAccount: true }, { chainId: 5, name: 'No bundler' }] } }),
      '/v1/user': () => ({ json: serviceUser(type, deployed) }),
      '/v1/preferred-account': ({ body }) => {
        type = (body as { type: 'smartAccount' | 'eoa' }).type
        return { json: serviceUser(type) }
      },
    })
    return f
  }

  it('the smart account is the user in use, with both accounts; enabled on the chains with a bundler', async () => {
    const f = aSmartFrame()
    await f.send('GET_USER', {})
    await f.send('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})
    expect(f.responseTo('r1')).toMatchObject({
      ok: true,
      payload: { user: { address: SMART, preferredAccountType: 'smartAccount', accounts: [{ address: SMART, type: 'smartAccount' }, { address: USER.accounts.eip155, type: 'eoa' }] } },
    })
    expect(f.responseTo('r2')).toMatchObject({ ok: true, payload: { chainIds: [31337, 31338] } })
  })

  it('INIT_SMART_ACCOUNT answers its address and whether it is deployed on the current chain', async () => {
    const undeployed = aSmartFrame(false)
    await undeployed.send('INIT_SMART_ACCOUNT', {})
    expect(undeployed.responseTo('r1')).toMatchObject({ ok: true, payload: { address: SMART, isDeployed: false } })
    expect(undeployed.calls.at(-1)?.path).toBe('/v1/user?chainId=31337')
    const deployed = aSmartFrame(true)
    await deployed.send('INIT_SMART_ACCOUNT', {})
    expect(deployed.responseTo('r1')).toMatchObject({ ok: true, payload: { address: SMART, isDeployed: true } })
  })

  it('SET_PREFERRED_ACCOUNT switches on the service, answers the new address, then tells the host the new user', async () => {
    const f = aSmartFrame()
    await f.send('SET_PREFERRED_ACCOUNT', { type: 'eoa' })
    expect(f.calls.find((c) => c.path === '/v1/preferred-account')).toEqual({ path: '/v1/preferred-account', method: 'POST', body: { type: 'eoa' } })
    expect(f.posted.slice(-2).map((p) => p.message)).toMatchObject([
      { kind: 'response', id: 'r1', ok: true, payload: { type: 'eoa', address: USER.accounts.eip155 } },
      { kind: 'event', event: 'SESSION_UPDATE', payload: { user: { address: USER.accounts.eip155, preferredAccountType: 'eoa' } } },
    ])
    await f.send('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })
    expect(f.responseTo('r2')).toMatchObject({ ok: true, payload: { type: 'smartAccount', address: SMART } })
    expect(f.events().at(-1)).toMatchObject({ event: 'SESSION_UPDATE', payload: { user: { address: SMART, preferredAccountType: 'smartAccount' } } })
  })

  it("signs the host's own sign-in message for the smart account without a second prompt", async () => {
    const f = aSmartFrame()
    const message = createSiweMessage({ address: SMART, chainId: 31337, domain: new URL(HOST).host, uri: HOST, version: '1', nonce: 'abcdefgh12', ...SIGN_IN_TIMES })
    await f.send('RPC_REQUEST', { chainId: 31337, method: 'personal_sign', params: [stringToHex(message), SMART], signIn: true })
    expect(f.shown).toEqual([])
    expect(f.responseTo('r1')).toMatchObject({ ok: true, payload: { result: 'result of personal_sign' } })
  })
})

describe('the wallet frame keeps the session', () => {
  it('sign-out forgets the token, tells the service, and tells the host after answering; then it is not connected', async () => {
    const f = aFrame({ '/v1/sign-out': () => ({ json: { signedOut: true } }) })
    await f.send('IS_CONNECTED', {})
    await f.send('SIGN_OUT', {})
    await f.send('IS_CONNECTED', {})
    expect(f.calls.find((c) => c.path === '/v1/sign-out')).toMatchObject({ method: 'POST' })
    expect(f.storage.has(FRAME_STORAGE_KEYS.token)).toBe(false)
    expect(f.posted.map((p) => p.message.kind === 'event' ? `event ${String(p.message.event)}` : `${String(p.message.id)} ${JSON.stringify(p.message.payload)}`)).toEqual([
      'r1 {"isConnected":true}',
      'r2 {}',
      'event SESSION_UPDATE',
      'r3 {"isConnected":false}',
    ])
  })

  it('a device login polls with the email and this device; RELOAD answers before it reloads', async () => {
    const f = aFrame({ '/v1/email/login': () => ({ json: { action: 'VERIFY_DEVICE' } }), '/v1/email/device-status': () => ({ json: { approved: false } }) }, {})
    await f.send('CONNECT_EMAIL', { email: USER.email })
    await f.send('CONNECT_DEVICE', {})
    expect(f.calls.at(-1)!.path).toBe(`/v1/email/device-status?email=${encodeURIComponent(USER.email)}&deviceId=device-1`)
    expect(f.responseTo('r2')).toMatchObject({ ok: true, payload: { approved: false } })
    await f.send('RELOAD', {})
    expect(f.posted.slice(-2).map((p) => p.message.kind)).toEqual(['response', 'reloaded'])
  })

  it('an email change goes through both codes and announces the user with the new email', async () => {
    let email: string = USER.email
    const f = aFrame({
      '/v1/user': ({ token }) => (token === 'good-token' ? { json: { ...USER, email } } : { status: 401, json: {} }),
      '/v1/email/update': ({ token }) => (token === 'good-token' ? { json: { action: 'VERIFY_PRIMARY_OTP' } } : { status: 401, json: {} }),
      '/v1/email/update/primary': () => ({ json: { action: 'VERIFY_SECONDARY_OTP' } }),
      '/v1/email/update/secondary': () => {
        email = 'new@example.test'
        return { json: { email } }
      },
    })
    await f.send('UPDATE_EMAIL', { email: 'new@example.test' })
    await f.send('UPDATE_EMAIL_PRIMARY_OTP', { otp: '111111' })
    await f.send('UPDATE_EMAIL_SECONDARY_OTP', { otp: '222222' })
    expect(f.responses().map((r) => r.payload)).toEqual([{ action: 'VERIFY_PRIMARY_OTP' }, { action: 'VERIFY_SECONDARY_OTP' }, { email: 'new@example.test' }])
    expect(f.calls.filter((c) => c.path.startsWith('/v1/email/update')).map((c) => c.body)).toEqual([{ email: 'new@example.test' }, { otp: '111111' }, { otp: '222222' }])
    expect(f.events().at(-1)).toMatchObject({ event: 'SESSION_UPDATE', payload: { user: { email: 'new@example.test', address: USER.accounts.eip155 } } })
  })
})

describe('the wallet frame RPC', () => {
  it('reads go to the service at once; a method off the allow-list is refused without a call', async () => {
    const f = aFrame()
    await f.send('RPC_REQUEST', { chainId: 31337, method: 'eth_getBalance', params: [USER.accounts.eip155, 'latest'] })
    await f.send('RPC_REQUEST', { chainId: 31337, method: 'eth_sign', params: [USER.accounts.eip155, '0x00'] })
    await f.send('RPC_REQUEST', { chainId: 31337, method: 'wallet_addEthereumChain', params: [] })
    expect(f.responses().map((r) => (r.ok ? r.payload : r.error))).toEqual([
      { result: 'result of eth_getBalance' },
      { message: FRAME_MESSAGES.rpcNotAllowed, code: 4200 },
      { message: FRAME_MESSAGES.rpcNotAllowed, code: 4200 },
    ])
    expect(f.calls.filter((c) => c.path === '/v1/rpc').map((c) => (c.body as { method: string }).method)).toEqual(['eth_getBalance'])
    expect(f.shown).toEqual([])
  })

  it('a raw signed transaction is a send: the visitor sees where it goes and what it moves; rejected, nothing is sent', async () => {
    const f = aFrame()
    const raw = await privateKeyToAccount(generatePrivateKey()).signTransaction({ chainId: 31337, type: 'eip1559', to: OTHER, value: parseEther('0.5'), nonce: 0, gas: 21_000n, maxFeePerGas: 1n, maxPriorityFeePerGas: 1n })
    const sent = f.send('RPC_REQUEST', { chainId: 31337, method: 'eth_sendRawTransaction', params: [raw] })
    await flush()
    expect(f.shown).toHaveLength(1)
    expect(f.shown[0]).toMatchObject({ method: 'eth_sendRawTransaction' })
    expect(f.shown[0]!.rows).toEqual(expect.arrayContaining([{ label: 'To', value: OTHER }, { label: 'Amount', value: '0.5 ETH on Devnet A' }]))
    expect(f.calls.some((c) => c.path === '/v1/rpc')).toBe(false)
    f.answers[0]!.resolve(false)
    await sent
    expect(f.responses().at(-1)).toMatchObject({ ok: false, error: { code: 4001 } })
    expect(f.calls.some((c) => c.path === '/v1/rpc')).toBe(false)
  })

  it('a send waits for the visitor, who sees what it is; approved it is sent, rejected it fails 4001', async () => {
    const f = aFrame()
    await f.send('SYNC_DAPP_DATA', { projectId: 'p', sdkVersion: 'v', metadata: { name: 'Demo Shop', url: HOST } })
    const sent = f.send('RPC_REQUEST', { chainId: 31338, method: 'eth_sendTransaction', params: [{ to: OTHER, value: '0x2386f26fc10000' }] })
    await flush()
    expect(f.shown).toEqual([
      {
        title: 'Approve transaction',
        method: 'eth_sendTransaction',
        appName: 'Demo Shop',
        rows: [
          { label: 'To', value: OTHER },
          { label: 'Amount', value: '0.01 ETH on Devnet B' },
          { label: 'Call data', value: 'None' },
          // This fake service answers the simulation with no block: the frame cannot tell.
          { label: 'Preview', value: 'Preview unavailable' },
        ],
      },
    ])
    expect(f.events().at(-1)).toMatchObject({ event: 'APPROVAL', payload: { pending: true, title: 'Approve transaction' } })
    // Only the frame's own preview (a simulation, a read) went to the service: nothing is sent before the yes.
    expect(f.calls.filter((c) => c.path === '/v1/rpc').map((c) => (c.body as { method: string }).method)).toEqual(['eth_simulateV1'])
    f.answers[0]!.resolve(true)
    await sent
    expect(f.responseTo('r2')).toMatchObject({ ok: true, payload: { result: 'result of eth_sendTransaction' } })
    expect(f.events()).toContainEqual({ channel: FRAME_CHANNEL, kind: 'event', event: 'APPROVAL', payload: { pending: false } })

    const signed = f.send('RPC_REQUEST', { chainId: 31337, method: 'personal_sign', params: [stringToHex('hello there'), USER.accounts.eip155] })
    await flush()
    expect(f.shown[1]).toMatchObject({ title: 'Sign message', rows: [{ label: 'Message', value: 'hello there' }] })
    f.answers[1]!.resolve(false)
    await signed
    expect(f.responseTo('r3')).toMatchObject({ ok: false, error: { message: FRAME_MESSAGES.rejected, code: 4001 } })
    expect(f.calls.filter((c) => c.path === '/v1/rpc').map((c) => (c.body as { method: string }).method)).toEqual(['eth_simulateV1', 'eth_sendTransaction'])
  })

  it('a session-key grant waits for the visitor, who sees the key, what it allows and its end; approved it goes to the service', async () => {
    const f = aFrame()
    const key = '0x1111111111111111111111111111111111111111'
    const request = {
      chainId: '0x7a69',
      expiry: 1_900_000_000,
      signer: { type: 'key', data: { type: 'secp256k1', id: key } },
      permissions: [{ type: 'native-token-transfer', data: { ticker: 'ETH' }, policies: [{ type: 'token-allowance', data: { allowance: '0x11c37937e080000' } }] }],
    }
    const granted = f.send('RPC_REQUEST', { chainId: 31337, method: 'wallet_grantPermissions', params: [request] })
    await flush()
    expect(f.shown).toEqual([
      {
        title: 'Grant permissions',
        method: 'wallet_grantPermissions',
        appName: undefined,
        rows: [
          { label: 'Session key', value: key },
          { label: 'Allows', value: 'Send up to 0.08 ETH in total, to any address but your account' },
          { label: 'Nothing else', value: 'no other contract, function or amount' },
          { label: 'Expires', value: new Date(1_900_000_000_000).toUTCString() },
          { label: 'Network', value: 'Devnet A' },
        ],
      },
    ])
    expect(f.calls.some((c) => c.path === '/v1/rpc')).toBe(false)
    f.answers[0]!.resolve(true)
    await granted
    expect(f.responseTo('r1')).toMatchObject({ ok: true, payload: { result: 'result of wallet_grantPermissions' } })
  })

  it('requests wait in a queue, one shown at a time', async () => {
    const f = aFrame()
    const first = f.send('RPC_REQUEST', { chainId: 31337, method: 'personal_sign', params: ['one', USER.accounts.eip155] })
    const second = f.send('RPC_REQUEST', { chainId: 31337, method: 'personal_sign', params: ['two', USER.accounts.eip155] })
    await flush()
    expect(f.shown.map((d) => d.rows[0]!.value)).toEqual(['one'])
    f.answers[0]!.resolve(true)
    await first
    await flush()
    expect(f.shown.map((d) => d.rows[0]!.value)).toEqual(['one', 'two'])
    f.answers[1]!.resolve(true)
    await second
    expect(f.responses().map((r) => r.ok)).toEqual([true, true])
  })

  it('an abort fails only the requests waiting for the visitor; a read in flight goes on', async () => {
    const read = deferred<{ json: unknown }>()
    const f = aFrame({ '/v1/rpc': ({ body }) => ((body as { method: string }).method === 'eth_call' ? read.promise : { json: { result: 'signed' } }) })
    const shownOne = f.send('RPC_REQUEST', { chainId: 31337, method: 'eth_sendTransaction', params: [{ to: OTHER }] })
    const queuedOne = f.send('RPC_REQUEST', { chainId: 31337, method: 'personal_sign', params: ['queued', USER.accounts.eip155] })
    const safeOne = f.send('RPC_REQUEST', { chainId: 31337, method: 'eth_call', params: [{ to: OTHER, data: '0x' }, 'latest'] })
    await flush()
    expect(f.shown).toHaveLength(1)
    await f.send('RPC_ABORT', {})
    await Promise.all([shownOne, queuedOne])
    expect(f.responseTo('r4')).toMatchObject({ ok: true, payload: { aborted: 2 } })
    for (const id of ['r1', 'r2']) expect(f.responseTo(id)).toMatchObject({ ok: false, error: { message: FRAME_MESSAGES.aborted, code: 4001 } })
    expect(f.answers[0]!.signal.aborted).toBe(true)
    expect(f.events().at(-1)).toMatchObject({ event: 'APPROVAL', payload: { pending: false } })
    expect(f.responseTo('r3')).toBeUndefined()
    read.resolve({ json: { result: '0xabc' } })
    await safeOne
    expect(f.responseTo('r3')).toMatchObject({ ok: true, payload: { result: '0xabc' } })
    // A late click on the aborted request changes nothing (the frame's own preview read was all it asked).
    f.answers[0]!.resolve(true)
    await flush()
    expect(f.calls.filter((c) => c.path === '/v1/rpc').map((c) => (c.body as { method: string }).method)).toEqual(['eth_call', 'eth_simulateV1'])
  })

  describe('the sign-in while connecting', () => {
    let nonce = 0
    const siwe = (domain: string, address: string) =>
      createSiweMessage({ domain, address: address as `0x${string}`, uri: `http://${domain}`, version: '1', chainId: 31337, nonce: `abcdefgh${++nonce}`, statement: 'Sign in', ...SIGN_IN_TIMES })

    it('the host\'s own sign-in message for the user\'s address is signed without a prompt (text or hex)', async () => {
      const f = aFrame()
      await f.send('RPC_REQUEST', { chainId: 31337, method: 'personal_sign', params: [siwe('127.0.0.1:5173', USER.accounts.eip155), USER.accounts.eip155], signIn: true })
      await f.send('RPC_REQUEST', { chainId: 31337, method: 'personal_sign', params: [stringToHex(siwe('127.0.0.1:5173', USER.accounts.eip155)), USER.accounts.eip155], signIn: true })
      expect(f.shown).toEqual([])
      expect(f.responses().map((r) => r.ok)).toEqual([true, true])
    })

    it('another domain, another address, or no signIn flag goes through the prompt', async () => {
      for (const [message, signIn] of [
        [siwe('evil.example', USER.accounts.eip155), true],
        [siwe('127.0.0.1:4000', USER.accounts.eip155), true],
        [siwe('127.0.0.1:5173', OTHER), true],
        ['not a sign-in message', true],
        [siwe('127.0.0.1:5173', USER.accounts.eip155), false],
      ] as const) {
        const f = aFrame()
        const pending = f.send('RPC_REQUEST', { chainId: 31337, method: 'personal_sign', params: [message, USER.accounts.eip155], signIn })
        await flush()
        expect(f.shown, message).toHaveLength(1)
        f.answers[0]!.resolve(false)
        await pending
      }
    })
  })
})

describe('the wallet frame logs in with a social provider or Farcaster', () => {
  const SOCIAL = { email: 'alice@devnet.test', accounts: { eip155: OTHER }, socialProvider: 'google', userName: 'Alice Devnet' }
  const socialUser = { email: SOCIAL.email, address: OTHER, chainId: 31337, accounts: [{ address: OTHER, type: 'eoa' }], preferredAccountType: 'eoa', socialProvider: 'google', userName: 'Alice Devnet' }

  it('asks the service for the provider URL for its own host origin, with the return page on the redirect path', async () => {
    const seen: string[] = []
    const f = aFrame({ '/v1/social/github/start': () => ({ json: { url: 'http://auth.test/social/github/auth?state=s' } }) })
    const fetchPaths = () => f.calls.map((c) => c.path)
    await f.send('GET_SOCIAL_REDIRECT_URI', { provider: 'github', mode: 'redirect', returnUrl: `${HOST}/shop?x=1` })
    expect(f.responseTo('r1')).toMatchObject({ ok: true, payload: { url: 'http://auth.test/social/github/auth?state=s' } })
    seen.push(...fetchPaths())
    const query = new URL(seen[0]!, 'http://auth.test').searchParams
    expect(query.get('origin')).toBe(HOST)
    expect(query.get('mode')).toBe('redirect')
    expect(query.get('returnUrl')).toBe(`${HOST}/shop?x=1`)
    await f.send('GET_SOCIAL_REDIRECT_URI', { provider: 'myspace', mode: 'popup' })
    expect(f.responseTo('r2')).toBeUndefined()
  })

  it('a ticket redeemed once stores the session and answers the social user; a spent ticket answers the service words', async () => {
    let spent = false
    const f = aFrame(
      {
        '/v1/social/redeem': ({ body }) => {
          if ((body as { ticket: string }).ticket !== 'ticket-1' || spent) return { status: 400, json: { message: 'This sign-in has expired. Start again.' } }
          spent = true
          return { json: { token: 'social-token', user: SOCIAL } }
        },
      },
      {},
    )
    await f.send('CONNECT_SOCIAL', { ticket: 'ticket-1' })
    expect(f.storage.get(FRAME_STORAGE_KEYS.token)).toBe('social-token')
    expect(f.posted.slice(-2).map((p) => p.message)).toEqual([
      { channel: FRAME_CHANNEL, kind: 'response', id: 'r1', ok: true, payload: { user: socialUser } },
      { channel: FRAME_CHANNEL, kind: 'event', event: 'SESSION_UPDATE', payload: { user: socialUser } },
    ])
    await f.send('CONNECT_SOCIAL', { ticket: 'ticket-1' })
    expect(f.responseTo('r2')).toMatchObject({ ok: false, error: { message: 'This sign-in has expired. Start again.' } })
  })

  it('opens a Farcaster channel and answers pending until it is approved, then the user with the username', async () => {
    let approved = false
    const farcaster = { accounts: { eip155: OTHER }, socialProvider: 'farcaster', userName: 'alice' }
    const f = aFrame(
      {
        '/v1/farcaster/channel': () => ({ json: { channelToken: 'chan-1', url: 'http://127.0.0.1:8793/app?channelToken=chan-1', nonce: 'n' } }),
        '/v1/farcaster/redeem': () => (approved ? { json: { token: 'fc-token', user: farcaster } } : { status: 202, json: { state: 'pending' } }),
      },
      {},
    )
    await f.send('GET_FARCASTER_URI', {})
    expect(f.responseTo('r1')).toMatchObject({ ok: true, payload: { url: 'http://127.0.0.1:8793/app?channelToken=chan-1', channelToken: 'chan-1' } })
    await f.send('CONNECT_FARCASTER', { channelToken: 'chan-1' })
    expect(f.responseTo('r2')).toMatchObject({ ok: true, payload: { pending: true } })
    expect(f.storage.has(FRAME_STORAGE_KEYS.token)).toBe(false)
    approved = true
    await f.send('CONNECT_FARCASTER', { channelToken: 'chan-1' })
    expect(f.responseTo('r3')).toMatchObject({ ok: true, payload: { user: { address: OTHER, socialProvider: 'farcaster', userName: 'alice' } } })
    expect((f.responseTo('r3')!.payload as { user: Record<string, unknown> }).user.email).toBeUndefined()
    expect(f.storage.get(FRAME_STORAGE_KEYS.token)).toBe('fc-token')
  })
})

describe("the wallet frame signs with the user's Solana key", () => {
  const user = Keypair.generate().publicKey
  const solanaUser = { ...USER, accounts: { ...USER.accounts, solana: user.toBase58() } }
  const receiver = Keypair.generate().publicKey
  const SIGNATURE = new Uint8Array(64).fill(7)
  const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
  const transfer = (from: PublicKey, lamports: bigint) =>
    new Uint8Array(
      new Transaction({ feePayer: from, recentBlockhash: 'GHtXQBsoZHVnNFa9YevAzFr17DJjgHXk3ycTKD5xD3Zi' })
        .add(SystemProgram.transfer({ fromPubkey: from, toPubkey: receiver, lamports }))
        .serialize({ requireAllSignatures: false, verifySignatures: false }),
    )
  const routes = {
    '/v1/user': ({ token }: { token: string | undefined }) => (token === 'good-token' ? { json: solanaUser } : { status: 401, json: { message: 'Not signed in' } }),
    '/v1/solana/sign': () => ({ json: { signature: base58Encode(SIGNATURE) } }),
  }

  it('a SOL send shows what it moves, where and on which network; approved, the signature lands in the user slot', async () => {
    const f = aFrame(routes)
    const wire = transfer(user, 1_250_000_000n)
    const signing = f.send('SOLANA_SIGN_TRANSACTION', { transaction: base64(wire), chain: SOLANA_DEVNET_CAIP_NETWORK_ID })
    await flush()
    expect(f.shown).toEqual([
      {
        title: 'Approve transaction',
        method: 'solana_signTransaction',
        appName: undefined,
        rows: [
          { label: 'Summary', value: `send 1.25 SOL to ${receiver.toBase58()}` },
          { label: 'Send', value: '1.25 SOL' },
          { label: 'To', value: receiver.toBase58() },
          { label: 'From', value: user.toBase58() },
          { label: 'Network', value: SOLANA_DEVNET_NAME },
          { label: 'Fee paid by', value: 'your account' },
        ],
      },
    ])
    expect(f.calls.some((c) => c.path === '/v1/solana/sign')).toBe(false)
    f.answers[0]!.resolve(true)
    await signing
    expect(f.calls.find((c) => c.path === '/v1/solana/sign')?.body).toEqual({ kind: 'transaction', bytes: base64(wire) })
    const answer = f.responseTo('r1') as { ok: boolean; payload: { transaction: string } }
    expect(answer.ok).toBe(true)
    const signed = new Uint8Array(Buffer.from(answer.payload.transaction, 'base64'))
    expect(signed.slice(1, 65)).toEqual(SIGNATURE)
    expect(signed.slice(65)).toEqual(wire.slice(65))
  })

  it('rejected, nothing is signed; a transaction another account pays is refused without asking', async () => {
    const f = aFrame(routes)
    const rejected = f.send('SOLANA_SIGN_TRANSACTION', { transaction: base64(transfer(user, 1n)), chain: SOLANA_DEVNET_CAIP_NETWORK_ID })
    await flush()
    f.answers[0]!.resolve(false)
    await rejected
    expect(f.responseTo('r1')).toMatchObject({ ok: false, error: { message: FRAME_MESSAGES.rejected, code: 4001 } })
    await f.send('SOLANA_SIGN_TRANSACTION', { transaction: base64(transfer(Keypair.generate().publicKey, 1n)), chain: SOLANA_DEVNET_CAIP_NETWORK_ID })
    expect(f.responseTo('r2')).toMatchObject({ ok: false, error: { message: 'This transaction is not for this wallet to sign', code: 4200 } })
    await f.send('SOLANA_SIGN_TRANSACTION', { transaction: base64(new TextEncoder().encode('not a transaction')), chain: SOLANA_DEVNET_CAIP_NETWORK_ID })
    expect(f.responseTo('r3')).toMatchObject({ ok: false, error: { message: UNREADABLE_SOLANA_TRANSACTION } })
    expect(f.shown).toHaveLength(1)
    expect(f.calls.some((c) => c.path === '/v1/solana/sign')).toBe(false)
  })

  it("a message is shown as text; a transaction's message passed as a message is refused without asking", async () => {
    const f = aFrame(routes)
    const message = new Transaction({ feePayer: user, recentBlockhash: 'GHtXQBsoZHVnNFa9YevAzFr17DJjgHXk3ycTKD5xD3Zi' })
      .add(SystemProgram.transfer({ fromPubkey: user, toPubkey: receiver, lamports: 9_000_000_000n }))
      .serializeMessage()
    await f.send('SOLANA_SIGN_MESSAGE', { message: base64(new Uint8Array(message)) })
    expect(f.responseTo('r1')).toMatchObject({ ok: false, error: { message: SOLANA_MESSAGE_IS_TRANSACTION, code: 4200 } })
    expect(f.shown).toEqual([])
    const signing = f.send('SOLANA_SIGN_MESSAGE', { message: base64(new TextEncoder().encode('Welcome to Demo Shop')) })
    await flush()
    expect(f.shown[0]).toMatchObject({ title: 'Sign message', method: 'solana_signMessage', rows: [{ label: 'Message', value: 'Welcome to Demo Shop' }, { label: 'Account', value: user.toBase58() }] })
    f.answers[0]!.resolve(true)
    await signing
    expect(f.responseTo('r2')).toMatchObject({ ok: true, payload: { signature: base58Encode(SIGNATURE) } })
  })
})

describe('a frame the browser refused storage (its session in the service cookie)', () => {
  it('after a reload it has no token, yet is connected and signs through the cookie, sending no token', async () => {
    // The service's answers as the cookie makes them: signed in without a Bearer token (one would be a fault here).
    const cookieOnly = (json: unknown): Route => ({ token }) => (token === undefined ? { json } : { status: 500, json: { message: 'a token was sent' } })
    const f = aFrame({ '/v1/user': cookieOnly(USER), '/v1/rpc': cookieOnly({ result: 'signed through the cookie' }) }, {})
    await f.send('IS_CONNECTED', {})
    expect(f.responseTo('r1')).toMatchObject({ ok: true, payload: { isConnected: true } })
    const signing = f.send('RPC_REQUEST', { chainId: 31337, method: 'personal_sign', params: [stringToHex('hi'), USER.accounts.eip155] })
    await flush()
    f.answers[0]!.resolve(true)
    await signing
    expect(f.responseTo('r2')).toMatchObject({ ok: true, payload: { result: 'signed through the cookie' } })
    expect(f.calls.map((c) => c.path)).toEqual(['/v1/user', '/v1/user', '/v1/chains', '/v1/rpc'])
  })

  it('without a cookie either, it is not connected, asks the visitor nothing, and tells the host no session ended', async () => {
    const f = aFrame({}, {})
    await f.send('IS_CONNECTED', {})
    await f.send('RPC_REQUEST', { chainId: 31337, method: 'personal_sign', params: [stringToHex('hi'), USER.accounts.eip155] })
    expect(f.responseTo('r1')).toMatchObject({ ok: true, payload: { isConnected: false } })
    expect(f.responseTo('r2')).toMatchObject({ ok: false, error: { code: 4100 } })
    expect(f.shown).toEqual([])
    expect(f.events()).toEqual([])
  })
})
