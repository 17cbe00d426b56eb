// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Skeleton } from '../../../../src/presentation/components'
import { FitHeight } from '../../../../src/presentation/FitHeight'

/** A ResizeObserver jsdom lacks, delivered by hand; and heights jsdom does not lay out, set per element. */
let observed: Array<() => void> = []
const frames: FrameRequestCallback[] = []
const heightOf = new WeakMap<Element, number>()
/** Every height the panel was given, with whether its transition was off at that moment. */
let writes: Array<{ height: string; jump: boolean }> = []

beforeEach(() => {
  observed = []
  writes = []
  frames.length = 0
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: () => void) {}
      observe() {
        observed.push(() => this.callback())
      }
      disconnect() {}
    },
  )
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb))
  vi.stubGlobal('cancelAnimationFrame', () => undefined)
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      // The inner box's height is its content's: the placeholder is short, the view tall.
      if (this.parentElement?.classList.contains('wg-fit') === true) {
        return this.querySelector('[data-wg-placeholder]') !== null ? 120 : 480
      }
      return heightOf.get(this) ?? 0
    },
  })
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  Reflect.deleteProperty(HTMLElement.prototype, 'offsetHeight')
})

/** Records each height written to the panel and whether the transition was off for it. */
function watch(panel: HTMLElement) {
  const style = panel.style
  let height = ''
  Object.defineProperty(style, 'height', {
    configurable: true,
    get: () => height,
    set: (value: string) => {
      height = value
      writes.push({ height: value, jump: style.transition === 'none' })
    },
  })
}

function resize() {
  act(() => {
    for (const deliver of observed) deliver()
    for (const frame of frames.splice(0)) frame(0)
  })
}

function Harness({ initial }: { readonly initial: 'placeholder' | 'list' }) {
  const [state, setState] = useState(initial)
  return (
    <FitHeight view="UnsupportedChain">
      {state === 'placeholder' ? (
        <Skeleton label="Loading…" placeholder />
      ) : state === 'list' ? (
        <Skeleton label="Loading networks…" />
      ) : (
        <div>view</div>
      )}
      <button type="button" onClick={() => setState('view' as never)}>
        done
      </button>
    </FitHeight>
  )
}

describe('FitHeight', () => {
  it('jumps to the view that replaces its loading placeholder, so the view’s buttons do not slide under the pointer', () => {
    render(<Harness initial="placeholder" />)
    const panel = screen.getByTestId('modal-fit')
    watch(panel)
    act(() => screen.getByText('done').click())
    resize()
    expect(writes).toEqual([{ height: '480px', jump: true }])
  })

  it('eases to a new height inside a view (a list inside it loading is not the view’s placeholder)', () => {
    render(<Harness initial="list" />)
    const panel = screen.getByTestId('modal-fit')
    watch(panel)
    act(() => screen.getByText('done').click())
    resize()
    expect(writes).toEqual([{ height: '480px', jump: false }])
  })
})
