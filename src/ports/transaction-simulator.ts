import type { ServiceIdentifier } from 'inversify'
import type { CaipNetwork } from '../domain/entities'
import type { AssetTransfer } from '../domain/preview/balance-changes'

/**
 * Runs transactions against a chain's current state without sending them (eip155:
 * `eth_simulateV1` with transfer tracing; solana: `simulateTransaction` with the account's balances
 * before and after; both on the network's own RPC URLs), so a review can show what the chain would
 * do before the wallet is asked. Implementations load their SDK on demand.
 */
export interface TransactionSimulator {
  /**
   * Simulates `request.calls` in order, from `request.from`, on top of the network's latest block.
   * MUST NOT ask the wallet for anything and MUST NOT send a transaction.
   * MUST resolve (never reject, except with the signal's reason when `signal` aborts):
   * - `ok`: every call succeeded; `transfers` lists every asset move the chain saw (tokens and
   *   native value), `gasUsed` the calls' total gas, `tokens` what the chain says of each token
   *   contract seen (symbol and decimals read from it, absent when it does not answer);
   *   `nftReceiverWithoutHook` set when a call sends an NFT to a contract that does not answer
   *   the receiver hook (families with NFTs read it from the chain; absent: nothing found);
   * - `reverted`: the first call that failed, its index and its decoded reason (`Error(string)`'s
   *   text, a panic's code, or the raw data when nothing decodes);
   * - `unavailable`: the chain cannot simulate (no such RPC method, a namespace it does not know,
   *   every RPC URL failed, a solana call that is not a plain `transfer`).
   * Transfers exclude the network fee (shown apart); a solana account created for the receiver
   * is paid by the sender and counts as native value out.
   */
  simulate(network: CaipNetwork, request: SimulationRequest, options?: { signal?: AbortSignal }): Promise<SimulationOutcome>
}
export const TransactionSimulator = Symbol('TransactionSimulator') as ServiceIdentifier<TransactionSimulator>

export interface SimulatedCall {
  /** The contract or receiver (plain address). */
  readonly to: string
  /** Call data (0x-hex); absent for a plain value transfer. */
  readonly data?: string
  /** Native value in base units. */
  readonly value?: bigint
  /**
   * The plain transfer this call makes, when it is one (a send): families whose transactions are
   * not contract calls (solana) build their own transaction from it and ignore `to`/`data`/`value`.
   * `token` is the token's contract or mint; absent for the native coin.
   */
  readonly transfer?: { readonly to: string; readonly amount: bigint; readonly token?: string }
}

export interface SimulationRequest {
  /** The account that would send the calls (plain address). */
  readonly from: string
  readonly calls: readonly SimulatedCall[]
}

/** A token contract as the chain describes it. Symbol text is untrusted: shown as text, cut. */
export interface SimulatedToken {
  readonly address: string
  readonly symbol?: string
  readonly decimals?: number
}

export type SimulationOutcome =
  | {
      readonly status: 'ok'
      readonly transfers: readonly AssetTransfer[]
      readonly gasUsed: bigint
      readonly tokens: readonly SimulatedToken[]
      readonly nftReceiverWithoutHook?: boolean
    }
  | { readonly status: 'reverted'; readonly callIndex: number; readonly reason: string }
  | { readonly status: 'unavailable'; readonly cause: string }
