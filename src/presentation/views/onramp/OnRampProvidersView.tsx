import { BuyCrypto } from '../../../application/onramp/buy-crypto'
import { UnlessRegionRestricted } from '../RegionRestricted'
import { ModalStore } from '../../../application/modal-store'
import type { OnRampProvider } from '../../../domain/on-ramp/on-ramp-types'
import { Button, Notice, Spinner, useStore } from '../../components'
import { useService } from '../../di-context'
import featuresCss from '../../styles/wallet-features.css?inline'
import { useAreaStyles } from '../../styles/area-styles'
import { QuoteSummary } from './QuoteSummary'
import { useI18n } from '../../i18n/i18n'
import { addEnglish } from '../../i18n/i18n'
import { onramp } from '../../i18n/messages/onramp'
import { failureText } from '../../i18n/rules'
import { numberText } from '../../i18n/format'
import { useHeaderTitle } from '../titles'

// Its texts come with it, in this area's chunk (../../i18n/english.ts; not in the area's index, which a bundler may leave out).
addEnglish(onramp)

/**
 * OnRampProviders: the providers that sell on the connected network, with the fees of the quote
 * (their advertised range while there is none). Choosing one opens its checkout in a new window
 * and waits here until the purchase arrives; the header's title follows: checkout, then done.
 */
export default function OnRampProvidersView() {
  return (
    <UnlessRegionRestricted view="OnRampProviders">
      <OnRampProvidersViewForm />
    </UnlessRegionRestricted>
  )
}

function OnRampProvidersViewForm() {
  useAreaStyles(featuresCss)
  const buy = useService(BuyCrypto)
  const modal = useService(ModalStore)
  const state = useStore(buy)
  const { purchase } = state
  const i18n = useI18n()
  const { t } = i18n
  const label = (name: string) => state.providers.find((p) => p.name === name)?.label ?? name
  useHeaderTitle(purchase.status === 'landed' ? t('onramp.titleComplete') : purchase.status === 'waiting' ? t('onramp.titleCheckout') : undefined)
  const money = (amount: string, currency: string) => `${numberText(i18n, amount)} ${currency}`

  if (purchase.status === 'landed') {
    const { paid } = purchase
    return (
      <div className="wg-view" data-testid="view-OnRampProviders">
        <Notice
          announce
          tone="success"
          title={t('onramp.complete')}
          message={
            <>
              {t('onramp.arrived', { amount: numberText(i18n, String(purchase.amount)), symbol: purchase.symbol })}
              {paid !== undefined && (
                <>
                  {' '}
                  <span data-testid="onramp-paid">{t('onramp.paid', { total: money(paid.total, paid.currency), fees: money(paid.fees, paid.currency) })}</span>
                </>
              )}
            </>
          }
          testId="onramp-landed"
          actions={
            <Button variant="primary" onClick={() => modal.reset('Account')} data-testid="onramp-done">
              {t('onramp.backToAccount')}
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
          title={t('onramp.completeWith', { provider: label(purchase.provider) })}
          message={t('onramp.checkoutOpen')}
          visual={<Spinner label={t('onramp.waitingPurchase')} />}
          testId="onramp-waiting"
          actions={
            <a className="wg-link" href={purchase.url} target="_blank" rel="noopener noreferrer" data-testid="onramp-reopen">
              {t('onramp.openAgain')}
            </a>
          }
        />
      </div>
    )
  }
  if (state.providers.length === 0) {
    return (
      <div className="wg-view" data-testid="view-OnRampProviders">
        <Notice title={t('onramp.noProvider')} message={t('onramp.noProviderText')} testId="onramp-no-providers" />
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
  // The quote's own fees when there is a live one: the same figures as the quote above.
  const quoted = state.quote.status === 'ready' && !state.quote.placeholder ? state.quote.figures : undefined
  const feeText = (provider: OnRampProvider) =>
    quoted === undefined
      ? t('onramp.feesOf', { range: provider.feeRange })
      : t('onramp.feesQuoted', { fees: money(quoted.fees, quoted.currency) })
  return (
    <div className="wg-view wg-send-form" data-testid="view-OnRampProviders">
      <QuoteSummary quote={state.quote} />
      <ul className="wg-onramp-providers" aria-label={t('onramp.providers')}>
        {state.providers.map((provider) => (
          <li key={provider.name}>
            <button
              type="button"
              className="wg-onramp-provider"
              data-testid={`onramp-provider-${provider.name}`}
              disabled={purchase.status === 'opening'}
              onClick={() => choose(provider)}
            >
              <bdi data-i18n-data="">{provider.label}</bdi>
              <span className="wg-onramp-fee">{feeText(provider)}</span>
            </button>
          </li>
        ))}
      </ul>
      {purchase.status === 'error' && (
        <p className="wg-form-error" role="alert" data-testid="onramp-error">
          {failureText(i18n, purchase.error)}
        </p>
      )}
    </div>
  )
}
