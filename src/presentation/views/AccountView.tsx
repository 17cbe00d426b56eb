import { ModalStore } from '../../application/modal-store'
import { AccountActions } from '../../application/account/account-actions'
import { NetworksStore } from '../../application/networks/networks-store'
import { Button, DisconnectButton, IconButton, NetworkIcon, useStore } from '../components'
import { NotConnected } from './account/NotConnected'
import { GearIcon } from './account/GearIcon'
import { useService } from '../di-context'
import { AccountHeader } from './account/AccountHeader'
import { AccountTabs } from './account/AccountTabs'
import { AccountTypeSwitch } from './account/AccountTypeSwitch'
import { AccountChooser } from './account/AccountChooser'
import { AddPasskey, EmbeddedEmail, ExportKeys, SignOutEverywhere } from './account/EmbeddedEmail'
import { EmbeddedAccountType } from './account/EmbeddedAccountType'
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
/** The settings view's chunk, likewise named here: the shell's preload map stays as it was. */
export const loadAccountSettings = () => import('./account/AccountSettingsView')

/** The profile's views' chunk, named here for the same reason: Profile opens from Account's header. */
export const loadProfile = (view: 'Profile' | 'ChooseAccountName' | 'SwitchAccountType') => import('./profile').then((m) => ({ default: m[view] }))
/** The Transactions view's chunk, named here for the same reason: it opens from Account's Activity tab (or a host's open()). */
export const loadTransactions = () => import('./activity/TransactionsView')

/** Who the visitor is, what they hold and on which network (spec section 2). */
export default function AccountView() {
  useAreaStyles(accountCss)
  const account = useStore(useService(AccountActions))
  const networks = useStore(useService(NetworksStore))
  const modal = useService(ModalStore)
  const { t } = useI18n()

  if (account.status !== 'connected') return <NotConnected view="Account" />

  const networkName = networks.activeNetwork?.name ?? t('account.unsupportedNetwork')
  // Which actions show is the store's rule (spec sections 2 and 9); their order is the spec's
  // wallet feature order: onramp, swaps, receive, send.
  return (
    <div className="wg-view wg-account" data-testid="view-Account">
      <AccountHeader address={account.address} showBalance={account.balances} onOpenProfile={() => modal.push('Profile')} />
      <IconButton className="wg-account-settings-button" label={t('account.settings.open')} onClick={() => modal.push('AccountSettings')} data-testid="account-settings-button">
        <GearIcon />
      </IconButton>
      {account.embeddedWallet && <EmbeddedEmail />}
      {account.embeddedWallet && <EmbeddedAccountType accountType={account.accountType} />}
      {account.accountTypes.length > 0 && <AccountTypeSwitch active={account.accountType} choices={account.accountTypes} />}
      {account.accounts.length > 0 && <AccountChooser active={account.address} accounts={account.accounts} />}
      <div className="wg-account-actions">
        <Button
          variant="secondary"
          className="wg-account-network"
          onClick={() => modal.push('Networks')}
          data-testid="account-network-button"
        >
          <NetworkIcon name={networkName} imageUrl={networks.activeNetwork?.assets?.imageUrl} size="sm" />
          <bdi data-i18n-data="">{networkName}</bdi>
          <span className="wg-visually-hidden">{t('account.changeNetwork')}</span>
        </Button>
        {account.buy && (
          <Button variant="secondary" onClick={() => modal.push('OnRamp')} data-testid="account-buy">
            {t('account.buy')}
          </Button>
        )}
        {account.swap && (
          <Button variant="secondary" onClick={() => modal.push('Swap')} data-testid="account-swap">
            {t('account.swap')}
          </Button>
        )}
        <Button variant="secondary" onClick={() => modal.push('WalletReceive')} data-testid="account-receive">
          {t('account.receive')}
        </Button>
        {account.send && (
          <Button variant="secondary" onClick={() => modal.push('Send')} data-testid="account-send">
            {t('account.send')}
          </Button>
        )}
      </div>
      {account.regionRestricted && (
        <p className="wg-muted" data-testid="account-region-restricted">
          {t('account.regionRestricted')}
        </p>
      )}
      {account.sessions && (
        <Button variant="ghost" onClick={() => modal.push('SmartSessionList')} data-testid="account-sessions">
          {t('account.sessions')}
        </Button>
      )}
      {account.chooseName && (
        <Button variant="ghost" onClick={() => modal.push('RegisterAccountName')} data-testid="account-choose-name">
          {t('account.chooseName')}
        </Button>
      )}
      {account.balances && <AccountTabs />}
      <DisconnectButton />
      {account.embeddedWallet && <AddPasskey />}
      {account.embeddedWallet && <ExportKeys />}
      {account.embeddedWallet && <SignOutEverywhere />}
    </div>
  )
}
