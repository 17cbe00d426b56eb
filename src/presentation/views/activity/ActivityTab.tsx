import { chainFamilyLabel } from '../../../domain/connection/connectors'
import { useEffect, useRef } from 'react'
import { useObservableState } from 'observable-hooks'
import { toActivityEntry, type ActivityEntry } from '../../../application/activity/activity-entry'
import { ActivityStore } from '../../../application/activity/activity-store'
import { ConnectionStore } from '../../../application/connection-store'
import { ModalConfig } from '../../../application/modal-services'
import type { Transaction } from '../../../domain/transactions/transaction'
import { safeWebLink } from '../../../domain/validation/safe-links'
import { Button, Notice, SafeImage, Skeleton } from '../../components'
import { useService } from '../../di-context'
import sendCss from '../../styles/send.css?inline'
import sectionCss from '../../styles/section.css?inline'
import { useAreaStyles } from '../../styles/area-styles'
import { useI18n, type I18n } from '../../i18n/i18n'
import { dateText } from '../../i18n/format'

function monthTitle(i18n: I18n, year: number, month: number): string {
  return dateText(i18n, new Date(Date.UTC(year, month, 1)).toISOString(), { month: 'long', year: 'numeric', timeZone: 'UTC' })
}

function short(address: string): string {
  return address.length <= 12 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`
}

/** The entry's label ("Sent", "Minted") in the modal's language. */
function labelText(i18n: I18n, label: string): string {
  return i18n.text(`activity.label.${label}`) ?? label
}

/**
 * The Account view's Activity tab: history by year then month, newest first; the next page loads
 * when the end of the list scrolls into view (or with the "Load more" button).
 */
export default function ActivityTab() {
  useAreaStyles(sendCss)
  // Its months' titles look like a Section's.
  useAreaStyles(sectionCss)
  const activity = useService(ActivityStore)
  const connection = useService(ConnectionStore)
  const config = useService(ModalConfig)
  const state = useObservableState(activity.state$, () => activity.snapshot)
  const sentinel = useRef<HTMLDivElement>(null)
  const i18n = useI18n()
  const { t } = i18n

  useEffect(() => {
    if (connection.snapshot.status !== 'connected') return
    activity.load().catch(() => undefined)
  }, [activity, connection])

  const hasMore = state.status === 'ready' && state.next !== null
  useEffect(() => {
    const el = sentinel.current
    if (!hasMore || el === null || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void activity.loadMore()
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [activity, hasMore])

  if (state.status === 'idle' || state.status === 'loading') return <Skeleton label={t('activity.loading')} rows={4} testId="activity-loading" />
  if (state.status === 'error') {
    return (
      <Notice
        title={t('activity.unavailable')}
        message={t('activity.unavailableText')}
        testId="activity-empty"
        actions={
          <Button variant="secondary" onClick={() => void activity.retry()} data-testid="activity-retry">
            {t('shell.tryAgain')}
          </Button>
        }
      />
    )
  }
  if (state.status === 'notRead') {
    return (
      <Notice
        title={t('activity.notRead')}
        message={t('activity.notReadText', { family: chainFamilyLabel(state.namespace) })}
        testId="activity-not-read"
      />
    )
  }
  if (state.empty) {
    return <Notice title={t('account.noActivity')} message={t('account.noActivityText')} testId="activity-empty" />
  }

  const caipNetworkId = connection.snapshot.status === 'connected' ? connection.snapshot.caipNetworkId : undefined
  const explorer = config.networks.find((n) => `${n.chainNamespace}:${String(n.id)}` === caipNetworkId)?.blockExplorerUrl
  const entry = (t: Transaction) => toActivityEntry(t, explorer)

  return (
    <div className="wg-activity" data-testid="activity-list">
      {state.groups.map((year) =>
        year.months.map((month) => (
          <section
            key={`${year.year}-${month.month}`}
            className="wg-activity-month"
            data-testid={`activity-month-${year.year}-${String(month.month + 1).padStart(2, '0')}`}
            aria-label={monthTitle(i18n, year.year, month.month)}
          >
            <h3 className="wg-section-title">{monthTitle(i18n, year.year, month.month)}</h3>
            <ul className="wg-activity-entries">
              {month.transactions.map((t) => (
                <ActivityRow key={t.id} entry={entry(t)} />
              ))}
            </ul>
          </section>
        )),
      )}
      {hasMore && (
        <div ref={sentinel} className="wg-activity-more">
          <Button
            variant="ghost"
            fullWidth
            loading={state.loadingMore}
            onClick={() => void activity.loadMore()}
            data-testid="activity-load-more"
          >
            {t('activity.loadMore')}
          </Button>
        </div>
      )}
    </div>
  )
}

function ActivityRow({ entry }: { entry: ActivityEntry }) {
  const i18n = useI18n()
  const { t } = i18n
  // A sign belongs to an amount: a call that moved no token has neither.
  const sign = entry.token === '' ? '' : entry.direction === 'out' ? '−' : entry.direction === 'in' ? '+' : ''
  const link = safeWebLink(entry.explorerUrl)
  return (
    <li className="wg-activity-entry" data-testid={`activity-${entry.hash.toLowerCase()}`} data-status={entry.status}>
      <SafeImage src={entry.iconUrl} fallbackText={entry.token || entry.label} />
      <div className="wg-activity-text">
        <p className="wg-activity-title">
          <span data-testid="activity-direction">{labelText(i18n, entry.label)}</span>{' '}
          <bdi data-testid="activity-amount" data-i18n-data="">
            {sign}
            {entry.amount !== undefined ? `${entry.amount} ` : ''}
            {entry.token}
          </bdi>
        </p>
        <p className="wg-activity-meta">
          {entry.direction === 'in' ? t('activity.from') : t('activity.to')}{' '}
          <bdi className="wg-address" title={entry.counterparty} data-i18n-data="">
            {short(entry.counterparty)}
          </bdi>{' '}
          · <time dateTime={entry.minedAt} data-i18n-data="">
            {dateText(i18n, entry.minedAt, { day: 'numeric', month: 'short' })}
          </time>
        </p>
      </div>
      <div className="wg-activity-side">
        <span className={`wg-status wg-status-${entry.status}`} data-testid="activity-status">
          {t(`activity.status.${entry.status}`)}
        </span>
        {link !== undefined && (
          <a className="wg-link" href={link} target="_blank" rel="noopener noreferrer" aria-label={t('activity.viewInExplorer')}>
            {t('activity.explorer')}
          </a>
        )}
      </div>
    </li>
  )
}
