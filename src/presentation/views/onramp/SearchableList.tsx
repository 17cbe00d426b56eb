import { useEffect, useState, type ReactNode } from 'react'
import { ModalStore } from '../../../application/modal-store'
import { BuyCrypto } from '../../../application/onramp/buy-crypto'
import { List, useStore } from '../../components'
import { PickerSearch } from '../swap/PickerSearch'
import { useService } from '../../di-context'
import sendCss from '../../styles/send.css?inline'
import { useAreaStyles } from '../../styles/area-styles'
import { useI18n } from '../../i18n/i18n'
import { backToOnRamp } from './back-to-onramp'

/**
 * What an on-ramp picker works with: the purchase form (loaded when the picker was opened straight
 * from a host page), its search text, and `done`, which goes back to the form after a pick.
 */
export function useOnRampPicker() {
  useAreaStyles(sendCss)
  const buy = useService(BuyCrypto)
  const state = useStore(buy)
  const modal = useService(ModalStore)
  const [query, setQuery] = useState('')
  const i18n = useI18n()
  useEffect(() => void buy.start(), [buy])
  return { buy, state, query, setQuery, i18n, t: i18n.t, done: () => backToOnRamp(modal) }
}

/** A picker's body: its search (focused when it opens), then its rows, or "nothing matches" in words. */
export function SearchableList(props: { view: string; part: string; searchLabel: string; listLabel: string; query: string; onQuery: (text: string) => void; empty: boolean; children: ReactNode }) {
  const { t } = useI18n()
  return (
    <div className="wg-view wg-send" data-testid={`view-${props.view}`}>
      <PickerSearch label={props.searchLabel} value={props.query} onChange={props.onQuery} testId={`onramp-${props.part}-search`} />
      {props.empty ? (
        <p className="wg-muted" role="status" data-testid={`onramp-${props.part}-no-match`}>
          {t('onramp.noMatch', { query: props.query.trim() })}
        </p>
      ) : (
        <List label={props.listLabel} testId={`onramp-${props.part}-list`}>
          {props.children}
        </List>
      )}
    </div>
  )
}
