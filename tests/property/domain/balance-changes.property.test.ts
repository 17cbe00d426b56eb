import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { balanceChanges, NATIVE_ASSET, type AssetTransfer } from '../../../src/domain/preview/balance-changes'
import { transfersFromLogs, TRANSFER_TOPIC, TRACED_NATIVE } from '../../../src/domain/preview/simulated-logs'

const ME = '0x00000000000000000000000000000000000000aa'
const address = fc.constantFrom(ME, ME.toUpperCase().replace('0X', '0x'), '0x00000000000000000000000000000000000000bb', '0x00000000000000000000000000000000000000cc')
const asset = fc.constantFrom(NATIVE_ASSET, '0x00000000000000000000000000000000000000d1', '0x00000000000000000000000000000000000000D2')
const transfer: fc.Arbitrary<AssetTransfer> = fc.record({ asset, from: address, to: address, amount: fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }) })
const isMe = (a: string) => a.toLowerCase() === ME

describe('balance changes of a simulation', () => {
  it('each asset changes by what came in minus what went out; nothing else is listed', () => {
    fc.assert(
      fc.property(fc.array(transfer, { maxLength: 30 }), (transfers) => {
        const changes = balanceChanges(transfers, ME)
        const expected = new Map<string, bigint>()
        for (const t of transfers) {
          // A move from the account to itself (or between others) moves nothing of the account's.
          if (isMe(t.from) === isMe(t.to)) continue
          const key = t.asset === NATIVE_ASSET ? t.asset : t.asset.toLowerCase()
          const delta = (isMe(t.to) ? t.amount : 0n) - (isMe(t.from) ? t.amount : 0n)
          expected.set(key, (expected.get(key) ?? 0n) + delta)
        }
        const nonZero = [...expected].filter(([, d]) => d !== 0n)
        expect(changes.map((c) => [c.asset, c.delta])).toEqual(nonZero)
        expect(changes.every((c) => c.delta !== 0n)).toBe(true)
      }),
      { numRuns: 300 },
    )
  })

  it('an account that is neither sender nor receiver sees no change', () => {
    fc.assert(
      fc.property(fc.array(transfer, { maxLength: 20 }), (transfers) => {
        expect(balanceChanges(transfers, '0x00000000000000000000000000000000000000ee')).toEqual([])
      }),
    )
  })

  it('logs round-trip: an ERC-20 or traced native transfer log reads back as the same transfer', () => {
    const hex20 = fc.bigInt({ min: 0n, max: (1n << 160n) - 1n }).map((v) => `0x${v.toString(16).padStart(40, '0')}`)
    fc.assert(
      fc.property(hex20, hex20, hex20, fc.boolean(), fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }), (contract, from, to, native, amount) => {
        const topic = (a: string) => `0x${a.slice(2).padStart(64, '0')}`
        const log = { address: native ? TRACED_NATIVE : contract, topics: [TRANSFER_TOPIC, topic(from), topic(to)], data: `0x${amount.toString(16).padStart(64, '0')}` }
        expect(transfersFromLogs([log])).toEqual([{ asset: native ? NATIVE_ASSET : contract, from, to, amount }])
      }),
    )
  })
})
