import { useState } from 'react'
import { useObservableState } from 'observable-hooks'
import { DisconnectAccount } from '../../application/account/disconnect-account'
import { ConnectionStore } from '../../application/connection-store'
import { chainFamilyLabel } from '../../domain/connection/connectors'
import { disconnectGroups } from '../../domain/connection/disconnect-groups'
import type { ChainNamespace } from '../../domain/entities'
import { useService } from '../di-context'
import { Button } from './Button'
import { useI18n } from '../i18n/i18n'
import { addEnglish } from '../i18n/i18n'
import { shared } from '../i18n/messages/shared'

// Its texts come with it (../i18n/english.ts).
addEnglish(shared)

/**
 * Ends the wallet session; shows progress while the wallet lets go. With wallets of several chain
 * families connected (two wallets, or a wallet and a WalletConnect session) it asks which: one of
 * them, or all.
 */
export function DisconnectButton() {
  const disconnect = useService(DisconnectAccount)
  const connection = useService(ConnectionStore)
  useObservableState(connection.accounts$)
  const [leaving, setLeaving] = useState<string | undefined>(undefined)
  const [asking, setAsking] = useState(false)
  const { t } = useI18n()
  const groups = disconnectGroups(connection.connectedNamespaces.flatMap((namespace) => connection.account(namespace) ?? []))
  const leave = (key: string, namespaces?: readonly ChainNamespace[]) => {
    setLeaving(key)
    void disconnect(namespaces).finally(() => {
      setLeaving(undefined)
      setAsking(false)
    })
  }
  if (!asking || groups.length < 2) {
    return (
      <Button
        variant="ghost"
        fullWidth
        loading={leaving !== undefined}
        data-testid="disconnect-button"
        onClick={() => (groups.length < 2 ? leave('all') : setAsking(true))}
      >
        {t('shell.disconnect')}
      </Button>
    )
  }
  return (
    <div className="wg-disconnect-choice" style={{ display: 'grid', gap: 8 }} role="group" aria-label={t('shell.disconnectWhich')} data-testid="disconnect-choice">
      <p className="wg-muted">{t('shell.disconnectWhich')}</p>
      {groups.map((namespaces) => {
        const key = namespaces.join('+')
        return (
          <Button
            key={key}
            variant="secondary"
            fullWidth
            loading={leaving === key}
            disabled={leaving !== undefined}
            data-testid={`disconnect-${key}`}
            onClick={() => leave(key, namespaces)}
          >
            {t('shell.disconnectFamily', { family: namespaces.map(chainFamilyLabel).join(' + ') })}
          </Button>
        )
      })}
      <Button variant="danger" fullWidth loading={leaving === 'all'} disabled={leaving !== undefined} data-testid="disconnect-all" onClick={() => leave('all')}>
        {t('shell.disconnectAll')}
      </Button>
      <Button variant="ghost" fullWidth disabled={leaving !== undefined} data-testid="disconnect-cancel" onClick={() => setAsking(false)}>
        {t('shell.cancel')}
      </Button>
    </div>
  )
}
