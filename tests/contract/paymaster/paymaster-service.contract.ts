import { describe, expect, it } from 'vitest'
import { SponsorshipRefusedError, type SponsorshipRequest, type UserOperationDraft } from '../../../src/domain/sponsorship/sponsorship'
import type { PaymasterService } from '../../../src/ports/paymaster-service'

export interface PaymasterWorld {
  readonly service: PaymasterService
  readonly caipNetworkId: string
  readonly entryPoint: string
  /** A new visitor signed in with a new smart account: its session token and its address. */
  signIn(): Promise<{ token: string; account: string }>
  /** The account's operation calling a contract the policy sponsors (`inside`) or one it does not. */
  operation(account: string, target: 'inside' | 'outside'): UserOperationDraft
  /** How many operations an account is sponsored a day. */
  readonly operationsPerAccount: number
}

const refusal = async (promise: Promise<unknown>): Promise<SponsorshipRefusedError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SponsorshipRefusedError)
  return error as SponsorshipRefusedError
}

/** What every PaymasterService does: stub data and signed data within the policy, refusals with their reason outside it. */
export function paymasterServiceContract(name: string, makeWorld: () => Promise<PaymasterWorld>, timeoutMs = 5_000): void {
  describe(`PaymasterService contract: ${name}`, () => {
    const request = (w: PaymasterWorld, token: string, operation: UserOperationDraft): SponsorshipRequest => ({ caipNetworkId: w.caipNetworkId, entryPoint: w.entryPoint, operation, sessionToken: token })

    it('gives stub data naming the sponsor, then signed data from the same paymaster, for a signed-in account within the policy', { timeout: timeoutMs }, async () => {
      const w = await makeWorld()
      const { token, account } = await w.signIn()
      const operation = w.operation(account, 'inside')
      const stub = await w.service.stubData(request(w, token, operation))
      expect(stub.sponsorName).toMatch(/\S/)
      expect(stub.paymaster).toMatch(/^0x[0-9a-fA-F]{40}$/)
      expect(BigInt(stub.paymasterVerificationGasLimit)).toBeGreaterThan(0n)
      const signed = await w.service.sponsor(request(w, token, { ...operation, paymasterVerificationGasLimit: stub.paymasterVerificationGasLimit, paymasterPostOpGasLimit: stub.paymasterPostOpGasLimit }))
      expect(signed.paymaster.toLowerCase()).toBe(stub.paymaster.toLowerCase())
      // The window (two 32-byte words) and a 65-byte signature.
      expect(signed.paymasterData).toMatch(/^0x[0-9a-fA-F]{258}$/)
    })

    it('refuses a call outside the policy, an unknown session and another account\'s operation, each with its reason', { timeout: timeoutMs }, async () => {
      const w = await makeWorld()
      const { token, account } = await w.signIn()
      expect((await refusal(w.service.sponsor(request(w, token, w.operation(account, 'outside'))))).reason).toBe('contract')
      expect((await refusal(w.service.stubData(request(w, 'not-a-session', w.operation(account, 'inside'))))).reason).toBe('not-signed-in')
      const other = await w.signIn()
      expect((await refusal(w.service.sponsor(request(w, token, w.operation(other.account, 'inside'))))).reason).toBe('not-your-account')
    })

    it("mints a ticket that stands in for the session, for the session's account's operations only", { timeout: timeoutMs }, async () => {
      const w = await makeWorld()
      const { token, account } = await w.signIn()
      const other = await w.signIn()
      const minted = await w.service.ticket({ caipNetworkId: w.caipNetworkId, account, sessionToken: token })
      expect(minted.ticket).toMatch(/^wgpt_[A-Za-z0-9_-]{43}$/)
      expect(minted.ticket).not.toBe(token)
      const byTicket = (operation: UserOperationDraft, ticket = minted.ticket): SponsorshipRequest => ({ caipNetworkId: w.caipNetworkId, entryPoint: w.entryPoint, operation, ticket })
      expect((await w.service.stubData(byTicket(w.operation(account, 'inside')))).sponsorName).toMatch(/\S/)
      expect((await refusal(w.service.stubData(byTicket(w.operation(other.account, 'inside'))))).reason).toBe('not-your-account')
      expect((await refusal(w.service.stubData(byTicket(w.operation(account, 'inside'), `wgpt_${'A'.repeat(43)}`)))).reason).toBe('not-signed-in')
      // A session mints tickets only for its own account, and an unknown one mints none.
      expect((await refusal(w.service.ticket({ caipNetworkId: w.caipNetworkId, account: other.account, sessionToken: token }))).reason).toBe('not-your-account')
      expect((await refusal(w.service.ticket({ caipNetworkId: w.caipNetworkId, account, sessionToken: 'not-a-session' }))).reason).toBe('not-signed-in')
    })

    it('stops sponsoring an account at its daily number of operations', { timeout: timeoutMs }, async () => {
      const w = await makeWorld()
      const { token, account } = await w.signIn()
      const operation = { ...w.operation(account, 'inside'), paymasterVerificationGasLimit: '0x186a0', paymasterPostOpGasLimit: '0x0' }
      for (let i = 0; i < w.operationsPerAccount; i++) await w.service.sponsor(request(w, token, { ...operation, nonce: `0x${i.toString(16)}` }))
      expect((await refusal(w.service.stubData(request(w, token, operation)))).reason).toBe('account-daily-limit')
    })
  })
}
