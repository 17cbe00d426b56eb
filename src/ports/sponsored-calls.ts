import type { ServiceIdentifier } from 'inversify'
import type { WalletCall } from '../domain/calls/wallet-calls'
import type { CaipNetworkId } from '../domain/entities'
import type { UserOperationDraft, WalletPaymasterVerdict } from '../domain/sponsorship/sponsorship'

/** Calls from a connected account, on one network. */
export interface AccountCalls {
  readonly chainId: CaipNetworkId
  /** The connected account (plain address). */
  readonly from: string
  readonly calls: readonly WalletCall[]
}

/**
 * A connected wallet that lets an app's paymaster pay its gas (a smart account taking ERC-7677's
 * `paymasterService` in EIP-5792's `wallet_sendCalls`), in the family-neutral words the
 * application uses. Keyed by the connected wallet's connector id.
 */
export interface SponsoredCalls {
  /**
   * Whether the wallet takes a paymaster service for calls on `chainId` (it announces the
   * capability). Never prompts. MUST resolve false when the wallet cannot say or fails to answer.
   */
  takesPaymaster(connectorId: string, address: string, chainId: CaipNetworkId): Promise<boolean>

  /**
   * The account-abstraction operation the calls would be, sized generously for its gas, for a
   * paymaster's stub data (which reserves nothing): the paymaster fields are left out. MUST NOT
   * prompt. `maxFeePerGas`: the price per gas unit to assume (base units).
   * @throws WalletRequestError when the operation cannot be drafted (the caller then treats it as not sponsored).
   */
  draft(request: AccountCalls, maxFeePerGas: bigint): Promise<{ readonly entryPoint: string; readonly operation: UserOperationDraft }>

  /**
   * The wallet's own answer whether its paymaster service at `paymasterUrl` would pay for the
   * calls, asked with the wallet's session (the embedded wallet, which holds one the page never
   * sees). Never prompts. MUST resolve undefined when the wallet cannot answer (another wallet,
   * a paymaster it does not trust, a failure).
   */
  walletVerdict(connectorId: string, request: AccountCalls, paymasterUrl: string): Promise<WalletPaymasterVerdict | undefined>

  /**
   * Asks the wallet to send the calls in one request with `paymasterUrl` as its paymaster service
   * (the wallet asks the paymaster for its data and shows the visitor the request), and `context`,
   * when given, as the service's ERC-7677 context; resolves the hash of the transaction that
   * carried them once the wallet knows it.
   * @throws WalletRequestError kind `rejected` when declined, `failed` with the wallet's words otherwise.
   */
  send(connectorId: string, request: AccountCalls, paymasterUrl: string, context?: Readonly<Record<string, string>>): Promise<string>
}
export const SponsoredCalls = Symbol('SponsoredCalls') as ServiceIdentifier<SponsoredCalls>
