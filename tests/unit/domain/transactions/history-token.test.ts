import { describe, expect, it } from 'vitest'
import { historyTokenOf } from '../../../../src/domain/transactions/history-token'
import { HISTORY_TOKEN_PATTERN } from '../../../../src/wire/requests'

const CHAIN = 'eip155:31337'
const DUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

describe('historyTokenOf', () => {
  it('names the native coin `native` and a token by its contract, as the history call takes them', () => {
    expect(historyTokenOf({ chainId: CHAIN }, CHAIN)).toBe('native')
    expect(historyTokenOf({ chainId: CHAIN, address: `${CHAIN}:${DUSD}` }, CHAIN)).toBe(DUSD)
    expect(historyTokenOf({ chainId: SOLANA, address: `${SOLANA}:${MINT}` }, SOLANA)).toBe(MINT)
    for (const token of ['native', DUSD, MINT]) expect(HISTORY_TOKEN_PATTERN.test(token), token).toBe(true)
  })

  it("offers no filter for another network's balance, or a contract written for another network", () => {
    expect(historyTokenOf({ chainId: 'eip155:1', address: `eip155:1:${DUSD}` }, CHAIN)).toBeUndefined()
    expect(historyTokenOf({ chainId: CHAIN, address: `eip155:1:${DUSD}` }, CHAIN)).toBeUndefined()
  })
})
