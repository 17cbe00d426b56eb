/**
 * Gas sponsorship's configuration (`sponsorship` in the server's config, docs/sponsorship.md) and
 * the policy checks that need no chain and no database: what an ERC-4337 v0.7 user operation
 * calls (the account's `execute` / `executeBatch`), whether each call is one the project sponsors,
 * and how much gas and ether the paymaster could pay for it at most.
 */
import { concat, decodeFunctionData, getAddress, isAddress, parseAbi, toFunctionSelector, type Address, type Hex } from 'viem'
import { z } from 'zod'
import type { NotSponsoredReason } from '../wire.js'

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'an 0x address of 20 bytes')
const eip155 = z.string().regex(/^eip155:[1-9]\d{0,15}$/, 'an eip155 chain id such as eip155:1')
/** A function by selector (`0xa9059cbb`) or by signature (`transfer(address,uint256)`). */
const functionName = z.string().regex(/^(0x[0-9a-fA-F]{8}|[A-Za-z_$][A-Za-z0-9_$]*\([^()]*\))$/, 'a selector such as 0xa9059cbb or a signature such as transfer(address,uint256)')
const wei = z.string().regex(/^[0-9]{1,60}$/, 'a whole number of wei, written as a string')

export const sponsorshipPolicySchema = z.strictObject({
  /** The name wallets show: "Gas paid by <name>". */
  sponsorName: z.string().min(1).max(64),
  /** The chains sponsored, by CAIP-2 id (each needs a paymaster in `sponsorship.paymasters`). */
  chains: z.array(eip155).min(1).max(64),
  /** The only contracts and functions sponsored: every call of an operation must be one of them. */
  contracts: z.array(z.strictObject({ address, functions: z.array(functionName).min(1).max(64) })).min(1).max(200),
  /** Account factories whose creation of the account (with its first operation) is sponsored too; none by default. */
  factories: z.array(address).max(16).default([]),
  /** The project's total a UTC day, over all its visitors: gas, wei, or both (the first reached stops it). */
  daily: z
    .strictObject({ gas: z.optional(z.int().min(1).max(Number.MAX_SAFE_INTEGER)), wei: z.optional(wei) })
    .refine((daily) => daily.gas !== undefined || daily.wei !== undefined, 'a daily total of gas, wei or both'),
  /** Each account's limits a UTC day. */
  perAccount: z.strictObject({ operations: z.int().min(1).max(1_000_000), gas: z.int().min(1).max(Number.MAX_SAFE_INTEGER) }),
  /** The most gas one operation may be sponsored for (all its gas limits together). */
  maxGasPerOperation: z.int().min(50_000).max(30_000_000).default(3_000_000),
  /** No sponsorship from this instant on (ISO 8601 with a zone). */
  expiresAt: z.iso.datetime({ offset: true }),
})

export const sponsorshipConfigSchema = z.strictObject({
  /** The verifying paymaster's address on each chain (CAIP-2 id). Its signer key comes from WALLETGATE_PAYMASTER_KEY. */
  paymasters: z.record(eip155, address),
  /** How long a paymaster signature stays valid (`validUntil` = now + this), seconds. */
  signatureSeconds: z.int().min(10).max(600).default(120),
  /** Each project's policy, by project id; a project without one is never sponsored. */
  projects: z.record(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a project id'), sponsorshipPolicySchema),
})

export type SponsorshipPolicy = z.output<typeof sponsorshipPolicySchema>
export type SponsorshipConfig = z.output<typeof sponsorshipConfigSchema>

/** A refusal under the policy: the visitor pays as usual; `reason` says why. */
export class NotSponsoredError extends Error {
  override readonly name = 'NotSponsoredError'
  readonly code = 'NOT_SPONSORED'
  constructor(
    readonly reason: NotSponsoredReason,
    message: string,
  ) {
    super(message)
  }
}

/** A user operation as the server reads it: numbers as bigints. */
export interface UserOperation {
  readonly sender: Address
  readonly nonce: bigint
  readonly factory?: Address
  readonly factoryData?: Hex
  readonly callData: Hex
  readonly callGasLimit: bigint
  readonly verificationGasLimit: bigint
  readonly preVerificationGas: bigint
  readonly maxFeePerGas: bigint
  readonly maxPriorityFeePerGas: bigint
  readonly paymasterVerificationGasLimit: bigint
  readonly paymasterPostOpGasLimit: bigint
}

export interface InnerCall {
  readonly to: Address
  readonly value: bigint
  readonly data: Hex
}

/** What an ERC-4337 account's call data runs: ERC-7579-less Solady / SimpleAccount-style execute and executeBatch. */
const ACCOUNT_ABI = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
])

