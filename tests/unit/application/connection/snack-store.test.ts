import { TestScheduler } from 'rxjs/testing'
import { describe, expect, it } from 'vitest'
import { SNACK_AUTO_CLOSE_MS, SnackStore } from '../../../../src/application/snack-store'
import type { Snack } from '../../../../src/domain/entities'

function world() {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b))
  return { scheduler }
}

describe('SnackStore', () => {
  it('shows a snack at once when none is open', () => {
    const { scheduler } = world()
    scheduler.run(() => {
      const store = new SnackStore(scheduler)
      store.showMessage('tokenBalanceUnavailable')
      expect(store.snapshot).toMatchObject({ message: 'Token Balance Unavailable', variant: 'error', open: true })
    })
  })

  it('closes the open snack and shows the next one 150 ms later', () => {
    const { scheduler } = world()
    scheduler.run(({ flush }) => {
      const store = new SnackStore(scheduler)
      const seen: Array<{ at: number; snack: Snack }> = []
      store.snack$.subscribe((snack) => seen.push({ at: scheduler.now(), snack }))
      store.show('first', 'success')
      scheduler.schedule(() => store.showMessage('failedToFetchTransactions'), 10)
      scheduler.schedule(() => {
        expect(store.snapshot).toMatchObject({ message: 'first', open: false })
      }, 159)
      flush()
      const open = seen.filter((s) => s.snack.open).map((s) => [s.at, s.snack.message])
      expect(open).toEqual([
        [0, 'first'],
        [160, 'Failed to fetch transactions'],
      ])
    })
  })

  it('auto-closes success and error snacks but keeps a loading snack', () => {
    const { scheduler } = world()
    scheduler.run(({ flush }) => {
      const store = new SnackStore(scheduler)
      store.show('done', 'success')
      scheduler.schedule(() => expect(store.snapshot.open).toBe(true), SNACK_AUTO_CLOSE_MS - 1)
      scheduler.schedule(() => {
        expect(store.snapshot.open).toBe(false)
        store.showLoading('Authenticating...')
      }, SNACK_AUTO_CLOSE_MS)
      flush()
      expect(store.snapshot).toMatchObject({ message: 'Authenticating...', variant: 'loading', open: true })
    })
  })

  it('hide() cancels a pending re-show', () => {
    const { scheduler } = world()
    scheduler.run(({ flush }) => {
      const store = new SnackStore(scheduler)
      store.show('a', 'success')
      store.show('b', 'success')
      store.hide()
      flush()
      expect(store.snapshot.open).toBe(false)
    })
  })
})

/**
 * A scheduler whose timers can fire a millisecond before its clock says they are due, as
 * browser timers do against Date.now(): `early` ms early, once.
 */
class EarlyScheduler {
  nowMs = 1_000
  private readonly timers: { at: number; work: () => void }[] = []
  constructor(private early: number) {}
  now(): number {
    return this.nowMs
  }
  schedule(work: () => void, delay = 0): { unsubscribe(): void; closed: boolean } {
    const timer = { at: this.nowMs + delay, work }
    this.timers.push(timer)
    return {
      closed: false,
      unsubscribe: () => {
        const i = this.timers.indexOf(timer)
        if (i >= 0) this.timers.splice(i, 1)
      },
    }
  }
  /** Runs the next timer; its clock reads `early` ms short of the timer's time the first time. */
  fireNext(): void {
    this.timers.sort((a, b) => a.at - b.at)
    const timer = this.timers.shift()
    if (timer === undefined) throw new Error('no timer')
    this.nowMs = Math.max(this.nowMs, timer.at - this.early)
    this.early = 0
    timer.work()
  }
  get pending(): number {
    return this.timers.length
  }
}

describe('SnackStore under a timer that fires early', () => {
  it('a re-show whose timer fires 1 ms before the clock says it is due still shows the snack', () => {
    const scheduler = new EarlyScheduler(1)
    const store = new SnackStore(scheduler as never)
    store.showLoading('Authenticating...')
    store.show('Signature declined', 'error')
    expect(store.snapshot).toMatchObject({ message: 'Authenticating...', open: false })
    scheduler.fireNext() // fires at 149 ms by the clock
    // Nothing was due yet by the clock: the snack must still come, not be dropped.
    while (!store.snapshot.open && scheduler.pending > 0) scheduler.fireNext()
    expect(store.snapshot).toMatchObject({ message: 'Signature declined', open: true })
  })
})
