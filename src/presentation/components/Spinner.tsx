export interface SpinnerProps {
  readonly size?: 'sm' | 'md' | 'lg'
  /** When set, the spinner is announced with this label (role=status); otherwise it is decorative. */
  readonly label?: string
}

/** A CSS spinner (no animation under prefers-reduced-motion: it shows a static ring). */
export function Spinner({ size = 'md', label }: SpinnerProps) {
  if (label === undefined) return <span className={`wg-spinner wg-spinner-${size}`} aria-hidden="true" />
  return (
    <span role="status" className="wg-spinner-wrap">
      <span className={`wg-spinner wg-spinner-${size}`} aria-hidden="true" />
      <span className="wg-visually-hidden">{label}</span>
    </span>
  )
}
