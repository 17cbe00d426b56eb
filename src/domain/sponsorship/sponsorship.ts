/**
 * Gas sponsorship as the modal sees it (docs/sponsorship.md): an account-abstraction operation not
 * yet signed, the paymaster's stub data to estimate it with, and the paymaster's signed data that
 * makes the app pay its gas. Amounts are hex strings as the operation carries them.
 */
import { DomainError } from '../domain-error'

/** An operation of a smart account, its gas settled but not yet signed by the account. */
export interface UserOperationDraft {
  readonly sender: string
  readonly nonce: string
  readonly factory?: string
  readonly factoryData?: string
  readonly callData: string
  readonly callGasLimit: string
  readonly verificationGasLimit: string
  readonly preVerificationGas: string
  readonly maxFeePerGas: string
  readonly maxPriorityFeePerGas: string
  readonly paymasterVerificationGasLimit?: string
  readonly paymasterPostOpGasLimit?: string
}

export interface SponsorshipRequest {
  /** The operation's network (CAIP-2). */
  readonly caipNetworkId: string
  /** The account-abstraction entry point the operation is for. */
  readonly entryPoint: string
  readonly operation: UserOperationDraft
  /** The visitor's session (sign-in or embedded wallet) the sponsor checks. */
  readonly sessionToken?: string
  /** A sponsorship ticket in place of the session (what a browser wallet carries); one of the two. */
  readonly ticket?: string
}

/** A sponsorship ticket: good for one account's operations on one network, until `expiresAt` (ms). */
export interface SponsorshipTicket {
  readonly ticket: string
  readonly expiresAt: number
}

/** What the operation is estimated with, and who would pay. */
export interface PaymasterStub {
  readonly paymaster: string
  readonly paymasterData: string
  readonly paymasterVerificationGasLimit: string
  readonly paymasterPostOpGasLimit: string
  /** The app paying ("Gas paid by <name>"), when the service names it. */
  readonly sponsorName?: string
}

/** The paymaster's signed data: the operation, once signed by the account, costs the visitor no gas. */
export interface PaymasterSponsorship {
  readonly paymaster: string
  readonly paymasterData: string
}

/** Why an operation is not sponsored; the visitor then pays as usual. */
export class SponsorshipRefusedError extends DomainError {
  override readonly name = 'SponsorshipRefusedError' as const
  readonly code = 'SPONSORSHIP_REFUSED' as const
  constructor(
    /** The service's reason (`not-signed-in`, `contract`, `account-daily-limit`, ...). */
    readonly reason: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

/**
 * The embedded wallet's own question to its paymaster (a wallet RPC method): whether the app would
 * pay the gas of calls from the account it holds, asked with the wallet's session, which never
 * leaves the wallet and goes only to the wallet's own paymaster origins. Params:
 * `[{ chainId, from, calls, paymasterService: { url } }]`; answer {@link WalletPaymasterVerdict}.
 */
export const WALLET_PAYMASTER_STUB_METHOD = 'walletgate_getPaymasterStubData'

/** The wallet's answer: sponsored (and by whom), or the paymaster's reason it is not. */
export type WalletPaymasterVerdict = { readonly sponsored: true; readonly sponsorName?: string } | { readonly sponsored: false; readonly reason: string }

