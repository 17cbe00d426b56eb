import { useEffect } from 'react'
import { ModalStore } from '../../application/modal-store'
import { Button, Notice } from '../components'
import { useService } from '../di-context'
import { preloadApproveTransactionView } from './send/approve-view-loader'
import { impactText, useSwap } from './swap/use-swap'
import sendCss from '../styles/send.css?inline'
import { useAreaStyles } from '../styles/area-styles'
import { useI18n } from '../i18n/i18n'
import { addEnglish } from '../i18n/i18n'
import { shared } from '../i18n/messages/shared'
import { swap } from '../i18n/messages/swap'
import { send } from '../i18n/messages/send'
import { errors } from '../i18n/messages/errors'
import { failureText } from '../i18n/rules'
import { numberText } from '../i18n/format'
import { formatUnitsShort } from '../../domain/format/amount'
import { useMoney } from './use-money'
import { RiskLines, TransactionPreviewPanel, useTransactionPreview } from './send/TransactionPreviewPanel'
import { NotSponsoredLine, sponsoredFeeText } from './send/SponsoredGas'

// This view's texts come with its chunk (../i18n/english.ts).
addEnglish(swap, send, errors, shared)

/**
 * The previewed swap: what goes out, what comes back at least, price impact and fee, and whether
 * an approval of exactly the amount comes first. Swap re-quotes before the wallet sees anything:
 * a pool that moved below the minimum shows the new quote and sends nothing. The button is
 * disabled while a request is in flight, so a double click swaps once.
 */
export default function SwapPreviewView() {
  useAreaStyles(sendCss)
  const { swap, state } = useSwap()
  const modal = useService(ModalStore)
  const i18n = useI18n()
  const { t } = i18n
  const { money } = useMoney()
  const simulation = useTransactionPreview(swap.chainPreview)
  useEffect(() => {
    preloadApproveTransactionView().catch(() => undefined)
  }, [])
  const preview = state.preview
  // A dollar value beside an amount, in the visitor's currency, as Send's review writes it.
  const value = (usd: string | undefined) =>
    usd === undefined ? null : (
      <span className="wg-hint">
        {' '}
        <bdi data-i18n-data="">(≈ {money(usd)})</bdi>
      </span>
    )

  if (preview === undefined) {
    return (
      <div className="wg-view" data-testid="view-SwapPreview">
        <Notice
          title={t('send.nothingToReview')}
          message={t('swap.fillFormFirst')}
          actions={<Button onClick={() => modal.goBack()}>{t('send.backToForm')}</Button>}
        />
      </div>
    )
  }

  const submit = state.submit
  const busy = submit.status === 'checking' || submit.status === 'approving' || submit.status === 'swapping' || submit.status === 'confirming'
  const { quote } = preview
  const figures = swap.figures(preview)
  // Whether the app pays the gas: asked when the review opened; the swap waits for the answer.
  const asked = preview.sponsorship
  const checkingGas = asked?.status === 'checking'
  const gas = asked === undefined || asked.status === 'checking' ? undefined : asked
  const sponsoredFee = sponsoredFeeText(i18n, gas)
  return (
    <div className="wg-view wg-send" data-testid="view-SwapPreview">
      <dl className="wg-details">
        <div className="wg-details-row">
          <dt>{t('swap.youPay')}</dt>
          <dd data-testid="swap-preview-from">
            <bdi data-i18n-data="">
              {numberText(i18n, preview.amountText)} {preview.from.symbol}
            </bdi>
            {value(figures.payUsd)}
          </dd>
        </div>
        <div className="wg-details-row">
          <dt>{t('swap.youReceiveQuote')}</dt>
          <dd data-testid="swap-preview-to">
            <bdi data-i18n-data="">
              {numberText(i18n, figures.receive)} {preview.to.symbol}
            </bdi>
            {value(figures.receiveUsd)}
          </dd>
        </div>
        <div className="wg-details-row">
          <dt>{t('swap.minimum')}</dt>
          <dd data-testid="swap-preview-minimum">
            <bdi data-i18n-data="">
              {numberText(i18n, figures.minimum)} {preview.to.symbol}
            </bdi>
          </dd>
        </div>
        <div className="wg-details-row">
          <dt>{t('swap.priceImpact')}</dt>
          <dd>{impactText(quote.priceImpact, i18n)}</dd>
        </div>
        <div className="wg-details-row">
          <dt>{t('swap.fee')}</dt>
          <dd data-testid="swap-preview-fee" aria-busy={checkingGas}>
            {sponsoredFee !== undefined ? (
              <span data-testid="swap-preview-sponsored">{sponsoredFee}</span>
            ) : (
              <>
                <bdi data-i18n-data="">{figures.feeText}</bdi>
                {value(figures.feeUsd)}
              </>
            )}
          </dd>
        </div>
      </dl>
      <NotSponsoredLine i18n={i18n} verdict={gas} testId="swap-preview-not-sponsored" />
      <TransactionPreviewPanel state={simulation} />
      {simulation?.status === 'reverted' && (
        <p className="wg-form-error" role="alert" data-testid="preview-reverted">
          {t('send.preview.reverted', { reason: simulation.reason })}
        </p>
      )}
      <RiskLines risks={simulation === undefined || simulation.status === 'idle' ? [] : simulation.risks} />
      {preview.needsApproval && (
        <p className="wg-hint" data-testid="swap-preview-approval">
          {preview.batch === undefined
            ? t('swap.approvalFirst', { amount: numberText(i18n, preview.amountText), symbol: preview.from.symbol })
            : t('swap.approvalBatched', { amount: numberText(i18n, preview.amountText), symbol: preview.from.symbol })}
        </p>
      )}
      {submit.status === 'requoted' && (
        <div role="alert" data-testid="swap-requoted">
          <p className="wg-form-error">
            {t('swap.priceMoved', { amount: numberText(i18n, formatUnitsShort(submit.quote.toAmount, preview.to.decimals)), symbol: preview.to.symbol, minimum: numberText(i18n, figures.minimum) })}
          </p>
          <Button variant="secondary" fullWidth onClick={() => swap.acceptNewQuote()} data-testid="swap-accept-quote">
            {t('swap.useNewQuote')}
          </Button>
        </div>
      )}
      {submit.status === 'failed' && (
        <p className="wg-form-error" role="alert" data-testid="swap-preview-error">
          {failureText(i18n, submit.error)}
        </p>
      )}
      <Button fullWidth size="lg" loading={busy || checkingGas} disabled={busy || checkingGas || submit.status === 'requoted'} onClick={() => void swap.confirm()} data-testid="swap-confirm">
        {submit.status === 'approving'
          ? t('swap.approving')
          : submit.status === 'confirming'
            ? t('swap.confirming')
            : simulation?.status === 'reverted'
              ? t('send.preview.sendAnyway')
              : t('swap.swap')}
      </Button>
      <Button variant="ghost" fullWidth disabled={busy} onClick={() => modal.goBack()} data-testid="swap-edit">
        {t('shell.edit')}
      </Button>
    </div>
  )
}
