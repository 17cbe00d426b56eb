import { useObservableState } from 'observable-hooks'
import { SnackStore } from '../../application/snack-store'
import { useService } from '../di-context'
import { safeWebLink } from '../../domain/validation/safe-links'
import { Spinner } from './Spinner'
import { CHECK_MARK } from '../../domain/format/glyphs'
import { useI18n } from '../i18n/i18n'
import type { MessageKey } from '../i18n/catalogue'

const ICONS = { success: CHECK_MARK, error: '!', loading: '' } as const

/**
 * The modal's snack (spec section 3), shown over the header's title where it covers no control. The live region is always in the DOM so screen readers
 * announce each new message; the message itself is `data-testid="snack"`.
 */
export function Snackbar() {
  const store = useService(SnackStore)
  const snack = useObservableState(store.snack$, () => store.snapshot)
  const i18n = useI18n()
  const link = snack.open ? safeWebLink(snack.link) : undefined
  return (
    <div className="wg-snack-region" role="status" aria-live="polite" aria-atomic="true">
      {snack.open && (
        <div className={`wg-snack wg-snack-${snack.variant}`} data-testid="snack" data-variant={snack.variant}>
          {snack.variant === 'loading' ? (
            <Spinner size="sm" />
          ) : (
            <span className="wg-snack-icon" aria-hidden="true">
              {ICONS[snack.variant]}
            </span>
          )}
          <span className="wg-snack-message">{snack.text === undefined || i18n.text(snack.text.key) === undefined ? snack.message : i18n.t(snack.text.key as MessageKey, snack.text.params)}</span>
          {link !== undefined && (
            <a className="wg-link wg-snack-link" href={link} target="_blank" rel="noopener noreferrer" data-testid="snack-link">
              {i18n.t('shell.snackView')}
            </a>
          )}
        </div>
      )}
    </div>
  )
}
