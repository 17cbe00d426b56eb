import { Suspense, useEffect, useId, useRef, type KeyboardEvent, type MouseEvent } from 'react'
import { useObservableState } from 'observable-hooks'
import { AlertStore } from '../application/alert-store'
import { ModalStore } from '../application/modal-store'
import { ThemeStore } from '../application/theme-store'
import { useService } from './di-context'
import { VIEWS } from './views/registry'
import { viewTitle } from './views/titles'

export interface ModalRootProps {
  /** Inline in the host's element instead of an overlay dialog. */
  readonly embedded: boolean
  /** The shadow root the modal lives in, to find the focused element across the boundary. */
  readonly root: ShadowRoot
}

export function ModalRoot({ embedded, root }: ModalRootProps) {
  const modal = useService(ModalStore)
  const theme = useService(ThemeStore)
  const alerts = useService(AlertStore)
  const state = useObservableState(modal.state$, () => modal.snapshot)
  const mode = useObservableState(theme.mode$, () => theme.mode)
  const alert = useObservableState(alerts.alert$, () => alerts.alert)
  const dialogRef = useRef<HTMLDialogElement>(null)
  const openerRef = useRef<HTMLElement | null>(null)
  const titleId = useId()

  const view = state.history[state.history.length - 1] ?? 'Connect'
  const canGoBack = state.history.length > 1
  const View = VIEWS[view]

  useEffect(() => {
    const dialog = dialogRef.current
    if (embedded || dialog === null) return
    if (state.open && !dialog.open) {
      openerRef.current = deepActiveElement(root.host.ownerDocument)
      dialog.showModal()
    } else if (!state.open && dialog.open) {
      dialog.close()
      openerRef.current?.focus()
      openerRef.current = null
    }
  }, [embedded, root, state.open])

  const close = () => modal.close()

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      // Chromium force-closes a <dialog> on a repeated Escape unless the keydown is prevented.
      event.preventDefault()
      event.stopPropagation()
      close()
    }
  }

  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close()
  }

  const panel = (
    <div className="wg-panel">
      <header className="wg-header">
        {canGoBack ? (
          <button type="button" className="wg-icon-button" aria-label="Back" onClick={() => modal.goBack()}>
            ‹
          </button>
        ) : (
          <span />
        )}
        <h2 className="wg-title" id={titleId}>
          {viewTitle(view)}
        </h2>
        {embedded && !canGoBack ? (
          <span />
        ) : (
          <button type="button" className="wg-icon-button" aria-label="Close" data-testid="modal-close" onClick={close}>
            ×
          </button>
        )}
      </header>
      {alert !== null && (
        <p className="wg-alert" role="alert" data-testid="alert">
          <strong>{alert.shortMessage}</strong> {alert.longMessage}
        </p>
      )}
      <div className="wg-body">
        <Suspense fallback={<p className="wg-loading">Loading…</p>}>
          {View === undefined ? (
            <p className="wg-muted" data-testid={`view-${view}`}>
              This view is not available in this version.
            </p>
          ) : (
            <View />
          )}
        </Suspense>
      </div>
    </div>
  )

  const themeClass = `wg-theme-${mode}`
  if (embedded) {
    return (
      <section className={`wg-embedded ${themeClass}`} aria-labelledby={titleId} data-testid="modal">
        {panel}
      </section>
    )
  }
  return (
    <dialog
      ref={dialogRef}
      className={`wg-dialog ${themeClass}`}
      aria-labelledby={titleId}
      aria-modal="true"
      data-testid="modal"
      onKeyDown={onKeyDown}
      onCancel={(event) => event.preventDefault()}
      onClick={onBackdropClick}
    >
      {state.open && panel}
    </dialog>
  )
}

/** The focused element, looking through open shadow roots (`document.activeElement` stops at a host). */
function deepActiveElement(doc: Document): HTMLElement | null {
  let active: Element | null = doc.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active instanceof HTMLElement ? active : null
}
