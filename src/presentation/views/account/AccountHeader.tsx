import { BalanceStore } from '../../../application/account/balance-store'
import { addressExplorerUrl } from '../../../application/account/disconnect-account'
import { IdentityStore } from '../../../application/account/identity-store'
import { NetworksStore } from '../../../application/networks/networks-store'
import { shortAddress } from '../../../domain/format/address'
import { safeWebLink } from '../../../domain/validation/safe-links'
import { Button, SafeImage, useCopy, useStore } from '../../components'
import { useService } from '../../di-context'
import { balanceText, signedBalanceText } from './format'
import { GeneratedAvatar } from './GeneratedAvatar'
import { useI18n } from '../../i18n/i18n'
import { useMoney } from '../use-money'

/**
 * Avatar, name, address with copy, native balance with its fiat value, explorer link. No balance
 * line on a network of a family whose balances are not read (`showBalance` false). With
 * `onOpenProfile`, the avatar and name are a button that opens the profile.
 */
export function AccountHeader({ address, showBalance = true, onOpenProfile }: { address: string; showBalance?: boolean; onOpenProfile?: () => void }) {
  const identity = useStore(useService(IdentityStore))
  const balances = useStore(useService(BalanceStore))
  const networks = useStore(useService(NetworksStore))
  const copy = useCopy()
  const i18n = useI18n()
  const { t } = i18n
  const { money } = useMoney()

  const name = identity.status === 'ready' ? identity.identity.name : null
  const avatar = identity.status === 'ready' ? identity.identity.avatar : null
  const native = balances.status === 'ready' ? balances.native : undefined
  const explorer = safeWebLink(addressExplorerUrl(networks.activeNetwork?.blockExplorerUrl, address))

  const who = (
    <>
      {avatar === null ? (
        <GeneratedAvatar address={address} />
      ) : (
        <SafeImage src={avatar} fallbackText={name ?? address.slice(2)} size="lg" className="wg-avatar" />
      )}
      {name !== null && (
        <span className="wg-account-name" data-testid="account-name">
          <bdi data-i18n-data="">{name}</bdi>
        </span>
      )}
    </>
  )
  return (
    <div className="wg-account-header">
      {onOpenProfile === undefined ? (
        who
      ) : (
        // The avatar and name open the profile (the button's name: the visitor's name, then what it does).
        <button type="button" className="wg-account-who" onClick={onOpenProfile} data-testid="account-open-profile">
          {who}
          <span className="wg-visually-hidden">{t('account.openProfile')}</span>
        </button>
      )}
      <div className="wg-account-address-row">
        {/* Short to the eye, whole on hover (the tooltip) and to screen readers; Copy takes it whole. */}
        <span className="wg-account-address" data-testid="account-address" title={address} data-i18n-data="">
          <bdi aria-hidden="true" data-i18n-data="">
            {shortAddress(address)}
          </bdi>
          <bdi className="wg-visually-hidden" data-i18n-data="">
            {address}
          </bdi>
        </span>
        <Button variant="ghost" onClick={() => void copy(address)} aria-label={t('account.copyAddress')} data-testid="copy-address">
          {t('account.copy')}
        </Button>
      </div>
      {showBalance && (
        <p className="wg-account-balance" aria-live="polite">
          {balances.status === 'loading' || balances.status === 'idle' ? (
            <span className="wg-muted">{t('account.loadingBalance')}</span>
          ) : native === undefined ? (
            <span className="wg-muted" data-testid="account-balance">
              {t('account.balanceUnavailable')}
            </span>
          ) : (
            <>
              <bdi data-testid="account-balance" data-i18n-data="">
                {balanceText(native, i18n)}
              </bdi>
              {balances.status === 'ready' && balances.source === 'service' && (
                <bdi className="wg-account-fiat" data-testid="account-fiat" data-i18n-data="">
                  {money(native.value)}
                </bdi>
              )}
            </>
          )}
        </p>
      )}
      {showBalance && balances.status === 'ready' && balances.parts !== undefined && (
        // Only while something waits in the mempool: what the chain confirmed and what it has not.
        <p className="wg-account-pending wg-muted" data-testid="account-balance-parts">
          <span data-testid="account-balance-confirmed">
            {t('account.confirmedPart')} <bdi data-i18n-data="">{balanceText(balances.parts.confirmed, i18n)}</bdi>
          </span>
          {' · '}
          <span data-testid="account-balance-pending">
            {t('account.pendingPart')} <bdi data-i18n-data="">{signedBalanceText(balances.parts.pending, i18n)}</bdi>
          </span>
        </p>
      )}
      {explorer !== undefined && (
        <a className="wg-link" href={explorer} target="_blank" rel="noopener noreferrer" data-testid="account-explorer">
          {t('account.viewOnExplorer')}
        </a>
      )}
    </div>
  )
}
