import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { Spinner } from './Spinner'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: 'primary' | 'secondary' | 'ghost' | 'danger'
  readonly size?: 'md' | 'lg'
  /** Shows a spinner, sets aria-busy and disables the button. */
  readonly loading?: boolean
  readonly fullWidth?: boolean
  readonly children: ReactNode
}

/** The kit's button: 44px minimum target, visible focus, both themes. */
export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  fullWidth = false,
  className,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  const classes = ['wg-button', `wg-button-${variant}`, `wg-button-${size}`]
  if (fullWidth) classes.push('wg-button-full')
  if (className !== undefined) classes.push(className)
  return (
    <button
      {...rest}
      type={type}
      className={classes.join(' ')}
      disabled={disabled === true || loading}
      aria-busy={loading || undefined}
    >
      {loading && <Spinner size="sm" />}
      <span className="wg-button-label">{children}</span>
    </button>
  )
}

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Required: the accessible name of an icon-only button. */
  readonly label: string
  readonly children: ReactNode
}

export function IconButton({ label, className, type = 'button', children, ...rest }: IconButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      aria-label={label}
      title={label}
      className={`wg-icon-button${className === undefined ? '' : ` ${className}`}`}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  )
}
