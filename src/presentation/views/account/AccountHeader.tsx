import { BalanceStore } from '../../../application/account/balance-store'
import { addressExplorerUrl } from '../../../application/account/disconnect-account'
import { IdentityStore } from '../../../application/account/identity-store'
import { NetworksStore } from '../../../application/networks/networks-store'
import { shortAddress } from '../../../domain/format/address'
import { safeWebLink } from '../../../domain/validation/safe-links'
import { Button, SafeImage, useCopy, useStore } from '../../components'
import { useService } from '../../di-context'
import { balanceText, fiatText, signedBalanceText } from './format'
import { GeneratedAvatar } from './GeneratedAvatar'

/**
 * Avatar, name, address with copy, native balance with its fiat value, explorer link. No balance
 * line on a network of a family whose balances are not read (`showBalance` false).
 */
export function AccountHeader({ address, showBalance = true }: { address: string; showBalance?: boolean }) {
  const identity = useStore(useService(IdentityStore))
  const balances = useStore(useService(BalanceStore))
  const networks = useStore(useService(NetworksStore))
  const copy = useCopy()

  const name = identity.status === 'ready' ? identity.identity.name : null
  const avatar = identity.status === 'ready' ? identity.identity.avatar : null
  const native = balances.status === 'ready' ? balances.native : undefined
  const explorer = safeWebLink(addressExplorerUrl(networks.activeNetwork?.blockExplorerUrl, address))

  return (
    <div className="wg-account-header">
      {avatar === null ? (
        <GeneratedAvatar address={address} />
      ) : (
        <SafeImage src={avatar} fallbackText={name ?? address.slice(2)} size="lg" className="wg-avatar" />
      )}
      {name !== null && (
        <p className="wg-account-name" data-testid="account-name">
          {name}
        </p>
      )}
      <div className="wg-account-address-row">
        {/* Short to the eye, whole on hover (the tooltip) and to screen readers; Copy takes it whole. */}
        <span className="wg-account-address" data-testid="account-address" title={address}>
          <span aria-hidden="true">{shortAddress(address)}</span>
          <span className="wg-visually-hidden">{address}</span>
        </span>
        <Button variant="ghost" onClick={() => void copy(address)} aria-label="Copy address" data-testid="copy-address">
          Copy
        </Button>
      </div>
      {showBalance && (
        <p className="wg-account-balance" aria-live="polite">
          {balances.status === 'loading' || balances.status === 'idle' ? (
            <span className="wg-muted">Loading balance…</span>
          ) : native === undefined ? (
            <span className="wg-muted" data-testid="account-balance">
              Balance unavailable
            </span>
          ) : (
            <>
              <span data-testid="account-balance">{balanceText(native)}</span>
              {balances.status === 'ready' && balances.source === 'service' && (
                <span className="wg-account-fiat" data-testid="account-fiat">
                  {fiatText(native.value)}
                </span>
              )}
            </>
          )}
        </p>
      )}
      {showBalance && balances.status === 'ready' && balances.parts !== undefined && (
        // Only while something waits in the mempool: what the chain confirmed and what it has not.
        <p className="wg-account-pending wg-muted" data-testid="account-balance-parts">
          <span data-testid="account-balance-confirmed">Confirmed {balanceText(balances.parts.confirmed)}</span>
          {' · '}
          <span data-testid="account-balance-pending">Pending {signedBalanceText(balances.parts.pending)}</span>
        </p>
      )}
      {explorer !== undefined && (
        <a className="wg-link" href={explorer} target="_blank" rel="noopener noreferrer" data-testid="account-explorer">
          View on block explorer
        </a>
      )}
    </div>
  )
}
