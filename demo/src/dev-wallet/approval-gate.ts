/**
 * What the demo's non-EVM wallets share: the person behind the wallet. Each request waits for
 * their answer in the Devnet Wallet's panel (or the test's mode), one at a time, and an approval
 * given after the site lost its access counts for nothing. Each family words its refusals in its
 * own wallets' errors.
 */
import type { ApprovalMode, Approver, RequestLogEntry } from './eip155/provider'
import { ProviderRpcError } from './rpc-error'

export interface GateRefusals {
  /** The person declined. */
  rejected(): Error
  /** Another request already waits for the person. */
  pending(method: string): Error
  /** The site lost its access while the person was deciding. */
  revoked(): Error
}

export class ApprovalGate {
  private awaitingPerson = 0
  private nextId = 1
  private grant = 0

  constructor(
    private readonly mode: () => ApprovalMode,
    private readonly approver: () => Approver,
    private readonly refusals: GateRefusals,
  ) {}

  /** The site lost its access: approvals still being decided are void. */
  revoke(): void {
    this.grant++
  }

  async approve(method: string, summary: string): Promise<void> {
    const mode = this.mode()
    if (mode === 'approve') return
    if (mode === 'reject') throw this.refusals.rejected()
    if (mode === 'pending' || this.awaitingPerson > 0) throw this.refusals.pending(method)
    const grant = this.grant
    this.awaitingPerson++
    try {
      const approved = await this.approver().ask({ id: this.nextId++, method, summary })
      if (!approved) throw this.refusals.rejected()
      // Nothing is signed or sent for a site that lost its access meanwhile.
      if (grant !== this.grant) throw this.refusals.revoked()
    } finally {
      this.awaitingPerson--
    }
  }
}

/** Runs a wallet request, recorded in the wallet's log with its outcome (and a provider error's code). */
export async function logRequest<T>(log: RequestLogEntry[], method: string, params: unknown, handle: () => Promise<T>): Promise<T> {
  const entry: RequestLogEntry = { method, params, outcome: 'pending' }
  log.push(entry)
  try {
    const result = await handle()
    entry.outcome = 'ok'
    return result
  } catch (error) {
    entry.outcome = 'error'
    if (error instanceof ProviderRpcError) entry.errorCode = error.code
    throw error
  }
}
