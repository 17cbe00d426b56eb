import { ModalStore } from '../../application/modal-store'
import { Button } from '../components'
import { useService } from '../di-context'
import { addEnglish, useI18n } from '../i18n/i18n'
import { connecting } from '../i18n/messages/connecting'

// This view's texts come with its chunk (../i18n/english.ts): few visitors open it, so the page
// carries none of them before the modal opens.
addEnglish(connecting)

/** Set here, in the view's own chunk, rather than in the stylesheet the page loads before the modal opens. */
const ANSWER = { margin: '4px 4px 12px', lineHeight: 1.5 } as const

/** Connect's "What is a wallet?": the answer in plain words, and the way to get one. */
export default function WhatIsAWalletView() {
  const modal = useService(ModalStore)
  const { t } = useI18n()
  return (
    <div className="wg-view" data-testid="view-WhatIsAWallet">
      <p style={ANSWER}>{t('connect.whatIsWalletText')}</p>
      <Button variant="primary" fullWidth onClick={() => modal.push('AllWallets')} data-testid="help-get-wallet">
        {t('connect.getWallet')}
      </Button>
    </div>
  )
}
