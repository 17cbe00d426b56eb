/**
 * The paymaster service (ERC-7677) behind `POST /v1/paymaster/{chainId}`: for a signed-in
 * visitor's user operation within the project's policy, stub data to estimate with
 * (`pm_getPaymasterStubData`, nothing counted) and then the signed paymaster data
 * (`pm_getPaymasterData`: the operation simulated on the chain, its worst-case gas and ether
 * reserved in the day's usage, a signature valid for `signatureSeconds`).
 */
import { concat, encodeAbiParameters, keccak256, numberToHex, pad, toHex, type Address, type Hex } from 'viem'
import type { Clock } from '../clock.js'
import { checkOperation, initCodeOf, NotSponsoredError, totalGas, type SponsorshipConfig, type SponsorshipPolicy, type UserOperation } from './policy.js'
import type { PaymasterSigner } from './paymaster-signer.js'
import type { SignedInAccounts } from './signed-in-accounts.js'
import type { OperationSimulator } from './simulator.js'
import type { SponsorshipTickets } from './tickets.js'
import { type SponsorshipUsage, utcDay, type UsageLimits } from './usage.js'

/** ERC-4337 v0.7's EntryPoint: the only one the paymaster works with. */
export const ENTRY_POINT_V07: Address = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
/** The paymaster's own validation (hashing the operation, one ecrecover) fits well within this. */
export const PAYMASTER_VERIFICATION_GAS = 100_000n
/** No postOp: the paymaster returns no context. */
export const PAYMASTER_POST_OP_GAS = 0n
/** A signature's shape for estimates: 65 bytes that recover to no signer. */
const STUB_SIGNATURE: Hex = `0x${'ff'.repeat(32)}${'7f'.repeat(32)}1c`

export interface PaymasterRequest {
  readonly projectId: string
  readonly chainId: number
  readonly entryPoint: string
  /** The bearer token of the visitor's session; undefined when the request carried none. */
  readonly token: string | undefined
  /** A sponsorship ticket from the request's context (a browser wallet's call), used when there is no bearer. */
  readonly ticket?: string | undefined
  readonly operation: UserOperation
}

export interface StubData {
  readonly paymaster: Address
  readonly paymasterData: Hex
  readonly paymasterVerificationGasLimit: Hex
  readonly paymasterPostOpGasLimit: Hex
  readonly sponsor: { readonly name: string }
  readonly isFinal: false
}

export interface PaymasterData {
  readonly paymaster: Address
  readonly paymasterData: Hex
}

export interface PaymasterDeps {
  readonly config: SponsorshipConfig | undefined
  readonly signer: PaymasterSigner | undefined
  readonly usage: SponsorshipUsage
  readonly simulator: OperationSimulator
  readonly accounts: SignedInAccounts
  /** Tickets a browser wallet carries in place of the session (./tickets.ts). */
  readonly tickets?: Pick<SponsorshipTickets, 'accountOf'>
  readonly clock: Clock
}

/** What the paymaster contract's getHash computes for `op` within [validAfter, validUntil]. */
export function paymasterHash(op: UserOperation, chainId: number, paymaster: Address, validUntil: number, validAfter: number): Hex {
  const u128 = (value: bigint) => pad(toHex(value), { size: 16 })
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'address' },
        { type: 'uint48' },
        { type: 'uint48' },
      ],
      [
        op.sender,
        op.nonce,
        keccak256(initCodeOf(op)),
        keccak256(op.callData),
        concat([u128(op.verificationGasLimit), u128(op.callGasLimit)]),
        BigInt(concat([u128(op.paymasterVerificationGasLimit), u128(op.paymasterPostOpGasLimit)])),
        op.preVerificationGas,
        concat([u128(op.maxPriorityFeePerGas), u128(op.maxFeePerGas)]),
        BigInt(chainId),
        paymaster,
        validUntil,
        validAfter,
      ],
    ),
  )
}

function windowData(validUntil: number, validAfter: number): Hex {
  return encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [validUntil, validAfter])
}

export class PaymasterService {
  constructor(private readonly deps: PaymasterDeps) {}

