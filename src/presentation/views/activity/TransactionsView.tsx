import { useEffect, useMemo, useRef, type ReactNode } from 'react'
import { toActivityEntry } from '../../../application/activity/activity-entry'
import { TransactionsStore } from '../../../application/activity/activity-store'
import { ConnectionStore } from '../../../application/connection-store'
import { ModalConfig } from '../../../application/modal-services'
import { chainFamilyLabel } from '../../../domain/connection/connectors'
import { ALL_TOKENS, historyTokenOf } from '../../../domain/transactions/history-token'
import { Button, Notice, Skeleton, useStore } from '../../components'
import { useService } from '../../di-context'
import { account as accountEnglish } from '../../i18n/messages/account'
import { addEnglish, useI18n } from '../../i18n/i18n'
import sendCss from '../../styles/send.css?inline'
import sectionCss from '../../styles/section.css?inline'
import { useAreaStyles } from '../../styles/area-styles'
import { ActivityRow, dayTitle, MonthSection } from './ActivityRow'

addEnglish(accountEnglish)

interface TokenChoice {
  /** The history call's `token`, or `all`. */
  readonly token: string
  readonly symbol: string
}

/**
 * The Transactions view: the connected account's whole history, newest first, by month then day,
 * a page at a time (the next loads as the end of the list scrolls into view, or with "Load more").
 * Its token filter lists the tokens of the account's balances on the network; choosing one asks the
 * service for that token's history. A failed page keeps the rows shown and offers a retry.
 */
export default function TransactionsView() {
  useAreaStyles(sendCss)
  useAreaStyles(sectionCss)
  const store = useService(TransactionsStore)
  const balances = useStore(store.balances)
  const connection = useStore(useService(ConnectionStore))
  const config = useService(ModalConfig)
  const state = useStore(store)
  const sentinel = useRef<HTMLDivElement>(null)
  const i18n = useI18n()
  const { t } = i18n

  const connected = connection.status === 'connected'
  useEffect(() => {
    if (connected) store.load().catch(() => undefined)
  }, [store, connected])

  const caipNetworkId = connection.status === 'connected' ? connection.caipNetworkId : undefined
  const choices = useMemo<readonly TokenChoice[]>(() => {
    if (balances.status !== 'ready' || caipNetworkId === undefined) return []
    const seen = new Set<string>()
    const list: TokenChoice[] = []
    for (const balance of balances.tokens) {
      const token = historyTokenOf(balance, caipNetworkId)
      if (token === undefined || seen.has(token.toLowerCase())) continue
      seen.add(token.toLowerCase())
      list.push({ token, symbol: balance.symbol })
    }
    return list
  }, [balances, caipNetworkId])

  const hasMore = state.status === 'ready' && state.next !== null && state.moreFailed === undefined
  const loadingMore = state.status === 'ready' && state.loadingMore
  useEffect(() => {
    const el = sentinel.current
    if (!hasMore || loadingMore || el === null || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void store.loadMore()
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [store, hasMore, loadingMore])

  const view = (content: ReactNode) => (
    <div className="wg-view" data-testid="view-Transactions">
      {content}
    </div>
  )
  if (!connected) return view(<Notice title={t('account.noActivity')} message={t('account.noActivityText')} testId="transactions-empty" />)
  if (state.status === 'notRead') {
    return view(<Notice title={t('activity.notRead')} message={t('activity.notReadText', { family: chainFamilyLabel(state.namespace) })} testId="transactions-not-read" />)
  }

  const selected = choices.find((c) => c.token === state.token)
  const filter = choices.length > 0 && (
    <div role="group" aria-label={t('activity.filter')} className="wg-activity-filter" data-testid="transactions-filter">
      {[{ token: ALL_TOKENS, symbol: t('activity.allTokens') }, ...choices].map((choice) => (
        <Button
          key={choice.token}
          variant={choice.token === state.token ? 'primary' : 'secondary'}
          aria-pressed={choice.token === state.token}
          onClick={() => void store.selectToken(choice.token)}
          data-testid={`transactions-filter-${choice.token === ALL_TOKENS ? 'all' : choice.symbol}`}
        >
          <bdi data-i18n-data={choice.token === ALL_TOKENS ? undefined : ''}>{choice.symbol}</bdi>
        </Button>
      ))}
    </div>
  )

  const retry = (
    <Button variant="secondary" onClick={() => void store.retry()} data-testid="transactions-retry">
      {t('shell.tryAgain')}
    </Button>
  )
  let body
  if (state.status === 'idle' || state.status === 'loading') {
    body = <Skeleton label={t('activity.loading')} rows={5} testId="transactions-loading" />
  } else if (state.status === 'error') {
    body = (
      <Notice
        title={t('activity.unavailable')}
        message={t('activity.unavailableText')}
        tone="error"
        announce
        testId="transactions-error"
        actions={retry}
      />
    )
  } else if (state.transactions.length === 0) {
    body =
      state.token === ALL_TOKENS || selected === undefined ? (
        <Notice title={t('account.noActivity')} message={t('account.noActivityText')} testId="transactions-empty" />
      ) : (
        <Notice title={t('activity.emptyToken', { token: selected.symbol })} message={t('activity.emptyTokenText', { token: selected.symbol })} testId="transactions-empty" />
      )
  } else {
    const explorer = config.networks.find((n) => `${n.chainNamespace}:${String(n.id)}` === caipNetworkId)?.blockExplorerUrl
    body = (
      <>
        {state.months.map((month) => (
          <MonthSection key={`${month.year}-${month.month}`} year={month.year} month={month.month} testId="transactions-month">
            {month.days.map((day) => (
              <div key={day.key} className="wg-activity-day" data-testid={`transactions-day-${day.key}`}>
                <h4 className="wg-activity-day-title">{dayTitle(i18n, day.year, day.month, day.day)}</h4>
                <ul className="wg-activity-entries">
                  {day.transactions.map((tx) => (
                    <ActivityRow key={tx.id} entry={toActivityEntry(tx, explorer)} when="time" />
                  ))}
                </ul>
              </div>
            ))}
          </MonthSection>
        ))}
        {state.moreFailed !== undefined ? (
          <Notice
            title={t('activity.moreFailed')}
            tone="error"
            announce
            testId="transactions-more-error"
            actions={retry}
          />
        ) : state.next !== null ? (
          <div ref={sentinel} className="wg-activity-more">
            <Button variant="ghost" fullWidth loading={state.loadingMore} onClick={() => void store.loadMore()} data-testid="transactions-load-more">
              {t('activity.loadMore')}
            </Button>
          </div>
        ) : (
          <p className="wg-activity-end" data-testid="transactions-end">
            {t('activity.end')}
          </p>
        )}
      </>
    )
  }

  return view(
    <div className="wg-activity" data-testid="transactions-view" aria-busy={state.status === 'loading' || loadingMore}>
      {filter}
      {body}
    </div>,
  )
}
