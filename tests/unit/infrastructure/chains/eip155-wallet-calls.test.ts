import { describe, expect, it } from 'vitest'
import type { CallsRequest } from '../../../../src/domain/calls/wallet-calls'
import { UnknownConnectorError, WalletRequestError } from '../../../../src/ports/chain-family'
import { Eip155WalletCalls, callsCapabilities, callsStatus, parseCallsStatus, sendCalls } from '../../../../src/infrastructure/chains/eip155/wallet-calls'

const ME = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const ROUTER = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'

/** A provider answering from a script, recording what it was asked. */
function provider(answer: (method: string, params: unknown) => unknown) {
  const asked: { method: string; params: unknown }[] = []
  return {
    asked,
    request: async ({ method, params }: { method: string; params?: unknown }) => {
      asked.push({ method, params })
      return answer(method, params)
    },
    on: () => undefined,
    removeListener: () => undefined,
  }
}

function rpcError(code: number, message = 'nope') {
  return Object.assign(new Error(message), { code })
}

const REQUEST: CallsRequest = {
  chainId: 'eip155:31337',
  from: ME,
  atomicRequired: true,
  calls: [
    { to: TOKEN, data: '0x095ea7b3', value: 0n },
    { to: ROUTER, data: '0x38ed1739', value: 255n },
  ],
}

