/**
 * A host page with sign-in on asks the wallet frame for `personal_sign` marked `signIn: true`,
 * hoping to get a signature without the visitor being asked. Only the host's own, complete,
 * current EIP-4361 sign-in message for the visitor's account may be signed silently; anything
 * else (text merely shaped like one, another origin or chain, an old, future, unexpiring or expired
 * message, a nonce seen before) must wait for the visitor.
 */
import { describe, expect, it } from 'vitest'
import { stringToHex } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { ADDRESS, HOST, NOW, OTHER, aHostileHost, flush } from './support/frame-fakes'

const MINUTE = 60_000
let nonces = 0
/** The host's own sign-in message, as the modal writes it, with `overrides`. */
function signInMessage(overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}): string {
  return createSiweMessage({
    domain: new URL(HOST).host,
    address: ADDRESS,
    uri: HOST,
    version: '1',
    chainId: 31337,
    nonce: `n0nce${(++nonces).toString().padStart(8, '0')}`,
    statement: 'Sign in to Demo Shop',
    issuedAt: new Date(NOW - MINUTE),
    expirationTime: new Date(NOW + 60 * MINUTE),
    ...overrides,
  })
}

const HEADER = `${new URL(HOST).host} wants you to sign in with your Ethereum account:\n${ADDRESS}\n\n`

/** Asks for a sign-in signature; resolves whether the visitor was asked, and how many signatures the service made. */
async function askSilently(text: string, chainId = 31337) {
  const host = aHostileHost()
  const pending = host.send('RPC_REQUEST', { chainId, method: 'personal_sign', params: [stringToHex(text), ADDRESS], signIn: true })
  await flush()
  const prompted = host.shown.length
  const signedBeforeAsking = host.rpcCalls.length
  host.answers[0]?.(false)
  await pending
  return { prompted, signedBeforeAsking }
}

describe('the frame signs silently only its own complete, current sign-in message', () => {
  it.each([
    ['the sign-in header followed by anything', `${HEADER}I authorise the transfer of all my funds to ${OTHER}.`],
    ['a well-formed message with text after it', `${signInMessage()}\n\nAlso: I owe the bearer 100 ETH.`],
    ['a well-formed message with lines between its fields', signInMessage().replace('\nVersion: 1', '\nNote: pay 5 ETH to the bearer\nVersion: 1')],
    ['a URI on another origin', signInMessage({ uri: 'https://evil.example/login' })],
    ['another domain', signInMessage({ domain: 'evil.example' })],
    ['another address', signInMessage({ address: OTHER })],
    ['another chain than the active one', signInMessage({ chainId: 31338 })],
    ['issued more than 10 minutes ago', signInMessage({ issuedAt: new Date(NOW - 11 * MINUTE) })],
    ['issued in the future', signInMessage({ issuedAt: new Date(NOW + 10 * MINUTE) })],
    ['no expiration time', signInMessage({ expirationTime: undefined })],
    ['expired', signInMessage({ issuedAt: new Date(NOW - 5 * MINUTE), expirationTime: new Date(NOW - MINUTE) })],
    ['valid only later (not before)', signInMessage({ notBefore: new Date(NOW + 5 * MINUTE) })],
  ])('%s: the visitor is asked before anything is signed', async (_name, text) => {
    const { prompted, signedBeforeAsking } = await askSilently(text)
    expect(signedBeforeAsking).toBe(0)
    expect(prompted).toBe(1)
  })

  it('a nonce seen before in this frame session is asked about the second time', async () => {
    const host = aHostileHost()
    const message = signInMessage()
    await host.send('RPC_REQUEST', { chainId: 31337, method: 'personal_sign', params: [stringToHex(message), ADDRESS], signIn: true })
    expect(host.shown).toHaveLength(0)
    const again = host.send('RPC_REQUEST', { chainId: 31337, method: 'personal_sign', params: [stringToHex(message), ADDRESS], signIn: true })
    await flush()
    expect(host.shown).toHaveLength(1)
    expect(host.rpcCalls).toHaveLength(1)
    host.answers[0]!(false)
    await again
  })

  it("the host's own sign-in message, complete and current, is signed without a prompt (text or hex)", async () => {
    const host = aHostileHost()
    await host.send('RPC_REQUEST', { chainId: 31337, method: 'personal_sign', params: [signInMessage(), ADDRESS], signIn: true })
    await host.send('RPC_REQUEST', { chainId: 31337, method: 'personal_sign', params: [stringToHex(signInMessage()), ADDRESS], signIn: true })
    expect(host.shown).toEqual([])
    expect(host.responses().map((r) => r.ok)).toEqual([true, true])
    expect(host.rpcCalls).toHaveLength(2)
  })
})
