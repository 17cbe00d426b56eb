import { useState } from 'react'
import { DisconnectAccount } from '../../application/account/disconnect-account'
import { useService } from '../di-context'
import { Button } from './Button'
import { useI18n } from '../i18n/i18n'
import { addEnglish } from '../i18n/i18n'
import { shared } from '../i18n/messages/shared'

// Its texts come with it (../i18n/english.ts).
addEnglish(shared)

/** Ends the wallet session; shows progress while the wallet lets go. */
export function DisconnectButton() {
  const disconnect = useService(DisconnectAccount)
  const [leaving, setLeaving] = useState(false)
  const { t } = useI18n()
  return (
    <Button
      variant="ghost"
      fullWidth
      loading={leaving}
      data-testid="disconnect-button"
      onClick={() => {
        setLeaving(true)
        void disconnect().finally(() => setLeaving(false))
      }}
    >
      {t('shell.disconnect')}
    </Button>
  )
}
