import { useObservableState } from 'observable-hooks'
import { EmbeddedSessionToken } from '../../../application/embedded-wallet/tokens'
import type { AccountType } from '../../../domain/entities'
import { useService } from '../../di-context'
import { useI18n } from '../../i18n/i18n'

/**
 * The embedded wallet's account type (its smart account or its EOA) and, for the smart account,
 * whether it is deployed yet: its first transaction deploys it.
 */
export function EmbeddedAccountType({ accountType }: { accountType: AccountType | undefined }) {
  const session = useService(EmbeddedSessionToken)
  const smart = useObservableState(session.smartAccount$, null)
  const { t } = useI18n()
  if (accountType !== 'smartAccount' && accountType !== 'eoa') return null
  return (
    <p className="wg-muted wg-account-kind" data-testid="account-kind">
      <span data-testid="account-kind-type">{t(accountType === 'smartAccount' ? 'account.type.smartAccount' : 'account.type.eoa')}</span>
      {accountType === 'smartAccount' && smart !== null && (
        <span data-testid="account-smart-deployed">
          {' · '}
          {t(smart.isDeployed ? 'account.smartDeployed' : 'account.smartNotDeployed')}
        </span>
      )}
    </p>
  )
}
