import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react'

/** The view's own loading placeholder (its chunk or its bindings still on the way), not a list inside it. */
const VIEW_PLACEHOLDER = ':scope > [data-wg-placeholder]'

/**
 * Holds the height of its content as an explicit length, so the panel eases to a new search
 * result's or a loaded list's height (a CSS transition; none under reduced motion) instead of
 * jumping. A new view takes its height at once, before it is painted: its buttons are where they
 * will stay from the first frame, never sliding under a pointer that is already on its way. That
 * holds too for a view that first shows its loading placeholder: the view replacing it takes its
 * height at once, since easing from the placeholder's height would move the view's buttons while
 * a visitor (or a test's click) aims at them.
 */
export function FitHeight({ children, view }: { readonly children: ReactNode; readonly view: string }) {
  const outer = useRef<HTMLDivElement>(null)
  const inner = useRef<HTMLDivElement>(null)
  const placeholder = useRef(false)
  useLayoutEffect(() => {
    const box = outer.current
    const content = inner.current
    if (box === null || content === null) return
    placeholder.current = content.querySelector(VIEW_PLACEHOLDER) !== null
    jumpTo(box, content.offsetHeight)
  }, [view])
  useEffect(() => {
    const box = outer.current
    const content = inner.current
    if (box === null || content === null || typeof ResizeObserver === 'undefined') return
    let frame = 0
    // Set in the next frame: a scroll bar the new height brings narrows the content, and resizing
    // it inside the same delivery would be a ResizeObserver loop.
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => {
        const wasPlaceholder = placeholder.current
        placeholder.current = content.querySelector(VIEW_PLACEHOLDER) !== null
        if (wasPlaceholder && !placeholder.current) jumpTo(box, content.offsetHeight)
        else box.style.height = `${content.offsetHeight}px`
      })
    })
    observer.observe(content)
    return () => {
      cancelAnimationFrame(frame)
      observer.disconnect()
    }
  }, [])
  return (
    <div className="wg-fit" ref={outer} data-testid="modal-fit">
      <div ref={inner}>{children}</div>
    </div>
  )
}

/** Sets the height without the transition. */
function jumpTo(box: HTMLElement, height: number): void {
  box.style.transition = 'none'
  box.style.height = `${height}px`
  // Read back so the jump is laid out before the transition is restored.
  void box.offsetHeight
  box.style.transition = ''
}
