import { useEffect, useId, type FormEvent, type ReactNode } from 'react'
import { UnlessRegionRestricted } from '../RegionRestricted'
import { BuyCrypto } from '../../../application/onramp/buy-crypto'
import { NetworksStore } from '../../../application/networks/networks-store'
import { ModalStore } from '../../../application/modal-store'
import { Button, Notice, Skeleton, useStore } from '../../components'
import { useService } from '../../di-context'
import sendCss from '../../styles/send.css?inline'
import featuresCss from '../../styles/wallet-features.css?inline'
import { useAreaStyles } from '../../styles/area-styles'
import { QuoteSummary, paymentMethodLabel } from './QuoteSummary'
import { onRampBoundCrossed } from '../../../domain/on-ramp/on-ramp-rules'
import { useI18n } from '../../i18n/i18n'
import { addEnglish } from '../../i18n/i18n'
import { onramp } from '../../i18n/messages/onramp'
import { failureText } from '../../i18n/rules'
import { numberText } from '../../i18n/format'

// Its texts come with it, in this area's chunk (../../i18n/english.ts; not in the area's index, which a bundler may leave out).
addEnglish(onramp)

/**
 * OnRamp: what to buy on the connected network, what to pay with and how much (within the payment
 * method's limits), and the quote for it; Continue lists the providers.
 */
export default function OnRampView() {
  return (
    <UnlessRegionRestricted view="OnRamp">
      <OnRampViewForm />
    </UnlessRegionRestricted>
  )
}

function OnRampViewForm() {
  useAreaStyles(sendCss)
  useAreaStyles(featuresCss)
  const buy = useService(BuyCrypto)
  const state = useStore(buy)
  const networks = useStore(useService(NetworksStore))
  const ids = { currency: useId(), currencyLabel: useId(), payment: useId(), paymentLabel: useId(), method: useId(), amount: useId(), hint: useId() }
  const modal = useService(ModalStore)
  const i18n = useI18n()
  const { t } = i18n
  useEffect(() => void buy.start(), [buy])

  if (!state.ready) return <Skeleton label={t('shell.loading')} />
  if (state.network === undefined) {
    const name = networks.activeNetwork?.name ?? t('onramp.thisNetwork')
    return (
      <div className="wg-view" data-testid="view-OnRamp">
        <Notice
          title={t('onramp.unavailable')}
          message={t('onramp.noProviderOn', { network: name })}
          testId="onramp-unsupported"
        />
      </div>
    )
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    buy.chooseProvider()
  }
  const chosen = state.purchaseCurrencies.find(({ currency }) => currency.id === state.purchaseCurrency)
  // A well-formed amount outside the limits: the limit in the visitor's writing of numbers.
  const bound = state.validation.valid ? undefined : onRampBoundCrossed(state.amount, state.limits)
  const hint = state.validation.valid
    ? t('onramp.between', {
        min: numberText(i18n, String(state.limits.min)),
        max: numberText(i18n, String(state.limits.max)),
        currency: state.paymentCurrency,
        method: paymentMethodLabel(state.paymentMethod, i18n).toLocaleLowerCase(i18n.language),
      })
    : bound !== undefined
      ? t(`onramp.${bound}`, { amount: numberText(i18n, String(state.limits[bound])), currency: state.paymentCurrency })
      : failureText(i18n, state.validation.failure)
  return (
    <div className="wg-view" data-testid="view-OnRamp">
      <form className="wg-send-form" onSubmit={onSubmit} noValidate>
        <div className="wg-field">
          <span className="wg-label" id={ids.currencyLabel}>
            {t('onramp.buy')}
          </span>
          <PickerButton id={ids.currency} labelId={ids.currencyLabel} onOpen={() => modal.push('OnRampTokenSelect')} testId="onramp-currency">
            {chosen === undefined ? t('onramp.chooseToken') : t('onramp.on', { symbol: chosen.currency.symbol, network: chosen.network.display_name })}
          </PickerButton>
        </div>
        <div className="wg-input-row">
          <div className="wg-field">
            <span className="wg-label" id={ids.paymentLabel}>
              {t('onramp.payIn')}
            </span>
            <PickerButton id={ids.payment} labelId={ids.paymentLabel} onOpen={() => modal.push('OnRampFiatSelect')} testId="onramp-payment-currency">
              <bdi data-i18n-data="">{state.paymentCurrency}</bdi>
            </PickerButton>
          </div>
          <div className="wg-field">
            <label className="wg-label" htmlFor={ids.method}>
              {t('onramp.payBy')}
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
                  {paymentMethodLabel(id, i18n)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="wg-field">
          <label className="wg-label" htmlFor={ids.amount}>
            {t('onramp.amountIn', { currency: state.paymentCurrency })}
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
          {t('onramp.continue')}
        </Button>
      </form>
    </div>
  )
}

/** A choice of the form as a button that opens its picker view. */
function PickerButton({ id, labelId, onOpen, testId, children }: { id: string; labelId: string; onOpen: () => void; testId: string; children: ReactNode }) {
  return (
    <button type="button" id={id} className="wg-input wg-token-button" aria-labelledby={`${labelId} ${id}`} onClick={onOpen} data-testid={testId}>
      <span className="wg-token-button-text">{children}</span>
      <span aria-hidden="true">▾</span>
    </button>
  )
}
