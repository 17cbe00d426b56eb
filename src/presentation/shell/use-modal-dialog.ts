import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react'
import { trapTab } from './focus-trap'

/** What the shell puts on its elements: the dialog, the panel, the title, and the keys' handler. */
export type ModalDialog = [
  dialog: RefObject<HTMLDialogElement | null>,
  panel: RefObject<HTMLDivElement | null>,
  title: RefObject<HTMLHeadingElement | null>,
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void,
]

/**
 * The modal's dialog and focus. The overlay's `<dialog>` is shown modal while `open` (the top
 * layer: the page behind it is inert) and closed after, when focus goes back to the element that
 * had it; Escape asks to `close`, Tab and Shift+Tab stay in the panel. Inline (`embedded`) the page
 * keeps its own keys. Either way a new view takes focus into the panel, and focus dropped to the
 * page's `<body>` comes back to the title.
 */
export function useModalDialog(open: boolean, embedded: boolean, view: string, root: ShadowRoot, close: () => void): ModalDialog {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const titleRef = useRef<HTMLHeadingElement>(null)
  const openerRef = useRef<HTMLElement | null>(null)
  const shownView = useRef<string | null>(null)
  const visible = embedded || open

  useEffect(() => {
    const dialog = dialogRef.current
    if (embedded || dialog === null) return
    if (open && !dialog.open) {
      openerRef.current = deepActiveElement(root.host.ownerDocument)
      dialog.showModal()
    } else if (!open && dialog.open) {
      dialog.close()
      openerRef.current?.focus()
      openerRef.current = null
    }
  }, [embedded, root, open])

  // A new view takes focus to its title, so keyboard and screen-reader users land in it, unless the
  // view marks the control a visitor starts with (a search box): a view that loads later focuses
  // it itself when it mounts.
  useEffect(() => {
    if (!visible) {
      shownView.current = null
      return
    }
    const previous = shownView.current
    shownView.current = view
    if (previous !== null && previous !== view) {
      ;(panelRef.current?.querySelector<HTMLElement>('[data-autofocus]') ?? titleRef.current)?.focus()
    }
  }, [view, visible])

  // A control that takes itself away ("Try again" giving way to a loading view) would drop the
  // focus to the page's <body>, outside the dialog, where Tab and Escape no longer reach the modal.
  // The title takes it instead, so the visitor stays in the modal.
  useEffect(() => {
    const panelElement = panelRef.current
    if (!visible || panelElement === null) return
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget !== null) return
      queueMicrotask(() => {
        const doc = panelElement.ownerDocument
        const lost = root.activeElement === null && (doc.activeElement === null || doc.activeElement === doc.body)
        if (lost && panelElement.isConnected) titleRef.current?.focus()
      })
    }
    panelElement.addEventListener('focusout', onFocusOut)
    return () => panelElement.removeEventListener('focusout', onFocusOut)
  }, [visible, root])

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && !embedded) {
      // Chromium force-closes a <dialog> on a repeated Escape unless the keydown is prevented.
      event.preventDefault()
      event.stopPropagation()
      close()
    } else if (event.key === 'Tab' && !embedded) {
      trapTab(event, panelRef.current, root)
    }
  }

  return [dialogRef, panelRef, titleRef, onKeyDown]
}

/** The focused element, looking through open shadow roots (`document.activeElement` stops at a host). */
function deepActiveElement(doc: Document): HTMLElement | null {
  let active: Element | null = doc.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active instanceof HTMLElement ? active : null
}
