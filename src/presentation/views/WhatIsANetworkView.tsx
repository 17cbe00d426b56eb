import { addEnglish, useI18n } from '../i18n/i18n'
import { networks } from '../i18n/messages/networks'

// This view's texts come with its chunk (../i18n/english.ts), as the Networks view's do.
addEnglish(networks)

/** Set here, in the view's own chunk, rather than in the stylesheet the page loads before the modal opens. */
const ANSWER = { margin: '4px 4px 12px', lineHeight: 1.5 } as const

/** Networks' "What is a network?": the answer in plain words; Back returns to the list. */
export default function WhatIsANetworkView() {
  const { t } = useI18n()
  return (
    <div className="wg-view" data-testid="view-WhatIsANetwork">
      <p style={ANSWER}>{t('networks.whatIsNetworkText')}</p>
    </div>
  )
}
