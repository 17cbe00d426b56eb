import type { ReactNode } from 'react'
import { ListItem } from './ListItem'
import { SafeImage } from './SafeImage'

export interface WalletRowProps {
  /** `rdns` of an announced wallet or the catalogue id: the row's `data-testid` is `wallet-<key>`. */
  readonly testKey: string
  /** Untrusted wallet name: shown as text only. */
  readonly name: string
  /** Untrusted icon URL: only `data:image/*`, `https:` or a configured origin is shown. */
  readonly imageUrl?: string
  readonly tag?: string
  readonly description?: string
  readonly onClick?: () => void
  /** A "get this wallet" link instead of a button (already checked with safeLinkUrl). */
  readonly href?: string
  readonly disabled?: boolean
  /** Short names of an installed wallet's chain families ("EVM", "Solana"): a badge each, with the tag beside them. */
  readonly families?: readonly string[]
  /** A known mark drawn in place (WalletConnect's), used when the row has no image of its own. */
  readonly icon?: ReactNode
}

/** A wallet in a list: safe icon, name as text, its chain families under it, optional tag ("Installed", "Recent"). */
export function WalletRow({ testKey, name, imageUrl, tag, description, onClick, href, disabled, families, icon }: WalletRowProps) {
  return (
    <ListItem
      testId={`wallet-${testKey}`}
      label={name}
      labelIsData
      description={description}
      tag={families === undefined ? tag : undefined}
      details={
        // Under the name, not beside it, with the row's tag: the whole name stays on its line on a
        // 360 px phone however many families a wallet offers (the badges wrap, the name does not).
        families !== undefined && (
          <span className="wg-chain-badges">
            {families.map((family) => (
              <span key={family} className="wg-chain-badge" data-i18n-data="">
                {family}
              </span>
            ))}
            {tag !== undefined && <span className="wg-tag">{tag}</span>}
          </span>
        )
      }
      leading={icon !== undefined && imageUrl === undefined ? icon : <SafeImage src={imageUrl} fallbackText={name} />}
      onClick={onClick}
      href={href}
      disabled={disabled}
    />
  )
}
