import { SafeImage } from './SafeImage'

export interface NetworkIconProps {
  /** The network's name: its initial is drawn when there is no image. */
  readonly name: string
  /** The configured `imageUrl`, untrusted like every image. */
  readonly imageUrl?: string | undefined
  readonly size?: 'sm' | 'md'
}

/** A hue from the name, so networks without an image still look apart. */
function hueOf(name: string): number {
  let hash = 0
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 360
  return hash
}

/**
 * A network's icon: its configured image, or a round badge in the network's own colour with its
 * initial (drawn here: no request). Decorative: the network's name is always next to it.
 */
export function NetworkIcon({ name, imageUrl, size = 'md' }: NetworkIconProps) {
  if (imageUrl !== undefined) return <SafeImage src={imageUrl} fallbackText={name} size={size} className="wg-network-icon" />
  const hue = hueOf(name)
  return (
    <svg className={`wg-image wg-image-${size} wg-network-icon`} viewBox="0 0 20 20" aria-hidden="true">
      <circle cx="10" cy="10" r="10" fill={`hsl(${hue} 65% 45%)`} />
      <text x="10" y="14.2" textAnchor="middle" fontSize="12" fontWeight="700" fill="#fff">
        {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
      </text>
    </svg>
  )
}
