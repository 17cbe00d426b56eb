import { describe, expect, it } from 'vitest'
import { balanceChanges, NATIVE_ASSET } from '../../../../src/domain/preview/balance-changes'
import { transfersFromLogs, TRANSFER_SINGLE_TOPIC, TRANSFER_TOPIC } from '../../../../src/domain/preview/simulated-logs'

const ME = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const POOL = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const DUSD = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const word = (v: bigint | string) => `0x${(typeof v === 'string' ? v.slice(2) : v.toString(16)).padStart(64, '0')}`

describe('balance changes', () => {
  it('a swap: native out, token in, in the order they move', () => {
    const changes = balanceChanges(
      [
        { asset: NATIVE_ASSET, from: ME, to: POOL, amount: 5n },
        { asset: DUSD, from: POOL, to: ME.toUpperCase().replace('0X', '0x'), amount: 1234n },
      ],
      ME,
    )
    expect(changes).toEqual([
      { asset: NATIVE_ASSET, delta: -5n, nft: false },
      { asset: DUSD, delta: 1234n, nft: false },
    ])
  })

  it('a transfer to oneself and an asset that comes back whole move nothing', () => {
    expect(
      balanceChanges(
        [
          { asset: DUSD, from: ME, to: ME, amount: 9n },
          { asset: NATIVE_ASSET, from: ME, to: POOL, amount: 3n },
          { asset: NATIVE_ASSET, from: POOL, to: ME, amount: 3n },
        ],
        ME,
      ),
    ).toEqual([])
  })

  it('reads ERC-721 and ERC-1155 transfers as NFTs, and skips approvals and malformed logs', () => {
    const transfers = transfersFromLogs([
      { address: DUSD, topics: [TRANSFER_TOPIC, word(ME), word(POOL), word(7n)], data: '0x' },
      { address: DUSD, topics: [TRANSFER_SINGLE_TOPIC, word(ME), word(ME), word(POOL)], data: `${word(3n)}${word(2n).slice(2)}` },
      { address: DUSD, topics: ['0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925', word(ME), word(POOL)], data: word(1n) },
      { address: DUSD, topics: [TRANSFER_TOPIC, word(ME), word(POOL)], data: '0x12' },
      { address: DUSD, topics: [TRANSFER_TOPIC, word(`0x1${'0'.repeat(63)}`), word(POOL)], data: word(1n) },
    ])
    expect(transfers).toEqual([
      { asset: DUSD, from: ME, to: POOL, amount: 1n, tokenId: 7n },
      { asset: DUSD, from: ME, to: POOL, amount: 2n, tokenId: 3n },
    ])
    expect(balanceChanges(transfers, ME)).toEqual([{ asset: DUSD, delta: -3n, nft: true }])
  })
})
