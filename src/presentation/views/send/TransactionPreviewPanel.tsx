import { useObservableState } from 'observable-hooks'
import { of } from 'rxjs'
import type { Observable } from 'rxjs'
import type { PreviewChange, TransactionPreviewState } from '../../../application/preview/transaction-preview'
import { fiatValue, formatAmountExact } from '../../../domain/format/amount'
import { shortAddress } from '../../../domain/format/address'
import type { RiskWarning } from '../../../domain/preview/risk-warnings'
import { Spinner } from '../../components'
import { useI18n, type I18n } from '../../i18n/i18n'
import { useMoney } from '../use-money'

const IDLE = of<TransactionPreviewState>({ status: 'idle' })

/** The chain's preview of the review's transactions, or undefined when the host turned previews off. */
export function useTransactionPreview(
  preview: { readonly state$: Observable<TransactionPreviewState>; readonly snapshot: TransactionPreviewState } | undefined,
): TransactionPreviewState | undefined {
  const state = useObservableState(preview?.state$ ?? IDLE, (): TransactionPreviewState => preview?.snapshot ?? { status: 'idle' })
  return preview === undefined ? undefined : state
}

/** A token text from the chain is untrusted: drawn as text, one line, this long at most. */
const MAX_SYMBOL_CHARS = 16

/**
 * What the chain says the review's transactions do to the visitor's balances: one line per token,
 * in (+) and out (−), exact, with its value in the display currency. While the chain works it says
 * so; when it cannot simulate, "Preview unavailable" and the review works as before; a failing
 * transaction is said by the review itself (its reason), so nothing more is drawn here.
 */
export function TransactionPreviewPanel({ state }: { readonly state: TransactionPreviewState | undefined }) {
  const i18n = useI18n()
  const { t } = i18n
  const { money } = useMoney()
  if (state === undefined || state.status === 'idle' || state.status === 'reverted') return null
  if (state.status === 'simulating') {
    return (
      <section className="wg-details wg-preview" data-testid="preview-simulating" aria-busy="true">
        <Spinner size="sm" />
        <span className="wg-hint">{t('send.preview.simulating')}</span>
      </section>
    )
  }
  if (state.status === 'unavailable') {
    return (
      <section className="wg-details wg-preview" data-testid="preview-unavailable">
        <p className="wg-hint">{t('send.preview.unavailable')}</p>
      </section>
    )
  }
  return (
    <section className="wg-details wg-preview" data-testid="preview-changes" aria-label={t('send.preview.title')}>
      <h3 className="wg-preview-title">{t('send.preview.title')}</h3>
      {state.changes.length === 0 ? (
        <p className="wg-hint">{t('send.preview.nothingMoves')}</p>
      ) : (
        <ul className="wg-list">
          {state.changes.map((change) => (
            <li key={change.asset} className={change.delta > 0n ? 'wg-preview-in' : 'wg-preview-out'} data-testid="preview-change" data-asset={change.asset}>
              <bdi data-i18n-data="" data-testid="preview-change-amount">
                {changeText(i18n, change)}
              </bdi>
              {change.token?.priceUsd !== undefined && !change.nft && (
                <span className="wg-hint">
                  {' '}
                  <bdi data-i18n-data="">(≈ {money(fiatValue(change.delta < 0n ? -change.delta : change.delta, change.token.decimals, change.token.priceUsd))})</bdi>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** "+1,234.5 dUSD", "−0.5 ETH", or the raw amount of a token nobody names. */
function changeText(i18n: I18n, change: PreviewChange): string {
  const sign = change.delta > 0n ? '+' : '−'
  const units = change.delta < 0n ? -change.delta : change.delta
  const token = change.token
  if (token === undefined) return `${sign}${units.toString()} ${i18n.t('send.preview.unknownToken', { address: shortAddress(change.asset) })}`
  const symbol = token.symbol.length > MAX_SYMBOL_CHARS ? `${token.symbol.slice(0, MAX_SYMBOL_CHARS)}…` : token.symbol
  return `${sign}${formatAmountExact(units, change.nft ? 0 : token.decimals, i18n.locale)} ${symbol}`
}

/** The review's risk lines, one plain sentence each, never blocking. */
export function RiskLines({ risks }: { readonly risks: readonly RiskWarning[] }) {
  const { t } = useI18n()
  if (risks.length === 0) return null
  return (
    <ul className="wg-list wg-details wg-preview-risks" data-testid="preview-risks">
      {risks.map((risk) => (
        <li key={risk.kind} data-testid={`risk-${risk.kind}`}>
          {'symbol' in risk ? t(`send.risk.${risk.kind}`, { symbol: risk.symbol }) : t(`send.risk.${risk.kind}`)}
        </li>
      ))}
    </ul>
  )
}
