import { ModalStore } from '../../../application/modal-store'
import { RegisterAccountName } from '../../../application/names/register-account-name'
import { Button, Notice, useStore } from '../../components'
import { useService } from '../../di-context'
import { useI18n } from '../../i18n/i18n'
import { addEnglish } from '../../i18n/i18n'
import { names } from '../../i18n/messages/names'

// Its texts come with it, in this area's chunk (../../i18n/english.ts; not in the area's index, which a bundler may leave out).
addEnglish(names)

/** RegisterAccountNameSuccess (spec section 2): the name is the account's now. */
export default function RegisterAccountNameSuccessView() {
  const state = useStore(useService(RegisterAccountName))
  const modal = useService(ModalStore)
  const { t } = useI18n()
  const name = state.submit.status === 'registered' ? state.submit.name : undefined
  return (
    <div className="wg-view" data-testid="view-RegisterAccountNameSuccess">
      <Notice
        announce
        tone="success"
        title={t('names.registered')}
        message={name === undefined ? t('names.registeredText') : t('names.nowYours', { name })}
        actions={
          <Button variant="primary" onClick={() => modal.reset('Account')} data-testid="name-success-done">
            {t('names.backToAccount')}
          </Button>
        }
      />
    </div>
  )
}
