import { describe, expect, it } from 'vitest'
import { CAIP2_REFERENCE_PATTERN } from '../../../src/domain/entities'
import { supportedChainsSchema } from '../../../src/wire/chain-data'
import { CAIP2_REFERENCE_PATTERN as WIRE_REFERENCE_PATTERN } from '../../../src/wire/caip'
import { caipNetworkIdSchema } from '../../../src/wire/ids'

describe('the wire contract', () => {
  it("checks CAIP-2 references by the domain's own rule", () => {
    expect(WIRE_REFERENCE_PATTERN.source).toBe(CAIP2_REFERENCE_PATTERN.source)
    expect(WIRE_REFERENCE_PATTERN.flags).toBe(CAIP2_REFERENCE_PATTERN.flags)
  })

  it("takes any family's CAIP-2 id (a host's own wing too), and nothing that is not one", () => {
    for (const id of ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'bip122:000000000019d6689c085ae165831e93', 'tezos:NetXdQprcVkpaWU']) {
      expect(caipNetworkIdSchema.safeParse(id).success, id).toBe(true)
    }
    for (const id of ['eip155', 'eip155:', ':1', 'EIP155:1', 'ab:1', 'eip155:1:0xabc', `eip155:${'1'.repeat(33)}`]) {
      expect(caipNetworkIdSchema.safeParse(id).success, id).toBe(false)
    }
    expect(supportedChainsSchema.safeParse({ http: ['eip155:1'], ws: [] }).success).toBe(true)
    expect(supportedChainsSchema.safeParse({ http: ['not an id'], ws: [] }).success).toBe(false)
  })
})