  /** Stub data for estimates when the operation is within the policy and today's limits; NotSponsoredError otherwise. */
  async stubData(request: PaymasterRequest): Promise<StubData> {
    const { policy, paymaster, account } = await this.admit(request)
    const op = { ...request.operation, paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS, paymasterPostOpGasLimit: PAYMASTER_POST_OP_GAS }
    await this.deps.usage.wouldFit(this.reservation(request, account, op), limitsOf(policy))
    const validUntil = this.validUntil()
    return {
      paymaster,
      paymasterData: concat([windowData(validUntil, 0), STUB_SIGNATURE]),
      paymasterVerificationGasLimit: numberToHex(PAYMASTER_VERIFICATION_GAS),
      paymasterPostOpGasLimit: numberToHex(PAYMASTER_POST_OP_GAS),
      sponsor: { name: policy.sponsorName },
      isFinal: false,
    }
  }

  /** The signed paymaster data: after the simulation, with the operation's worst case reserved. NotSponsoredError otherwise. */
  async data(request: PaymasterRequest): Promise<PaymasterData> {
    const { policy, paymaster, account, calls } = await this.admit(request)
    const op = request.operation
    if (op.paymasterVerificationGasLimit < PAYMASTER_VERIFICATION_GAS) throw new NotSponsoredError('gas', 'The paymaster needs the verification gas its stub data gave')
    const signer = this.deps.signer!
    const simulated = await this.deps.simulator.simulate(request.chainId, op.sender, calls)
    if (!simulated.ok) throw new NotSponsoredError('simulation-failed', `The operation fails on the chain: ${simulated.detail.slice(0, 200)}`)
    await this.deps.usage.reserve(this.reservation(request, account, op), limitsOf(policy))
    // The EntryPoint checks the window against the chain's clock: counted from it when the
    // simulation told it (a chain whose time runs ahead of this server's would refuse it as expired).
    const validUntil = this.validUntil(simulated.chainTimeS)
    const signature = await signer.signHash(paymasterHash(op, request.chainId, paymaster, validUntil, 0))
    return { paymaster, paymasterData: concat([windowData(validUntil, 0), signature]) }
  }

  private validUntil(chainTimeS?: number): number {
    return (chainTimeS ?? Math.floor(this.deps.clock.now() / 1000)) + (this.deps.config?.signatureSeconds ?? 120)
  }

  private reservation(request: PaymasterRequest, account: Address, op: UserOperation) {
    const gas = totalGas(op)
    return { projectId: request.projectId, account: account.toLowerCase(), day: utcDay(this.deps.clock.now()), gas, wei: gas * op.maxFeePerGas }
  }

  /** The accounts the request's credential speaks for: its session's, else its ticket's one. */
  private async accountsOf(request: PaymasterRequest): Promise<readonly Address[]> {
    if (request.token !== undefined) return this.deps.accounts.accountsOf(request.token, request.projectId, request.chainId)
    if (request.ticket === undefined || this.deps.tickets === undefined) return []
    const account = await this.deps.tickets.accountOf(request.ticket, request.projectId, request.chainId)
    return account === undefined ? [] : [account]
  }

  private async admit(request: PaymasterRequest) {
    const { config, signer } = this.deps
    const policy = config?.projects[request.projectId]
    const chain = `eip155:${request.chainId}`
    if (config === undefined || signer === undefined || policy === undefined) throw new NotSponsoredError('no-policy', 'This app sponsors no gas')
    if (request.entryPoint.toLowerCase() !== ENTRY_POINT_V07.toLowerCase()) throw new NotSponsoredError('entry-point', 'Only EntryPoint v0.7 operations are sponsored')
    const paymaster = config.paymasters[chain] as Address | undefined
    if (paymaster === undefined) throw new NotSponsoredError('chain', `Gas is not sponsored on ${chain}`)
    const accounts = await this.accountsOf(request)
    if (accounts.length === 0) throw new NotSponsoredError('not-signed-in', 'Sign in to have your gas paid')
    const account = accounts.find((a) => a.toLowerCase() === request.operation.sender.toLowerCase())
    if (account === undefined) throw new NotSponsoredError('not-your-account', 'The operation is not from the signed-in account')
    const calls = checkOperation(policy, chain, request.operation, this.deps.clock.now())
    return { policy, paymaster, account, calls }
  }
}

function limitsOf(policy: SponsorshipPolicy): UsageLimits {
  return {
    dailyGas: policy.daily.gas === undefined ? undefined : BigInt(policy.daily.gas),
    dailyWei: policy.daily.wei === undefined ? undefined : BigInt(policy.daily.wei),
    accountOperations: policy.perAccount.operations,
    accountGas: BigInt(policy.perAccount.gas),
  }
}
