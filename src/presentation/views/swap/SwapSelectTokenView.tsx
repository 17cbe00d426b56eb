import { useEffect, type ReactNode } from 'react'
import { useObservableState } from 'observable-hooks'
import { ModalStore } from '../../../application/modal-store'
import { SwapFlowService, SwapTokenPickerService } from '../../../application/swap/swap-flow-service'
import { pickerRows, valueOf } from '../../../application/swap/swap-token-picker'
import { Button, List, Notice, SafeImage, Section } from '../../components'
import { PickerSearch } from './PickerSearch'
import { useService } from '../../di-context'
import sendCss from '../../styles/send.css?inline'
import { useAreaStyles } from '../../styles/area-styles'
import { addEnglish, useI18n } from '../../i18n/i18n'
import { swap } from '../../i18n/messages/swap'
import { errors } from '../../i18n/messages/errors'
import { numberText } from '../../i18n/format'
import { useMoney } from '../use-money'
import { failureText } from '../../i18n/rules'
import { TokenRow } from './TokenRow'

// This view's texts come with its chunk (../../i18n/english.ts).
addEnglish(swap, errors)

/**
 * SwapSelectToken: the token for one side of Swap. A search (name, symbol or a pasted address),
 * quick picks of the network's popular tokens, the account's tokens with balances and values, then
 * the popular tokens or what the search found. Picking one goes back to Swap with it set.
 */
export default function SwapSelectTokenView() {
  useAreaStyles(sendCss)
  const picker = useService(SwapTokenPickerService)
  const flow = useService(SwapFlowService)
  const modal = useService(ModalStore)
  const state = useObservableState(picker.state$, () => picker.snapshot)
  const form = useObservableState(flow.state$, () => flow.snapshot)
  const i18n = useI18n()
  const { t } = i18n
  const { money } = useMoney()
  useEffect(() => void picker.start(), [picker])

  const view = (body: ReactNode) => (
    <div className="wg-view wg-send" data-testid="view-SwapSelectToken">
      {body}
    </div>
  )
  if (state.needsAccount) {
    return view(
      <Notice
        title={t('swap.connectFirstTitle')}
        message={t('swap.connectFirst')}
        testId="token-select-connect"
        actions={
          <Button onClick={() => modal.push('Connect')} data-testid="token-select-connect-button">
            {t('swap.connectWallet')}
          </Button>
        }
      />,
    )
  }
  if (form.tokens.status === 'error') {
    const { unsupported, error } = form.tokens
    return view(
      <Notice
        tone="error"
        title={unsupported ? failureText(i18n, error) : t('swap.unavailable')}
        message={unsupported ? t('swap.switchNetwork') : failureText(i18n, error)}
        announce
        testId="token-select-unavailable"
        actions={unsupported ? undefined : <Button onClick={() => void picker.start()}>{t('shell.tryAgain')}</Button>}
      />,
    )
  }
  if (form.tokens.status !== 'ready') {
    return view(
      <p className="wg-muted" role="status">
        {t('swap.loadingTokens')}
      </p>,
    )
  }

  const rows = pickerRows(state, form)
  const selected = (address: string) => (address === rows.current ? t('swap.selected') : undefined)
  const searching = state.query.trim() !== ''
  const results: ReactNode =
    searching && state.search.status === 'loading' ? (
      <p className="wg-muted" role="status" data-testid="token-searching">
        {t('swap.searching')}
      </p>
    ) : state.search.status === 'error' ? (
      <Notice tone="error" title={failureText(i18n, state.search.error)} announce testId="token-search-error" actions={<Button onClick={() => picker.retry()}>{t('shell.tryAgain')}</Button>} />
    ) : rows.unknownAddress ? (
      <Notice tone="error" title={t('swap.unknownAddressTitle')} message={t('swap.unknownAddress')} announce testId="token-unknown-address" />
    ) : rows.results.length > 0 ? (
      <List label={searching ? t('swap.results') : t('swap.popularTokens')}>
        {rows.results.map((token) => (
          <TokenRow key={token.address} symbol={token.symbol} name={token.name} iconUrl={token.logoUri} currentTag={selected(token.address)} onPick={() => picker.pick(token)} testId={`token-row-${token.symbol}`} />
        ))}
      </List>
    ) : searching && rows.held.length === 0 ? (
      <p className="wg-muted" role="status" data-testid="token-no-match">
        {t('swap.noMatch', { query: state.query.trim() })}
      </p>
    ) : undefined
  return view(
    <>
      <PickerSearch label={t('swap.searchTokens')} value={state.query} onChange={(text) => picker.setQuery(text)} testId="token-search" />
      {rows.quick.length > 0 && (
        <div className="wg-chips" role="group" aria-label={t('swap.quickPicks')} data-testid="token-chips">
          {rows.quick.map((token) => (
            <button key={token.address} type="button" className="wg-chip" onClick={() => picker.pick(token)} data-testid={`token-chip-${token.symbol}`} aria-pressed={token.address === rows.current}>
              <SafeImage src={token.logoUri} fallbackText={token.symbol} size="sm" />
              <bdi data-i18n-data="">{token.symbol}</bdi>
            </button>
          ))}
        </div>
      )}
      {rows.held.length > 0 && (
        <Section title={t('swap.yourTokens')} testId="token-held">
          <List label={t('swap.yourTokens')}>
            {rows.held.map((row) => (
              <TokenRow
                key={row.address}
                symbol={row.symbol}
                name={row.name}
                iconUrl={row.logoUri}
                holding={numberText(i18n, row.balanceText)}
                value={row.price > 0 ? money(valueOf(row)) : undefined}
                currentTag={selected(row.address)}
                onPick={() => picker.pick(row)}
                testId={`token-row-${row.symbol}`}
              />
            ))}
          </List>
        </Section>
      )}
      {results !== undefined && (
        <Section title={searching ? t('swap.results') : t('swap.popularTokens')} testId="token-results">
          {results}
        </Section>
      )}
    </>,
  )
}
