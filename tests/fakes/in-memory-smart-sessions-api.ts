import type { SmartSession } from '../../src/domain/sessions/smart-sessions'
import { HttpError } from '../../src/ports/http-errors'
import type { RequestOptions } from '../../src/ports/blockchain/request-options'
import type { SmartSessionsApi } from '../../src/ports/smart-sessions'

/**
 * The sessions service over an in-memory "chain": `grant` and `removeOnChain` stand for the
 * owner's user operations; the service only reads them, and confirms a revocation once the key is
 * gone (409 before), as the real one does.
 */
export class InMemorySmartSessionsApi implements SmartSessionsApi {
  private readonly chain = new Map<string, SmartSession[]>()
  /** Every call, in order: `list <address>` / `confirm <pci> <signature>`. */
  readonly calls: string[] = []
  /** The next list calls reject with this (then it is cleared). */
  failNextList: Error | undefined

  grant(address: string, session: SmartSession): void {
    const key = address.toLowerCase()
    this.chain.set(key, [...(this.chain.get(key) ?? []), session])
  }

  removeOnChain(address: string, pci: string): void {
    const key = address.toLowerCase()
    this.chain.set(key, (this.chain.get(key) ?? []).filter((s) => s.pci !== pci))
  }

  list(address: string, options: RequestOptions = {}): Promise<SmartSession[]> {
    this.calls.push(`list ${address}`)
    if (options.signal?.aborted === true) return Promise.reject(options.signal.reason as Error)
    const failure = this.failNextList
    this.failNextList = undefined
    if (failure !== undefined) return Promise.reject(failure)
    return Promise.resolve([...(this.chain.get(address.toLowerCase()) ?? [])])
  }

  confirmRevoked(address: string, params: { pci: string; signature: string }): Promise<void> {
    this.calls.push(`confirm ${params.pci} ${params.signature}`)
    const still = (this.chain.get(address.toLowerCase()) ?? []).some((s) => s.pci.toLowerCase() === params.pci.toLowerCase())
    if (still) return Promise.reject(new HttpError(new Response(null, { status: 409 }), { message: 'The session is still granted on chain' }))
    return Promise.resolve()
  }
}
