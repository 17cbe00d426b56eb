// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ModuleLoader } from '../../../../src/composition/module-loader'
import { DiProvider } from '../../../../src/presentation/di-context'
import { ViewBoundary, WithBindings } from '../../../../src/presentation/ViewGate'
import { createTestContainer } from '../../../support/test-container'

afterEach(cleanup)

/** A module loader whose loads the test settles by hand; `loadedAtStart` modules are bound already. */
function manualLoader(loadedAtStart: readonly string[] = []) {
  const pending: { resolve: () => void; reject: (e: unknown) => void }[] = []
  const bound = new Set(loadedAtStart)
  const loader: ModuleLoader = {
    loaded: (id) => bound.has(id),
    load: vi.fn(
      (id: string) =>
        new Promise((resolve, reject) =>
          pending.push({
            resolve: () => {
              bound.add(id)
              resolve(undefined)
            },
            reject,
          }),
        ),
    ) as unknown as ModuleLoader['load'],
    loadAt: async () => {},
    dispose() {},
  }
  const container = createTestContainer(undefined, (c) => c.rebind(ModuleLoader).toConstantValue(loader))
  const ui = (node: React.ReactNode) => render(<DiProvider container={container}>{node}</DiProvider>)
  return { loader, pending, ui }
}

describe('WithBindings', () => {
  it('renders its view at once when the features are already bound', () => {
    const { loader, ui } = manualLoader(['account'])
    ui(<WithBindings needs="account">Account view</WithBindings>)
    expect(screen.getByText('Account view')).toBeTruthy()
    expect(loader.load).not.toHaveBeenCalled()
  })

  it('shows a loading line until the features are bound, then the view', async () => {
    const { pending, ui } = manualLoader()
    ui(<WithBindings needs="account">Account view</WithBindings>)
    expect(screen.getByRole('status').textContent).toBe('Loading…')
    expect(screen.queryByText('Account view')).toBeNull()
    pending[0]!.resolve()
    expect(await screen.findByText('Account view')).toBeTruthy()
  })

  it("a failed chunk says the spec's 'Something went wrong.' and Try again loads it again", async () => {
    const { loader, pending, ui } = manualLoader()
    ui(<WithBindings needs="account">Account view</WithBindings>)
    pending[0]!.reject(new TypeError('Failed to fetch dynamically imported module'))
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong.')
    fireEvent.click(screen.getByTestId('view-retry'))
    expect(loader.load).toHaveBeenCalledTimes(2)
    pending[1]!.resolve()
    expect(await screen.findByText('Account view')).toBeTruthy()
  })
})

describe('WithBindings for the other needs', () => {
  it('waits for the module it names only as the loader says it must', async () => {
    const { loader, ui } = manualLoader(['account', 'walletConnect'])
    ui(<WithBindings needs="connectFlow">Connecting view</WithBindings>)
    expect(screen.getByRole('status').textContent).toBe('Loading…')
    expect(loader.load).toHaveBeenCalledWith('connectFlow')
    cleanup()
    ui(<WithBindings needs="walletConnect">All wallets</WithBindings>)
    expect(screen.getByText('All wallets')).toBeTruthy()
    cleanup()
    const loaded = vi.spyOn(loader, 'loaded')
    ui(<WithBindings needs="swap">Swap view</WithBindings>)
    expect(loaded).toHaveBeenCalledWith('swap')
    expect(loader.load).toHaveBeenCalledWith('swap')
    expect(loader.load).not.toHaveBeenCalledWith('account')
  })
})

describe('ViewBoundary', () => {
  it('keeps a throwing view inside the panel and retries it after onRetry', async () => {
    let broken = true
    const onRetry = vi.fn(() => {
      broken = false
    })
    function Flaky() {
      if (broken) throw new Error('chunk failed')
      return <p>Recovered view</p>
    }
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const onError = vi.fn()
    render(
      <ViewBoundary resetKey="Account" onRetry={onRetry} onError={onError}>
        <Flaky />
      </ViewBoundary>,
    )
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong.')
    expect(onError).toHaveBeenCalledWith(new Error('chunk failed'))
    fireEvent.click(screen.getByTestId('view-retry'))
    expect(onRetry).toHaveBeenCalledTimes(1)
    expect(await screen.findByText('Recovered view')).toBeTruthy()
    vi.restoreAllMocks()
  })

  it('a new view starts without the last view’s error', () => {
    function Broken(): never {
      throw new Error('boom')
    }
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { rerender } = render(
      <ViewBoundary resetKey="Account" onRetry={() => {}} onError={() => {}}>
        <Broken />
      </ViewBoundary>,
    )
    expect(screen.getByTestId('view-error')).toBeTruthy()
    rerender(
      <ViewBoundary resetKey="Networks" onRetry={() => {}} onError={() => {}}>
        <p>Networks view</p>
      </ViewBoundary>,
    )
    expect(screen.queryByTestId('view-error')).toBeNull()
    expect(screen.getByText('Networks view')).toBeTruthy()
    vi.restoreAllMocks()
  })
})
