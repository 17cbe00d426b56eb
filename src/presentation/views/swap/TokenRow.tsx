import { ListItem, ListRow, SafeImage } from '../../components'

export interface TokenRowProps {
  readonly symbol: string
  readonly name: string
  readonly iconUrl?: string | undefined
  /** What the account holds, as text (data), if known. */
  readonly holding?: string | undefined
  /** Its value in the display currency, as text, if known. */
  readonly value?: string | undefined
  /** The row's mark when it is the current choice ("Selected"), in words, not by colour alone. */
  readonly currentTag?: string | undefined
  readonly onPick: () => void
  readonly testId: string
}

/**
 * One token a picker offers: icon, symbol, name, and what the account holds of it. The symbol and
 * name come from a token list anyone may publish to: each is rendered as text in its own bidi
 * isolate, so markup shows as text and a direction override cannot reorder the rest of the row.
 */
export function TokenRow({ symbol, name, iconUrl, holding, value, currentTag, onPick, testId }: TokenRowProps) {
  const trailing =
    holding === undefined && currentTag === undefined ? undefined : (
      <span className="wg-token-trailing">
        {holding !== undefined && (
          <bdi className="wg-token-holding" data-i18n-data="">
            {holding}
          </bdi>
        )}
        {value !== undefined && (
          <bdi className="wg-token-fiat" data-i18n-data="">
            {value}
          </bdi>
        )}
        {currentTag !== undefined && <span className="wg-tag">{currentTag}</span>}
      </span>
    )
  return (
    <ListRow>
      <ListItem
        label={symbol}
        labelIsData
        description={name}
        descriptionIsData
        leading={<SafeImage src={iconUrl} fallbackText={symbol} />}
        trailing={trailing}
        onClick={onPick}
        testId={testId}
      />
    </ListRow>
  )
}
