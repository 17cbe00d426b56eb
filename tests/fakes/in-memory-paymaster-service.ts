import { decodeFunctionData, parseAbi } from 'viem'
import { SponsorshipRefusedError, type PaymasterStub, type PaymasterSponsorship, type SponsorshipRequest } from '../../src/domain/sponsorship/sponsorship'
import type { PaymasterService } from '../../src/ports/paymaster-service'

const ACCOUNT_ABI = parseAbi(['function execute(address target, uint256 value, bytes data)'])

/**
 * A paymaster service in memory: sessions by token, the contracts it sponsors (calls through the
 * account's `execute`, no value), a number of operations per account; its "signature" is a
 * counter, never valid on a chain.
 */
export class InMemoryPaymasterService implements PaymasterService {
  readonly paymaster = '0x00000000000000000000000000000000000000Fa'
  private readonly sessions = new Map<string, string>()
  private readonly used = new Map<string, number>()
  private signed = 0

  constructor(
    private readonly policy: { readonly sponsorName: string; readonly contracts: readonly string[]; readonly operationsPerAccount: number },
  ) {}

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

  private admit(request: SponsorshipRequest): string {
    const account = this.sessions.get(request.sessionToken)
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
