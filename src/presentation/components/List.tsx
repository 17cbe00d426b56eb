import type { KeyboardEvent, ReactNode } from 'react'

export interface ListProps {
  /** Accessible name of the list (e.g. "Installed wallets"). */
  readonly label: string
  readonly children: ReactNode
  readonly className?: string
  readonly testId?: string
}

/**
 * A vertical list of actions. Arrow Up/Down move focus between its rows' buttons and links, Home and
 * End jump to the first and last; Tab still leaves the list as usual.
 */
export function List({ label, children, className, testId }: ListProps) {
  return (
    <ul
      className={`wg-list${className === undefined ? '' : ` ${className}`}`}
      aria-label={label}
      data-testid={testId}
      onKeyDown={moveFocusWithArrows}
    >
      {children}
    </ul>
  )
}

export interface ListRowProps {
  readonly children: ReactNode
}

export function ListRow({ children }: ListRowProps) {
  return <li className="wg-list-row">{children}</li>
}

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled])'

/** Arrow-key focus movement among the focusable elements of `event.currentTarget`. */
export function moveFocusWithArrows(event: KeyboardEvent<HTMLElement>): void {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End']
  if (!keys.includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) return
  const target = event.target as HTMLElement
  if (target.tagName === 'INPUT' && (event.key === 'Home' || event.key === 'End')) return
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.tagName !== 'INPUT' || el === target,
  )
  if (items.length === 0) return
  const index = items.findIndex((el) => el === target || el.contains(target))
  let next: number
  if (event.key === 'Home') next = 0
  else if (event.key === 'End') next = items.length - 1
  else if (event.key === 'ArrowDown') next = index < 0 ? 0 : Math.min(items.length - 1, index + 1)
  else next = index < 0 ? 0 : Math.max(0, index - 1)
  event.preventDefault()
  items[next]?.focus()
}
