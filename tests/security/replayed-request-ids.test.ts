/**
 * A host page (or a script on it) sends the wallet frame a request, then the same message again
 * with the same id, hoping for a second signature or a second send for one request. The frame
 * remembers the ids of its session: a replay is dropped, never executed, and never answered (an
 * answer would carry the first request's id).
 */
import { describe, expect, it } from 'vitest'
import { stringToHex } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { ADDRESS, HOST, NOW, OTHER, aHostileHost, flush } from './support/frame-fakes'

describe('a replayed request id is never executed twice', () => {
  it('a send approved once is not sent again, asked again or answered again when its id comes back', async () => {
    const host = aHostileHost()
    const request = { chainId: 31337, method: 'eth_sendTransaction', params: [{ to: OTHER, value: '0xde0b6b3a7640000' }] }
    const first = host.send('RPC_REQUEST', request, 'pay-1')
    await flush()
    host.answers[0]!(true)
    await first
    const replay = host.send('RPC_REQUEST', request, 'pay-1')
    await flush()
    host.answers[1]?.(true)
    await replay
    expect(host.shown).toHaveLength(1)
    expect(host.rpcCalls).toHaveLength(1)
    expect(host.responses().filter((r) => r.id === 'pay-1')).toHaveLength(1)
  })

  it('a replay while the first waits for the visitor is not queued behind it', async () => {
    const host = aHostileHost()
    const request = { chainId: 31337, method: 'personal_sign', params: [stringToHex('hello'), ADDRESS] }
    const first = host.send('RPC_REQUEST', request, 'sig-1')
    const replay = host.send('RPC_REQUEST', request, 'sig-1')
    await flush()
    host.answers[0]!(true)
    await first
    await flush()
    host.answers[1]?.(true)
    await replay
    expect(host.shown).toHaveLength(1)
    expect(host.rpcCalls).toHaveLength(1)
    expect(host.responses().filter((r) => r.id === 'sig-1')).toHaveLength(1)
  })

  it('a silent sign-in replayed by id gives one signature', async () => {
    const host = aHostileHost()
    const message = createSiweMessage({
      domain: new URL(HOST).host,
      address: ADDRESS,
      uri: HOST,
      version: '1',
      chainId: 31337,
      nonce: 'replay0000001',
      issuedAt: new Date(NOW - 60_000),
      expirationTime: new Date(NOW + 3_600_000),
    })
    const request = { chainId: 31337, method: 'personal_sign', params: [stringToHex(message), ADDRESS], signIn: true }
    await host.send('RPC_REQUEST', request, 'sign-in-1')
    const replay = host.send('RPC_REQUEST', request, 'sign-in-1')
    await flush()
    host.answers[0]?.(true)
    await replay
    expect(host.rpcCalls).toHaveLength(1)
    expect(host.shown).toHaveLength(0)
    expect(host.responses().filter((r) => r.id === 'sign-in-1')).toHaveLength(1)
  })

  it('ids are remembered for every action: a replayed read is not run again', async () => {
    const host = aHostileHost()
    const read = { chainId: 31337, method: 'eth_getBalance', params: [ADDRESS, 'latest'] }
    await host.send('RPC_REQUEST', read, 'read-1')
    await host.send('RPC_REQUEST', read, 'read-1')
    await host.send('RPC_REQUEST', read, 'read-2')
    expect(host.rpcCalls).toHaveLength(2)
    expect(host.responses().map((r) => r.id)).toEqual(['read-1', 'read-2'])
  })
})
