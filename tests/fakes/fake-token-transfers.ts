import type { CaipNetworkId } from '../../src/domain/entities'
import {
  GasEstimationError,
  type GasEstimate,
  type ReceiptStatus,
  type SentTransfer,
  type TokenTransfers,
  type TransferRequest,
} from '../../src/ports/token-transfers'

/**
 * A scripted {@link TokenTransfers}: estimates cost `gas * gasPrice`, sends resolve with a new
 * hash (or the next scripted failure), receipts answer from `receipts`. Records every call.
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
  private readonly sendFailures: unknown[] = []
  private heldSends: { resolve: () => void }[] = []
  private holding = false
  private count = 0

  get fee(): bigint {
    return this.gas * this.gasPrice
  }

  /** The next send fails with `error` (after the wallet "answered"). */
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

  estimate(request: TransferRequest): Promise<GasEstimate> {
    this.estimates.push(request)
    if (this.estimateFailure !== undefined) return Promise.reject(new GasEstimationError({ cause: this.estimateFailure }))
    return Promise.resolve({ gas: this.gas, gasPrice: this.gasPrice, fee: this.fee })
  }

  async send(request: TransferRequest): Promise<SentTransfer> {
    this.sends.push(request)
    if (this.holding) await new Promise<void>((resolve) => this.heldSends.push({ resolve }))
    const failure = this.sendFailures.shift()
    if (failure !== undefined) throw failure
    const n = ++this.count
    return { hash: `0x${n.toString(16).padStart(64, 'a')}`, nonce: n - 1 }
  }

  receiptStatus(_chainId: CaipNetworkId, hash: string): Promise<ReceiptStatus> {
    this.receiptChecks.push(hash)
    return Promise.resolve(this.receipts.get(hash) ?? 'pending')
  }
}
