// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { VirtualTimeScheduler } from 'rxjs'
import { afterEach, describe, expect, it } from 'vitest'
import { SnackStore } from '../../../../src/application/snack-store'
import { Snackbar } from '../../../../src/presentation/components'
import { DiProvider } from '../../../../src/presentation/di-context'
import { Scheduler } from '../../../../src/ports/scheduler'
import { createTestContainer } from '../../../support/test-container'

afterEach(cleanup)

function snackbar() {
  const scheduler = new VirtualTimeScheduler()
  const container = createTestContainer(undefined, (c) => c.rebind(Scheduler).toConstantValue(scheduler))
  const store = container.get(SnackStore)
  render(
    <DiProvider container={container}>
      <Snackbar />
    </DiProvider>,
  )
  return { store, scheduler }
}

describe('a snack with a link', () => {
  it('offers the link (the explorer page of a sent transaction) in a new tab', () => {
    const { store } = snackbar()
    act(() => store.showSuccess('Sent 1 ETH', 'http://127.0.0.1:8787/explorer/31337/tx/0xab'))
    const link = screen.getByTestId('snack-link')
    expect(link.getAttribute('href')).toBe('http://127.0.0.1:8787/explorer/31337/tx/0xab')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('offers no link the allow-list refuses (plain http off this machine, javascript:)', () => {
    const { store, scheduler } = snackbar()
    act(() => store.showSuccess('Sent 1 ETH', 'http://explorer.example/tx/0xab'))
    expect(screen.getByTestId('snack').textContent).toContain('Sent 1 ETH')
    expect(screen.queryByTestId('snack-link')).toBeNull()
    act(() => {
      store.showSuccess('Sent 2 ETH', 'javascript:alert(1)')
      scheduler.maxFrames = 200
      scheduler.flush()
    })
    expect(screen.getByTestId('snack').textContent).toContain('Sent 2 ETH')
    expect(screen.queryByTestId('snack-link')).toBeNull()
  })
})
