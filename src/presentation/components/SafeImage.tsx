import { useState } from 'react'
import { useImageOrigins } from './image-policy'
import { safeImageUrl } from './safe-image-url'

export interface SafeImageProps {
  /** Untrusted: used only after the scheme check of {@link safeImageUrl}. */
  readonly src: string | undefined
  /** Text shown (first letter) when there is no usable image. Rendered as text, never markup. */
  readonly fallbackText: string
  readonly size?: 'sm' | 'md' | 'lg'
  readonly className?: string
}

/**
 * An icon from untrusted metadata: an `<img>` (decorative, `alt=""`: the row names the wallet) or a
 * letter placeholder. Never injected markup, never an `<object>` or inline SVG.
 */
export function SafeImage({ src, fallbackText, size = 'md', className }: SafeImageProps) {
  const origins = useImageOrigins()
  const [failed, setFailed] = useState(false)
  const url = safeImageUrl(src, origins)
  const classes = `wg-image wg-image-${size}${className === undefined ? '' : ` ${className}`}`
  if (url === undefined || failed) {
    return (
      <span className={`${classes} wg-image-placeholder`} aria-hidden="true">
        {Array.from(fallbackText.trim())[0]?.toUpperCase() ?? '?'}
      </span>
    )
  }
  return (
    <img
      className={classes}
      src={url}
      alt=""
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      draggable={false}
      onError={() => setFailed(true)}
    />
  )
}
