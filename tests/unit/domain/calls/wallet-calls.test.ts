import { describe, expect, it } from 'vitest'
import { callsOutcomeOfCode, callsRequestProblem, hexChainId, type CallsRequest } from '../../../../src/domain/calls/wallet-calls'

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const ROUTER = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'

function batch(overrides: Partial<CallsRequest> = {}): CallsRequest {
  return {
    chainId: 'eip155:31337',
    from: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    atomicRequired: false,
    calls: [
      { to: TOKEN, data: '0x095ea7b3', value: 0n },
      { to: ROUTER, data: '0x', value: 1n },
    ],
    ...overrides,
  }
}

describe('batches of calls', () => {
  it('carries an eip155 chain as its 0x-hex chain id, and no other family', () => {
    expect(hexChainId('eip155:31337')).toBe('0x7a69')
    expect(hexChainId('eip155:1')).toBe('0x1')
    expect(hexChainId('eip155:0')).toBeUndefined()
    expect(hexChainId('eip155:0x1' as never)).toBeUndefined()
    expect(hexChainId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBeUndefined()
  })

  it('refuses a call whose to does not start with 0x, in the spec\'s words', () => {
    expect(callsRequestProblem(batch())).toBeUndefined()
    expect(callsRequestProblem(batch({ calls: [{ to: TOKEN }, { to: ROUTER.slice(2) }] }))).toBe('Each call needs a to address starting with 0x')
  })

  it('refuses an empty batch, a chain of another family, data that is not hex and a negative value', () => {
    expect(callsRequestProblem(batch({ calls: [] }))).toBe('A batch needs at least one call')
    expect(callsRequestProblem(batch({ chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }))).toMatch(/eip155 chains only/)
    expect(callsRequestProblem(batch({ calls: [{ to: TOKEN, data: 'approve' }] }))).toMatch(/^Call 1 /)
    expect(callsRequestProblem(batch({ calls: [{ to: TOKEN }, { to: ROUTER, value: -1n }] }))).toMatch(/^Call 2 /)
  })

  it('reads EIP-5792 status codes: 1xx pending, 2xx confirmed, 4xx and 5xx failed, 6xx partial; anything else is no success', () => {
    expect([100, 200, 400, 500, 600].map(callsOutcomeOfCode)).toEqual(['pending', 'confirmed', 'failed', 'failed', 'partial'])
    expect(callsOutcomeOfCode(0)).toBe('failed')
    expect(callsOutcomeOfCode(700)).toBe('failed')
  })
})