/** The calls an operation's call data makes; refuses anything but the account's execute functions. */
export function innerCalls(callData: Hex): InnerCall[] {
  let decoded
  try {
    decoded = decodeFunctionData({ abi: ACCOUNT_ABI, data: callData })
  } catch {
    throw new NotSponsoredError('function', 'The operation calls its account with something else than execute or executeBatch')
  }
  if (decoded.functionName === 'execute') {
    const [to, value, data] = decoded.args
    return [{ to: getAddress(to), value, data }]
  }
  if (decoded.args.length === 1) return decoded.args[0].map((call) => ({ to: getAddress(call.target), value: call.value, data: call.data }))
  const [dest, values, funcs] = decoded.args
  if (dest.length !== funcs.length || (values.length !== 0 && values.length !== dest.length)) throw new NotSponsoredError('function', 'The batch is malformed')
  return dest.map((to, i) => ({ to: getAddress(to), value: values[i] ?? 0n, data: funcs[i]! }))
}

export function selectorOf(name: string): Hex {
  return (name.startsWith('0x') ? name.toLowerCase() : toFunctionSelector(`function ${name}`)) as Hex
}

/** Checks the chain, the expiry, the account's creation and every call against the policy. */
export function checkOperation(policy: SponsorshipPolicy, chain: string, op: UserOperation, nowMs: number): InnerCall[] {
  if (!(Date.parse(policy.expiresAt) > nowMs)) throw new NotSponsoredError('policy-expired', "The project's sponsorship has ended")
  if (!policy.chains.includes(chain)) throw new NotSponsoredError('chain', `Gas is not sponsored on ${chain}`)
  if (op.factory !== undefined && !policy.factories.some((f) => f.toLowerCase() === op.factory!.toLowerCase())) {
    throw new NotSponsoredError('deployment', "This account's creation is not sponsored")
  }
  const calls = innerCalls(op.callData)
  if (calls.length === 0 || calls.length > 16) throw new NotSponsoredError('function', 'An operation of 1 to 16 calls is sponsored')
  for (const call of calls) {
    const contract = policy.contracts.find((c) => c.address.toLowerCase() === call.to.toLowerCase())
    if (contract === undefined) throw new NotSponsoredError('contract', `Calls to ${call.to} are not sponsored`)
    if (call.value !== 0n) throw new NotSponsoredError('value', 'Calls that send ether are not sponsored')
    const selector = call.data.slice(0, 10).toLowerCase()
    if (call.data.length < 10 || !contract.functions.some((f) => selectorOf(f) === selector)) {
      throw new NotSponsoredError('function', `This function of ${call.to} is not sponsored`)
    }
  }
  if (totalGas(op) > BigInt(policy.maxGasPerOperation)) throw new NotSponsoredError('gas', 'The operation asks for more gas than one sponsored operation may use')
  return calls
}

/** All the gas an operation may use: what the paymaster pays for at most is this times maxFeePerGas. */
export function totalGas(op: UserOperation): bigint {
  return op.callGasLimit + op.verificationGasLimit + op.preVerificationGas + op.paymasterVerificationGasLimit + op.paymasterPostOpGasLimit
}

export function initCodeOf(op: UserOperation): Hex {
  return op.factory === undefined ? '0x' : concat([op.factory, op.factoryData ?? '0x'])
}

export function isEvmAddress(value: string): value is Address {
  return isAddress(value, { strict: false })
}
