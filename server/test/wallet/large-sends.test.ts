/**
 * Which sends a passkey must confirm (../../src/wallet/large-sends): at least half of what the
 * account holds of an asset, summed over a batch, by value or by an ERC-20 transfer, transferFrom
 * or approve; a spending grant always; a balance that cannot be read counts as nothing held.
 */
import { encodeFunctionData, erc20Abi, parseAbi, type Address, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { confirmable, needsPasskey } from '../../src/wallet/large-sends.js'

const ACCOUNT = '0x1111111111111111111111111111111111111111' as Address
const OTHER = '0x2222222222222222222222222222222222222222' as Address
const TOKEN = '0x3333333333333333333333333333333333333333' as Address

/** A chain where the account holds 10 native units and 100 of TOKEN; `broken` answers nothing. */
const chain = (broken = false) => ({
  getBalance: async () => {
    if (broken) throw new Error('node down')
    return 10n
  },
  readContract: (async () => {
    if (broken) throw new Error('node down')
    return 100n
  }) as never,
})
const tx = (value: bigint, data?: Hex, to: Address = OTHER) => ({ to, value: `0x${value.toString(16)}` as Hex, ...(data === undefined ? {} : { data }) })
const erc20 = (functionName: 'transfer' | 'approve', amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName, args: [OTHER, amount] })
const send = (call: object) => ['eth_sendTransaction', [call]] as const
const batch = (...calls: object[]) => ['wallet_sendCalls', [{ calls }]] as const

describe('a large send', () => {
  it('is half of the native balance or more, in one transaction or summed over a batch', async () => {
    expect(await needsPasskey(chain(), ACCOUNT, ...send(tx(4n)))).toBe(false)
    expect(await needsPasskey(chain(), ACCOUNT, ...send(tx(5n)))).toBe(true)
    expect(await needsPasskey(chain(), ACCOUNT, ...batch(tx(3n), tx(3n)))).toBe(true)
    expect(await needsPasskey(chain(), ACCOUNT, ...send(tx(0n)))).toBe(false)
  })

  it("is half of a token's balance or more, sent, approved or pulled from the account", async () => {
    expect(await needsPasskey(chain(), ACCOUNT, ...send(tx(0n, erc20('transfer', 49n), TOKEN)))).toBe(false)
    expect(await needsPasskey(chain(), ACCOUNT, ...send(tx(0n, erc20('transfer', 50n), TOKEN)))).toBe(true)
    // An unlimited approval lets another take everything.
    expect(await needsPasskey(chain(), ACCOUNT, ...send(tx(0n, erc20('approve', 2n ** 256n - 1n), TOKEN)))).toBe(true)
    expect(await needsPasskey(chain(), ACCOUNT, ...batch(tx(0n, erc20('approve', 30n), TOKEN), tx(0n, erc20('transfer', 30n), TOKEN)))).toBe(true)
    const pull = (from: Address) => encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [from, OTHER, 80n] })
    expect(await needsPasskey(chain(), ACCOUNT, ...send(tx(0n, pull(ACCOUNT), TOKEN)))).toBe(true)
    // Pulling someone else's tokens (an allowance they gave) moves nothing of the account's.
    expect(await needsPasskey(chain(), ACCOUNT, ...send(tx(0n, pull(OTHER), TOKEN)))).toBe(false)
  })

  it('is any send of value when the balance cannot be read, and any spending grant', async () => {
    expect(await needsPasskey(chain(true), ACCOUNT, ...send(tx(1n)))).toBe(true)
    expect(await needsPasskey(chain(true), ACCOUNT, ...send(tx(0n, erc20('transfer', 1n), TOKEN)))).toBe(true)
    expect(await needsPasskey(chain(), ACCOUNT, 'wallet_grantPermissions', [{}])).toBe(true)
  })

  it('is any typed-data signature: permits, transfer authorizations and orders move funds by name alone', async () => {
    const typed = (primaryType: string) => JSON.stringify({ primaryType, domain: {}, types: {}, message: {} })
    for (const primaryType of ['Permit', 'PermitBatchTransferFrom', 'TransferWithAuthorization', 'OrderComponents', 'SafeTx', 'Mail']) {
      expect(await needsPasskey(chain(), ACCOUNT, 'eth_signTypedData_v4', [ACCOUNT, typed(primaryType)]), primaryType).toBe(true)
    }
  })

  it("is an approval of a whole collection, a raised allowance of half the balance, or the account calling itself", async () => {
    const approveAll = (approved: boolean) => encodeFunctionData({ abi: parseAbi(['function setApprovalForAll(address, bool)']), functionName: 'setApprovalForAll', args: [OTHER, approved] })
    expect(await needsPasskey(chain(), ACCOUNT, ...send(tx(0n, approveAll(true), TOKEN)))).toBe(true)
    expect(await needsPasskey(chain(), ACCOUNT, ...send(tx(0n, approveAll(false), TOKEN)))).toBe(false)
    const raise = (amount: bigint) => encodeFunctionData({ abi: parseAbi(['function increaseAllowance(address, uint256)']), functionName: 'increaseAllowance', args: [OTHER, amount] })
    expect(await needsPasskey(chain(), ACCOUNT, ...send(tx(0n, raise(50n), TOKEN)))).toBe(true)
    expect(await needsPasskey(chain(), ACCOUNT, ...send(tx(0n, raise(10n), TOKEN)))).toBe(false)
    expect(await needsPasskey(chain(), ACCOUNT, ...send(tx(0n, '0xb61d27f6', ACCOUNT)))).toBe(true)
  })

  it('is never a read or a plain signature (those are asked in the frame as before)', async () => {
    expect(confirmable('eth_getBalance')).toBe(false)
    expect(confirmable('personal_sign')).toBe(false)
    expect(await needsPasskey(chain(), ACCOUNT, 'personal_sign', ['0x00', ACCOUNT])).toBe(false)
    expect(await needsPasskey(chain(), ACCOUNT, 'eth_sendTransaction', [])).toBe(false)
  })
})
