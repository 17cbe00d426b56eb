import { useObservableState } from 'observable-hooks'
import { SnackStore } from '../../application/snack-store'
import { useService } from '../di-context'
import { safeWebLink } from '../../domain/validation/safe-links'
import { Spinner } from './Spinner'
import { CHECK_MARK } from '../../domain/format/glyphs'

const ICONS = { success: CHECK_MARK, error: '!', loading: '' } as const

/**
 * The modal's snack (spec section 3), shown over the header's title where it covers no control. The live region is always in the DOM so screen readers
 * announce each new message; the message itself is `data-testid="snack"`.
 */
export function Snackbar() {
  const store = useService(SnackStore)
  const snack = useObservableState(store.snack$, () => store.snapshot)
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
          <span className="wg-snack-message">{snack.message}</span>
          {link !== undefined && (
            <a className="wg-link wg-snack-link" href={link} target="_blank" rel="noopener noreferrer" data-testid="snack-link">
              View
            </a>
          )}
        </div>
      )}
    </div>
  )
}