describe('EIP-5792 in the eip155 wing', () => {
  it('asks the capabilities of the wanted chains in hex and reads atomic support per chain', async () => {
    const p = provider(() => ({ '0x7a69': { atomic: { status: 'supported' } }, '0x7A6A': { atomic: { status: 'ready' } }, '0x1': { atomic: { status: 'unsupported' } } }))
    const caps = await callsCapabilities(p, ME, ['eip155:31337', 'eip155:31338', 'eip155:1', 'eip155:10'])
    expect(p.asked).toEqual([{ method: 'wallet_getCapabilities', params: [ME, ['0x7a69', '0x7a6a', '0x1', '0xa']] }])
    expect(caps).toEqual({ 'eip155:31337': { atomic: 'supported' }, 'eip155:31338': { atomic: 'ready' }, 'eip155:1': { atomic: 'unsupported' } })
  })

  it('reads the draft shape, and what 0x0 offers on every chain', async () => {
    expect(await callsCapabilities(provider(() => ({ '0x7a69': { atomicBatch: { supported: true } } })), ME, ['eip155:31337'])).toEqual({ 'eip155:31337': { atomic: 'supported' } })
    expect(await callsCapabilities(provider(() => ({ '0x0': { atomic: { status: 'ready' } } })), ME, ['eip155:31337'])).toEqual({ 'eip155:31337': { atomic: 'ready' } })
    expect(await callsCapabilities(provider(() => ({ '0x7a69': {} })), ME, ['eip155:31337'])).toEqual({ 'eip155:31337': { atomic: 'unsupported' } })
    expect(await callsCapabilities(provider(() => 'yes'), ME, ['eip155:31337'])).toEqual({})
  })

  it('answers no batches for a wallet without the method (4200, -32601) and passes other failures on', async () => {
    for (const code of [4200, -32601]) {
      expect(await callsCapabilities(provider(() => { throw rpcError(code) }), ME, ['eip155:31337'])).toEqual({})
    }
    await expect(callsCapabilities(provider(() => { throw rpcError(4100, 'Unauthorized') }), ME, ['eip155:31337'])).rejects.toMatchObject({ kind: 'failed', code: 4100 })
  })

  it('asks nothing for chains of no eip155 network', async () => {
    const p = provider(() => ({}))
    expect(await callsCapabilities(p, ME, ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])).toEqual({})
    expect(p.asked).toEqual([])
  })

  it('sends the calls in one wallet_sendCalls with a hex chain id and hex values, and returns the id', async () => {
    const p = provider(() => ({ id: '0xabc' }))
    expect(await sendCalls(p, REQUEST)).toBe('0xabc')
    expect(p.asked).toEqual([
      {
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: '0x7a69',
            from: ME,
            atomicRequired: true,
            calls: [
              { to: TOKEN, data: '0x095ea7b3', value: '0x0' },
              { to: ROUTER, data: '0x38ed1739', value: '0xff' },
            ],
          },
        ],
      },
    ])
    expect(await sendCalls(provider(() => 'draft-id'), REQUEST)).toBe('draft-id')
    await expect(sendCalls(provider(() => ({})), REQUEST)).rejects.toMatchObject({ kind: 'failed' })
  })

  it('refuses a call whose to does not start with 0x before asking the wallet', async () => {
    const p = provider(() => ({ id: '0x1' }))
    await expect(sendCalls(p, { ...REQUEST, calls: [{ to: TOKEN.slice(2) }] })).rejects.toThrow('Each call needs a to address starting with 0x')
    expect(p.asked).toEqual([])
  })

  it('reads a refused batch as a rejection, and "not here" answers as an unsupported method the caller falls back from', async () => {
    const kindOf = async (code: number) => {
      const error = await sendCalls(provider(() => { throw rpcError(code) }), REQUEST).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(WalletRequestError)
      return (error as WalletRequestError).kind
    }
    expect(await kindOf(4001)).toBe('rejected')
    for (const code of [4200, -32601, 5700, 5710, 5740, 5760]) expect(await kindOf(code)).toBe('unsupportedMethod')
    expect(await kindOf(-32603)).toBe('failed')
  })

  it('reads the calls status: codes, receipts in order, and the draft strings checked against their receipts', async () => {
    const receipts = [{ transactionHash: '0x01', status: '0x1' }, { transactionHash: '0x02', status: '0x1' }]
    const p = provider(() => ({ version: '2.0.0', id: '0xabc', status: 200, atomic: false, receipts }))
    expect(await callsStatus(p, '0xabc')).toEqual({ outcome: 'confirmed', transactionHashes: ['0x01', '0x02'] })
    expect(p.asked).toEqual([{ method: 'wallet_getCallsStatus', params: ['0xabc'] }])
    expect(parseCallsStatus({ status: 100 })).toEqual({ outcome: 'pending', transactionHashes: [] })
    expect(parseCallsStatus({ status: 600, receipts: receipts.slice(0, 1) }).outcome).toBe('partial')
    expect(parseCallsStatus({ status: 'PENDING' }).outcome).toBe('pending')
    expect(parseCallsStatus({ status: 'CONFIRMED', receipts }).outcome).toBe('confirmed')
    expect(parseCallsStatus({ status: 'CONFIRMED', receipts: [receipts[0], { transactionHash: '0x02', status: '0x0' }] }).outcome).toBe('partial')
    expect(parseCallsStatus({ status: 'CONFIRMED', receipts: [{ transactionHash: '0x02', status: '0x0' }] }).outcome).toBe('failed')
    expect(() => parseCallsStatus({ status: 'DONE' })).toThrow(WalletRequestError)
    await expect(callsStatus(provider(() => { throw rpcError(5730, 'Unknown bundle') }), '0x1')).rejects.toMatchObject({ code: 5730 })
  })

  it('as the WalletCalls port: asks the provider of the connector, and refuses a connector without one', async () => {
    const p = provider((method) => (method === 'wallet_sendCalls' ? { id: '0xabc' } : { status: 200, receipts: [] }))
    const calls = new Eip155WalletCalls((id) => (id === 'dev' ? p : undefined))
    expect(calls.namespace).toBe('eip155')
    expect(await calls.sendCalls('dev', REQUEST)).toBe('0xabc')
    expect((await calls.callsStatus('dev', 'eip155:31337', '0xabc')).outcome).toBe('confirmed')
    await expect(calls.callsCapabilities('gone', ME, ['eip155:31337'])).rejects.toBeInstanceOf(UnknownConnectorError)
    expect(p.asked.map((a) => a.method)).toEqual(['wallet_sendCalls', 'wallet_getCallsStatus'])
  })
})
