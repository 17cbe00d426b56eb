import { SmartSessionsUnsupportedError, type GrantedPermissions, type PermissionsRequest } from '../../src/domain/sessions/smart-sessions'
import { WalletRequestError } from '../../src/ports/chain-family'
import type { SessionKeyWallet } from '../../src/ports/smart-sessions'
import type { InMemorySmartSessionsApi } from './in-memory-smart-sessions-api'

/**
 * A smart-account wallet over the in-memory "chain" of an InMemorySmartSessionsApi: a grant adds
 * the key there, a removal takes it away. Connectors listed in `smartConnectors` can grant; any
 * other cannot. `decline` makes the visitor refuse the next request; `hold` keeps removals waiting.
 */
export class FakeSessionKeyWallet implements SessionKeyWallet {
  readonly requests: string[] = []
  decline = false
  private held: (() => void)[] | undefined
  private n = 0

  constructor(
    private readonly chain: InMemorySmartSessionsApi,
    private readonly smartConnectors: ReadonlySet<string>,
    private readonly accountOf: (connectorId: string) => string,
    private readonly chainId = 31337,
  ) {}

  /** Keeps the next removals waiting until `release()`. */
  hold(): void {
    this.held = []
  }

  release(): void {
    const waiting = this.held ?? []
    this.held = undefined
    for (const go of waiting) go()
  }

  async grantPermissions(connectorId: string, request: PermissionsRequest): Promise<GrantedPermissions> {
    this.requests.push(`grant ${connectorId}`)
    if (!this.smartConnectors.has(connectorId)) throw new SmartSessionsUnsupportedError()
    this.refuseIfDeclined()
    const account = this.accountOf(connectorId)
    const key = String(request.signer.data?.id ?? `0x${(++this.n).toString(16).padStart(40, '0')}`)
    const context = `${account}${key.slice(2)}`.toLowerCase()
    this.chain.grant(account, { pci: context, chainId: this.chainId, key, expiry: request.expiry, valueLimit: 0n, spent: 0n, targets: [], active: true })
    return Promise.resolve({ ...request, address: account, context, permissionsContext: context })
  }

  async removeSessionKey(connectorId: string, session: { chainId: number; key: string; account: string }): Promise<string> {
    this.requests.push(`remove ${session.key}`)
    if (!this.smartConnectors.has(connectorId)) throw new SmartSessionsUnsupportedError()
    if (this.held !== undefined) await new Promise<void>((resolve) => this.held!.push(resolve))
    this.refuseIfDeclined()
    this.chain.removeOnChain(session.account, `${session.account}${session.key.slice(2)}`.toLowerCase())
    return `0x${'ab'.repeat(32)}`
  }

  private refuseIfDeclined(): void {
    if (!this.decline) return
    this.decline = false
    throw new WalletRequestError('rejected', 'User rejected the request', { code: 4001 })
  }
}
