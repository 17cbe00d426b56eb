import { decodeFunctionData, parseAbi } from 'viem'
import { SponsorshipRefusedError, type PaymasterStub, type PaymasterSponsorship, type SponsorshipRequest, type SponsorshipTicket } from '../../src/domain/sponsorship/sponsorship'
import type { PaymasterService } from '../../src/ports/paymaster-service'

const ACCOUNT_ABI = parseAbi(['function execute(address target, uint256 value, bytes data)'])

/**
 * A paymaster service in memory: sessions by token, tickets by their text (one account and
 * network each, valid five minutes of its clock), the contracts it sponsors (calls through the
 * account's `execute`, no value), a number of operations per account; its "signature" is a
 * counter, never valid on a chain.
 */
export class InMemoryPaymasterService implements PaymasterService {
  readonly paymaster = '0x00000000000000000000000000000000000000Fa'
  private readonly sessions = new Map<string, string>()
  private readonly used = new Map<string, number>()
  private readonly tickets = new Map<string, { account: string; network: string; expiresAt: number }>()
  private signed = 0

  constructor(
    private readonly policy: { readonly sponsorName: string; readonly contracts: readonly string[]; readonly operationsPerAccount: number },
    private readonly now: () => number = () => 0,
  ) {}

  ticket(request: { readonly caipNetworkId: string; readonly account: string; readonly sessionToken: string }): Promise<SponsorshipTicket> {
    const account = this.sessions.get(request.sessionToken)
    if (account === undefined) return Promise.reject(new SponsorshipRefusedError('not-signed-in', 'Sign in to have your gas paid'))
    if (account !== request.account.toLowerCase()) return Promise.reject(new SponsorshipRefusedError('not-your-account', 'The session does not speak for this account'))
    const ticket = `wgpt_${String(this.tickets.size + 1).padStart(43, '0')}`
    const expiresAt = this.now() + 300_000
    this.tickets.set(ticket, { account, network: request.caipNetworkId, expiresAt })
    return Promise.resolve({ ticket, expiresAt })
  }

  /** A visitor signed in as `account`; their token. */
  signIn(account: string): string {
    const token = `token-${this.sessions.size + 1}`
    this.sessions.set(token, account.toLowerCase())
    return token
  }

  stubData(request: SponsorshipRequest): Promise<PaymasterStub> {
    try {
      const account = this.admit(request)
      if ((this.used.get(account) ?? 0) >= this.policy.operationsPerAccount) throw new SponsorshipRefusedError('account-daily-limit', "This account's sponsored operations for today are used up")
      return Promise.resolve({
        paymaster: this.paymaster,
        paymasterData: `0x${'00'.repeat(64)}${'ff'.repeat(65)}`,
        paymasterVerificationGasLimit: '0x186a0',
        paymasterPostOpGasLimit: '0x0',
        sponsorName: this.policy.sponsorName,
      })
    } catch (error) {
      return Promise.reject(error as Error)
    }
  }

  sponsor(request: SponsorshipRequest): Promise<PaymasterSponsorship> {
    try {
      const account = this.admit(request)
      const used = this.used.get(account) ?? 0
      if (used >= this.policy.operationsPerAccount) throw new SponsorshipRefusedError('account-daily-limit', "This account's sponsored operations for today are used up")
      this.used.set(account, used + 1)
      this.signed += 1
      return Promise.resolve({ paymaster: this.paymaster, paymasterData: `0x${'00'.repeat(64)}${this.signed.toString(16).padStart(130, '0')}` })
    } catch (error) {
      return Promise.reject(error as Error)
    }
  }

  /** The session's account, else the ticket's when it is for this network and not expired. */
  private accountOf(request: SponsorshipRequest): string | undefined {
    if (request.sessionToken !== undefined) return this.sessions.get(request.sessionToken)
    const ticket = request.ticket === undefined ? undefined : this.tickets.get(request.ticket)
    return ticket !== undefined && ticket.network === request.caipNetworkId && ticket.expiresAt > this.now() ? ticket.account : undefined
  }

  private admit(request: SponsorshipRequest): string {
    const account = this.accountOf(request)
    if (account === undefined) throw new SponsorshipRefusedError('not-signed-in', 'Sign in to have your gas paid')
    if (account !== request.operation.sender.toLowerCase()) throw new SponsorshipRefusedError('not-your-account', 'The operation is not from the signed-in account')
    let target: string
    try {
      target = decodeFunctionData({ abi: ACCOUNT_ABI, data: request.operation.callData as `0x${string}` }).args[0]
    } catch {
      throw new SponsorshipRefusedError('function', 'The operation calls its account with something else than execute')
    }
    if (!this.policy.contracts.some((c) => c.toLowerCase() === target.toLowerCase())) throw new SponsorshipRefusedError('contract', `Calls to ${target} are not sponsored`)
    return account
  }
}
