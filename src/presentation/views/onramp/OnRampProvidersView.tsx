import { BuyCrypto } from '../../../application/onramp/buy-crypto'
import { ModalStore } from '../../../application/modal-store'
import type { OnRampProvider } from '../../../domain/entities'
import { Button, Notice, Spinner, useStore } from '../../components'
import { useService } from '../../di-context'
import featuresCss from '../../styles/wallet-features.css?inline'
import { useAreaStyles } from '../../styles/area-styles'
import { QuoteSummary } from './QuoteSummary'

/**
 * OnRampProviders: the providers that sell on the connected network, with their fees. Choosing
 * one opens its checkout in a new window and waits here until the purchase arrives.
 */
export default function OnRampProvidersView() {
  useAreaStyles(featuresCss)
  const buy = useService(BuyCrypto)
  const modal = useService(ModalStore)
  const state = useStore(buy)
  const { purchase } = state
  const label = (name: string) => state.providers.find((p) => p.name === name)?.label ?? name

  if (purchase.status === 'landed') {
    return (
      <div className="wg-view" data-testid="view-OnRampProviders">
        <Notice
          announce
          tone="success"
          title="Purchase complete"
          message={`${purchase.amount} ${purchase.symbol} arrived in your wallet.`}
          testId="onramp-landed"
          actions={
            <Button variant="primary" onClick={() => modal.reset('Account')} data-testid="onramp-done">
              Back to account
            </Button>
          }
        />
      </div>
    )
  }
  if (purchase.status === 'waiting') {
    return (
      <div className="wg-view" data-testid="view-OnRampProviders">
        <Notice
          title={`Complete your purchase with ${label(purchase.provider)}`}
          message="The checkout is open in a new window. This view updates when the purchase arrives."
          visual={<Spinner label="Waiting for the purchase" />}
          testId="onramp-waiting"
          actions={
            <a className="wg-link" href={purchase.url} target="_blank" rel="noopener noreferrer" data-testid="onramp-reopen">
              Open the checkout again
            </a>
          }
        />
      </div>
    )
  }
  if (state.providers.length === 0) {
    return (
      <div className="wg-view" data-testid="view-OnRampProviders">
        <Notice title="No provider available" message="No provider sells crypto on this network." testId="onramp-no-providers" />
      </div>
    )
  }

  const choose = (provider: OnRampProvider) => {
    // Opened in the click itself, or the browser blocks it; the checkout url follows.
    const popup = window.open('', '_blank')
    if (popup !== null) popup.opener = null
    void buy.checkout(provider.name).then((url) => {
      if (popup === null) return
      if (url === undefined) popup.close()
      else popup.location.href = url
    })
  }
  return (
    <div className="wg-view wg-send-form" data-testid="view-OnRampProviders">
      <QuoteSummary quote={state.quote} />
      <ul className="wg-onramp-providers" aria-label="Providers">
        {state.providers.map((provider) => (
          <li key={provider.name}>
            <button
              type="button"
              className="wg-onramp-provider"
              data-testid={`onramp-provider-${provider.name}`}
              disabled={purchase.status === 'opening'}
              onClick={() => choose(provider)}
            >
              <span>{provider.label}</span>
              <span className="wg-onramp-fee">Fees {provider.feeRange}</span>
            </button>
          </li>
        ))}
      </ul>
      {purchase.status === 'error' && (
        <p className="wg-form-error" role="alert" data-testid="onramp-error">
          {purchase.message}
        </p>
      )}
    </div>
  )
}
