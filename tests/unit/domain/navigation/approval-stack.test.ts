import { describe, expect, it, vi } from 'vitest'
import {
  EMPTY_APPROVAL_STACK,
  currentApproval,
  pushApproval,
  settleApproval,
} from '../../../../src/domain/navigation/approval-stack'

function request(id: string) {
  return { id, onSuccess: vi.fn(), onError: vi.fn(), onCancel: vi.fn() }
}

describe('transaction approval stack', () => {
  it('success runs onSuccess only and does not go back', () => {
    const r = request('a')
    const s = settleApproval(pushApproval(EMPTY_APPROVAL_STACK, r), 'success')
    expect(s.goBack).toBe(false)
    s.callback?.()
    expect(r.onSuccess).toHaveBeenCalledOnce()
    expect(r.onError).not.toHaveBeenCalled()
    expect(r.onCancel).not.toHaveBeenCalled()
    expect(s.stack).toEqual([])
  })

  it('error runs onError with the error and goes back', () => {
    const r = request('a')
    const failure = new Error('boom')
    const s = settleApproval(pushApproval(EMPTY_APPROVAL_STACK, r), 'error', failure)
    expect(s.goBack).toBe(true)
    s.callback?.()
    expect(r.onError).toHaveBeenCalledWith(failure)
    expect(r.onSuccess).not.toHaveBeenCalled()
  })

  it('cancel runs onCancel and goes back', () => {
    const r = request('a')
    const s = settleApproval(pushApproval(EMPTY_APPROVAL_STACK, r), 'cancel')
    expect(s.goBack).toBe(true)
    s.callback?.()
    expect(r.onCancel).toHaveBeenCalledOnce()
  })

  it('settles the newest request first', () => {
    const a = request('a')
    const b = request('b')
    const stack = pushApproval(pushApproval(EMPTY_APPROVAL_STACK, a), b)
    expect(currentApproval(stack)?.id).toBe('b')
    const s = settleApproval(stack, 'success')
    expect(s.settled?.id).toBe('b')
    expect(currentApproval(s.stack)?.id).toBe('a')
  })

  it('a request without the matching callback still settles and goes back on cancel', () => {
    const s = settleApproval(pushApproval(EMPTY_APPROVAL_STACK, { id: 'x' }), 'cancel')
    expect(s.callback).toBeUndefined()
    expect(s.goBack).toBe(true)
    expect(s.stack).toEqual([])
  })

  it('an empty stack settles nothing', () => {
    expect(settleApproval(EMPTY_APPROVAL_STACK, 'error')).toEqual({ stack: [], goBack: false })
  })
})
