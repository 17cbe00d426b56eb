import type { Eip1193Provider } from '../../src/domain/chains/wallet-providers'
import { WALLET_PAYMASTER_STUB_METHOD } from '../../src/domain/sponsorship/sponsorship'

/**
 * A smart account's EIP-1193 provider as the modal sees it: it announces (or not) ERC-7677's
 * `paymasterService`, answers the EntryPoint's nonce, and records the `wallet_sendCalls` requests
 * it gets; the calls are carried by one transaction, known at the second status request.
 */
export class FakeSmartAccountProvider implements Eip1193Provider {
  readonly sent: Record<string, unknown>[] = []
  readonly methods: string[] = []
  takesPaymaster = true
  nonce = 3n
  /** When set, wallet_sendCalls fails with it (an EIP-1193 error object). */
  sendFailure: { code: number; message: string } | undefined
  readonly transactionHash = `0x${'ab'.repeat(32)}`
  /** What the wallet says its own paymaster answered (the embedded wallet's verdict method); unset: it knows no such method. */
  walletVerdict: unknown
  /** The verdict requests it got. */
  readonly verdictAsked: Record<string, unknown>[] = []
  private statusAsks = 0

  request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    this.methods.push(method)
    const list = (params ?? []) as unknown[]
    switch (method) {
      case 'wallet_getCapabilities':
        return Promise.resolve({ '0x7a69': { atomic: { status: 'supported' }, ...(this.takesPaymaster ? { paymasterService: { supported: true } } : {}) } })
      case 'eth_call':
        return Promise.resolve(`0x${this.nonce.toString(16).padStart(64, '0')}`)
      case 'wallet_sendCalls':
        if (this.sendFailure !== undefined) return Promise.reject(Object.assign(new Error(this.sendFailure.message), this.sendFailure))
        this.sent.push(list[0] as Record<string, unknown>)
        return Promise.resolve({ id: `0x${'cd'.repeat(32)}` })
      case 'wallet_getCallsStatus':
        this.statusAsks += 1
        return Promise.resolve(
          this.statusAsks < 2
            ? { status: 100, receipts: [] }
            : { status: 200, receipts: [{ status: '0x1', transactionHash: this.transactionHash }] },
        )
      case WALLET_PAYMASTER_STUB_METHOD:
        if (this.walletVerdict === undefined) break
        this.verdictAsked.push(list[0] as Record<string, unknown>)
        return Promise.resolve(this.walletVerdict)
    }
    return Promise.reject(Object.assign(new Error(`${method} is not supported`), { code: 4200 }))
  }
}
