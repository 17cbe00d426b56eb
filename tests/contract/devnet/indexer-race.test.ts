import { describe, expect, it } from 'vitest'
import type { PublicClient } from 'viem'
import { createIndexer } from '../../../devnet/src/service/indexer'
import type { ChainSet } from '../../../devnet/src/service/chains'

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/** A chain of one-transaction blocks whose head the test moves, with getBlockNumber held on demand. */
function fakeChain() {
  let head = 0n
  let hold: Promise<void> | null = null
  let release = (): void => undefined
  const hash = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}` as const
  const client = {
    async getBlockNumber() {
      const seen = head
      if (hold) await hold
      return seen
    },
    async getBlock({ blockNumber }: { blockNumber: bigint }) {
      return {
        timestamp: 1_700_000_000n + blockNumber,
        transactions: blockNumber === 0n ? [] : [{ hash: hash(blockNumber), from: ALICE, to: BOB, value: blockNumber, nonce: Number(blockNumber), transactionIndex: 0 }],
      }
    },
    async getTransactionReceipt() {
      return { status: 'success', logs: [], contractAddress: null }
    },
  }
  const chains: ChainSet = { ids: [31337], client: () => client as unknown as PublicClient }
  return {
    chains,
    hash,
    mine() {
      head += 1n
    },
    holdHead() {
      hold = new Promise((r) => (release = r))
    },
    releaseHead() {
      hold = null
      release()
    },
  }
}

describe('devnet history indexer', () => {
  it('never misses a transaction mined while an index run was already in flight', async () => {
    const chain = fakeChain()
    const indexer = createIndexer({ chains: chain.chains, tokenIconUrl: (s) => `icon:${s}` })
    chain.mine()
    chain.holdHead()
    const inFlight = indexer.sync() // reads head 1, then waits
    chain.mine() // block 2 is mined after that run read the head
    const page = indexer.history({ address: BOB, chainId: 31337, cursor: null, onrampOnly: false })
    chain.releaseHead()
    await inFlight
    const { data } = await page
    expect(data.map((t) => t.id)).toEqual([chain.hash(2n), chain.hash(1n)])
    expect(data[0]!.transfers).toEqual([expect.objectContaining({ direction: 'in', quantity: { numeric: '0.000000000000000002' } })])
    indexer.close()
  })
})
