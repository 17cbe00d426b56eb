/**
 * The embedded wallet's own preview: a host page can draw anything in its modal, so the frame's
 * approval shows what the chain says the request does, simulated by the wallet service from the
 * visitor's own address. The host sends only the calls: words it adds to the request, a `from` of
 * its choosing or a simulation it asks for itself never become the preview; and the service runs
 * only a bounded simulation of the user's own calls.
 */
import { describe, expect, it } from 'vitest'
import { boundedSimulation } from '../../server/src/wallet/wallet-server'
import { DEVNET_CONTRACTS } from '../../devnet/src/config'
import { TRANSFER_TOPIC } from '../../src/domain/preview/simulated-logs'
import { ADDRESS, OTHER, aHostileHost, flush } from './support/frame-fakes'

const word = (hex: string) => `0x${hex.replace(/^0x/, '').toLowerCase().padStart(64, '0')}`
const transfer = (to: string, amount: bigint) => `0xa9059cbb${word(to).slice(2)}${amount.toString(16).padStart(64, '0')}`

/** The service's node: the visitor's dUSD leaves to `OTHER` (what it would really simulate). */
function simulatingService(seen: unknown[][]) {
  return {
    '/v1/rpc': ({ body }: { body: unknown }) => {
      const { method, params } = body as { method: string; params: unknown[] }
      if (method !== 'eth_simulateV1') return { json: { result: 'signature 1' } }
      seen.push(params)
      const log = { address: DEVNET_CONTRACTS.dUSD, topics: [TRANSFER_TOPIC, word(ADDRESS), word(OTHER)], data: word((7_250_000n).toString(16)) }
      return { json: { result: [{ calls: [{ status: '0x1', returnData: '0x', gasUsed: '0xb000', logs: [log] }] }] } }
    },
  }
}

describe("the frame's preview", () => {
  it('is simulated from the visitor, whatever the host says, and shows the chain\'s balance changes', async () => {
    const seen: unknown[][] = []
    const host = aHostileHost(simulatingService(seen))
    // The host adds its own story to the request and claims another sender.
    const tx = { from: OTHER, to: DEVNET_CONTRACTS.dUSD, data: transfer(OTHER, 7_250_000n), preview: 'Balance change: +1,000,000 dUSD', rows: [{ label: 'Balance change', value: '+1,000,000 dUSD' }] }
    void host.send('RPC_REQUEST', { chainId: 31337, method: 'eth_sendTransaction', params: [tx] })
    await flush()
    await flush()
    expect(host.shown).toHaveLength(1)
    const rows = host.shown[0]!.rows
    expect(rows.filter((r) => r.label === 'Balance change')).toEqual([{ label: 'Balance change', value: '−7.25 dUSD' }])
    expect(JSON.stringify(rows)).not.toContain('1,000,000')
    // Simulated from the visitor's address, with only the call's own fields.
    expect(seen).toEqual([[{ blockStateCalls: [{ calls: [{ from: ADDRESS, to: DEVNET_CONTRACTS.dUSD, data: tx.data }] }], traceTransfers: true, validation: false }, 'latest']])
  })

  it('a failing simulation is a warning with its reason; a service that cannot simulate says "Preview unavailable"', async () => {
    const reverting = aHostileHost({
      '/v1/rpc': ({ body }) => {
        const { method } = body as { method: string }
        if (method !== 'eth_simulateV1') return { json: { result: 'signature 1' } }
        const reason = `0x08c379a0${word('20').slice(2)}${word('10').slice(2)}${Buffer.from('transfer to zero').toString('hex').padEnd(64, '0')}`
        return { json: { result: [{ calls: [{ status: '0x0', returnData: reason, gasUsed: '0x5208', logs: [] }] }] } }
      },
    })
    void reverting.send('RPC_REQUEST', { chainId: 31337, method: 'eth_sendTransaction', params: [{ to: DEVNET_CONTRACTS.dUSD, data: transfer(`0x${'0'.repeat(40)}`, 1n) }] })
    await flush()
    await flush()
    expect(reverting.shown[0]!.rows).toContainEqual({ label: 'Preview', value: 'This transaction would fail: transfer to zero', warning: true })

    const down = aHostileHost({ '/v1/rpc': () => ({ status: 403, json: { message: 'Requested RPC call is not allowed', code: 4200 } }) })
    void down.send('RPC_REQUEST', { chainId: 31337, method: 'eth_sendTransaction', params: [{ to: OTHER, value: '0x1' }] })
    await flush()
    await flush()
    expect(down.shown[0]!.rows).toContainEqual({ label: 'Preview', value: 'Preview unavailable' })
  })
})

describe("the wallet service's simulation", () => {
  const call = { from: ADDRESS, to: OTHER, value: '0x1' }
  const options = (calls: unknown[], extra: Record<string, unknown> = {}) => [{ blockStateCalls: [{ calls }], traceTransfers: true, ...extra }, 'latest']

  it("runs the user's own calls, rebuilt", () => {
    expect(boundedSimulation(options([call]), [ADDRESS])).toEqual([{ blockStateCalls: [{ calls: [call] }], traceTransfers: true, validation: false }, 'latest'])
  })

  it.each([
    ['another account as sender', options([{ ...call, from: OTHER }])],
    ['state overrides (a balance the user does not have)', [{ blockStateCalls: [{ calls: [call], stateOverrides: { [ADDRESS]: { balance: '0xffff' } } }] }, 'latest']],
    ['block overrides', [{ blockStateCalls: [{ calls: [call], blockOverrides: { number: '0x1' } }] }, 'latest']],
    ['more than 16 calls', options(Array.from({ length: 17 }, () => call))],
    ['several blocks', [{ blockStateCalls: [{ calls: [call] }, { calls: [call] }] }, 'latest']],
    ['a past block', [options([call])[0], '0x1']],
    ['an unknown option', options([call], { returnFullTransactions: true })],
    ['call data that is not hex', options([{ ...call, data: '0xzz' }])],
    ['a call with extra fields', options([{ ...call, gas: '0x1' }])],
  ])('refuses %s', (_what, params) => {
    expect(boundedSimulation(params as unknown[], [ADDRESS])).toBeUndefined()
  })
})
