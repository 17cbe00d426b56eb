import { switchFailure } from '../../application/failure-text'
import { SwitchNetwork } from '../../application/networks/switch-network'
import type { ViewName } from '../../domain/navigation/views'
import { useStore } from '../components'
import { useService } from '../di-context'
import { useI18n } from '../i18n/i18n'
import { errorText } from '../i18n/rules'
import { addEnglish } from '../i18n/i18n'
import { errors } from '../i18n/messages/errors'

// A failed switch is said in the errors' texts, rendered by key.
addEnglish(errors)

/** Says, on the view the visitor is on, that the wallet did not switch networks (and why, in plain words). */
export function SwitchNetworkError({ view }: { view: ViewName }) {
  const state = useStore(useService(SwitchNetwork))
  const i18n = useI18n()
  if (state.status !== 'error' || state.shownOn !== view) return null
  return (
    <p className="wg-form-error" role="alert" data-testid="switch-error">
      {errorText(i18n, state.error, switchFailure(state.error))}
    </p>
  )
}
