/**
 * A confirmation the embedded wallet asks for while the modal is closed opens the modal (the frame
 * shows over it), and the modal closes again when nothing is left to confirm.
 */
import { BehaviorSubject, Subject } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { showApprovalsInModal, showTroubleAsAlerts } from '../../../../src/application/embedded-wallet/approval-prompt'
import { ModalStore } from '../../../../src/application/modal-store'
import { AlertStore } from '../../../../src/application/alert-store'
import type { EmbeddedApproval } from '../../../../src/ports/embedded-wallet'

describe('showApprovalsInModal', () => {
  it('opens the closed modal on ApproveTransaction and closes it after the answer', () => {
    const approval$ = new BehaviorSubject<EmbeddedApproval>({ pending: false })
    const modal = new ModalStore()
    showApprovalsInModal(approval$, modal)
    expect(modal.snapshot.open).toBe(false)
    approval$.next({ pending: true, title: 'Approve transaction' })
    expect([modal.snapshot.open, modal.view]).toEqual([true, 'ApproveTransaction'])
    approval$.next({ pending: false })
    expect(modal.snapshot.open).toBe(false)
  })

  it('leaves an open modal where it is, and does not close a modal it did not open', () => {
    const approval$ = new BehaviorSubject<EmbeddedApproval>({ pending: false })
    const modal = new ModalStore()
    modal.open({ view: 'Send' }, true)
    showApprovalsInModal(approval$, modal)
    approval$.next({ pending: true })
    expect(modal.view).toBe('Send')
    approval$.next({ pending: false })
    expect([modal.snapshot.open, modal.view]).toEqual([true, 'Send'])
  })

  it('keeps the modal open when the visitor moved on to another view meanwhile', () => {
    const approval$ = new BehaviorSubject<EmbeddedApproval>({ pending: false })
    const modal = new ModalStore()
    showApprovalsInModal(approval$, modal)
    approval$.next({ pending: true })
    modal.push('Account')
    approval$.next({ pending: false })
    expect([modal.snapshot.open, modal.view]).toEqual([true, 'Account'])
  })
})

describe('showTroubleAsAlerts', () => {
  it("shows a connected session's timeout and expiry as the spec's alerts", () => {
    const trouble$ = new Subject<'timeout' | 'sessionExpired'>()
    const alerts = new AlertStore()
    showTroubleAsAlerts(trouble$, alerts)
    trouble$.next('timeout')
    expect(alerts.alert?.shortMessage).toBe('Embedded Wallet Request Timed Out')
    trouble$.next('sessionExpired')
    expect(alerts.alert?.shortMessage).toBe('Session Expired')
  })
})
