// @vitest-environment jsdom
/**
 * The embedded wallet's account type on the Account view: "Smart account" with whether it is
 * deployed yet, or "EOA"; nothing for another family's account types.
 */
import { act, cleanup, render, screen } from '@testing-library/react'
import { BehaviorSubject } from 'rxjs'
import { afterEach, describe, expect, it } from 'vitest'
import type { EmbeddedSession } from '../../../../src/application/embedded-wallet/embedded-session'
import { EmbeddedSessionToken } from '../../../../src/application/embedded-wallet/tokens'
import type { AccountType } from '../../../../src/domain/entities'
import type { SmartAccountStatus } from '../../../../src/ports/embedded-wallet'
import { DiProvider } from '../../../../src/presentation/di-context'
import { EmbeddedAccountType } from '../../../../src/presentation/views/account/EmbeddedAccountType'
import { createTestContainer } from '../../../support/test-container'

afterEach(cleanup)

function show(accountType: AccountType | undefined, status: SmartAccountStatus | null) {
  const smartAccount$ = new BehaviorSubject<SmartAccountStatus | null>(status)
  const container = createTestContainer(undefined, (c) =>
    c.rebind(EmbeddedSessionToken).toConstantValue({ smartAccount$ } as unknown as EmbeddedSession),
  )
  render(
    <DiProvider container={container}>
      <EmbeddedAccountType accountType={accountType} />
    </DiProvider>,
  )
  return smartAccount$
}

const SMART = '0x5555555555555555555555555555555555555555'

describe('EmbeddedAccountType', () => {
  it('a smart account not deployed yet says so, then that it is deployed once the wallet tells', () => {
    const status = show('smartAccount', { address: SMART, isDeployed: false })
    expect(screen.getByTestId('account-kind-type').textContent).toBe('Smart account')
    expect(screen.getByTestId('account-smart-deployed').textContent).toContain('Not deployed yet')
    act(() => status.next({ address: SMART, isDeployed: true }))
    expect(screen.getByTestId('account-smart-deployed').textContent).toBe(' · Deployed')
  })

  it('the EOA says EOA and nothing about a deployment', () => {
    show('eoa', null)
    expect(screen.getByTestId('account-kind-type').textContent).toBe('EOA')
    expect(screen.queryByTestId('account-smart-deployed')).toBeNull()
  })

  it("another family's account type shows nothing here", () => {
    show('payment', null)
    expect(screen.queryByTestId('account-kind')).toBeNull()
  })
})
