/**
 * Whether the app pays the gas of the visitor's calls (docs/sponsorship.md), and sending them so.
 *
 * - Only a wallet that takes a paymaster service (a smart account announcing ERC-7677's
 *   capability) is asked about: for any other the fee is the visitor's and nothing is said.
 * - The answer comes from the paymaster's stub data for the calls, asked with the visitor's
 *   session for the account: it reserves nothing, so a review that is never sent costs the app
 *   nothing. The wallet asks for the signed data itself, once, for the operation it sends.
 * - A refusal (outside the policy, over a limit, not signed in) or a service that cannot answer
 *   means the visitor pays as usual; the verdict keeps the reason for the review to say why.
 * - Without a session the paymaster cannot be asked: the visitor is told to sign in where the
 *   host's server signs visitors in, and told nothing elsewhere.
 * - The embedded wallet holds a session of its own the paymaster accepts: without a sign-in
 *   session, the wallet is asked (it asks only its own paymaster, for the account it holds).
 * - A browser wallet calls the paymaster itself and cannot show it the visitor's session: sending
 *   through one, the session buys a short-lived ticket for the account that the wallet carries in
 *   the service's ERC-7677 context. The embedded wallet shows its own session and needs none.
 * - `check` never rejects: a failure is a verdict.
 */
import { SponsorshipRefusedError } from '../../domain/sponsorship/sponsorship'
import type { Logger } from '../../ports/logger'
import type { PaymasterService } from '../../ports/paymaster-service'
import type { AccountCalls, SponsoredCalls } from '../../ports/sponsored-calls'

/** The service could not say (unreachable, a malformed answer, the operation could not be drafted). */
export const SPONSORSHIP_UNAVAILABLE = 'unavailable'

export type SponsorshipVerdict =
  /** The app pays: the review shows "Gas paid by <sponsorName>". */
  | { readonly status: 'sponsored'; readonly sponsorName: string }
  /** The visitor pays as usual; `reason` is the service's (`account-daily-limit`, ...) or {@link SPONSORSHIP_UNAVAILABLE}. */
  | { readonly status: 'notSponsored'; readonly reason: string }

export interface SponsorshipCheck extends AccountCalls {
  /** The connected wallet the calls go through. */
  readonly connectorId: string
  /** The price per gas unit the fee estimate assumed (base units of the native token). */
  readonly gasPrice: bigint
}

export interface GasSponsorshipDeps {
  readonly paymaster: Pick<PaymasterService, 'stubData' | 'ticket'>
  readonly calls: SponsoredCalls
  /** Whether the connector is the modal's embedded wallet (which shows the paymaster its own session). */
  readonly embedded: (connectorId: string) => boolean
  /** The visitor's current session token for the account (a sign-in with X session), if any. */
  readonly sessionToken: (chainId: string, address: string) => string | undefined
  /** The app's paymaster service URL for the network (what the wallet is given). */
  readonly paymasterUrl: (chainId: string) => string
  /** Whether the visitor can sign in with the host's server here (siwx `serverUrl`): without it, a missing session is no news to them. */
  readonly canSignIn: boolean
  /** The host's app name (metadata.name): who pays when the service names no sponsor. */
  readonly appName?: string
  readonly logger: Logger
}

export class GasSponsorship {
  /** The calls last found sponsored, as a key: what `sponsored()` answers for. */
  private lastSponsored: string | undefined

  constructor(private readonly deps: GasSponsorshipDeps) {}

  /**
   * The verdict for the calls, or undefined when the wallet takes no paymaster (sponsorship does
   * not apply). Never rejects.
   */
  async check(request: SponsorshipCheck): Promise<SponsorshipVerdict | undefined> {
    const key = keyOf(request)
    this.lastSponsored = undefined
    const takes = await this.deps.calls.takesPaymaster(request.connectorId, request.from, request.chainId)
    if (!takes) return undefined
    const token = this.deps.sessionToken(request.chainId, request.from)
    if (token === undefined) return this.deps.embedded(request.connectorId) ? this.askWallet(request, key) : this.withoutSession()
    try {
      const { entryPoint, operation } = await this.deps.calls.draft(request, request.gasPrice)
      const stub = await this.deps.paymaster.stubData({ caipNetworkId: request.chainId, entryPoint, operation, sessionToken: token })
      this.lastSponsored = key
      return { status: 'sponsored', sponsorName: nonEmpty(stub.sponsorName) ?? nonEmpty(this.deps.appName) ?? '' }
    } catch (error) {
      if (error instanceof SponsorshipRefusedError) return { status: 'notSponsored', reason: error.reason }
      this.deps.logger.warn('The paymaster service could not say whether the gas is paid', error)
      return { status: 'notSponsored', reason: SPONSORSHIP_UNAVAILABLE }
    }
  }

  /** The embedded wallet's verdict, asked with its own session (which the page never sees). */
  private async askWallet(request: SponsorshipCheck, key: string): Promise<SponsorshipVerdict | undefined> {
    const verdict = await this.deps.calls.walletVerdict(request.connectorId, request, this.deps.paymasterUrl(request.chainId))
    if (verdict === undefined || (!verdict.sponsored && verdict.reason === 'not-signed-in')) return this.withoutSession()
    if (!verdict.sponsored) return { status: 'notSponsored', reason: verdict.reason }
    this.lastSponsored = key
    return { status: 'sponsored', sponsorName: nonEmpty(verdict.sponsorName) ?? nonEmpty(this.deps.appName) ?? '' }
  }

  /** No session to show the paymaster: "sign in" where the host signs visitors in, nothing elsewhere. */
  private withoutSession(): SponsorshipVerdict | undefined {
    return this.deps.canSignIn ? { status: 'notSponsored', reason: 'not-signed-in' } : undefined
  }

  /** Whether `check` last found these very calls sponsored. */
  sponsored(request: AccountCalls): boolean {
    return this.lastSponsored === keyOf(request)
  }

  /**
   * Sends the calls through the wallet with the app's paymaster service (and, for a browser
   * wallet, a ticket in its context); resolves the hash of the transaction that carried them.
   * Rejects as the wallet port does, or as the service does when no ticket can be had.
   */
  async send(connectorId: string, request: AccountCalls): Promise<string> {
    this.lastSponsored = undefined
    const url = this.deps.paymasterUrl(request.chainId)
    const token = this.deps.embedded(connectorId) ? undefined : this.deps.sessionToken(request.chainId, request.from)
    if (token === undefined) return this.deps.calls.send(connectorId, request, url)
    const { ticket } = await this.deps.paymaster.ticket({ caipNetworkId: request.chainId, account: request.from, sessionToken: token })
    return this.deps.calls.send(connectorId, request, url, { ticket })
  }
}

function keyOf(request: AccountCalls): string {
  const calls = request.calls.map((c) => `${c.to.toLowerCase()}:${(c.data ?? '0x').toLowerCase()}:${(c.value ?? 0n).toString()}`)
  return `${request.chainId}|${request.from.toLowerCase()}|${calls.join(',')}`
}

function nonEmpty(text: string | undefined): string | undefined {
  const trimmed = text?.trim()
  return trimmed === undefined || trimmed === '' ? undefined : trimmed
}
