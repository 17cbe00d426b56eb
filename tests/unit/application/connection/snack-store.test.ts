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
