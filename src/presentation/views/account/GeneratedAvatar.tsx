import { useMemo } from 'react'
import { avatarPattern } from './avatar'

/** The address's own pattern, where it has no profile image (decorative: the address is shown beside it). */
export function GeneratedAvatar({ address }: { readonly address: string }) {
  const { d, background, foreground } = useMemo(() => avatarPattern(address), [address])
  return (
    <svg className="wg-image wg-image-lg wg-avatar" viewBox="-1 -1 7 7" aria-hidden="true" data-testid="account-avatar-generated">
      <rect x="-1" y="-1" width="7" height="7" fill={background} />
      <path d={d} fill={foreground} />
    </svg>
  )
}
