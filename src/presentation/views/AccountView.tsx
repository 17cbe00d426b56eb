import { useObservableState } from 'observable-hooks'
import { ConnectionStore } from '../../application/connection-store'
import { ModalStore } from '../../application/modal-store'
import { ModalConfig } from '../../application/modal-services'
import { IdentityStore } from '../../application/account/identity-store'
import { DEFAULT_REMOTE_FEATURES } from '../../domain/constants'
import { supportsCapability } from '../../domain/network/network-support'
import { NetworksStore } from '../../application/networks/networks-store'
import { Button, DisconnectButton, NetworkIcon, Notice, useStore } from '../components'
import { useService } from '../di-context'
import { AccountHeader } from './account/AccountHeader'
import { AccountTabs } from './account/AccountTabs'
import { AccountTypeSwitch } from './account/AccountTypeSwitch'
import { accountTypeChoices } from '../../application/account/switch-account-type'
import { AccountChooser } from './account/AccountChooser'
import { accountChoices } from '../../application/account/choose-account'
import { EmbeddedEmail } from './account/EmbeddedEmail'
import { EmbeddedAccountType } from './account/EmbeddedAccountType'
import { AUTH_CONNECTOR_ID } from '../../domain/connection/connectors'
import accountCss from '../styles/account.css?inline'
import { useAreaStyles } from '../styles/area-styles'
import { useI18n } from '../i18n/i18n'
import { addEnglish } from '../i18n/i18n'
import { shared } from '../i18n/messages/shared'
import { account } from '../i18n/messages/account'
import { email } from '../i18n/messages/email'
import { social } from '../i18n/messages/social'

// This view's texts come with its chunk (../i18n/english.ts).
addEnglish(account, email, social, shared)

/** The sessions view's chunk, named here rather than in the shell's registry: it opens from Account only. */
export const loadSessionList = () => import('./sessions').then((m) => ({ default: m.SmartSessionListView }))

/** Who the visitor is, what they hold and on which network (spec section 2). */
export default function AccountView() {
  useAreaStyles(accountCss)
  const connectionStore = useService(ConnectionStore)
  const connection = useObservableState(connectionStore.state$, () => connectionStore.snapshot)
  const networks = useStore(useService(NetworksStore))
  const modal = useService(ModalStore)
  const config = useService(ModalConfig)
  const identity = useStore(useService(IdentityStore))
  const { t } = useI18n()

  if (connection.status !== 'connected') {
    return (
      <div className="wg-view" data-testid="view-Account">
        <Notice
          title={t('shell.noWalletConnected')}
          message={t('account.connectToSee')}
          actions={<Button onClick={() => modal.reset('Connect')}>{t('account.connectWallet')}</Button>}
        />
      </div>
    )
  }

  const networkName = networks.activeNetwork?.name ?? t('account.unsupportedNetwork')
  // Spec section 9: balances (and so tokens, NFTs, activity) and sends only where the family has them.
  const holds = supportsCapability('balance', connection.namespace)
  // Buying comes first in the wallet feature order (onramp, swaps, receive, send; spec section 9).
  const canBuy =
    config.features.onramp !== false && DEFAULT_REMOTE_FEATURES.onramp !== false && supportsCapability('onramp', connection.namespace)
  // Names are eip155 only; offered while the account has none.
  const canChooseName =
    supportsCapability('names', connection.namespace) && identity.status === 'ready' && identity.identity.name === null
  // Swaps are an eip155 feature (the convert calls); on by default, as in the spec's remote features.
  const swapsOn = config.features.swaps !== false && connection.namespace === 'eip155'
  // Bitcoin's payment / ordinals switch, when the wallet shared both addresses; the embedded wallet's smart account / EOA.
  const accountTypes = accountTypeChoices(connection)
  // A polkadot extension's named accounts, when it shared more than one.
  const accounts = accountChoices(connection)
  return (
    <div className="wg-view wg-account" data-testid="view-Account">
      <AccountHeader address={connection.address} showBalance={holds} />
      {connection.connectorId === AUTH_CONNECTOR_ID && <EmbeddedEmail />}
      {connection.connectorId === AUTH_CONNECTOR_ID && <EmbeddedAccountType accountType={connection.accountType} />}
      {accountTypes.length > 0 && <AccountTypeSwitch active={connection.accountType} choices={accountTypes} />}
      {accounts.length > 0 && <AccountChooser active={connection.address} accounts={accounts} />}
      <div className="wg-account-actions">
        <Button
          variant="secondary"
          onClick={() => modal.push('Networks')}
          data-testid="account-network-button"
        >
          <NetworkIcon name={networkName} imageUrl={networks.activeNetwork?.assets?.imageUrl} size="sm" />
          <bdi data-i18n-data="">{networkName}</bdi>
          <span className="wg-visually-hidden">{t('account.changeNetwork')}</span>
        </Button>
        {canBuy && (
          <Button variant="secondary" onClick={() => modal.push('OnRamp')} data-testid="account-buy">
            {t('account.buy')}
          </Button>
        )}
        {/* The spec's wallet feature order: onramp, swaps, receive, send. */}
        {swapsOn && (
          <Button variant="secondary" onClick={() => modal.push('Swap')} data-testid="account-swap">
            {t('account.swap')}
          </Button>
        )}
        <Button variant="secondary" onClick={() => modal.push('WalletReceive')} data-testid="account-receive">
          {t('account.receive')}
        </Button>
        {supportsCapability('send', connection.namespace) && (
          <Button variant="secondary" onClick={() => modal.push('Send')} data-testid="account-send">
            {t('account.send')}
          </Button>
        )}
      </div>
      {/* Smart sessions: the smart account's session keys, when the host turned the feature on. */}
      {config.features.smartSessions === true && connection.namespace === 'eip155' && connection.accountType === 'smartAccount' && (
        <Button variant="ghost" onClick={() => modal.push('SmartSessionList')} data-testid="account-sessions">
          {t('account.sessions')}
        </Button>
      )}
      {canChooseName && (
        <Button variant="ghost" onClick={() => modal.push('RegisterAccountName')} data-testid="account-choose-name">
          {t('account.chooseName')}
        </Button>
      )}
      {holds && <AccountTabs />}
      <DisconnectButton />
    </div>
  )
}
