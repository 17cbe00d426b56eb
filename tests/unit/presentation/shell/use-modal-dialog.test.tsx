// @vitest-environment jsdom
import { act, cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useModalDialog } from '../../../../src/presentation/shell/use-modal-dialog'

afterEach(cleanup)

/** A bare shell over the hook: a dialog (or a section inline) holding a panel with a title and two buttons. */
function Shell(props: { open: boolean; embedded?: boolean; view?: string; root: ShadowRoot; close: () => void; autofocus?: boolean }) {
  const embedded = props.embedded ?? false
  const [dialogRef, panelRef, titleRef, onKeyDown] = useModalDialog(props.open, embedded, props.view ?? 'Connect', props.root, props.close)
  const panel = (
    <div ref={panelRef}>
      <h2 ref={titleRef} tabIndex={-1} data-testid="title">
        {props.view}
      </h2>
      <button type="button" data-testid="first">
        first
      </button>
      {props.autofocus === true && <input data-autofocus data-testid="search" />}
      <button type="button" data-testid="last">
        last
      </button>
    </div>
  )
  if (embedded) return <section onKeyDown={onKeyDown} data-testid="modal">{panel}</section>
  return (
    <dialog ref={dialogRef} onKeyDown={onKeyDown} data-testid="modal">
      {props.open && panel}
    </dialog>
  )
}

function page() {
  const host = document.createElement('div')
  document.body.append(host)
  const root = host.attachShadow({ mode: 'open' })
  const opener = document.createElement('button')
  document.body.append(opener)
  return { root, opener, done: () => (host.remove(), opener.remove()) }
}

describe('useModalDialog', () => {
  it('shows the dialog modal while open and gives focus back to its opener when it closes', () => {
    const { root, opener, done } = page()
    const close = vi.fn()
    opener.focus()
    const { getByTestId, rerender } = render(<Shell open={false} root={root} close={close} />)
    const dialog = getByTestId('modal') as HTMLDialogElement
    const showModal = vi.spyOn(dialog, 'showModal')
    expect(dialog.open).toBe(false)

    rerender(<Shell open root={root} close={close} />)
    expect(showModal).toHaveBeenCalledOnce()
    expect(dialog.open).toBe(true)
    getByTestId('first').focus()

    rerender(<Shell open={false} root={root} close={close} />)
    expect(dialog.open).toBe(false)
    expect(document.activeElement).toBe(opener)
    done()
  })

  it('asks to close on Escape and keeps the keydown from the dialog; inline, Escape is the page’s', () => {
    const { root, done } = page()
    const close = vi.fn()
    const { getByTestId, rerender } = render(<Shell open root={root} close={close} />)
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })
    getByTestId('first').dispatchEvent(escape)
    expect(close).toHaveBeenCalledOnce()
    expect(escape.defaultPrevented).toBe(true)

    rerender(<Shell open root={root} close={close} embedded />)
    fireEvent.keyDown(getByTestId('first'), { key: 'Escape' })
    expect(close).toHaveBeenCalledOnce()
    done()
  })

  it('moves focus into the panel when the view changes: to the marked control, else to the title', () => {
    const { root, done } = page()
    const close = vi.fn()
    const { getByTestId, rerender } = render(<Shell open root={root} close={close} view="Connect" />)
    rerender(<Shell open root={root} close={close} view="AllWallets" autofocus />)
    expect(document.activeElement).toBe(getByTestId('search'))
    rerender(<Shell open root={root} close={close} view="WhatIsAWallet" />)
    expect(document.activeElement).toBe(getByTestId('title'))
    done()
  })

  it('brings focus dropped to the page back to the title', async () => {
    const { root, done } = page()
    const { getByTestId } = render(<Shell open root={root} close={vi.fn()} />)
    const first = getByTestId('first')
    first.focus()
    await act(async () => {
      first.blur()
    })
    expect(document.activeElement).toBe(getByTestId('title'))
    done()
  })
})
