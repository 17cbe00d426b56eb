import { useEffect, useId, type FormEvent } from 'react'
import { BuyCrypto } from '../../../application/onramp/buy-crypto'
import { NetworksStore } from '../../../application/networks/networks-store'
import { ELLIPSIS } from '../../../domain/format/glyphs'
import { Button, Notice, Skeleton, useStore } from '../../components'
import { useService } from '../../di-context'
import sendCss from '../../styles/send.css?inline'
import featuresCss from '../../styles/wallet-features.css?inline'
import { useAreaStyles } from '../../styles/area-styles'
import { QuoteSummary, paymentMethodLabel } from './QuoteSummary'

/**
 * OnRamp: what to buy on the connected network, what to pay with and how much (within the payment
 * method's limits), and the quote for it; Continue lists the providers.
 */
export default function OnRampView() {
  useAreaStyles(sendCss)
  useAreaStyles(featuresCss)
  const buy = useService(BuyCrypto)
  const state = useStore(buy)
  const networks = useStore(useService(NetworksStore))
  const ids = { currency: useId(), payment: useId(), method: useId(), amount: useId(), hint: useId() }
  useEffect(() => void buy.start(), [buy])

  if (!state.ready) return <Skeleton label={`Loading${ELLIPSIS}`} />
  if (state.network === undefined) {
    const name = networks.activeNetwork?.name ?? 'this network'
    return (
      <div className="wg-view" data-testid="view-OnRamp">
        <Notice
          title="Buying is not available here"
          message={`No provider sells crypto on ${name}. Switch to another network to buy.`}
          testId="onramp-unsupported"
        />
      </div>
    )
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    buy.chooseProvider()
  }
  const hint = state.validation.valid
    ? `Between ${state.limits.min} and ${state.limits.max} ${state.paymentCurrency} by ${paymentMethodLabel(state.paymentMethod).toLowerCase()}.`
    : state.validation.message
  return (
    <div className="wg-view" data-testid="view-OnRamp">
      <form className="wg-send-form" onSubmit={onSubmit} noValidate>
        <div className="wg-field">
          <label className="wg-label" htmlFor={ids.currency}>
            Buy
          </label>
          <select
            id={ids.currency}
            className="wg-input wg-select"
            data-testid="onramp-currency"
            value={state.purchaseCurrency}
            onChange={(event) => buy.setPurchaseCurrency(event.target.value)}
          >
            {state.purchaseCurrencies.map(({ currency, network }) => (
              <option key={currency.id} value={currency.id}>
                {currency.symbol} on {network.display_name}
              </option>
            ))}
          </select>
        </div>
        <div className="wg-input-row">
          <div className="wg-field">
            <label className="wg-label" htmlFor={ids.payment}>
              Pay in
            </label>
            <select
              id={ids.payment}
              className="wg-input wg-select"
              data-testid="onramp-payment-currency"
              value={state.paymentCurrency}
              onChange={(event) => buy.setPaymentCurrency(event.target.value)}
            >
              {state.paymentCurrencies.map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
            </select>
          </div>
          <div className="wg-field">
            <label className="wg-label" htmlFor={ids.method}>
              Pay by
            </label>
            <select
              id={ids.method}
              className="wg-input wg-select"
              data-testid="onramp-payment-method"
              value={state.paymentMethod}
              onChange={(event) => buy.setPaymentMethod(event.target.value)}
            >
              {state.paymentMethods.map((id) => (
                <option key={id} value={id}>
                  {paymentMethodLabel(id)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="wg-field">
          <label className="wg-label" htmlFor={ids.amount}>
            Amount ({state.paymentCurrency})
          </label>
          <input
            id={ids.amount}
            className="wg-input"
            data-testid="onramp-amount"
            inputMode="decimal"
            autoComplete="off"
            value={state.amount}
            aria-invalid={!state.validation.valid}
            aria-describedby={ids.hint}
            onChange={(event) => buy.setAmount(event.target.value)}
          />
          <p className="wg-hint" id={ids.hint} data-testid="onramp-amount-hint" aria-live="polite">
            {hint}
          </p>
        </div>
        <QuoteSummary quote={state.quote} />
        <Button type="submit" variant="primary" fullWidth disabled={!state.validation.valid} data-testid="onramp-continue">
          Continue
        </Button>
      </form>
    </div>
  )
}
