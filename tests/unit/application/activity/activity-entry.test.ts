import { describe, expect, it } from 'vitest'
import { toActivityEntry } from '../../../../src/application/activity/activity-entry'
import { transactionPageSchema } from '../../../../src/domain/entity-schemas'
import { aFungibleTransfer, aTransaction } from '../../../builders/a-transaction'

const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const FRIEND = '0x976EA74026E726554dB657fA54763abd0C3a0aa9'
const DUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const dUSD = { name: 'Devnet USD', symbol: 'dUSD', icon: { url: 'https://example.test/dusd.svg' } }

describe('an activity entry', () => {
  it('names the receiver of a token send, not the token contract its transaction called', () => {
    const sent = aTransaction({
      metadata: { sentFrom: ME, sentTo: DUSD },
      transfers: [aFungibleTransfer({ fungible_info: dUSD, direction: 'out', sender: ME, recipient: FRIEND })],
    })
    expect(toActivityEntry(sent).counterparty).toBe(FRIEND)
  })

  it('names the sender of a token received', () => {
    const received = aTransaction({
      metadata: { operationType: 'receive', sentFrom: FRIEND, sentTo: DUSD },
      transfers: [aFungibleTransfer({ fungible_info: dUSD, direction: 'in', sender: FRIEND, recipient: ME })],
    })
    expect(toActivityEntry(received).counterparty).toBe(FRIEND)
  })

  it("falls back to the transaction's parties when the transfer does not name its own", () => {
    const native = aTransaction({ metadata: { sentFrom: ME, sentTo: FRIEND }, transfers: [aFungibleTransfer({ direction: 'out' })] })
    expect(toActivityEntry(native).counterparty).toBe(FRIEND)
  })

  it('keeps the transfer parties the service sends (the wire schema does not drop them)', () => {
    const wire = aTransaction({ metadata: { sentTo: DUSD }, transfers: [aFungibleTransfer({ sender: ME, recipient: FRIEND })] })
    const parsed = transactionPageSchema.parse({ data: [wire], next: null })
    expect(toActivityEntry(parsed.data[0]!).counterparty).toBe(FRIEND)
  })
})
