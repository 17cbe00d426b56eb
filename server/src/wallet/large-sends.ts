/**
 * Which requests of the wallet's RPC a passkey must confirm, for a user who has one: a send that
 * moves at least half of what the account holds of an asset (its native currency, or an ERC-20
 * token by `transfer`, `transferFrom` from the account, or an `approve` that lets another spend
 * it, or `increaseAllowance`), an approval of all of a collection (`setApprovalForAll`), a call to
 * the account itself (a smart account's own `execute`, which may do anything), a grant of spending
 * permissions to a session key, and any typed-data signature (EIP-2612 and Permit2 permits, USDC's
 * `TransferWithAuthorization`, marketplace orders, Safe transactions: too many kinds move funds
 * without a transaction to tell them apart by name). A stolen session alone then cannot
 * empty the wallet: what a thief would send is exactly what needs the passkey, which never leaves
 * the visitor's device. Counting by share rather than by price needs no price for any token.
 */
import { decodeFunctionData, erc20Abi, getAddress, parseAbi, type Address, type Hex, type PublicClient } from 'viem'

/** At least this share of the account's balance of an asset, moved in one request, is a large send. */
export const LARGE_SEND_SHARE = { numerator: 1n, denominator: 2n } as const

/** What a passkey confirms that is not a send: ERC-7715 grants (a session key may spend for the account). */
const ALWAYS_CONFIRMED = new Set(['wallet_grantPermissions'])

interface Call {
  readonly to?: Hex
  readonly value?: Hex
  readonly data?: Hex
}

/** The calls a request would make, or undefined for a method that sends nothing. */
function callsOf(method: string, params: readonly unknown[]): readonly Call[] | undefined {
  if (method === 'eth_sendTransaction') {
    const tx = params[0]
    return typeof tx === 'object' && tx !== null ? [tx as Call] : []
  }
  if (method === 'wallet_sendCalls') {
    const batch = params[0] as { calls?: unknown } | undefined
    return Array.isArray(batch?.calls) ? (batch.calls as Call[]).filter((c) => typeof c === 'object' && c !== null) : []
  }
  return undefined
}

/** Whether a request of this method may need a passkey (it sends, or grants). */
export function confirmable(method: string): boolean {
  return ALWAYS_CONFIRMED.has(method) || method === 'eth_sendTransaction' || method === 'wallet_sendCalls' || method === 'eth_signTypedData_v4'
}

/** Approvals that hand over more than an amount: all of a collection, or an allowance raised. */
const APPROVALS = parseAbi(['function setApprovalForAll(address operator, bool approved)', 'function increaseAllowance(address spender, uint256 addedValue)'])

/** A call that hands another all of a collection, or raises an allowance by at least half the balance (counted as an approval). */
function approvalOf(call: Call): { kind: 'all' } | { kind: 'raise'; token: Address; amount: bigint } | undefined {
  if (call.to === undefined || call.data === undefined || call.data.length < 10) return undefined
  try {
    const decoded = decodeFunctionData({ abi: APPROVALS, data: call.data })
    if (decoded.functionName === 'setApprovalForAll') return decoded.args[1] ? { kind: 'all' } : undefined
    return { kind: 'raise', token: getAddress(call.to), amount: decoded.args[1] }
  } catch {
    return undefined
  }
}

const amountOf = (value: Hex | undefined): bigint => {
  try {
    return value === undefined ? 0n : BigInt(value)
  } catch {
    return 0n
  }
}

/** The token amount a call moves away from `account` (transfer, transferFrom from it, approve), if it is such a call. */
function tokenOutflow(call: Call, account: Address): { token: Address; amount: bigint } | undefined {
  if (call.to === undefined || call.data === undefined || call.data.length < 10) return undefined
  let decoded: ReturnType<typeof decodeFunctionData<typeof erc20Abi>>
  try {
    decoded = decodeFunctionData({ abi: erc20Abi, data: call.data })
  } catch {
    return undefined
  }
  const token = getAddress(call.to)
  switch (decoded.functionName) {
    case 'transfer':
    case 'approve':
      return { token, amount: decoded.args[1] }
    case 'transferFrom':
      return getAddress(decoded.args[0]) === account ? { token, amount: decoded.args[2] } : undefined
    default:
      return undefined
  }
}

const isLarge = (moved: bigint, held: bigint): boolean =>
  moved > 0n && moved * LARGE_SEND_SHARE.denominator >= held * LARGE_SEND_SHARE.numerator

/**
 * Whether a passkey must confirm this request from `account` (the address that would send it). A
 * balance that cannot be read counts as nothing held, so the send is large (never waved through).
 */
export async function needsPasskey(client: Pick<PublicClient, 'getBalance' | 'readContract'>, account: Address, method: string, params: readonly unknown[]): Promise<boolean> {
  if (ALWAYS_CONFIRMED.has(method)) return true
  if (method === 'eth_signTypedData_v4') return true
  const calls = callsOf(method, params)
  if (calls === undefined) return false
  let native = 0n
  const tokens = new Map<Address, bigint>()
  for (const call of calls) {
    native += amountOf(call.value)
    // The account calling itself (a smart account's execute) may do anything.
    if (call.to !== undefined && call.data !== undefined && call.data !== '0x' && getAddress(call.to) === account) return true
    const approval = approvalOf(call)
    if (approval?.kind === 'all') return true
    const out = approval?.kind === 'raise' ? approval : tokenOutflow(call, account)
    if (out !== undefined) tokens.set(out.token, (tokens.get(out.token) ?? 0n) + out.amount)
  }
  if (native > 0n) {
    const held = await client.getBalance({ address: account }).catch(() => 0n)
    if (isLarge(native, held)) return true
  }
  for (const [token, moved] of tokens) {
    const held = await client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [account] }).catch(() => 0n)
    if (isLarge(moved, held)) return true
  }
  return false
}
