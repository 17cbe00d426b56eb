import type { ReactNode } from 'react'

export interface ListItemProps {
  /** Main text (rendered as text). */
  readonly label: string
  /** The label is data (a wallet's, network's or token's name), not a text of the catalogue: kept left to right where it is. */
  readonly labelIsData?: boolean
  readonly description?: string
  /** The description is data (an amount). */
  readonly descriptionIsData?: boolean
  /** A second line of small marks under the label (a wallet's chain families). */
  readonly details?: ReactNode
  /** Leading visual (an icon, a SafeImage). */
  readonly leading?: ReactNode
  /** A short tag on the right ("Installed", "Recent"). */
  readonly tag?: string
  /** Trailing content instead of a tag (e.g. a chevron or an amount). */
  readonly trailing?: ReactNode
  readonly onClick?: () => void
  /** Renders a link instead of a button (http(s) URLs only; checked by the caller). */
  readonly href?: string
  readonly disabled?: boolean
  readonly testId?: string
  /** Accessible name when it should differ from the visible label. */
  readonly ariaLabel?: string
  readonly ariaDescribedBy?: string
}

/** One full-width row of a list: 56px tall, 44px+ target, focus ring, both themes. */
export function ListItem({
  label,
  labelIsData = false,
  description,
  descriptionIsData = false,
  details,
  leading,
  tag,
  trailing,
  onClick,
  href,
  disabled,
  testId,
  ariaLabel,
  ariaDescribedBy,
}: ListItemProps) {
  const content = (
    <>
      {leading !== undefined && <span className="wg-list-item-leading">{leading}</span>}
      <span className="wg-list-item-text">
        {text('wg-list-item-label', label, labelIsData)}
        {description !== undefined && text('wg-list-item-description', description, descriptionIsData)}
        {details}
      </span>
      {trailing ?? (tag !== undefined && <span className="wg-tag">{tag}</span>)}
    </>
  )
  if (href !== undefined) {
    return (
      <a
        className="wg-list-item"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        data-testid={testId}
        aria-label={ariaLabel}
        aria-describedby={ariaDescribedBy}
      >
        {content}
      </a>
    )
  }
  return (
    <button
      type="button"
      className="wg-list-item"
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
      aria-label={ariaLabel}
      aria-describedby={ariaDescribedBy}
    >
      {content}
    </button>
  )
}

/** A text of the row: data (a name, an amount) in a <bdi>, left to right where it is and left alone by the catalogue test. */
function text(className: string, value: string, isData: boolean) {
  return isData ? (
    <bdi className={className} data-i18n-data="">
      {value}
    </bdi>
  ) : (
    <span className={className}>{value}</span>
  )
}
