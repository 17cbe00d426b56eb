import type { CaipNetworkId } from '../../src/domain/entities'
import { isDomainError, TransactionRejectedError } from '../../src/domain/errors'
import {
  GasEstimationError,
  TransferFailedError,
  UnsupportedTransferChainError,
  type GasEstimate,
  type ReceiptStatus,
  type SentTransfer,
  type TokenTransfers,
  type TransferRequest,
} from '../../src/ports/token-transfers'

/** The RPC code a wallet answers with when the person declines. */
const USER_REJECTED = 4001

/**
 * A scripted {@link TokenTransfers}: estimates cost `gas * gasPrice`, sends resolve with a new
 * hash (or the next scripted failure), receipts answer from `receipts`. Records every call.
 * Sends only on eip155 networks, as the real adapter does.
 *
 * A small chain behind it for the contract suite: `fund()` gives accounts balances, which
 * estimates then check, and a sent transfer moves them when it is mined: at once with
 * `autoMine`, else at `mine()`. Until mined it is pending, as every send is by default.
 */
export class FakeTokenTransfers implements TokenTransfers {
  readonly estimates: TransferRequest[] = []
  readonly sends: TransferRequest[] = []
  readonly receiptChecks: string[] = []
  gas = 21_000n
  gasPrice = 1_000_000_000n
  /** When set, every estimate fails with it. */
  estimateFailure: unknown
  /** Receipt status by hash; missing means pending. */
  readonly receipts = new Map<string, ReceiptStatus>()
  /** Sent transfers are mined (confirmed, balances moved) as soon as they are sent. */
  autoMine = false
  private readonly sendFailures: unknown[] = []
  private heldSends: { resolve: () => void }[] = []
  private holding = false
  private count = 0
  /** Balances by `${token ?? 'native'}/${address}` (lower case); empty until `fund()`. */
  private readonly ledger = new Map<string, bigint>()
  private readonly unmined: { hash: string; request: TransferRequest }[] = []

  get fee(): bigint {
    return this.gas * this.gasPrice
  }

  /**
   * The next send fails with `error` (after the wallet "answered"). A wallet's own error is
   * turned into the port's as the adapter does (code 4001: TransactionRejectedError, anything
   * else: TransferFailedError with its words); the domain's and the port's errors pass as they are.
   */
  failNextSend(error: unknown): void {
    this.sendFailures.push(error)
  }

  /** Sends wait until `release()` (the wallet's prompt stays open). */
  hold(): void {
    this.holding = true
  }

  release(): void {
    this.holding = false
    const held = this.heldSends
    this.heldSends = []
    for (const h of held) h.resolve()
  }

  /** Adds `amount` base units of `token` (the native coin when absent) to `address`. */
  fund(address: string, amount: bigint, token?: string): void {
    this.ledger.set(ledgerKey(address, token), this.balanceOf(address, token) + amount)
  }

  balanceOf(address: string, token?: string): bigint {
    return this.ledger.get(ledgerKey(address, token)) ?? 0n
  }

  /** Mines every pending transfer: each is confirmed and moves its balances. */
  mine(): void {
    for (const { hash, request } of this.unmined.splice(0)) this.settle(hash, request)
  }

  estimate(request: TransferRequest): Promise<GasEstimate> {
    try {
      assertEip155(request.chainId)
    } catch (error) {
      return Promise.reject(error)
    }
    this.estimates.push(request)
    if (this.estimateFailure !== undefined) return Promise.reject(new GasEstimationError({ cause: this.estimateFailure }))
    if (this.ledger.size > 0 && request.token !== undefined && this.balanceOf(request.from, request.token) < request.amount) {
      // What the chain says when the token contract's transfer would revert.
      return Promise.reject(new GasEstimationError({ cause: new Error('execution reverted: insufficient balance') }))
    }
    return Promise.resolve({ gas: this.gas, gasPrice: this.gasPrice, fee: this.fee })
  }

  async send(request: TransferRequest): Promise<SentTransfer> {
    assertEip155(request.chainId)
    this.sends.push(request)
    if (this.holding) await new Promise<void>((resolve) => this.heldSends.push({ resolve }))
    const failure = this.sendFailures.shift()
    if (failure !== undefined) throw asPortError(failure)
    const n = ++this.count
    const hash = `0x${n.toString(16).padStart(64, 'a')}`
    if (this.autoMine) this.settle(hash, request)
    else this.unmined.push({ hash, request })
    return { hash, nonce: n - 1 }
  }

  receiptStatus(chainId: CaipNetworkId, hash: string): Promise<ReceiptStatus> {
    try {
      assertEip155(chainId)
    } catch (error) {
      return Promise.reject(error)
    }
    this.receiptChecks.push(hash)
    return Promise.resolve(this.receipts.get(hash) ?? 'pending')
  }

  private settle(hash: string, request: TransferRequest): void {
    if (!this.receipts.has(hash)) this.receipts.set(hash, 'confirmed')
    if (this.receipts.get(hash) !== 'confirmed' || this.ledger.size === 0) return
    this.fund(request.from, -(request.token === undefined ? request.amount + this.fee : this.fee))
    if (request.token !== undefined) this.fund(request.from, -request.amount, request.token)
    this.fund(request.to, request.amount, request.token)
  }
}

function assertEip155(chainId: CaipNetworkId): void {
  if (!chainId.startsWith('eip155:')) throw new UnsupportedTransferChainError(chainId)
}

function ledgerKey(address: string, token: string | undefined): string {
  return `${(token ?? 'native').toLowerCase()}/${address.toLowerCase()}`
}

function asPortError(error: unknown): unknown {
  if (isDomainError(error) || error instanceof TransferFailedError || error instanceof UnsupportedTransferChainError) return error
  if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === USER_REJECTED) {
    return new TransactionRejectedError({ cause: error })
  }
  const words = error instanceof Error ? error.message : String(error)
  return new TransferFailedError(words, { cause: error })
}
