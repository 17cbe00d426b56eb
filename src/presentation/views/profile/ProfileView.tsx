import { useObservableState } from 'observable-hooks'
import { useEffect } from 'react'
import { addressExplorerUrl } from '../../../application/account/disconnect-account'
import { IdentityStore } from '../../../application/account/identity-store'
import { accountTypeChoices } from '../../../application/account/switch-account-type'
import { ConnectionStore, type ConnectedAccount } from '../../../application/connection-store'
import { ModalStore } from '../../../application/modal-store'
import { NetworksStore } from '../../../application/networks/networks-store'
import { ChooseAccountName } from '../../../application/names/choose-account-name'
import { chainFamilyLabel } from '../../../domain/connection/connectors'
import { supportsCapability } from '../../../domain/network/network-support'
import { safeWebLink } from '../../../domain/validation/safe-links'
import { Button, SafeImage, Section, useCopy, useStore } from '../../components'
import { useService } from '../../di-context'
import { useI18n } from '../../i18n/i18n'
import { GeneratedAvatar } from '../account/GeneratedAvatar'
import { NotConnected } from '../account/NotConnected'
import { NamesList } from './NamesList'

/**
 * Profile: who the visitor is. The avatar, the name it shows (else its address), every connected
 * family's address (copy, explorer), its account type, its names with the primary one marked,
 * and the way to its settings.
 */
export default function ProfileView() {
  const connection = useService(ConnectionStore)
  const active = useStore(connection)
  const accounts = useObservableState(connection.accounts$, () => connection.accounts)
  const identity = useStore(useService(IdentityStore))
  const chooser = useService(ChooseAccountName)
  const names = useStore(chooser)
  const modal = useService(ModalStore)
  const i18n = useI18n()
  const { t } = i18n
  const activeAddress = active.status === 'connected' ? active.caipAddress : undefined
  const hasNames = active.status === 'connected' && supportsCapability('names', active.namespace)

  // The names of the account in use, read anew whenever it changes.
  useEffect(() => {
    if (activeAddress !== undefined && hasNames) void chooser.load()
  }, [chooser, activeAddress, hasNames])

  if (active.status !== 'connected') return <NotConnected area="profile" view="Profile" />

  const name = identity.status === 'ready' ? identity.identity.name : null
  const avatar = identity.status === 'ready' ? identity.identity.avatar : null
  const types = accountTypeChoices(active)
  const others = Object.values(accounts).filter((a): a is ConnectedAccount => a !== undefined && a.namespace !== active.namespace)

  return (
    <div className="wg-view" data-testid="view-Profile">
      <div className="wg-profile-head">
        {avatar === null ? (
          <GeneratedAvatar address={active.address} />
        ) : (
          <SafeImage src={avatar} fallbackText={name ?? active.address.slice(2)} size="lg" className="wg-avatar" />
        )}
        <p className={name === null ? 'wg-profile-title wg-profile-mono' : 'wg-profile-title'} data-testid="profile-title">
          <bdi data-i18n-data="">{name ?? active.address}</bdi>
        </p>
      </div>

      <Section title={t('profile.addresses')} testId="profile-addresses">
        <ul className="wg-profile-rows">
          {[active, ...others].map((account) => (
            <AddressRow key={account.namespace} account={account} inUse={account.namespace === active.namespace && others.length > 0} />
          ))}
        </ul>
      </Section>

      {active.accountType !== undefined && (
        <Section title={t('profile.accountType')} testId="profile-account-type">
          <div className="wg-profile-row">
            <span className="wg-profile-row-text" data-testid="profile-account-type-value">
              {i18n.text(`account.type.${active.accountType}`) ?? active.accountType}
            </span>
            {types.length > 0 && (
              <Button variant="secondary" onClick={() => modal.push('SwitchAccountType')} data-testid="profile-switch-type" aria-label={t('title.SwitchAccountType')}>
                {t('profile.change')}
              </Button>
            )}
          </div>
        </Section>
      )}

      {hasNames && (
        <Section title={t('profile.names')} testId="profile-names">
          <NamesList state={names} onRetry={() => void chooser.load()} />
          <div className="wg-profile-actions">
            {names.status === 'ready' && names.names.length > 0 && (
              <Button variant="secondary" onClick={() => modal.push('ChooseAccountName')} data-testid="profile-choose-name">
                {t('profile.chooseName')}
              </Button>
            )}
            <Button variant="secondary" onClick={() => modal.push('RegisterAccountName')} data-testid="profile-register-name">
              {t('profile.registerName')}
            </Button>
          </div>
        </Section>
      )}

      <Button variant="ghost" fullWidth onClick={() => modal.push('AccountSettings')} data-testid="profile-settings">
        {t('profile.settings')}
      </Button>
    </div>
  )
}

/** One family's address: whole, copied with a toast, linked to its network's explorer. */
function AddressRow({ account, inUse }: { account: ConnectedAccount; inUse: boolean }) {
  const networks = useStore(useService(NetworksStore))
  const copy = useCopy()
  const { t } = useI18n()
  const family = chainFamilyLabel(account.namespace)
  const network = networks.networks.find((n) => n.caipNetworkId === account.caipNetworkId)
  const explorer = safeWebLink(addressExplorerUrl(network?.blockExplorerUrl, account.address))
  return (
    <li className="wg-profile-row" data-testid={`profile-address-${account.namespace}`}>
      <span className="wg-profile-row-text">
        <span className="wg-profile-row-label">
          <bdi data-i18n-data="">{family}</bdi>
          {inUse && ` · ${t('profile.active')}`}
        </span>
        <bdi className="wg-profile-mono" data-i18n-data="" data-testid="profile-address-value">
          {account.address}
        </bdi>
      </span>
      <Button variant="ghost" onClick={() => void copy(account.address)} aria-label={t('profile.copyAddress', { family })} data-testid="profile-copy-address">
        {t('account.copy')}
      </Button>
      {explorer !== undefined && (
        <a className="wg-link" href={explorer} target="_blank" rel="noopener noreferrer" aria-label={t('profile.explorerLabel', { family })} data-testid="profile-explorer">
          {t('profile.explorer')}
        </a>
      )}
    </li>
  )
}
