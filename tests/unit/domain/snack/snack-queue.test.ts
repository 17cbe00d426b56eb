import { describe, expect, it } from 'vitest'
import { SNACK_MESSAGES } from '../../../../src/domain/errors'
import {
  INITIAL_SNACK_STATE,
  hideSnack,
  makeSnack,
  showSnack,
  tickSnack,
} from '../../../../src/domain/snack/snack-queue'

describe('snack re-show', () => {
  it('shows at once when nothing is open', () => {
    const s = showSnack(INITIAL_SNACK_STATE, makeSnack('Signature declined', 'error'), 1_000)
    expect(s.current).toMatchObject({ message: 'Signature declined', variant: 'error', open: true })
    expect(s.pending).toBeUndefined()
  })

  it('closes an open snack first and shows the new one 150 ms later', () => {
    const open = showSnack(INITIAL_SNACK_STATE, makeSnack(SNACK_MESSAGES.authenticating, 'loading'), 0)
    const next = showSnack(open, makeSnack(SNACK_MESSAGES.signatureDeclined, 'error'), 1_000)
    expect(next.current).toMatchObject({ message: 'Authenticating...', open: false })
    expect(tickSnack(next, 1_149)).toBe(next)
    const shown = tickSnack(next, 1_150)
    expect(shown.current).toMatchObject({ message: 'Signature declined', open: true })
    expect(shown.pending).toBeUndefined()
  })

  it('a newer snack during the wait replaces the pending one without delaying it', () => {
    const open = showSnack(INITIAL_SNACK_STATE, makeSnack('one', 'success'), 0)
    const waiting = showSnack(open, makeSnack('two', 'success'), 100)
    const replaced = showSnack(waiting, makeSnack('three', 'error'), 200)
    expect(replaced.pending).toMatchObject({ showAtMs: 250, snack: { message: 'three' } })
  })

  it('loading snacks do not auto-close; others do', () => {
    expect(makeSnack('Authenticating...', 'loading').autoClose).toBe(false)
    expect(makeSnack('Token Balance Unavailable', 'error').autoClose).toBe(true)
  })

  it('hide closes the snack', () => {
    const s = hideSnack(showSnack(INITIAL_SNACK_STATE, makeSnack('x', 'success'), 0))
    expect(s.current.open).toBe(false)
  })
})
